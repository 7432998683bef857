import type { BodyAttribute } from './bodyScan';
import { Braces, expressionEnd } from './jsSyntax';
import { scanWork } from './scanWork';

/** The characters of a name in a JSX tag: `Card`, `Tree.Folder`, `svg:rect`, `data-x` for attributes. */
function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36; // A-Z a-z _ $
}

function isNamePart(code: number): boolean {
  return isNameStart(code) || (code >= 48 && code <= 58) || code === 46 || code === 45; // 0-9 : . -
}

function isSpace(code: number): boolean {
  return (
    code === 32 ||
    (code >= 9 && code <= 13) ||
    code === 0xa0 ||
    code === 0xfeff ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x1680 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

export interface Tag {
  name: string;
  start: number;
  end: number;
  closing: boolean;
  selfClosing: boolean;
  attributes: BodyAttribute[];
}

/**
 * A JSX tag at `at` (`<Name attr="v" attr={x} bare>`, `</Name>`, `<Name />`, `<>`), possibly over
 * several lines; undefined for anything else (the `<` starts no tag the scanner can vouch for).
 */
export function parseTag(text: string, at: number, multiline = false, braces = new Braces(text)): Tag | undefined {
  const tag = readTag(braces, at, multiline);
  scanWork.characters += (tag?.end ?? scanned) - at;
  return tag;
}

/** How far the last {@link readTag} read (for {@link scanWork}). */
let scanned = 0;

function readTag(braces: Braces, at: number, multiline: boolean): Tag | undefined {
  const text = braces.text;
  let i = at + 1;
  scanned = i;
  const closing = text[i] === '/';
  if (closing) {
    i++;
    // MDX allows white space after `</` (`</ Note>`), not after `<` (`< b` is text).
    while (text[i] === ' ' || text[i] === '\t') i++;
  }
  const nameStart = i;
  if (text[i] !== '>') {
    if (!isNameStart(text.charCodeAt(i))) return ((scanned = i), undefined);
    while (i < text.length && isNamePart(text.charCodeAt(i))) i++;
  }
  const name = text.slice(nameStart, i);
  const attributes: BodyAttribute[] = [];
  /** The last attribute ended with a value (`"x"`, `{x}`): the next may follow without a space (`b="x"c="y"`). */
  let afterValue = false;
  for (;;) {
    const space = i;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (text[i] === '>') return { name, start: at, end: i + 1, closing, selfClosing: false, attributes };
    if (text[i] === '/') {
      // MDX allows white space between the self-closing slash and `>` (`<img src="a" / >`).
      let close = i + 1;
      while (close < text.length && (text[close] === ' ' || text[close] === '\t' || (multiline && isSpace(text.charCodeAt(close)))))
        close++;
      if (text[close] !== '>' || closing) return ((scanned = close), undefined);
      return { name, start: at, end: close + 1, closing, selfClosing: true, attributes };
    }
    if (closing || (i === space && !afterValue)) return ((scanned = i), undefined);
    afterValue = false;
    if (text[i] === '{') {
      const end = attributeExpressionEnd(braces, i, multiline);
      if (end === undefined || !/^\{\s*\.\.\./.test(text.slice(i, end))) return ((scanned = i), undefined);
      i = end + 1;
      afterValue = true;
      continue;
    }
    if (!isNameStart(text.charCodeAt(i))) return ((scanned = i), undefined);
    const attributeStart = i;
    while (i < text.length && isNamePart(text.charCodeAt(i))) i++;
    const attributeName = text.slice(attributeStart, i);
    let j = i;
    while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
    if (text[j] !== '=') {
      attributes.push({
        name: attributeName,
        nameOffset: attributeStart,
        value: true,
        valueOffset: attributeStart,
        valueLength: attributeName.length,
      });
      continue;
    }
    j++;
    while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
    const value = attributeValue(braces, j, multiline);
    if (!value) return ((scanned = value === undefined ? i : text.length), undefined);
    attributes.push({ name: attributeName, nameOffset: attributeStart, value: value.value, valueOffset: j, valueLength: value.end - j });
    i = value.end;
    afterValue = true;
  }
}

/**
 * An attribute's value at `at` (after `=`): a string in quotes, entities decoded, or an expression;
 * where it ends. Undefined for anything else; null for a quote that never closes.
 */
function attributeValue(braces: Braces, at: number, multiline: boolean): { value: BodyAttribute['value']; end: number } | null | undefined {
  const text = braces.text;
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, at + 1);
    // The MDX parser drops the indentation of a value's later lines, as it drops every line's prefix.
    const value = text.slice(at + 1, close);
    return close < 0 ? null : { value: decodeEntities(value.includes('\n') ? value.replace(/\n[ \t]+/g, '\n') : value), end: close + 1 };
  }
  if (quote !== '{') return undefined;
  const close = attributeExpressionEnd(braces, at, multiline);
  return close === undefined ? undefined : { value: { expression: text.slice(at + 1, close) }, end: close + 1 };
}

/**
 * The `}` closing an attribute's expression at `open`: on its line, or, for a tag that is a block of
 * its own (`multiline`), over the lines that follow (`items={[\n {...},\n]}`), blank lines included
 * (MDX reads a flow tag to its `>`; only a tag inside a paragraph ends at a blank line).
 */
function attributeExpressionEnd(braces: Braces, open: number, multiline: boolean): number | undefined {
  return expressionEnd(braces, open, false, multiline ? braces.text.length : lineEndAfter(braces.text, open));
}

function lineEndAfter(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end < 0 ? text.length : end;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references decoded, as in a JSX attribute string or a link destination. */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[\da-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[entity.toLowerCase()] ?? whole;
  });
}
