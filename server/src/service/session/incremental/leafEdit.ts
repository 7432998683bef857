import { isKeyInChain, nodeChainAt } from '../../docsJson/jsonLocation';
import type { JsonNode } from '../../json/jsonTree';
import type { ConfigDocument } from '../../docsJson/configDocument';

/** Where two versions of a text differ: `[start, oldEnd)` of the old became `[start, newEnd)` of the new. */
export interface TextWindow {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** Characters compared at once while looking for the common prefix and suffix (a native comparison). */
const BLOCK = 4096;

/** The one window outside which two texts are equal; undefined when they are equal. */
export function changedWindow(before: string, after: string): TextWindow | undefined {
  if (before === after) return undefined;
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start + BLOCK <= shorter && before.slice(start, start + BLOCK) === after.slice(start, start + BLOCK)) start += BLOCK;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let suffix = 0;
  const room = shorter - start;
  while (
    suffix + BLOCK <= room &&
    before.slice(before.length - suffix - BLOCK, before.length - suffix) ===
      after.slice(after.length - suffix - BLOCK, after.length - suffix)
  )
    suffix += BLOCK;
  while (suffix < room && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { start, oldEnd: before.length - suffix, newEnd: after.length - suffix };
}

/** An edit that changed the characters of one string value, and nothing else of the document. */
export interface LeafEdit {
  /** The string node, and the nodes above it from the root. */
  leaf: JsonNode;
  chain: JsonNode[];
  window: TextWindow;
  /** How much longer the new text is. */
  delta: number;
  oldValue: string;
  newValue: string;
}

/**
 * The edit from `document` to `text` when it stays inside one string value (not a key) of a document
 * that parsed without errors: the new characters between the quotes still read as one JSON string.
 * Anything else (a structure changed, a key renamed, a quote typed) is undefined: parse again.
 */
export function findLeafEdit(document: ConfigDocument, text: string): LeafEdit | undefined {
  if (!document.root || document.errors.length) return undefined;
  const window = changedWindow(document.text, text);
  if (!window) return undefined;
  const chain = nodeChainAt(document.root, window.start);
  const leaf = chain[chain.length - 1];
  if (leaf?.type !== 'string' || isKeyInChain(chain)) return undefined;
  // Strictly between the quotes: the opening quote and the closing one are both kept.
  if (window.start <= leaf.offset || window.oldEnd > leaf.offset + leaf.length - 1) return undefined;
  const delta = window.newEnd - window.oldEnd;
  const literal = text.slice(leaf.offset, leaf.offset + leaf.length + delta);
  if (literal.length < 2 || literal[0] !== '"' || literal[literal.length - 1] !== '"') return undefined;
  let newValue: unknown;
  try {
    newValue = JSON.parse(literal);
  } catch {
    return undefined;
  }
  if (typeof newValue !== 'string') return undefined;
  return { leaf, chain, window, delta, oldValue: leaf.value as string, newValue };
}

/**
 * Applies a leaf edit to the tree in place: the leaf's value and length, the lengths of the nodes
 * around it, and the offsets of every node after it. Nodes keep their identity, so what refers to
 * them (navigation entries, diagnostics) stays valid for the new text. The tree then belongs to the
 * new version only: whoever held the old version's state gives it up (the service replaces it).
 */
export function applyLeafEdit(edit: LeafEdit): void {
  const { leaf, chain, delta } = edit;
  leaf.value = edit.newValue;
  leaf.length += delta;
  resizeAbove(chain, delta);
}

/**
 * The last node of `chain` grew by `delta` characters: the nodes above it grow too, and every node
 * after it moves.
 */
export function resizeAbove(chain: JsonNode[], delta: number): void {
  if (delta === 0) return;
  for (let depth = chain.length - 2; depth >= 0; depth--) {
    const parent = chain[depth];
    parent.length += delta;
    const children = parent.children ?? [];
    const inChain = children.indexOf(chain[depth + 1]);
    for (let i = inChain + 1; i < children.length; i++) shift(children[i], delta);
  }
}

/** Moves a node and everything inside it by `delta` characters. */
export function shift(node: JsonNode, delta: number): void {
  if (delta === 0) return;
  node.offset += delta;
  const children = node.children;
  if (children) for (let i = 0; i < children.length; i++) shift(children[i], delta);
}
