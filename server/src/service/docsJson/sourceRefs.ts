import type { DiagnosticCode } from '../check/diagnosticCodes';
import { keyNode, keyOf, properties, stringValue, valueNode, type JsonNode } from '../json/jsonTree';

/**
 * The arrays whose elements may be `{ "sourceRef": "…" }`: a navigation section another repository
 * holds, which the platform inlines when a site made of several repositories deploys (the platform's
 * `validateSourceRefDocsConfig`). Docsmith sees one repository: such an element is taken as a valid
 * section whose content it cannot check.
 */
const SOURCE_REF_ARRAYS = new Set(['anchors', 'dropdowns', 'languages', 'menu', 'pages', 'products', 'tabs', 'versions', 'groups']);

export interface SourceRefScan {
  /**
   * The elements with a `sourceRef`, left out of the schema's verdict: the platform replaces the valid
   * ones, and what is wrong with the others is in {@link problems}.
   */
  refs: Set<JsonNode>;
  /** What the platform rejects about the others. */
  problems: { code: DiagnosticCode; node: JsonNode; message: string }[];
}

/** The `sourceRef` elements of docs.json, and the misuses the platform rejects the file for. */
export function scanSourceRefs(root: JsonNode): SourceRefScan {
  const scan: SourceRefScan = { refs: new Set(), problems: [] };
  const visit = (node: JsonNode | undefined, parentKey: string | undefined, inNavigation: boolean) => {
    if (!node) return;
    if (node.type === 'array') for (const item of node.children ?? []) visit(item, parentKey, inNavigation);
    if (node.type !== 'object') return;
    const reference = properties(node).find((property) => keyOf(property) === 'sourceRef');
    if (reference) {
      checkReference(node, reference, parentKey, inNavigation, scan);
      return;
    }
    for (const property of properties(node)) visit(valueNode(property), keyOf(property), inNavigation || keyOf(property) === 'navigation');
  };
  visit(root, undefined, false);
  return scan;
}

function checkReference(
  node: JsonNode,
  reference: JsonNode,
  parentKey: string | undefined,
  inNavigation: boolean,
  scan: SourceRefScan,
): void {
  const code = (kind: 'invalid-value' | 'rejected-key'): DiagnosticCode => `${inNavigation ? 'nav' : 'config'}/${kind}`;
  const at = keyNode(reference) ?? node;
  scan.refs.add(node);
  if (parentKey === undefined || !SOURCE_REF_ARRAYS.has(parentKey)) {
    scan.problems.push({
      code: code('invalid-value'),
      node: at,
      message:
        '`sourceRef` (a navigation section another repository holds) is only supported as an element of a navigation array ' +
        '(`tabs`, `anchors`, `dropdowns`, `groups`, `pages`, `versions`, `languages`, `products`, `menu`): the platform rejects the file.',
    });
    return;
  }
  const value = valueNode(reference);
  if (!stringValue(value)?.length)
    scan.problems.push({
      code: code('invalid-value'),
      node: value ?? at,
      message:
        '`sourceRef` must be a non-empty string, the mount path of the repository whose navigation is inlined: the platform rejects the file.',
    });
  for (const property of properties(node))
    if (keyOf(property) !== 'sourceRef')
      scan.problems.push({
        code: code('rejected-key'),
        node: keyNode(property) ?? property,
        message: `An element with \`sourceRef\` holds nothing else: the platform rejects \`${keyOf(property)}\` beside it, and the file.`,
      });
}
