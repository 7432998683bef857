import type { TextEdit } from 'vscode-languageserver-types';
import { nodeChainAt } from '../docsJson/jsonLocation';
import type { JsonNode } from '../json/jsonTree';
import type { ConfigDocument } from '../docsJson/configDocument';
import type { LineTable } from '../text/lineTable';

/** A change of a text by offsets: `length` characters at `offset` become `content`. */
export interface OffsetEdit {
  offset: number;
  length: number;
  content: string;
}

/**
 * Minimal edits to JSON text that keep its formatting: only the characters that must change are
 * touched, new entries follow the style of their neighbours (one line, or one entry per line with
 * the same indentation). jsonc-parser's `modify` reformats the whole enclosing array instead.
 */
export function toTextEdits(lines: LineTable, edits: OffsetEdit[]): TextEdit[] {
  return edits.map((edit) => ({
    range: { start: lines.positionAt(edit.offset), end: lines.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  }));
}

/** Removes the array item or property at `offset`, with the comma that separates it. */
export function removeAt(document: ConfigDocument, offset: number): OffsetEdit[] {
  const chain = nodeChainAt(document.root, offset, true);
  // Climb to the element of an array or the property of an object.
  let index = chain.length - 1;
  while (index > 0 && chain[index - 1].type !== 'array' && chain[index - 1].type !== 'property') index--;
  if (index > 0 && chain[index - 1].type === 'property') index--;
  const node = chain[index];
  const container = chain[index - 1];
  if (!node || !container || (container.type !== 'array' && container.type !== 'object')) return [];
  const siblings = container.children ?? [];
  const position = siblings.indexOf(node);
  const next = siblings[position + 1];
  const previous = siblings[position - 1];
  if (next) return [{ offset: node.offset, length: next.offset - node.offset, content: '' }];
  if (previous) {
    const start = previous.offset + previous.length;
    return [{ offset: start, length: node.offset + node.length - start, content: '' }];
  }
  return [{ offset: node.offset, length: node.length, content: '' }];
}

/** Appends values to an array, in the style of its entries, as one edit. */
export function appendToArray(text: string, array: JsonNode, values: unknown[]): OffsetEdit[] {
  if (array.type !== 'array' || values.length === 0) return [];
  const children = array.children ?? [];
  const last = children[children.length - 1];
  if (!last) return [{ offset: array.offset + 1, length: 0, content: values.map((value) => JSON.stringify(value)).join(', ') }];
  const end = last.offset + last.length;
  const multiLine = text.slice(array.offset, last.offset).includes('\n');
  if (!multiLine) return [{ offset: end, length: 0, content: values.map((value) => `, ${JSON.stringify(value)}`).join('') }];
  const indent = indentationAt(text, last.offset);
  const newline = eol(text);
  const content = values.map((value) => `,${newline}${indent}${indentValue(JSON.stringify(value, null, unit(text)), indent, newline)}`);
  return [{ offset: end, length: 0, content: content.join('') }];
}

/** Adds a property at the end of an object. */
export function addProperty(text: string, object: JsonNode, key: string, value: unknown): OffsetEdit[] {
  if (object.type !== 'object') return [];
  const last = object.children?.[object.children.length - 1];
  const indent = last ? indentationAt(text, last.offset) : unit(text);
  const newline = eol(text);
  const body = indentValue(JSON.stringify(value, null, unit(text)), indent, newline);
  if (!last) return [{ offset: object.offset + 1, length: 0, content: `${newline}${indent}${JSON.stringify(key)}: ${body}${newline}` }];
  return [{ offset: last.offset + last.length, length: 0, content: `,${newline}${indent}${JSON.stringify(key)}: ${body}` }];
}

function indentationAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

function unit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}

function eol(text: string): string {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function indentValue(json: string, indent: string, newline: string): string {
  return json.split('\n').join(newline + indent);
}
