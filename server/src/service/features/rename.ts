import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { child, items } from '../json/jsonTree';
import { pageId, resolvePageId } from '../site/siteFiles';
import { trimEndOf } from '../../common/text';
import type { SiteState } from '../session/siteState';
import { relativeUri } from '../uri';
import { addProperty, appendToArray, toTextEdits } from './jsonEdits';
import { appendAll } from '../../common/arrays';
import { followMove, type MovedPath } from './linkRename';

export interface FileRename {
  oldUri: string;
  newUri: string;
}

export interface RenamePlan {
  /** Edits of navigation entries (docs.json and `$ref` files); empty when nothing names the files. */
  edit: WorkspaceEdit;
  /** Page paths renamed (`/old` → `/new`), for redirects. */
  moved: { from: string; to: string }[];
  /** The pages and folders that move, for the links in page bodies. */
  paths: MovedPath[];
}

/**
 * What renaming or moving pages (or a folder of them) means for navigation: each entry naming an old
 * page is rewritten to the new id, keeping the entry's own form (a leading `/`, an extension), with
 * edits that touch only the string.
 */
export function planRename(state: SiteState, renames: FileRename[]): RenamePlan {
  const site = state.context;
  const changes: Record<string, TextEdit[]> = {};
  const moved: RenamePlan['moved'] = [];
  const mapping: MovedPath[] = [];
  if (!site) return { edit: { changes }, moved, paths: mapping };
  for (const { oldUri, newUri } of renames) {
    const oldRelative = relativeUri(state.rootUri, oldUri);
    const newRelative = relativeUri(state.rootUri, newUri);
    if (oldRelative === undefined || newRelative === undefined) continue;
    const oldId = pageId(oldRelative);
    const newId = pageId(newRelative);
    if (oldId !== undefined && newId !== undefined) mapping.push({ oldId, newId, folder: false });
    else if (oldId === undefined && !/\.\w+$/.test(oldRelative))
      mapping.push({ oldId: oldRelative.replace(/\/$/, ''), newId: newRelative.replace(/\/$/, ''), folder: true });
  }
  for (const entry of site.navigation.pages) {
    const { id, leading = '', extension = '' } = entry.page;
    for (const { oldId, newId, folder } of mapping) {
      const renamed = folder ? (id.startsWith(oldId + '/') ? newId + id.slice(oldId.length) : undefined) : id === oldId ? newId : undefined;
      if (renamed === undefined) continue;
      const document = state.configDocuments.get(entry.node.uri);
      if (!document) continue;
      const newValue = JSON.stringify(leading + renamed + extension);
      appendAll(
        (changes[entry.node.uri] ??= []),
        toTextEdits(document.lines, [{ offset: entry.node.offset, length: entry.node.length, content: newValue }]),
      );
      // A redirect is offered from a path that served a page: not from an entry that named none (a page a
      // build step makes from a notebook, say, which Docsmith cannot see published).
      const published = resolvePageId(site.files.pages, id) !== undefined;
      if (!entry.isRoot && published && !moved.some((m) => m.from === `/${id}`)) moved.push({ from: `/${id}`, to: `/${renamed}` });
      break;
    }
  }
  redirectDestinationEdits(state, mapping, changes);
  return { edit: { changes }, moved, paths: mapping };
}

/**
 * Redirects that send to a page (or into a folder) that moves now send to where it goes: a redirect
 * left on the old path would send to nothing. Destinations that are URLs, that reuse what the source
 * matched (`:slug`), or that reached no page or file, are left as they are.
 */
function redirectDestinationEdits(state: SiteState, mapping: readonly MovedPath[], changes: Record<string, TextEdit[]>): void {
  const site = state.context!;
  const base = site.links.basePath();
  const targets = site.links.targets();
  for (const entry of items(child(site.config, 'redirects'))) {
    const node = child(entry, 'destination');
    if (node?.type !== 'string' || typeof node.value !== 'string') continue;
    const destination = node.value;
    if (URL.canParse(destination) || /[:*]/.test(destination)) continue;
    const end = destination.search(/[?#]|$/);
    const path = destination.slice(0, end).replace(/^\/+/, '');
    const slash = path.endsWith('/') ? '/' : '';
    const renamed = followMove(targets, trimEndOf(path, '/'), base, mapping);
    const document = state.configDocuments.get(node.uri);
    if (renamed === undefined || !document) continue;
    const value = JSON.stringify(`/${renamed}${slash}${destination.slice(end)}`);
    appendAll((changes[node.uri] ??= []), toTextEdits(document.lines, [{ offset: node.offset, length: node.length, content: value }]));
  }
}

/** Appends `redirects` entries to docs.json (adding the array when there is none). */
export function redirectEdits(state: SiteState, moved: { from: string; to: string }[]): TextEdit[] {
  const site = state.context;
  const document = state.configDocuments.get(state.docsJsonUri);
  if (!site || !document?.root || moved.length === 0) return [];
  const existing = child(site.config, 'redirects');
  const known = new Set(items(existing).map((entry) => String(child(entry, 'source')?.value ?? '')));
  // On a site served under a base path (`/docs`), its redirects are written with it.
  const base = site.links.basePath();
  const served = (path: string) => (base === undefined ? path : `/${base}${path}`);
  const fresh = moved.map((m) => ({ source: served(m.from), destination: served(m.to) })).filter((redirect) => !known.has(redirect.source));
  if (fresh.length === 0) return [];
  if (existing && existing.uri !== state.docsJsonUri) return []; // redirects live in a $ref file: leave it to the author
  const edits =
    existing?.type === 'array'
      ? appendToArray(document.text, existing, fresh)
      : addProperty(document.text, document.root, 'redirects', fresh);
  return toTextEdits(document.lines, edits);
}
