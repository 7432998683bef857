import type { BodyAttribute, BodyLink } from './bodyScan';
import { decodeEntities } from './jsxTag';
import { scanWork } from './scanWork';

/** Attributes that hold a URL, and the elements they do so on (`*`: any element). */
const URL_ATTRIBUTES: Record<string, string[]> = { href: ['*'], src: ['img', 'source', 'video', 'iframe', 'audio', 'track', 'Frame'] };

/** The link an attribute makes: `href` on any element, `src` on media elements; a string value only. */
export function attributeLink(element: string, attribute: BodyAttribute): BodyLink | undefined {
  const elements = URL_ATTRIBUTES[attribute.name];
  if (!elements || typeof attribute.value !== 'string') return undefined;
  if (!elements.includes('*') && !elements.includes(element)) return undefined;
  return {
    kind: 'attribute',
    url: attribute.value,
    offset: attribute.valueOffset + 1,
    length: attribute.valueLength - 2,
    element,
    attribute: attribute.name,
  };
}

const MAX_PARENTHESES = 32;

/**
 * The first of `chars` (one or two characters) in [from, to), or -1: never searches past `to` (a
 * search to the end of the page, for each link of a line, is quadratic).
 */
export function indexBefore(text: string, chars: string, from: number, to: number): number {
  const code = chars.charCodeAt(0);
  const other = chars.length > 1 ? chars.charCodeAt(1) : code;
  for (let at = from; at < to; at++) {
    const here = text.charCodeAt(at);
    if (here !== code && here !== other) continue;
    scanWork.characters += at - from;
    return at;
  }
  scanWork.characters += to - from;
  return -1;
}

function skipSpaces(text: string, at: number, to: number): number {
  while (at < to && (text[at] === ' ' || text[at] === '\t')) at++;
  return at;
}

/** A line that would end a paragraph rather than continue it: a heading, quote, list item, fence, blank line, tag or expression. */
const INTERRUPTS = /^(?:#{1,6}(?:[ \t]|$)|[-*+][ \t]|\d{1,9}[.)][ \t]|`{3}|~{3}|[<>{]|$)/;

/**
 * Spaces and tabs from `at`, then at most one line ending, as CommonMark allows inside a link's
 * parentheses (`[text](` at a line's end, the URL on the next), when the next line continues the
 * paragraph. Gives the place after them, and the end of the text to read (past `to` when the next line is).
 */
function skipBlank(text: string, at: number, to: number): [number, number] {
  at = skipSpaces(text, at, to);
  const start = text[at] === '\n' ? at + 1 : text[at] === '\r' && text[at + 1] === '\n' ? at + 2 : -1;
  if (start < 0) return [at, to];
  const lineEnd = text.indexOf('\n', start);
  const end = to > start ? to : lineEnd < 0 ? text.length : text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
  const next = skipSpaces(text, start, end);
  if (INTERRUPTS.test(text.slice(next, Math.min(end, next + 12)))) return [at, to];
  return [next, end];
}

/** `(url "title")`: the URL and its place, and the offset after `)`; undefined when it is no destination. */
export function parseDestination(
  text: string,
  from: number,
  to: number,
  definition = false,
): { url: string; offset: number; length: number; end: number } | undefined {
  // Around the destination and its title, a link (not a definition) may cross one line ending each time.
  let at: number;
  [at, to] = definition ? [skipSpaces(text, from, to), to] : skipBlank(text, from, to);
  let url: string;
  let offset: number;
  let length: number;
  if (text[at] === '<') {
    // `<url>`: no `<` inside, so the search stops at the first `<` or `>` (a line of `](<` repeated
    // would search to its end from each one).
    const close = indexBefore(text, '<>', at + 1, to);
    if (close < 0 || text[close] === '<') return undefined;
    url = text.slice(at + 1, close);
    offset = at + 1;
    length = close - at - 1;
    at = close + 1;
  } else {
    offset = at;
    let depth = 0;
    while (at < to) {
      const char = text[at];
      if (char === '\\') at += 2;
      else if (char === '(') {
        // As micromark: a destination holds at most 32 unclosed parentheses (past that it is none).
        if (depth >= MAX_PARENTHESES) return undefined;
        depth++;
        at++;
      } else if (char === ')') {
        if (depth === 0) break;
        depth--;
        at++;
      } else if (char === ' ' || char === '\t') break;
      else at++;
    }
    scanWork.characters += at - offset;
    url = text.slice(offset, at);
    if (url.includes('\\')) url = url.replace(/\\(.)/g, '$1');
    length = at - offset;
  }
  [at, to] = definition ? [skipSpaces(text, at, to), to] : skipBlank(text, at, to);
  const quote = text[at];
  if (quote === '"' || quote === "'" || quote === '(') {
    const close = indexBefore(text, quote === '(' ? ')' : quote, at + 1, to);
    if (close < 0) return undefined;
    at = close + 1;
    [at, to] = definition ? [skipSpaces(text, at, to), to] : skipBlank(text, at, to);
  }
  if (definition) return at >= to || text.slice(at, to).trim() === '' ? { url: decodeEntities(url), offset, length, end: to } : undefined;
  if (text[at] !== ')') return undefined;
  return { url: decodeEntities(url), offset, length, end: at + 1 };
}
