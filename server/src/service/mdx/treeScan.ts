import type { Nodes, Root } from 'mdast';
import { referenceLabel, type BodyAttribute, type BodyElement, type BodyHeading, type BodyScan } from './bodyScan';
import { customIdAtEnd } from './headingReader';
import { attributeLink, parseDestination } from './linkSyntax';
import { noteExpression, readEsm } from './jsSyntax';

interface Place {
  start: { offset?: number };
  end: { offset?: number };
}

interface JsxNode {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown; position?: Place }[];
  children: Nodes[];
  position?: Place;
}

/**
 * A page's body read from the reference parser's tree, in the scanner's terms (links with the place
 * of their URL, elements with their attributes, headings, imports), so every rule reads both alike.
 * Pages the scanner does not vouch for are parsed anyway; what the parser found is then used.
 */
export function scanFromTree(tree: Root, text: string): BodyScan {
  const scan: BodyScan = {
    links: [],
    elements: [],
    headings: [],
    imports: [],
    exported: [],
    comments: [],
    templates: [],
    references: new Set(),
    hasContent: tree.children.some((node) => node.type !== 'yaml' && node.type !== 'mdxjsEsm' && (node.type as string) !== 'toml'),
  };
  const visit = (node: Nodes, parent: number) => {
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? start;
    const type = node.type as string;
    if (type === 'mdxFlowExpression' || type === 'mdxTextExpression') {
      noteExpression(scan, text, start, end - 1);
      return;
    }
    switch (node.type) {
      case 'heading': {
        const line = text.slice(start, end);
        const custom = customIdAtEnd(line, 0);
        const heading: BodyHeading = { level: node.depth, title: tocTitle(node), offset: start, length: end - start, parent, exact: true };
        if (custom) heading.customId = line.slice(custom.idStart, custom.idEnd).trim();
        // An ATX heading's title is its children's span (a setext heading's title spans lines: no rename there).
        const first = node.children[0]?.position?.start.offset;
        const last = node.children.at(-1)?.position?.end.offset;
        if (/^[ \t]*#/.test(line) && first !== undefined && last !== undefined && last > first)
          heading.titleSpan = { offset: first, length: last - first };
        scan.headings.push(heading);
        break;
      }
      case 'link':
      case 'image': {
        const place = destinationPlace(text, start, end);
        if (place) scan.links.push({ kind: node.type, url: node.url, ...place, ...(node.type === 'image' ? { alt: node.alt ?? '' } : {}) });
        break;
      }
      case 'definition': {
        const close = text.indexOf(']:', start);
        const destination = close < 0 ? undefined : parseDestination(text, close + 2, lineEnd(text, close), true);
        if (destination)
          scan.links.push({
            kind: 'definition',
            url: node.url,
            offset: destination.offset,
            length: destination.length,
            label: referenceLabel(node.label ?? node.identifier),
          });
        return;
      }
      case 'linkReference':
      case 'imageReference':
        scan.references.add(referenceLabel(node.label ?? node.identifier));
        break;
      case 'mdxjsEsm': {
        const esm = readEsm(text.slice(start, end));
        for (const item of esm?.imports ?? [])
          scan.imports.push({ source: item.source, offset: start + item.start, length: item.end - item.start, names: item.names });
        scan.exported.push(...(esm?.exported ?? []));
        return;
      }
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement': {
        const index = scan.elements.length;
        const jsx = node as unknown as JsxNode;
        addElement(scan, jsx, node.type === 'mdxJsxFlowElement', text, start, end, parent);
        for (const child of jsx.children) visit(child, index);
        return;
      }
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child, parent);
  };
  for (const child of tree.children) visit(child, -1);
  return scan;
}

/** A JSX element as the scanner records it (and the links its attributes hold). */
function addElement(scan: BodyScan, jsx: JsxNode, flow: boolean, text: string, start: number, end: number, parent: number): void {
  const name = jsx.name ?? '';
  const element: BodyElement = {
    name,
    offset: start,
    length: 0,
    nameOffset: start + 1,
    nameLength: name.length,
    attributes: jsx.attributes.flatMap((attribute) => readAttribute(attribute, text)),
    selfClosing: jsx.children.length === 0,
    flow,
    parent,
    text: jsx.children.map(tocTitle).join(''),
  };
  element.length = openingTagEnd(text, element, end) - start;
  scan.elements.push(element);
  for (const attribute of element.attributes) {
    const link = attributeLink(name, attribute);
    if (link) scan.links.push(link);
  }
}

/** A JSX attribute with the places the scanner gives: its name, and its value as written. */
function readAttribute(attribute: JsxNode['attributes'][number], text: string): BodyAttribute[] {
  if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) return [];
  const start = attribute.position?.start.offset ?? 0;
  const end = attribute.position?.end.offset ?? start;
  const raw = attribute.value;
  const value: BodyAttribute['value'] =
    typeof raw === 'string'
      ? raw
      : raw === null || raw === undefined
        ? true
        : { expression: String((raw as { value?: unknown }).value ?? '') };
  if (value === true) return [{ name: attribute.name, nameOffset: start, value, valueOffset: start, valueLength: end - start }];
  let valueOffset = text.indexOf('=', start + attribute.name.length) + 1;
  while (valueOffset < end && /\s/.test(text[valueOffset])) valueOffset++;
  return [{ name: attribute.name, nameOffset: start, value, valueOffset, valueLength: end - valueOffset }];
}

/** The offset after the `>` of an element's opening tag. */
function openingTagEnd(text: string, element: BodyElement, elementEnd: number): number {
  const last = element.attributes[element.attributes.length - 1];
  const from = last ? last.valueOffset + last.valueLength : element.nameOffset + element.nameLength;
  const close = text.indexOf('>', from);
  return close < 0 || close >= elementEnd ? elementEnd : close + 1;
}

/**
 * Where the URL of `[text](url "title")` or `![alt](url)` is written: the `](` whose destination runs
 * to the node's end (link text may hold brackets of its own, so the last that fits is taken).
 */
function destinationPlace(text: string, start: number, end: number): { offset: number; length: number } | undefined {
  if (text[end - 1] !== ')') return undefined; // a reference link or an autolink: no destination here
  for (let at = text.lastIndexOf('](', end); at >= start; at = text.lastIndexOf('](', at - 1)) {
    const destination = parseDestination(text, at + 2, end);
    if (destination && destination.end === end) return { offset: destination.offset, length: destination.length };
    if (at === 0) break;
  }
  return undefined;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end < 0 ? text.length : text[end - 1] === '\r' ? end - 1 : end;
}

/** The heading's text as the platform slugs it: the values of its text and inline code, in order. */
function tocTitle(node: Nodes): string {
  if (node.type === 'text' || node.type === 'inlineCode') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(tocTitle).join('');
  return '';
}
