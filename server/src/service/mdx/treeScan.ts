import type { Nodes, Root } from 'mdast';
import type { BodyAttribute, BodyElement, BodyHeading, BodyScan } from './bodyScanner';

interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  children: Nodes[];
  position?: { start: { offset?: number }; end: { offset?: number } };
}

/**
 * The headings and elements of a page read from the reference parser's tree, in the scanner's terms,
 * so the same anchor rules apply to both: a page whose anchors the scanner cannot read exactly is read
 * this way before a link to it is called broken.
 */
export function scanFromTree(tree: Root, text: string): BodyScan {
  const scan: BodyScan = { links: [], elements: [], headings: [], imports: [], exported: [] };
  const visit = (node: Nodes, parent: number) => {
    if (node.type === 'heading') {
      const offset = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? offset;
      const line = text.slice(offset, end);
      const custom = /\{[ \t]*#([^}]+)\}[ \t]*$/.exec(line);
      const heading: BodyHeading = { level: node.depth, title: tocTitle(node), offset, length: end - offset, parent, exact: true };
      if (custom) heading.customId = custom[1].trim();
      scan.headings.push(heading);
      return;
    }
    if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
      const jsx = node as unknown as JsxNode;
      const index = scan.elements.length;
      const offset = jsx.position?.start.offset ?? 0;
      const element: BodyElement = {
        name: jsx.name ?? '',
        offset,
        length: 0,
        nameOffset: offset + 1,
        nameLength: (jsx.name ?? '').length,
        attributes: jsx.attributes.flatMap((attribute): BodyAttribute[] =>
          attribute.type === 'mdxJsxAttribute' && attribute.name
            ? [
                {
                  name: attribute.name,
                  nameOffset: offset,
                  value:
                    typeof attribute.value === 'string'
                      ? attribute.value
                      : attribute.value === null || attribute.value === undefined
                        ? true
                        : { expression: String((attribute.value as { value?: unknown }).value ?? '') },
                  valueOffset: offset,
                  valueLength: 0,
                },
              ]
            : [],
        ),
        selfClosing: jsx.children.length === 0,
        flow: node.type === 'mdxJsxFlowElement',
        parent,
        text: jsx.children.map(tocTitle).join(''),
      };
      scan.elements.push(element);
      for (const child of jsx.children) visit(child, index);
      return;
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child, parent);
  };
  for (const child of tree.children) visit(child, -1);
  return scan;
}

/** The heading's text as the platform slugs it: the values of its text and inline code, in order. */
function tocTitle(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(tocTitle).join('');
  return '';
}
