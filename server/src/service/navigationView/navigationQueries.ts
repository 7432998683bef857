import type { WorkspaceEdit } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from '../cancellation';
import type { SiteState } from '../session/siteState';
import { resolvePageId } from '../site/siteFiles';
import { relativeUri } from '../uri';
import { refusal, type EditCheckInputs } from './editCheck';
import { navigationLevel, orphanFiles } from './navigationLevel';
import { planNavigationEdit, type NavigationEdit } from './navigationEdits';
import { navigationTargets, NOT_IN_NAVIGATION, scopeOf, treeOf, type NavigationLevel, type NavigationTarget } from './navigationItems';
import type { NavigationNode } from '../docsJson/navigation';
import type { Diagnostic } from 'vscode-languageserver-types';

/** An edit of the navigation, planned: the workspace edit to apply, or why it is refused. */
export type NavigationEditAnswer = { edit: WorkspaceEdit; created?: string } | { refused: string };

/** The Navigation view's requests, as service methods (each with its token): one level of the tree, a page's place in it, an edit. */
export interface NavigationQueries {
  /** The children of a node of the view (`parent`), or its first level (the `scope` chosen: a language, version or product id). */
  getNavigationLevel(rootUri: string, params: { parent?: string; scope?: string }, token: Cancellation): Promise<NavigationLevel>;
  /** The ids from the first level down to a page's entry (in the scope shown when it is listed there), or to it under "Not in navigation". */
  getNavigationPath(uri: string, scope: string | undefined, token: Cancellation): Promise<string[] | undefined>;
  /** Every place a page or group can go, in order, each named by the labels above it (for "Move to…" and "Add to Navigation…"). */
  getNavigationTargets(rootUri: string, token: Cancellation): Promise<NavigationTarget[]>;
  /** Plans an edit of the navigation and checks that the platform would take the result. */
  getNavigationEdit(rootUri: string, request: NavigationEdit, token: Cancellation): Promise<NavigationEditAnswer>;
}

export interface NavigationDeps extends EditCheckInputs {
  getSiteState(rootUri: string, token: Cancellation): Promise<SiteState>;
  findDocsRoot(uri: string, token: Cancellation): Promise<string | undefined>;
  knownDiagnostics(uri: string): Diagnostic[] | undefined;
}

export function navigationQueries(deps: () => NavigationDeps): NavigationQueries {
  return {
    async getNavigationLevel(rootUri, params, token) {
      const state = await deps().getSiteState(rootUri, token);
      const level = await navigationLevel({ state, token, knownDiagnostics: deps().knownDiagnostics }, params?.parent, params?.scope);
      throwIfCancelled(token);
      return level;
    },
    async getNavigationPath(uri, scope, token) {
      const rootUri = await deps().findDocsRoot(uri, token);
      if (rootUri === undefined) return undefined;
      const state = await deps().getSiteState(rootUri, token);
      const relative = relativeUri(rootUri, uri);
      const site = state.context;
      if (!site || relative === undefined) return undefined;
      const orphan = orphanFiles(state).indexOf(relative);
      if (orphan >= 0) return [NOT_IN_NAVIGATION, `${NOT_IN_NAVIGATION}/${orphan}`];
      const tree = treeOf(state);
      const shown = scopeOf(tree, scope).id;
      const id = pathTo(
        tree,
        (node) => {
          const listed = node.page && resolvePageId(site.files.pages, node.page.page.id);
          return listed !== undefined && site.files.pages.get(listed) === relative;
        },
        shown,
      );
      return id === undefined ? undefined : chainBelow(id, shown);
    },
    async getNavigationTargets(rootUri, token) {
      const state = await deps().getSiteState(rootUri, token);
      return state.context && !state.configBroken ? navigationTargets(treeOf(state)) : [];
    },
    async getNavigationEdit(rootUri, request, token) {
      const state = await deps().getSiteState(rootUri, token);
      const planned = planNavigationEdit(state, request);
      if ('refused' in planned) return planned;
      const why = await refusal(state, planned.site, deps(), token);
      throwIfCancelled(token);
      return why === undefined ? { edit: planned.edit, ...(planned.created && { created: planned.created }) } : { refused: why };
    },
  };
}

/** The id of the first node (depth first, in order) that matches, inside the scope shown when one there does. */
function pathTo(tree: NavigationNode, matches: (node: NavigationNode) => boolean, scope: string): string | undefined {
  let first: string | undefined;
  const visit = (node: NavigationNode, id: string): string | undefined => {
    if (matches(node)) {
      if (scope === '' || id.startsWith(`${scope}/`)) return id;
      first ??= id;
    }
    for (const [at, child] of node.children.entries()) {
      const found = visit(child, id === '' ? String(at) : `${id}/${at}`);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return visit(tree, '') ?? first;
}

/** The ids of the nodes from the first level shown (the children of `scope`) down to `id`. */
function chainBelow(id: string, scope: string): string[] {
  const parts = id.split('/');
  const start = scope === '' ? 1 : scope.split('/').length + 1;
  if (scope !== '' && !id.startsWith(`${scope}/`)) return parts.map((_, at) => parts.slice(0, at + 1).join('/'));
  return parts.slice(start - 1).map((_, at) => parts.slice(0, start + at).join('/'));
}
