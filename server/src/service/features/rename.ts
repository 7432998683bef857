import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { child, items } from '../docsJson/jsonTree';
import { pageId } from '../site/siteFiles';
import type { SiteState } from '../site/siteState';
import { relativeUri } from '../uri';
import { addProperty, appendToArray, toTextEdits } from './jsonEdits';
import { appendAll } from '../../common/arrays';
import type { MovedPath } from './linkRename';

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
      if (!entry.isRoot && !moved.some((m) => m.from === `/${id}`)) moved.push({ from: `/${id}`, to: `/${renamed}` });
      break;
    }
  }
  return { edit: { changes }, moved, paths: mapping };
}

/** Appends `redirects` entries to docs.json (adding the array when there is none). */
export function redirectEdits(state: SiteState, moved: { from: string; to: string }[]): TextEdit[] {
  const site = state.context;
  const document = state.configDocuments.get(state.docsJsonUri);
  if (!site || !document?.root || moved.length === 0) return [];
  const existing = child(site.config, 'redirects');
  const known = new Set(items(existing).map((entry) => String(child(entry, 'source')?.value ?? '')));
  const fresh = moved.filter((m) => !known.has(m.from)).map((m) => ({ source: m.from, destination: m.to }));
  if (fresh.length === 0) return [];
  if (existing && existing.uri !== state.docsJsonUri) return []; // redirects live in a $ref file: leave it to the author
  const edits =
    existing?.type === 'array'
      ? appendToArray(document.text, existing, fresh)
      : addProperty(document.text, document.root, 'redirects', fresh);
  return toTextEdits(document.lines, edits);
}
