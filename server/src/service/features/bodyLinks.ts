import type { DocumentLink, Hover, Location, Range } from 'vscode-languageserver-types';
import type { PageDocument } from '../documents/pageDocument';
import type { PageReader } from '../documents/parsedDocuments';
import { bodyLinkPath } from '../links/linkPath';
import type { LinkTarget } from '../links/linkTargets';
import type { GeneratedPage } from '../links/generatedPages';
import { operationPosition } from '../openapi/spec';
import type { BodyLink } from '../mdx/bodyScan';
import type { SiteState } from '../session/siteState';
import { resolvePageId } from '../site/siteFiles';
import { joinUri, relativeUri } from '../uri';

/** Where a link of a page body leads: the file of the docs root, and the `#anchor` in it. */
export interface BodyLinkTarget {
  link: BodyLink;
  /** The file (a page or any other file), relative to the docs root. */
  file: string;
  anchor?: string;
  /** The page is reached through `redirects`. */
  redirected: boolean;
  /** A page the platform generates from an OpenAPI operation: `file` is its spec. */
  operation?: GeneratedPage;
}

/** The body link under the cursor (its URL), if any. */
export function bodyLinkAt(document: PageDocument, offset: number): BodyLink | undefined {
  return document.body().links.find((link) => offset >= link.offset && offset <= link.offset + link.length);
}

/** The file a body link reaches, following redirects; undefined for external links and links to nothing. */
export async function resolveBodyLink(document: PageDocument, link: BodyLink, state: SiteState): Promise<BodyLinkTarget | undefined> {
  const links = state.links;
  const relative = relativeUri(state.rootUri, document.uri);
  if (!links || relative === undefined) return undefined;
  const path = bodyLinkPath(link.url, relative);
  if (!path) return undefined;
  if (path.samePage) return { link, file: relative, anchor: path.anchor, redirected: false };
  let target: LinkTarget | { kind: 'external' } | undefined = await links.resolveLink(path);
  let redirected = false;
  while (target?.kind === 'redirect') {
    redirected = true;
    target = target.target;
  }
  if (target?.kind === 'page') return { link, file: target.file, anchor: path.anchor, redirected };
  if (target?.kind === 'file') return { link, file: target.file, redirected };
  if (target?.kind === 'generated' && target.page) {
    const spec = relativeUri(state.rootUri, target.page.spec.uri);
    return spec === undefined ? undefined : { link, file: spec, redirected, operation: target.page };
  }
  // A folder without an index page, and the home page of a site without one: the page a reader lands on.
  const landing =
    target?.kind === 'folder'
      ? firstPage(state, `${target.folder}/`)
      : target?.kind === 'generated' && path.path === ''
        ? firstPage(state, '')
        : undefined;
  return landing === undefined ? undefined : { link, file: landing, redirected };
}

/** The first page the navigation lists under a folder (`''`: anywhere), else the folder's first page file. */
function firstPage(state: SiteState, folder: string): string | undefined {
  const site = state.context;
  if (!site) return undefined;
  for (const entry of site.navigation.pages) {
    const id = entry.page.id;
    const file = id.startsWith(folder) ? site.files.pages.get(resolvePageId(site.files.pages, id) ?? '\0') : undefined;
    if (file !== undefined) return file;
  }
  return folder === '' ? undefined : [...site.files.pages.values()].filter((file) => file.startsWith(folder)).sort()[0];
}

/** Go to definition on a body link: the target file, at the heading its `#anchor` names. */
export async function bodyLinkDefinition(document: PageDocument, offset: number, state: SiteState, read: PageReader): Promise<Location[]> {
  const link = bodyLinkAt(document, offset);
  if (!link) return [];
  const target = await resolveBodyLink(document, link, state);
  if (!target) return [];
  return [await locationOf(target, document, state, read)];
}

async function locationOf(target: BodyLinkTarget, document: PageDocument, state: SiteState, read: PageReader): Promise<Location> {
  const uri = joinUri(state.rootUri, target.file);
  if (target.operation && state.context) {
    const at = await operationPosition(target.operation.spec, target.operation.operation, state.context.workspace);
    return { uri, range: { start: at, end: at } };
  }
  const page = !target.anchor ? undefined : uri === document.uri ? document : await read(uri);
  const line = (target.anchor && page?.anchorLine(target.anchor)) || 0;
  return { uri, range: { start: { line, character: 0 }, end: { line, character: 0 } } };
}

/** Hover on a body link: the target page's title, description and file (or the file it names). */
export async function bodyLinkHover(document: PageDocument, offset: number, state: SiteState, read: PageReader): Promise<Hover | null> {
  const link = bodyLinkAt(document, offset);
  if (!link) return null;
  const range: Range = { start: document.lines.positionAt(link.offset), end: document.lines.positionAt(link.offset + link.length) };
  const target = await resolveBodyLink(document, link, state);
  if (!target) return null;
  const via = target.redirected ? '\n\nReached through a redirect in docs.json.' : '';
  if (target.operation) {
    const { operation } = target.operation;
    const name = `${operation.method} ${operation.path}`;
    const summary = operation.summary ? `**${operation.summary}**\n\n` : '';
    return { contents: { kind: 'markdown', value: `${summary}API page of \`${name}\`, generated from \`${target.file}\`${via}` }, range };
  }
  if (!/\.mdx?$/i.test(target.file)) return { contents: { kind: 'markdown', value: `File \`${target.file}\`${via}` }, range };
  const uri = joinUri(state.rootUri, target.file);
  const data = (uri === document.uri ? document : await read(uri))?.frontMatter.data ?? {};
  const title = typeof data.title === 'string' ? data.title : target.file;
  const description = typeof data.description === 'string' ? `\n\n${data.description}` : '';
  const anchor = target.anchor ? ` \`#${target.anchor}\`` : '';
  return { contents: { kind: 'markdown', value: `**${title}**${description}\n\n\`${target.file}\`${anchor}${via}` }, range };
}

/** Every body link that reaches a file, as a document link (Ctrl+click), at the heading for anchors. */
export async function bodyDocumentLinks(document: PageDocument, state: SiteState, read: PageReader): Promise<DocumentLink[]> {
  const links: DocumentLink[] = [];
  for (const link of document.body().links) {
    const target = await resolveBodyLink(document, link, state);
    if (!target || (target.file === relativeUri(state.rootUri, document.uri) && !target.anchor)) continue;
    const location = await locationOf(target, document, state, read);
    links.push({
      range: { start: document.lines.positionAt(link.offset), end: document.lines.positionAt(link.offset + link.length) },
      target: location.range.start.line > 0 ? `${location.uri}#L${location.range.start.line + 1}` : location.uri,
    });
  }
  return links;
}
