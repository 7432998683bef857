import { findNodeAtOffset, parseTree, type Edit, type Node } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-types';

/**
 * Minimal edits to JSON text that keep its formatting: only the characters that must change are
 * touched, new entries follow the style of their neighbours (one line, or one entry per line with
 * the same indentation). jsonc-parser's `modify` reformats the whole enclosing array instead.
 */
export function toTextEdits(uri: string, text: string, edits: Edit[]): TextEdit[] {
  const document = TextDocument.create(uri, 'json', 0, text);
  return edits.map((edit) => ({
    range: { start: document.positionAt(edit.offset), end: document.positionAt(edit.offset + edit.length) },
    newText: edit.content,
  }));
}

/** Removes the array item or property at `offset`, with the comma that separates it. */
export function removeAt(text: string, offset: number): Edit[] {
  const tree = parseTree(text);
  let node: Node | undefined = tree && findNodeAtOffset(tree, offset, true);
  // Climb to the element of an array or the property of an object.
  while (node?.parent && node.parent.type !== 'array' && node.parent.type !== 'property') node = node.parent;
  if (node?.parent?.type === 'property') node = node.parent;
  const container = node?.parent;
  if (!node || !container || (container.type !== 'array' && container.type !== 'object')) return [];
  const siblings = container.children ?? [];
  const index = siblings.indexOf(node);
  const next = siblings[index + 1];
  const previous = siblings[index - 1];
  if (next) return [{ offset: node.offset, length: next.offset - node.offset, content: '' }];
  if (previous) {
    const start = previous.offset + previous.length;
    return [{ offset: start, length: node.offset + node.length - start, content: '' }];
  }
  return [{ offset: node.offset, length: node.length, content: '' }];
}

/** Appends a value to the array that starts at `arrayOffset`, in the style of its entries. */
export function appendToArrayAt(text: string, arrayOffset: number, value: unknown): Edit[] {
  const tree = parseTree(text);
  const found = tree && findNodeAtOffset(tree, arrayOffset, true);
  const array = found?.type === 'array' ? found : found?.parent?.type === 'array' ? found.parent : undefined;
  if (!array) return [];
  const children = array.children ?? [];
  const last = children[children.length - 1];
  if (!last) {
    return [{ offset: array.offset + 1, length: 0, content: JSON.stringify(value) }];
  }
  const end = last.offset + last.length;
  const multiLine = text.slice(array.offset, last.offset).includes('\n');
  if (!multiLine) return [{ offset: end, length: 0, content: `, ${JSON.stringify(value)}` }];
  const indent = indentationAt(text, last.offset);
  return [
    { offset: end, length: 0, content: `,${eol(text)}${indent}${indentValue(JSON.stringify(value, null, unit(text)), indent, eol(text))}` },
  ];
}

/** Adds a property at the end of the object that starts at `objectOffset`. */
export function addPropertyAt(text: string, objectOffset: number, key: string, value: unknown): Edit[] {
  const tree = parseTree(text);
  const found = tree && findNodeAtOffset(tree, objectOffset, true);
  const object = found?.type === 'object' ? found : undefined;
  if (!object) return [];
  const last = object.children?.[object.children.length - 1];
  const indent = last ? indentationAt(text, last.offset) : unit(text);
  const body = indentValue(JSON.stringify(value, null, unit(text)), indent, eol(text));
  if (!last) return [{ offset: object.offset + 1, length: 0, content: `${eol(text)}${indent}${JSON.stringify(key)}: ${body}${eol(text)}` }];
  return [{ offset: last.offset + last.length, length: 0, content: `,${eol(text)}${indent}${JSON.stringify(key)}: ${body}` }];
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
