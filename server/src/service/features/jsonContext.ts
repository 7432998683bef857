import type { Range } from 'vscode-languageserver-types';
import { locate, type JsonLocation, type Segment } from '../docsJson/jsonLocation';
import { nodeAtPath, toValue, type JsonNode } from '../json/jsonTree';
import type { ConfigDocument } from '../docsJson/configDocument';

/** Where the cursor is in a configuration file, in the terms completion needs. */
export interface JsonContext extends JsonLocation {
  document: ConfigDocument;
  /** The string node the cursor is in (between its quotes), if any. */
  stringNode?: JsonNode;
  /** What a completion replaces: the string at the cursor (quotes included), or nothing. */
  replaceRange: Range;
}

export function jsonContext(document: ConfigDocument, offset: number): JsonContext {
  const location = locate(document, offset);
  const node = location.node;
  const stringNode = node?.type === 'string' && offset > node.offset && offset < node.offset + node.length ? node : undefined;
  const lines = document.lines;
  const replaceRange = stringNode
    ? { start: lines.positionAt(stringNode.offset), end: lines.positionAt(stringNode.offset + stringNode.length) }
    : { start: lines.positionAt(offset), end: lines.positionAt(offset) };
  return { ...location, document, stringNode, replaceRange };
}

/** The key that holds the value at `path`, skipping array indices: `pages` for `[..., 'pages', 3]`. */
export function holderKey(path: readonly Segment[]): string | undefined {
  for (let i = path.length - 1; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

/** The `openapi` values of a node's nearest ancestor object that has one (navigation scope). */
export function enclosingOpenapi(root: JsonNode | undefined, path: readonly Segment[]): string[] | undefined {
  if (!root) return undefined;
  for (let depth = path.length; depth >= 0; depth--) {
    const holder = nodeAtPath(root, path.slice(0, depth))?.node;
    if (holder?.type !== 'object') continue;
    const openapi = holder.children?.find((property) => property.children?.[0]?.value === 'openapi')?.children?.[1];
    if (!openapi) continue;
    const value = toValue(openapi);
    const values = Array.isArray(value) ? value : [value];
    return values
      .map((entry) => (entry && typeof entry === 'object' ? (entry as { source?: unknown }).source : entry))
      .filter((entry): entry is string => typeof entry === 'string');
  }
  return undefined;
}
