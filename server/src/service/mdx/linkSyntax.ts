import type { BodyAttribute, BodyLink } from './bodyScan';
import { decodeEntities } from './jsxTag';

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

/** `(url "title")`: the URL and its place, and the offset after `)`; undefined when it is no destination. */
export function parseDestination(
  text: string,
  from: number,
  to: number,
  definition = false,
): { url: string; offset: number; length: number; end: number } | undefined {
  let at = from;
  while (at < to && (text[at] === ' ' || text[at] === '\t')) at++;
  let url: string;
  let offset: number;
  let length: number;
  if (text[at] === '<') {
    const close = text.indexOf('>', at + 1);
    if (close < 0 || close > to || text.slice(at + 1, close).includes('<')) return undefined;
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
        depth++;
        at++;
      } else if (char === ')') {
        if (depth === 0) break;
        depth--;
        at++;
      } else if (char === ' ' || char === '\t') break;
      else at++;
    }
    url = text.slice(offset, at).replace(/\\(.)/g, '$1');
    length = at - offset;
  }
  while (at < to && (text[at] === ' ' || text[at] === '\t')) at++;
  const quote = text[at];
  if (quote === '"' || quote === "'" || (quote === '(' && !definition)) {
    const close = text.indexOf(quote === '(' ? ')' : quote, at + 1);
    if (close < 0 || close >= to) return undefined;
    at = close + 1;
    while (at < to && (text[at] === ' ' || text[at] === '\t')) at++;
  }
  if (definition) return at >= to || text.slice(at, to).trim() === '' ? { url: decodeEntities(url), offset, length, end: to } : undefined;
  if (text[at] !== ')') return undefined;
  return { url: decodeEntities(url), offset, length, end: at + 1 };
}
