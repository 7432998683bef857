import type { JsonNode } from '../json/jsonTree';
import type { OffsetEdit } from '../features/jsonEdits';

/**
 * Edits of one JSON array that keep the file as it was written: an item taken out with the comma that
 * separated it, an item put in with the separator and indentation of its neighbours, items reordered
 * with the separators (and any comments between them) left where they were.
 */

/** The text of an item, its lines after the first moved from its own indentation to `indent`. */
export function itemText(text: string, item: JsonNode, indent: string): string {
  const written = text.slice(item.offset, item.offset + item.length);
  const own = indentationAt(text, item.offset);
  if (!written.includes('\n') || own === indent) return written;
  return written
    .split('\n')
    .map((line, at) => (at > 0 && line.startsWith(own) ? indent + line.slice(own.length) : line))
    .join('\n');
}

/** Takes an item out of its array, with the separator after it (or, for the last, before it). */
export function removeItem(array: JsonNode, index: number): OffsetEdit {
  const children = array.children ?? [];
  const item = children[index];
  const next = children[index + 1];
  const previous = children[index - 1];
  if (next) return { offset: item.offset, length: next.offset - item.offset, content: '' };
  if (previous)
    return {
      offset: previous.offset + previous.length,
      length: item.offset + item.length - previous.offset - previous.length,
      content: '',
    };
  return { offset: array.offset + 1, length: array.length - 2, content: '' };
}

/** The indentation the items of an array have (or would have, for an empty one). */
export function itemIndent(text: string, array: JsonNode): string {
  const first = array.children?.[0];
  if (first && isMultiLine(text, array)) return indentationAt(text, first.offset);
  return indentationAt(text, array.offset) + unitOf(text);
}

/** Puts `value` (the text of an item, indented for this array) before the item at `index` (after the last when it is past the end). */
export function insertItem(text: string, array: JsonNode, index: number, value: string): OffsetEdit {
  const children = array.children ?? [];
  const multiLine = isMultiLine(text, array);
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  if (children.length === 0) {
    const outer = indentationAt(text, array.offset);
    const inner = `${outer}${unitOf(text)}`;
    const opened = value.includes('\n') || text.slice(array.offset, array.offset + array.length).includes('\n');
    return { offset: array.offset + 1, length: array.length - 2, content: opened ? `${newline}${inner}${value}${newline}${outer}` : value };
  }
  const separator = multiLine ? `,${newline}${indentationAt(text, children[0].offset)}` : ', ';
  if (index >= children.length) {
    const last = children[children.length - 1];
    return { offset: last.offset + last.length, length: 0, content: `${separator}${value}` };
  }
  return { offset: children[index].offset, length: 0, content: `${value}${separator}` };
}

/** Moves the item at `from` to stand before the item now at `to` (`to` = the length: last), one edit over the items between. */
export function moveWithin(text: string, array: JsonNode, from: number, to: number): OffsetEdit | undefined {
  const children = array.children ?? [];
  const landing = to > from ? to - 1 : to;
  if (landing === from || from < 0 || from >= children.length) return undefined;
  const low = Math.min(from, landing);
  const high = Math.max(from, landing);
  const span = children.slice(low, high + 1);
  const texts = span.map((item) => text.slice(item.offset, item.offset + item.length));
  const moved = texts.splice(from - low, 1)[0];
  texts.splice(landing - low, 0, moved);
  const start = span[0].offset;
  const end = span[span.length - 1].offset + span[span.length - 1].length;
  let content = '';
  for (const [at, item] of span.entries()) {
    content += texts[at];
    if (at < span.length - 1) content += text.slice(item.offset + item.length, span[at + 1].offset);
  }
  return { offset: start, length: end - start, content };
}

function isMultiLine(text: string, array: JsonNode): boolean {
  const first = array.children?.[0];
  return first !== undefined && text.slice(array.offset, first.offset).includes('\n');
}

export function indentationAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function unitOf(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}
