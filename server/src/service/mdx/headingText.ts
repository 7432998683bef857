import { Braces, expressionEnd } from './jsSyntax';
import { parseTag } from './jsxTag';
import { runLength, Runs } from './runs';
import { scanWork } from './scanWork';

/** What a backslash escapes in markdown. */
const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** Inline code stands in the title as `\uE000<index>\uE001` (private-use characters) until emphasis is removed. */
const CODE_START = '\uE000';
const CODE_END = '\uE001';
const CODE_PLACEHOLDER = /\uE000(\d+)\uE001/g;

/**
 * The text of a heading as the platform slugs it: the values of its text and inline code, with the
 * markup around them removed (emphasis, links, escapes, entities); images, math and expressions add
 * nothing. `exact` is false where the heading holds markup this reading does not settle (JSX, an
 * unpaired emphasis marker): its anchor is then taken from the reference parser when it matters.
 */
export function headingTitle(markdown: string): { title: string; exact: boolean } {
  scanWork.characters += markdown.length;
  let exact = true;
  let title = '';
  const codes: string[] = [];
  const runs = new Runs(markdown, 0);
  const braces = new Braces(markdown);
  const links = new LinkEnds(markdown);
  for (let at = 0; at < markdown.length; at++) {
    const char = markdown[at];
    if (char === '<' && /[A-Z_$/>]/i.test(markdown[at + 1] ?? '')) {
      // A JSX tag: its text children count, the tag itself does not.
      const tag = parseTag(markdown, at, false, braces);
      if (tag) {
        at = tag.end - 1;
        continue;
      }
      exact = false;
      title += char;
    } else if (char === '{') {
      // An expression is no text.
      const close = expressionEnd(braces, at, true, markdown.length);
      if (close === undefined) {
        exact = false;
        title += char;
      } else at = close;
    } else if (char === '\\' && at + 1 < markdown.length && ASCII_PUNCTUATION.includes(markdown[at + 1])) {
      title += markdown[++at];
    } else if (char === '`') {
      const run = runLength(markdown, at, '`');
      const close = runs.next('`', run, at + run);
      if (close < 0) {
        title += markdown.slice(at, at + run);
        at += run - 1;
        continue;
      }
      let code = markdown.slice(at + run, close).replace(/\n/g, ' ');
      if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
      // Held out of the emphasis pass (`__init__` in code is no emphasis), put back after it.
      title += `${CODE_START}${codes.length}${CODE_END}`;
      codes.push(code);
      at = close + run - 1;
    } else if (char === '!' && markdown[at + 1] === '[') {
      const end = links.end(at + 1);
      if (end < 0) title += char;
      else at = end - 1; // an image adds nothing
    } else if (char === '[') {
      const end = links.end(at);
      const reference = end < 0 ? links.referenceEnd(at) : -1;
      if (reference >= 0) {
        // `[text][label]`, `[text][]`: the text, as for an inline link (the label is taken as defined).
        title += headingTitle(markdown.slice(at + 1, links.textEnd(at))).title;
        at = reference - 1;
      } else if (end < 0) title += char;
      else {
        const close = markdown.lastIndexOf('](', end);
        title += headingTitle(markdown.slice(at + 1, close)).title;
        at = end - 1;
      }
    } else if (char === '$') {
      const close = markdown.indexOf('$', at + 1);
      if (close < 0) title += char;
      else at = close;
    } else if (char === '&') {
      const entity = /^&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,8});/i.exec(markdown.slice(at, at + 12));
      if (entity) {
        title += decodeEntity(entity[1]) ?? entity[0];
        at += entity[0].length - 1;
      } else title += char;
    } else {
      title += char;
    }
  }
  let stripped = stripEmphasis(title);
  if (/\*/.test(stripped) || /(?:^|[^\p{L}\p{N}])_|_(?:$|[^\p{L}\p{N}])/u.test(stripped)) exact = false;
  if (codes.length) stripped = stripped.replace(CODE_PLACEHOLDER, (_, index: string) => codes[Number(index)]);
  return { title: stripped, exact };
}

/**
 * The ends of `[text](destination)` links in a heading, found from one matching of its brackets and
 * one forward search for `)`: asking for each `[` in turn does not search the rest of the heading
 * again (a heading of `[a](` repeated is quadratic that way).
 */
class LinkEnds {
  private matches: Map<number, number> | undefined;
  /** The last `)` found and where the search for it started: searches go forward. */
  private close = { from: -1, at: -1 };

  constructor(private readonly markdown: string) {}

  /** The end (after `)`) of the link whose `[` is at `open`, or -1. */
  end(open: number): number {
    const markdown = this.markdown;
    const close = this.bracketMatch(open);
    if (close < 0 || markdown[close + 1] !== '(') return -1;
    const paren = this.nextParen(close + 2);
    return paren < 0 ? -1 : paren + 1;
  }

  /** The `]` closing the text of the link whose `[` is at `open`. */
  textEnd(open: number): number {
    return this.bracketMatch(open);
  }

  /** The end (after the label's `]`) of a full or collapsed reference link `[text][label]` at `open`, or -1. */
  referenceEnd(open: number): number {
    const close = this.bracketMatch(open);
    if (close < 0 || this.markdown[close + 1] !== '[') return -1;
    const label = this.bracketMatch(close + 1);
    return label < 0 ? -1 : label + 1;
  }

  private bracketMatch(open: number): number {
    if (!this.matches) {
      this.matches = new Map();
      const stack: number[] = [];
      for (let at = 0; at < this.markdown.length; at++) {
        const char = this.markdown[at];
        if (char === '\\') at++;
        else if (char === '[') stack.push(at);
        else if (char === ']' && stack.length) this.matches.set(stack.pop()!, at);
      }
    }
    return this.matches.get(open) ?? -1;
  }

  private nextParen(from: number): number {
    const { from: searched, at: found } = this.close;
    if (searched >= 0 && searched <= from && (found < 0 || from <= found)) return found;
    const at = this.markdown.indexOf(')', from);
    this.close = { from, at };
    return at;
  }
}

/** Removes paired emphasis delimiters: `**a**`, `*a*`, `_a_` at word boundaries, `~~a~~`. */
function stripEmphasis(text: string): string {
  if (!/[*_~]/.test(text)) return text;
  let result = text;
  for (const pattern of [/\*\*\*(?=\S)([^*]*?\S)\*\*\*/g, /\*\*(?=\S)([^*]*?\S)\*\*/g, /\*(?=\S)([^*]*?\S)\*/g, /~~(?=\S)([^~]*?\S)~~/g])
    result = result.replace(pattern, '$1');
  for (const pattern of [
    /(^|[^\p{L}\p{N}_])___(?=\S)([^_]*?\S)___(?![\p{L}\p{N}_])/gu,
    /(^|[^\p{L}\p{N}_])__(?=\S)([^_]*?\S)__(?![\p{L}\p{N}_])/gu,
    /(^|[^\p{L}\p{N}_])_(?=\S)([^_]*?\S)_(?![\p{L}\p{N}_])/gu,
  ])
    result = result.replace(pattern, '$1$2');
  return result;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

function decodeEntity(entity: string): string | undefined {
  if (entity[0] === '#') {
    const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
  }
  return NAMED[entity.toLowerCase()];
}
