import { keyOf, type JsonNode } from '../../json/jsonTree';
import { isKeyInChain, nodeChainAt } from '../../docsJson/jsonLocation';
import { parseStrictJson } from '../../json/strictJson';
import type { ConfigDocument } from '../../docsJson/configDocument';
import { changedWindow, resizeAbove, shift, type TextWindow } from './leafEdit';

/** An edit that added one string to a `pages` array, or took one out, and changed nothing else. */
export interface ListEdit {
  kind: 'insert' | 'remove';
  /** The `pages` array, and the nodes above it from the root. */
  array: JsonNode;
  chain: JsonNode[];
  /** Where in the array the string was added or was. */
  index: number;
  /** The string added (offsets in the new text), or the one taken out. */
  item: JsonNode;
  window: TextWindow;
  /** The array's items as the new text has them, offsets in the new text. */
  parsed: JsonNode[];
}

/**
 * The edit from `document` to `text` when it adds one string item to a `pages` array or removes one
 * (a page listed or unlisted, on a line of its own or beside others), whatever the commas and spaces
 * around it became; undefined for anything else (parse again).
 */
export function findListEdit(document: ConfigDocument, text: string): ListEdit | undefined {
  if (!document.root || document.errors.length) return undefined;
  const window = changedWindow(document.text, text);
  if (!window) return undefined;
  const chain = innermostArray(nodeChainAt(document.root, window.start), window);
  const array = chain?.[chain.length - 1];
  if (!chain || !array) return undefined;
  const property = chain[chain.length - 2];
  if (property?.type !== 'property' || keyOf(property) !== 'pages' || isKeyInChain(chain)) return undefined;
  const delta = window.newEnd - window.oldEnd;
  const parsed = parseStrictJson(array.uri, text.slice(array.offset, array.offset + array.length + delta));
  if (parsed?.type !== 'array') return undefined;
  const oldItems = array.children ?? [];
  const newItems = parsed.children ?? [];
  for (const item of newItems) shift(item, array.offset);
  const oldTexts = oldItems.map((item) => document.text.slice(item.offset, item.offset + item.length));
  const newTexts = newItems.map((item) => text.slice(item.offset, item.offset + item.length));
  const kind = newItems.length === oldItems.length + 1 ? 'insert' : newItems.length === oldItems.length - 1 ? 'remove' : undefined;
  if (!kind) return undefined;
  const [longer, shorter] = kind === 'insert' ? [newTexts, oldTexts] : [oldTexts, newTexts];
  let index = 0;
  while (index < shorter.length && longer[index] === shorter[index]) index++;
  for (let i = index; i < shorter.length; i++) if (longer[i + 1] !== shorter[i]) return undefined;
  const item = kind === 'insert' ? newItems[index] : oldItems[index];
  if (item.type !== 'string') return undefined;
  return { kind, array, chain, index, item, window, parsed: newItems };
}

/** The deepest array of the chain whose brackets hold the whole changed window, with the nodes above it. */
function innermostArray(chain: JsonNode[], window: TextWindow): JsonNode[] | undefined {
  for (let depth = chain.length - 1; depth >= 0; depth--) {
    const node = chain[depth];
    if (node.type === 'array' && window.start > node.offset && window.oldEnd < node.offset + node.length) return chain.slice(0, depth + 1);
  }
  return undefined;
}

/**
 * Applies a list edit to the tree in place: the array's items are its old nodes (moved to where the
 * new text has them) with the added one in its place or the removed one gone; the nodes above grow or
 * shrink and the nodes after move. Nodes keep their identity, as in applyLeafEdit.
 */
export function applyListEdit(edit: ListEdit): void {
  const { array, chain, index, parsed, window } = edit;
  const kept = [...(array.children ?? [])];
  if (edit.kind === 'insert') kept.splice(index, 0, edit.item);
  else kept.splice(index, 1);
  kept.forEach((node, i) => shift(node, parsed[i].offset - node.offset));
  array.children = kept;
  const delta = window.newEnd - window.oldEnd;
  array.length += delta;
  resizeAbove(chain, delta);
}
