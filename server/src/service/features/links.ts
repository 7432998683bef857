import { findNodeAtOffset, type Node } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocumentLink, Location, Range } from 'vscode-languageserver-types';
import { parseOperation } from '../docsJson/navigation';
import { normalisePageEntry } from '../docsJson/pageEntry';
import { parseFrontMatter } from '../frontMatter/parseFrontMatter';
import { operationOffset } from '../openapi/spec';
import { resolvePageId } from '../siteFiles';
import type { SiteState } from '../siteState';
import { dirnameUri, joinUri, resolveInside } from '../uri';
import { enclosingOpenapi, holderKey, parseCached, pathOf } from './jsonContext';
import { lookupOperation } from './operationLookup';

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

function isKey(node: Node): boolean {
  return node.parent?.type === 'property' && node.parent.children?.[0] === node;
}

/** Where a docs.json string points: a page file, an operation in a spec, a spec file, a `$ref` file. */
async function targetOfJsonString(node: Node, tree: Node, state: SiteState, documentUri: string): Promise<Location | undefined> {
  const site = state.context;
  if (!site || node.type !== 'string') return undefined;
  const path = pathOf(node);
  const key = holderKey(path);
  const value = String(node.value);
  if (key === 'pages' || key === 'root') {
    if (key === 'pages' && parseOperation(value)) {
      const found = await lookupOperation(state, value, enclosingOpenapi(tree, path) as string[] | undefined);
      if (!found) return undefined;
      const spec = TextDocument.create(found.spec.uri, 'json', 0, found.spec.text);
      const at = spec.positionAt(operationOffset(found.spec, found.operation));
      return { uri: found.spec.uri, range: { start: at, end: at } };
    }
    const id = resolvePageId(site.files.pages, normalisePageEntry(value).id);
    const relative = id === undefined ? undefined : site.files.pages.get(id);
    return relative ? { uri: joinUri(state.rootUri, relative), range: START } : undefined;
  }
  if (key === 'openapi' || key === 'source') {
    const resolution = await site.specs.resolve(state.rootUri, value);
    return resolution.kind === 'loaded' || resolution.kind === 'invalid' ? { uri: resolution.uri, range: START } : undefined;
  }
  if (key === '$ref') {
    const uri = resolveInside(state.rootUri, dirnameUri(documentUri), value.split('#')[0]);
    return uri ? { uri, range: START } : undefined;
  }
  return undefined;
}

export async function docsJsonLinks(document: TextDocument, state: SiteState): Promise<DocumentLink[]> {
  const tree = parseCached(document.getText());
  if (!tree) return [];
  const links: DocumentLink[] = [];
  const visit = async (node: Node) => {
    if (node.type === 'string' && !isKey(node)) {
      const target = await targetOfJsonString(node, tree, state, document.uri);
      if (target) {
        const fragment = target.range.start.line > 0 ? `#L${target.range.start.line + 1}` : '';
        links.push({
          range: { start: document.positionAt(node.offset + 1), end: document.positionAt(node.offset + node.length - 1) },
          target: target.uri + fragment,
        });
      }
    }
    for (const child of node.children ?? []) await visit(child);
  };
  await visit(tree);
  return links;
}

export async function docsJsonDefinition(document: TextDocument, offset: number, state: SiteState): Promise<Location[]> {
  const tree = parseCached(document.getText());
  const node = tree ? findNodeAtOffset(tree, offset, false) : undefined;
  if (!tree || !node || isKey(node)) return [];
  const target = await targetOfJsonString(node, tree, state, document.uri);
  return target ? [target] : [];
}

/** In a page: `openapi:` opens the spec at the operation. */
export async function pageDefinition(document: TextDocument, offset: number, state: SiteState): Promise<Location[]> {
  const entry = parseFrontMatter(document.getText()).entries.get('openapi');
  if (!entry || typeof entry.value !== 'string' || offset < entry.valueOffset || offset > entry.valueOffset + entry.valueLength) return [];
  const found = await lookupOperation(state, entry.value, undefined, dirnameUri(document.uri));
  if (!found) return [];
  const at = TextDocument.create(found.spec.uri, 'json', 0, found.spec.text).positionAt(operationOffset(found.spec, found.operation));
  return [{ uri: found.spec.uri, range: { start: at, end: at } }];
}

export async function pageLinks(document: TextDocument, state: SiteState): Promise<DocumentLink[]> {
  const entry = parseFrontMatter(document.getText()).entries.get('openapi');
  if (!entry) return [];
  const [location] = await pageDefinition(document, entry.valueOffset, state);
  if (!location) return [];
  return [
    {
      range: { start: document.positionAt(entry.valueOffset), end: document.positionAt(entry.valueOffset + entry.valueLength) },
      target: `${location.uri}#L${location.range.start.line + 1}`,
    },
  ];
}
