import type { BodyHeading } from './bodyScan';
import { headingTitle } from './headingText';
import { readInline, type InlineHost } from './inlineReader';
import { scanWork } from './scanWork';

/**
 * An ATX heading (`## Title {#id}`), from its marker to the end of its line: a closing run of `#` is
 * left out, a custom id is kept, and the text is read for links (through `host`) unless it has an id.
 * `parent` gives the index of the element holding it (-1: none), asked once its text is read (a tag
 * in it may close an element).
 */
export function atxHeading(
  host: InlineHost,
  from: number,
  to: number,
  level: number,
  markerLength: number,
  parent: () => number,
): BodyHeading {
  let contentEnd = to;
  const closing = /[ \t]#+[ \t]*$/.exec(host.text.slice(from + markerLength, to));
  if (closing) contentEnd = from + markerLength + closing.index;
  let content = host.text.slice(from + markerLength, contentEnd).trim();
  let customId: string | undefined;
  const custom = customIdAtEnd(content, 0);
  if (custom) {
    customId = content.slice(custom.idStart, custom.idEnd).trim();
    content = content.slice(0, custom.start).trim();
  } else {
    readInline(host, from + markerLength, contentEnd);
  }
  const { title, exact } = headingTitle(content);
  const heading: BodyHeading = { level, title, customId, offset: from, length: to - from, parent: parent(), exact };
  if (content) heading.titleSpan = { offset: host.text.indexOf(content, from + markerLength), length: content.length };
  return heading;
}

/** A setext heading: the paragraph line from `offset` to `end`, underlined by `===` (level 1) or `---` (2). */
export function setextHeading(text: string, offset: number, end: number, level: number, parent: number): BodyHeading {
  const line = text.slice(offset, end);
  const { title, exact } = headingTitle(line.trim());
  return { level, title, offset, length: line.length, parent, exact };
}

/**
 * `{#id}` closing a heading line (spaces or tabs may follow): where its `{` is, and its id, from
 * `from` on. As `/\{[ \t]*#([^}]+)\}[ \t]*$/` finds it (the leftmost such `{`), in one pass: the
 * pattern itself backtracks on a line of `{#{#{#...` (quadratic).
 */
export function customIdAtEnd(line: string, from: number): { start: number; idStart: number; idEnd: number } | undefined {
  scanWork.characters += line.length - from;
  let end = line.length;
  while (end > from && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  const close = end - 1;
  if (close <= from || line[close] !== '}') return undefined;
  // The id holds no `}`: its `{` comes after the one before the closing brace.
  const previous = line.lastIndexOf('}', close - 1);
  for (let open = line.indexOf('{', Math.max(from, previous + 1)); open >= 0 && open < close; open = line.indexOf('{', open + 1)) {
    let hash = open + 1;
    while (line[hash] === ' ' || line[hash] === '\t') hash++;
    if (line[hash] === '#' && hash + 1 < close) return { start: open, idStart: hash + 1, idEnd: close };
  }
  return undefined;
}

/**
 * Whether a `===` or `---` line underlines the paragraph before it (outside a table, and not after a
 * lazy line: the caller checks those): not a block quote's, and in the same list item.
 */
export function underlines(
  text: string,
  previous: { offset: number; end: number; depth: number },
  items: { depth: number; indent: number },
  indent: number,
): boolean {
  if (previous.depth !== items.depth || (items.indent >= 0 && indent < items.indent)) return false;
  return !text.slice(previous.offset, previous.end).trimStart().startsWith('>');
}
