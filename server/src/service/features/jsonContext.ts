import { findNodeAtOffset, getLocation, getNodePath, parseTree, type Node, type Segment } from 'jsonc-parser';
import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** Where the cursor is in a JSON document, in the terms completion and hover need. */
export interface JsonContext {
  tree: Node | undefined;
  /** The path of the value (or key) at the cursor. */
  path: Segment[];
  /** The cursor is on a property key (or where one would be typed). */
  atKey: boolean;
  /** The string node the cursor is in, if any. */
  stringNode?: Node;
  /** The node at the cursor. */
  node?: Node;
  /** What a completion replaces: the string at the cursor (quotes included), or nothing. */
  replaceRange: Range;
}

let lastParse: { text: string; tree: Node | undefined } | undefined;

/** The syntax tree of a text; the last one is kept, since requests come in bursts on the same text. */
export function parseCached(text: string): Node | undefined {
  if (lastParse?.text !== text) lastParse = { text, tree: parseTree(text, [], { allowTrailingComma: true }) };
  return lastParse.tree;
}

export function jsonContext(document: TextDocument, offset: number): JsonContext {
  const text = document.getText();
  const tree = parseCached(text);
  const location = getLocation(text, offset);
  const node = tree ? findNodeAtOffset(tree, offset, true) : undefined;
  const stringNode = node?.type === 'string' && offset > node.offset && offset < node.offset + node.length ? node : undefined;
  const replaceRange = stringNode
    ? { start: document.positionAt(stringNode.offset), end: document.positionAt(stringNode.offset + stringNode.length) }
    : { start: document.positionAt(offset), end: document.positionAt(offset) };
  return { tree, path: location.path, atKey: location.isAtPropertyKey, stringNode, node, replaceRange };
}

/** The key that holds the value at `path`, skipping array indices: `pages` for `[..., 'pages', 3]`. */
export function holderKey(path: Segment[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

/** The path of a node, for hover. */
export function pathOf(node: Node): Segment[] {
  return getNodePath(node);
}

/** The `openapi` values of a node's nearest ancestor object that has one (navigation scope). */
export function enclosingOpenapi(tree: Node | undefined, path: Segment[]): unknown[] | undefined {
  if (!tree) return undefined;
  for (let depth = path.length; depth >= 0; depth--) {
    const holder = nodeAt(tree, path.slice(0, depth));
    if (holder?.type !== 'object') continue;
    const openapi = holder.children?.find((property) => property.children?.[0]?.value === 'openapi')?.children?.[1];
    if (!openapi) continue;
    const value = valueOf(openapi);
    const values = Array.isArray(value) ? value : [value];
    return values
      .map((entry) => (entry && typeof entry === 'object' ? (entry as { source?: unknown }).source : entry))
      .filter((entry) => typeof entry === 'string');
  }
  return undefined;
}

export function nodeAt(tree: Node, path: Segment[]): Node | undefined {
  let node: Node | undefined = tree;
  for (const segment of path) {
    if (!node) return undefined;
    if (node.type === 'object') node = node.children?.find((property) => property.children?.[0]?.value === segment)?.children?.[1];
    else if (node.type === 'array' && typeof segment === 'number') node = node.children?.[segment];
    else return undefined;
  }
  return node;
}

export function valueOf(node: Node | undefined): unknown {
  if (!node) return undefined;
  if (node.type === 'object')
    return Object.fromEntries((node.children ?? []).map((property) => [property.children?.[0]?.value, valueOf(property.children?.[1])]));
  if (node.type === 'array') return (node.children ?? []).map(valueOf);
  return node.value;
}
