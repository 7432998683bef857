import { LineTable } from '../text/lineTable';
import type { BodyScan, ScannedSyntaxError } from './bodyScan';
import type { Tag } from './jsxTag';
import type { TagPlace } from './openElements';
import { scanWork } from './scanWork';

/**
 * The MDX syntax errors the scanner is sure of, in the parser's own words and places (the messages of
 * micromark-extension-mdx-jsx and mdast-util-mdx-jsx). A page whose only problem is one of them is
 * rejected by the platform's parser with exactly that error, so the scanner reports it without
 * handing the page to the parser (about 2 ms a page): a site that writes HTML comments or `<br>` on
 * hundreds of pages costs what a clean one does. Where the scanner cannot be sure of the parser's
 * words (a tab before the tag moves its columns, a name with `.` or `:`), the page stays unsure and
 * the parser decides, as before. The fuzz test of the scanner compares every one with the parser.
 */
export type { ScannedSyntaxError };

/**
 * An error met after the page has one (or is left to the parser): its words no longer matter, so its
 * place is not worked out (a page may hold thousands of them).
 */
export function laterError(offset: number): ScannedSyntaxError {
  return { offset, length: 1, message: 'a second MDX syntax error' };
}

/** What the parser expects after `<`: a character that starts a name (JavaScript's ID_Start, `$`, `_`). */
const NAME_START = /^[\p{ID_Start}$_]$/u;
/** A tag name the scanner writes as the parser does: no member (`a.b`) or local (`a:b`) part. */
const PLAIN_NAME = /^[A-Za-z_$][\w$-]*$/;

/**
 * `<` followed by a character that cannot start a tag (`<!--`, `<5`, `<=`): the parser stops at that
 * character, whether the `<` opens a line or sits in text. Undefined where `<` is text (`a < b`, `<`
 * at the end of a line) or may start a tag, and for characters outside ASCII (other white space is
 * skipped there first).
 */
export function beforeNameError(text: string, at: number): ScannedSyntaxError | undefined {
  const next = text.charCodeAt(at + 1);
  if (!(next > 32 && next < 127) || next === 47 /* / */ || next === 62 /* > */ || NAME_START.test(text[at + 1])) return undefined;
  const char = text[at + 1];
  const note = next === 33 ? ' (note: to create a comment in MDX, use `{/* text */}`)' : '';
  return {
    offset: at + 1,
    length: 1,
    message: `Unexpected character \`${char === '`' ? '` ` `' : char}\` (U+${next.toString(16).toUpperCase().padStart(4, '0')}) before name, expected a character that can start a name, such as a letter, \`$\`, or \`_\`${note}`,
  };
}

/** An inline tag its paragraph leaves open (`One line<br>and the next.` then a blank line). */
export function unclosedTagError(text: string, tag: Tag): ScannedSyntaxError | undefined {
  const lines = new LineTable(text);
  scanWork.characters += text.length; // the lines of the whole page, read for the place
  const start = place(lines, text, tag.start);
  const end = place(lines, text, tag.end);
  if (!start || !end || !PLAIN_NAME.test(tag.name)) return undefined;
  return {
    offset: tag.start,
    length: Math.max(1, tag.end - tag.start),
    message: `Expected a closing tag for \`<${tag.name}>\` (${start}-${end}) before the end of \`paragraph\``,
  };
}

/** An expression its paragraph never closes (see {@link OpenBrace}): the parser stops at the paragraph's end. */
export function unclosedExpressionError(end: number): ScannedSyntaxError {
  return { offset: end, length: 1, message: 'Unexpected end of file in expression, expected a corresponding closing brace for `{`' };
}

/** Whether the line from `lineStart` to `lineEnd` is blank, or there is none (the end of the page: `lineStart` -1). */
export function endsParagraph(text: string, lineStart: number, lineEnd: number): boolean {
  return lineStart < 0 || /^[ \t]*$/.test(text.slice(lineStart, lineEnd));
}

/** A closing tag for another element than the innermost one open (`open`): the parser names that one and its place. */
function closingMismatchError(text: string, tag: Tag, open: TagPlace): ScannedSyntaxError | undefined {
  const lines = new LineTable(text);
  scanWork.characters += text.length; // the lines of the whole page, read for the place
  const start = place(lines, text, open.start);
  const end = place(lines, text, open.end);
  if (!start || !end || !PLAIN_NAME.test(tag.name) || !PLAIN_NAME.test(open.name)) return undefined;
  return {
    offset: open.start,
    length: Math.max(1, open.end - open.start),
    message: `Unexpected closing tag \`</${tag.name}>\`, expected corresponding closing tag for \`<${open.name}>\` (${start}-${end})`,
  };
}

/** A closing tag that does not close the innermost element open (`open`; undefined: none is). */
export function closingTagError(text: string, tag: Tag, open: TagPlace | undefined): ScannedSyntaxError | undefined {
  return open ? closingMismatchError(text, tag, open) : closingSlashError(tag);
}

/** A closing tag where no element is open at all (`ends </div> here.`): the parser stops at its `/`. */
function closingSlashError(tag: Tag): ScannedSyntaxError | undefined {
  if (!PLAIN_NAME.test(tag.name)) return undefined;
  return { offset: tag.start + 1, length: 1, message: 'Unexpected closing slash `/` in tag, expected an open tag first' };
}

/**
 * `line:column` of an offset as the parser counts them (from 1), or undefined where the parser counts
 * otherwise: a tab before it on its line (a tab stop, not a column) or a byte-order mark on the first line.
 */
function place(lines: LineTable, text: string, offset: number): string | undefined {
  const { line, character } = lines.positionAt(offset);
  const before = text.slice(offset - character, offset);
  if (before.includes('\t') || (line === 0 && text.charCodeAt(0) === 0xfeff)) return undefined;
  return `${line + 1}:${character + 1}`;
}

/** A line indented with a tab: the parser counts it to the next tab stop, the scanner one character. */
const TAB_INDENT = /^ *\t/m;

/**
 * The scan, with its error trusted only where the scanner reads the page's blocks as the parser
 * does: on a page indented with tabs (a list item's table, a fence in an item) it may not, and a
 * `<` it takes for text may be code to the parser. There the page is unsure, and the parser decides.
 */
export function trustedError(scan: BodyScan, text: string): BodyScan {
  if (scan.error && !scan.uncertain && TAB_INDENT.test(text))
    scan.uncertain = { offset: scan.error.offset, reason: 'an MDX syntax error on a page indented with tabs' };
  return scan;
}
