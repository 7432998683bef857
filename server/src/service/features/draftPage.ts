import type { WorkspaceEdit } from 'vscode-languageserver-types';
import type { SiteState } from '../session/siteState';
import { joinUri } from '../uri';
import { appendToArray, toTextEdits } from './jsonEdits';
import { rankGroupsFor } from './navigationGroups';

export interface DraftPageRequest {
  /** The new page's id (path without extension, relative to the docs root). */
  pageId: string;
  /** `.mdx` (default) or `.md`. */
  extension?: string;
  content: string;
  /** The page whose navigation group the new page joins; without it (or when it is not listed), the best group for the new page's folder. */
  nearPageId?: string;
  /** The group the author chose (an index of the navigation's `pages` arrays: see draftPlacesFor); before `nearPageId`. */
  group?: number;
}

/**
 * Creates a page and lists it in the navigation group of a neighbouring page, in one workspace edit
 * (the editor applies it as one undoable change). Undefined when the page exists or no group can take it.
 */
export function draftPageEdit(state: SiteState, request: DraftPageRequest): WorkspaceEdit | undefined {
  const site = state.context;
  if (!site || !isSafePageId(request.pageId) || !['.mdx', '.md', undefined].includes(request.extension)) return undefined;
  const relative = `${request.pageId}${request.extension ?? '.mdx'}`;
  if (site.files.pages.has(request.pageId) || site.files.files.has(relative)) return undefined;
  const groups = site.navigation.groups;
  const near = request.nearPageId
    ? site.navigation.pages.find((entry) => entry.page.id === request.nearPageId && !entry.isRoot)
    : undefined;
  const holding = near
    ? groups.find((group) => (group.pages.children ?? []).some((child) => child.uri === near.node.uri && child.offset === near.node.offset))
    : undefined;
  const chosen = request.group === undefined ? undefined : groups[request.group];
  const group = chosen ?? holding ?? rankGroupsFor(request.pageId, groups)[0];
  const target = group && state.configDocuments.get(group.pages.uri);
  if (!group || !target) return undefined;
  const uri = joinUri(state.rootUri, relative);
  return {
    documentChanges: [
      { kind: 'create', uri, options: { ignoreIfExists: false } },
      {
        textDocument: { uri, version: null },
        edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: request.content }],
      },
      {
        textDocument: { uri: target.uri, version: null },
        edits: toTextEdits(target.lines, appendToArray(target.text, group.pages, [request.pageId])),
      },
    ],
  };
}

/**
 * A page id that stays inside the docs root: relative segments of letters, digits and `-_.` only (no
 * `..`, no absolute path, no backslash or drive letter). The client sends ids it made; a hostile
 * client must not get an edit that creates a file elsewhere.
 */
export function isSafePageId(pageId: string): boolean {
  return pageId !== '' && pageId.split('/').every((segment) => /^[\p{L}\p{N}_.-]+$/u.test(segment) && segment !== '.' && segment !== '..');
}
