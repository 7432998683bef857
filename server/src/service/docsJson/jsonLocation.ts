import { getLocation } from 'jsonc-parser';
import type { ConfigDocument } from './configDocument';
import type { JsonNode } from '../json/jsonTree';

export type Segment = string | number;

/** Where an offset is in a parsed JSON document, in the terms completion, hover and links need. */
export interface JsonLocation {
  /** The nodes that contain the offset, from the root down to the deepest one. */
  chain: JsonNode[];
  /** The path of the value (or key) at the offset; `''` for a key about to be typed. */
  path: Segment[];
  /** The offset is on a property key, or where one would be typed. */
  atKey: boolean;
  /** The deepest node at the offset. */
  node: JsonNode | undefined;
}

/**
 * The nodes containing `offset`, root first. Children are found by binary search, so a lookup in a
 * 25,000-entry array costs a few comparisons. With `includeRightBound`, a node that ends at the offset
 * contains it (the cursor just after a value, as completion wants it).
 */
export function nodeChainAt(root: JsonNode | undefined, offset: number, includeRightBound = false): JsonNode[] {
  const chain: JsonNode[] = [];
  let node = root && contains(root, offset, includeRightBound) ? root : undefined;
  while (node) {
    chain.push(node);
    node = childAt(node, offset, includeRightBound);
  }
  return chain;
}

function contains(node: JsonNode, offset: number, includeRightBound: boolean): boolean {
  return (offset >= node.offset && offset < node.offset + node.length) || (includeRightBound && offset === node.offset + node.length);
}

function childAt(node: JsonNode, offset: number, includeRightBound: boolean): JsonNode | undefined {
  const children = node.children;
  if (!children?.length) return undefined;
  // The last child starting at or before the offset; the one before it may end exactly there.
  let low = 0;
  let high = children.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (children[middle].offset <= offset) low = middle;
    else high = middle - 1;
  }
  if (children[low].offset > offset) return undefined;
  if (low > 0 && contains(children[low - 1], offset, includeRightBound)) return children[low - 1];
  return contains(children[low], offset, includeRightBound) ? children[low] : undefined;
}

/** The node is the key of the property above it in the chain. */
export function isKeyInChain(chain: JsonNode[], index = chain.length - 1): boolean {
  const parent = chain[index - 1];
  return parent?.type === 'property' && parent.children?.[0] === chain[index];
}

/** The JSON path of the deepest node of a chain (a key's path is that of its property). */
export function pathOfChain(chain: JsonNode[]): Segment[] {
  const path: Segment[] = [];
  for (let i = 1; i < chain.length; i++) {
    const parent = chain[i - 1];
    // A property's key and value add nothing: the property itself added the key.
    if (parent.type === 'object') path.push(String(chain[i].children?.[0]?.value ?? ''));
    else if (parent.type === 'array') path.push(parent.children!.indexOf(chain[i]));
  }
  return path;
}

/**
 * Where `offset` is, as jsonc-parser's `getLocation` says it, read from the parsed tree. A document
 * with syntax errors is scanned by `getLocation` itself (the recovered tree is a guess at what is being
 * typed); a valid one is answered from the tree, without reading the text before the offset.
 */
export function locate(document: ConfigDocument, offset: number): JsonLocation {
  const chain = nodeChainAt(document.root, offset, true);
  const node = chain[chain.length - 1];
  if (document.errors.length || !document.root) {
    const location = getLocation(document.text, offset);
    return { chain, path: location.path, atKey: location.isAtPropertyKey, node };
  }
  const path = pathOfChain(chain);
  if (!node) return { chain, path: [], atKey: false, node };
  if (isKeyInChain(chain)) return { chain, path, atKey: true, node };
  if (node.type === 'property') {
    // Between a key and its value: on the key's side of the colon, a key is being written.
    const key = node.children![0];
    const value = node.children![1];
    const colon = document.text.indexOf(':', key.offset + key.length);
    const beforeColon = colon < 0 || offset <= colon;
    return { chain, path, atKey: beforeColon && !(value && offset >= value.offset), node };
  }

  if (node.type === 'object' && offset > node.offset && offset < node.offset + node.length) return objectGap(document, chain, path, offset);
  if (node.type === 'array' && offset > node.offset && offset < node.offset + node.length) return arrayGap(document, chain, path, offset);
  return { chain, path, atKey: false, node };
}

/** Inside an object, between properties: after a comma (or the brace) a key is being written. */
function objectGap(document: ConfigDocument, chain: JsonNode[], path: Segment[], offset: number): JsonLocation {
  const object = chain[chain.length - 1];
  const before = (object.children ?? []).filter((property) => property.offset + property.length <= offset).pop();
  if (before && !document.text.slice(before.offset + before.length, offset).includes(',')) {
    return { chain, path: [...path, String(before.children?.[0]?.value ?? '')], atKey: false, node: object };
  }
  return { chain, path: [...path, ''], atKey: true, node: object };
}

/** Inside an array, between items: the index an item typed here would get. */
function arrayGap(document: ConfigDocument, chain: JsonNode[], path: Segment[], offset: number): JsonLocation {
  const array = chain[chain.length - 1];
  const items = array.children ?? [];
  let index = 0;
  while (index < items.length && items[index].offset + items[index].length <= offset) index++;
  const previous = items[index - 1];
  const afterComma = previous !== undefined && document.text.slice(previous.offset + previous.length, offset).includes(',');
  return { chain, path: [...path, previous === undefined ? 0 : afterComma ? index : index - 1], atKey: false, node: array };
}
