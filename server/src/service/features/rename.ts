import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { child, items } from '../docsJson/jsonTree';
import { pageId } from '../siteFiles';
import type { SiteState } from '../siteState';
import { relativeUri } from '../uri';
import { addPropertyAt, appendToArrayAt, toTextEdits } from './jsonEdits';
import { appendAll } from '../arrays';

export interface FileRename {
  oldUri: string;
  newUri: string;
}

export interface RenamePlan {
  /** Edits of navigation entries (docs.json and `$ref` files); empty when nothing names the files. */
  edit: WorkspaceEdit;
  /** Page paths renamed (`/old` → `/new`), for redirects. */
  moved: { from: string; to: string }[];
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
  if (!site) return { edit: { changes }, moved };
  const mapping: { oldId: string; newId: string; folder: boolean }[] = [];
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
      const text = site.sink.sources.text(entry.node.uri);
      if (text === undefined) continue;
      const newValue = JSON.stringify(leading + renamed + extension);
      appendAll(
        (changes[entry.node.uri] ??= []),
        toTextEdits(entry.node.uri, text, [{ offset: entry.node.offset, length: entry.node.length, content: newValue }]),
      );
      if (!entry.isRoot && !moved.some((m) => m.from === `/${id}`)) moved.push({ from: `/${id}`, to: `/${renamed}` });
      break;
    }
  }
  return { edit: { changes }, moved };
}

/** Appends `redirects` entries to docs.json (adding the array when there is none). */
export function redirectEdits(state: SiteState, moved: { from: string; to: string }[]): TextEdit[] {
  const site = state.context;
  const text = site?.sink.sources.text(state.docsJsonUri);
  if (!site || text === undefined || moved.length === 0) return [];
  const existing = child(site.config, 'redirects');
  const known = new Set(items(existing).map((entry) => String(child(entry, 'source')?.value ?? '')));
  const fresh = moved.filter((m) => !known.has(m.from)).map((m) => ({ source: m.from, destination: m.to }));
  if (fresh.length === 0) return [];
  if (existing && existing.uri !== state.docsJsonUri) return []; // redirects live in a $ref file: leave it to the author
  if (existing?.type !== 'array') return toTextEdits(state.docsJsonUri, text, addPropertyAt(text, site.config.offset, 'redirects', fresh));
  // Appending one after another: apply each to the text so the next follows the same style.
  let updated = text;
  for (const redirect of fresh) updated = applyEdits(updated, appendToArrayAt(updated, existing.offset, redirect));
  const prefix = commonPrefix(text, updated);
  const suffix = commonSuffix(text.slice(prefix), updated.slice(prefix));
  return toTextEdits(state.docsJsonUri, text, [
    { offset: prefix, length: text.length - prefix - suffix, content: updated.slice(prefix, updated.length - suffix) },
  ]);
}

function applyEdits(text: string, edits: { offset: number; length: number; content: string }[]): string {
  return [...edits]
    .sort((a, b) => b.offset - a.offset)
    .reduce((result, edit) => result.slice(0, edit.offset) + edit.content + result.slice(edit.offset + edit.length), text);
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

function commonSuffix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[a.length - 1 - i] === b[b.length - 1 - i]) i++;
  return i;
}
