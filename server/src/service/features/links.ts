import { variableDefinition } from './variableFeatures';
import type { DocumentLink, Location, Range } from 'vscode-languageserver-types';
import { isKeyInChain, nodeChainAt, pathOfChain, type Segment } from '../docsJson/jsonLocation';
import type { JsonNode } from '../json/jsonTree';
import type { ConfigDocument } from '../docsJson/configDocument';
import type { PageDocument } from '../documents/pageDocument';
import type { PageReader } from '../documents/parsedDocuments';
import { generatorSource, parseOperation } from '../docsJson/navigation';
import { assetFile, isAssetPath } from '../docsJson/assetPaths';
import { bodyLinkPath } from '../links/linkPath';
import { normalisePageEntry } from '../docsJson/pageEntry';
import { operationPosition } from '../openapi/spec';
import { resolvePageId } from '../site/siteFiles';
import type { SiteState } from '../session/siteState';
import { dirnameUri, joinUri, resolveInside } from '../uri';
import { bodyDocumentLinks, bodyLinkDefinition } from './bodyLinks';
import { enclosingOpenapi, holderKey } from './jsonContext';
import { lookupOperation } from './operationLookup';

const START: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Where a docs.json string points: a page file, an operation in a spec, a spec file, a `$ref` file. */
async function targetOfJsonString(
  node: JsonNode,
  path: Segment[],
  document: ConfigDocument,
  state: SiteState,
): Promise<Location | undefined> {
  const site = state.context;
  if (!site || node.type !== 'string') return undefined;
  const key = holderKey(path);
  const value = String(node.value);
  if (isAssetPath(path)) {
    const file = assetFile(value);
    return file && site.files.files.has(file) ? { uri: joinUri(state.rootUri, file), range: START } : undefined;
  }
  if (key === 'pages' || key === 'root') {
    if (key === 'pages' && parseOperation(value)) {
      const found = await lookupOperation(state, value, enclosingOpenapi(document.root, path));
      if (!found) return undefined;
      const at = await operationPosition(found.spec, found.operation, site.workspace);
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
  if (key === 'asyncapi' || key === 'graphql') {
    const where = generatorSource(state.rootUri, value);
    return where.kind === 'file' && (await site.workspace.stat(where.uri))?.kind === 'file' ? { uri: where.uri, range: START } : undefined;
  }
  if (key === 'href' && path[0] === 'navigation' && value.startsWith('/') && !value.startsWith('//')) {
    const link = bodyLinkPath(value, 'index.mdx');
    const target = link && (await site.links.resolveLink(link));
    const file = target && (target.kind === 'page' || target.kind === 'file' ? target.file : undefined);
    return file ? { uri: joinUri(state.rootUri, file), range: START } : undefined;
  }
  if (key === '$ref') {
    const uri = resolveInside(state.rootUri, dirnameUri(document.uri), value.split('#')[0]);
    return uri ? { uri, range: START } : undefined;
  }
  return undefined;
}

export async function docsJsonLinks(document: ConfigDocument, state: SiteState): Promise<DocumentLink[]> {
  if (!document.root) return [];
  const links: DocumentLink[] = [];
  const lines = document.lines;
  const visit = async (node: JsonNode, path: Segment[]) => {
    if (node.type === 'string') {
      const target = await targetOfJsonString(node, path, document, state);
      if (target) {
        const fragment = target.range.start.line > 0 ? `#L${target.range.start.line + 1}` : '';
        links.push({
          range: { start: lines.positionAt(node.offset + 1), end: lines.positionAt(node.offset + node.length - 1) },
          target: target.uri + fragment,
        });
      }
      return;
    }
    if (node.type === 'object')
      for (const property of node.children ?? [])
        if (property.children?.[1]) await visit(property.children[1], [...path, String(property.children[0].value)]);
    if (node.type === 'array') for (const [index, item] of (node.children ?? []).entries()) await visit(item, [...path, index]);
  };
  await visit(document.root, []);
  return links;
}

export async function docsJsonDefinition(document: ConfigDocument, offset: number, state: SiteState): Promise<Location[]> {
  const chain = nodeChainAt(document.root, offset);
  const node = chain[chain.length - 1];
  if (!node || isKeyInChain(chain)) return [];
  const target = await targetOfJsonString(node, pathOfChain(chain), document, state);
  return target ? [target] : [];
}

/** In a page: `openapi:` opens the spec at the operation; a body link opens its target at the heading. */
export async function pageDefinition(document: PageDocument, offset: number, state: SiteState, read: PageReader): Promise<Location[]> {
  if (offset >= document.frontMatter.bodyOffset)
    return variableDefinition(document, offset, state) ?? bodyLinkDefinition(document, offset, state, read);
  const entry = document.frontMatter.entries.get('openapi');
  if (!entry || typeof entry.value !== 'string' || offset < entry.valueOffset || offset > entry.valueOffset + entry.valueLength) return [];
  const found = await lookupOperation(state, entry.value, undefined, dirnameUri(document.uri));
  if (!found || !state.context) return [];
  const at = await operationPosition(found.spec, found.operation, state.context.workspace);
  return [{ uri: found.spec.uri, range: { start: at, end: at } }];
}

export async function pageLinks(document: PageDocument, state: SiteState, read: PageReader): Promise<DocumentLink[]> {
  const body = await bodyDocumentLinks(document, state, read);
  const entry = document.frontMatter.entries.get('openapi');
  if (!entry) return body;
  const [location] = await pageDefinition(document, entry.valueOffset, state, read);
  if (!location) return body;
  return [
    ...body,
    {
      range: { start: document.lines.positionAt(entry.valueOffset), end: document.lines.positionAt(entry.valueOffset + entry.valueLength) },
      target: `${location.uri}#L${location.range.start.line + 1}`,
    },
  ];
}
