import { nodeChainAt } from './jsonLocation';
import { keyOf, type JsonNode } from '../json/jsonTree';

/**
 * The navigation entry being typed: an empty one (`""`, or `{}`) in a `pages` array at the editor's
 * last edit of docs.json, as the first keystrokes of a new entry leave it (`, "` with the closing
 * quote added by the editor). Such an entry is not valid yet, and the platform would drop the whole
 * division holding it; while it is being typed, the entry is reported instead of that consequence.
 * Undefined when no edit is known (the CLI, a closed file) or the edit is elsewhere.
 */
export function typedEntryAt(root: JsonNode | undefined, uri: string, editedAt: number | undefined): JsonNode | undefined {
  if (editedAt === undefined || root?.uri !== uri) return undefined;
  const chain = nodeChainAt(root, editedAt, true);
  // The cursor may be inside the quotes or braces, or just after them.
  for (let index = chain.length - 1; index >= 2; index--) {
    const node = chain[index];
    const array = chain[index - 1];
    const property = chain[index - 2];
    if (array.type !== 'array' || property.type !== 'property' || keyOf(property) !== 'pages') continue;
    if (node.uri !== uri || !isEmptyEntry(node)) return undefined;
    return node;
  }
  return undefined;
}

function isEmptyEntry(node: JsonNode): boolean {
  return (node.type === 'string' && node.value === '') || (node.type === 'object' && !node.children?.length);
}
