import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from './cancellation';
import { checkSiteWithSettings, type CheckSiteOptions, type SiteCheckResult } from './session/checkSite';
import { createEditorFeatures, type EditorFeatures } from './editorFeatures';
import { SpecStore } from './openapi/specStore';
import { ParsedDocuments } from './documents/parsedDocuments';
import { linkedPagesOf } from './links/linkedPages';
import { PageDiagnostics } from './session/pageDiagnostics';
import { applySeverities, type LanguageServiceSettings } from './settings';
import { SiteStates } from './session/siteStates';
import { asRequests, StateReaders, type TokenPlace } from './session/stateReaders';
import type { SiteState } from './session/siteState';
import { checkedPageFiles } from './site/siteFiles';
import { dirnameUri, joinUri } from './uri';
import { findDocsRootAbove, findDocsRootsBelow } from './site/docsRoots';
import { siteMapOf, type SiteMap } from './siteIndex/siteMap';
import { buildPageIndex, type PageIndex } from './siteIndex/pageIndex';
import { draftPageEdit, type DraftPageRequest } from './features/draftPage';
import { draftPlacesFor, type DraftPlace } from './features/navigationGroups';
import type { WorkspaceEdit } from 'vscode-languageserver-types';
import { navigationQueries, type NavigationQueries } from './navigationView/navigationQueries';
import type { DocsWorkspace, FileChange } from './workspace';

export interface LanguageServiceOptions {
  workspace: DocsWorkspace;
  settings?: LanguageServiceSettings;
  /**
   * False for a service that only maps and indexes sites (gap review: the CLI's `gaps`, the worker
   * thread): sites load without running the docs.json rules, so their diagnostics are incomplete.
   */
  checks?: boolean;
  /**
   * The editor's workspace folders: a file inside one belongs to the outermost docs root between it
   * and the folder, as `docsmith check` of the folder finds it (see {@link findDocsRootAbove}).
   */
  folders?: () => readonly string[];
}

export type { FileChange } from './workspace';

export interface DocsLanguageService extends EditorFeatures, NavigationQueries {
  /** Checks a whole docs root (the folder holding docs.json): docs.json, its `$ref` files, every page. */
  checkSite(
    rootUri: string,
    options: Pick<CheckSiteOptions, 'token' | 'cache' | 'pages' | 'shares' | 'pagesDone'> & { token: Cancellation },
  ): Promise<SiteCheckResult>;
  /** The docs root a file belongs to: the folder above it (or itself) holding docs.json, as {@link findDocsRootAbove} finds it. */
  findDocsRoot(uri: string, token: Cancellation): Promise<string | undefined>;
  /** The docs roots in or below a folder (a monorepo may hold several), sorted. */
  findDocsRoots(folderUri: string, token: Cancellation): Promise<string[]>;
  /** The files of a docs root that have diagnostics: its configuration files, then its pages and snippets. */
  listDiagnosedFiles(rootUri: string, token: Cancellation): Promise<string[]>;
  /** The diagnostics of one file of a site, or undefined when the file belongs to no docs site. */
  getDiagnostics(uri: string, token: Cancellation): Promise<Diagnostic[] | undefined>;
  /** What mapping cited URLs to local files needs of the site a file belongs to; undefined outside any site. */
  getSiteMap(uri: string, token: Cancellation): Promise<SiteMap | undefined>;
  /** Every page of the navigation of the site a file belongs to, in sections with title and description (for ranking pages); undefined outside any site. */
  getPageIndex(uri: string, token: Cancellation): Promise<PageIndex | undefined>;
  /** The 0-based line of a page's heading or element that `#anchor` reaches (by the page's one anchor rule); undefined when none does. */
  getAnchorLine(uri: string, anchor: string, token: Cancellation): Promise<number | undefined>;
  /** The navigation groups a new page (`pageId`) can be listed in, the best guess first, each with the folder its pages are in. */
  getDraftPlaces(rootUri: string, pageId: string, token: Cancellation): Promise<DraftPlace[]>;
  /** Creates a page and lists it beside a neighbour in the navigation, as one edit; undefined when it cannot (the page exists, no group). */
  getDraftPageEdit(rootUri: string, request: DraftPageRequest, token: Cancellation): Promise<WorkspaceEdit | undefined>;
  /** Tells the service a file changed (an edit, or a file event from disk), so caches are dropped. */
  didChange(uri: string, change: FileChange): void;
  updateSettings(settings: LanguageServiceSettings): void;
  readonly workspace: DocsWorkspace;
}

/** What the service's own tests may look at besides the public interface. */
export interface LanguageServiceInternals {
  /** The cached state of a docs root (loaded when missing or out of date). */
  getSiteState(rootUri: string, token: Cancellation): Promise<SiteState>;
}

/**
 * The pure language service: everything it knows comes through the injected workspace, so the LSP
 * server, the CLI and the tests all run the same checks. It keeps the parsed configuration of each
 * docs root and the diagnostics of each page until a change says they are out of date.
 */
export function createLanguageService(options: LanguageServiceOptions): DocsLanguageService & LanguageServiceInternals {
  const { workspace } = options;
  let settings: LanguageServiceSettings = options.settings ?? {};
  const specs = new SpecStore(workspace);
  const documents = new ParsedDocuments();
  // The anchors and exports of linked files, kept across states until the file changes.
  const linkedPages = linkedPagesOf(workspace, (uri, text, variables) => documents.pageOnce(uri, text, variables));
  // Who still reads each state: the incremental docs.json path patches only a state nobody holds.
  const readers = new StateReaders();
  const states = new SiteStates(workspace, specs, documents, linkedPages, () => settings, readers, options.checks !== false);
  const pages = new PageDiagnostics(workspace, documents);
  const roots = new Map<string, Promise<string | undefined>>();
  const getSiteState = (rootUri: string, token: Cancellation) => states.get(rootUri, token);
  const findDocsRoot = async (uri: string, token: Cancellation): Promise<string | undefined> => {
    if (typeof uri !== 'string') return undefined; // a malformed request: no file, no site
    const folders = options.folders?.() ?? [];
    // Per folder (and workspace folders, which a user may add or remove), shared by every request
    // about the folder's files; each stops on its own token.
    const key = `${dirnameUri(uri)}\u0000${folders.join('\u0000')}`;
    let root = roots.get(key);
    if (!root) roots.set(key, (root = findDocsRootAbove(workspace, uri, folders)));
    const found = await root;
    throwIfCancelled(token);
    return found;
  };
  const getDiagnostics = async (uri: string, token: Cancellation): Promise<Diagnostic[] | undefined> => {
    const rootUri = await findDocsRoot(uri, token);
    if (!rootUri) return undefined;
    const state = await getSiteState(rootUri, token);
    const config = state.configDiagnostics.get(uri);
    if (config || state.configFiles.includes(uri)) return applySeverities(config ?? [], settings);
    const page = await pages.get(state, uri, token);
    return page && applySeverities(page, settings);
  };

  return asRequests(
    {
      ...createEditorFeatures(workspace, documents, findDocsRoot, getSiteState, getDiagnostics),
      workspace,
      getSiteState,
      findDocsRoot,
      findDocsRoots: (folderUri, token) => findDocsRootsBelow(workspace, folderUri, token),
      ...gapQueries(workspace, documents, findDocsRoot, getSiteState),
      ...navigationQueries(() => ({ getSiteState, findDocsRoot, knownDiagnostics: (uri) => pages.known(uri), workspace, specs, settings })),
      checkSite: (rootUri, options) => checkSiteWithSettings(rootUri, { workspace, specs, settings, ...options }),
      async listDiagnosedFiles(rootUri, token) {
        const state = await getSiteState(rootUri, token);
        const files = state.context?.files;
        const pages = files ? checkedPageFiles(files).map(({ relative }) => joinUri(rootUri, relative)) : [];
        return [...state.configFiles, ...pages];
      },
      getDiagnostics,
      didChange(uri, change) {
        pages.forget(uri);
        linkedPages.forget(uri);
        // A docs root appears or goes only with its docs.json; an edit of one changes no root.
        if (change !== 'changed') roots.clear();
        states.didChange(uri, change);
      },
      updateSettings(next) {
        settings = next;
        documents.clear();
        linkedPages.clear();
        states.clear();
        pages.clear();
      },
    } satisfies DocsLanguageService & LanguageServiceInternals,
    readers,
    TOKEN_PLACES,
  );
}

/**
 * Where each method takes its request's token (see asRequests): the compiler checks each place, and
 * that no method is left out, so a request cannot lose its guard to an argument added after the token.
 */
const TOKEN_PLACES = {
  checkSite: 'options',
  findDocsRoot: 1,
  findDocsRoots: 1,
  listDiagnosedFiles: 1,
  getDiagnostics: 1,
  getSiteMap: 1,
  getPageIndex: 1,
  getAnchorLine: 2,
  getDraftPlaces: 2,
  getDraftPageEdit: 2,
  getNavigationLevel: 2,
  getNavigationPath: 2,
  getNavigationEdit: 2,
  getNavigationTargets: 1,
  didChange: 'none',
  updateSettings: 'none',
  workspace: 'none',
  getSiteState: 1,
  doComplete: 2,
  doHover: 2,
  findDocumentLinks: 1,
  findDefinition: 2,
  getCodeActions: 3,
  planRename: 1,
  prepareRename: 2,
  rename: 3,
  redirectEdits: 2,
} as const satisfies { [K in keyof (DocsLanguageService & LanguageServiceInternals)]: TokenPlace };

/** What gap review asks of a site: its map and page index, a heading's line, where a drafted page goes and its edit. */
function gapQueries(
  workspace: DocsWorkspace,
  documents: ParsedDocuments,
  findDocsRoot: (uri: string, token: Cancellation) => Promise<string | undefined>,
  getSiteState: (rootUri: string, token: Cancellation) => Promise<SiteState>,
): Pick<DocsLanguageService, 'getSiteMap' | 'getPageIndex' | 'getAnchorLine' | 'getDraftPlaces' | 'getDraftPageEdit'> {
  return {
    async getSiteMap(uri, token) {
      const rootUri = await findDocsRoot(uri, token);
      if (rootUri === undefined) return undefined;
      const map = await siteMapOf(await getSiteState(rootUri, token));
      throwIfCancelled(token);
      return map;
    },
    async getPageIndex(uri, token) {
      const rootUri = await findDocsRoot(uri, token);
      return rootUri === undefined
        ? undefined
        : buildPageIndex(await getSiteState(rootUri, token), workspace, token, (uri, text) => documents.pageOnce(uri, text));
    },
    async getAnchorLine(uri, anchor, token) {
      const text = await workspace.readFile(uri).catch(() => undefined);
      throwIfCancelled(token);
      return text === undefined ? undefined : (await documents.preparedPage(uri, text, token)).anchorLine(anchor);
    },
    async getDraftPlaces(rootUri, pageId, token) {
      const state = await getSiteState(rootUri, token);
      return draftPlacesFor(pageId, state.context?.navigation.groups ?? []);
    },
    async getDraftPageEdit(rootUri, request, token) {
      const edit = draftPageEdit(await getSiteState(rootUri, token), request);
      // A folder on the way that links out of the root (a committed symlink) would put the page outside it.
      if (!edit) return undefined;
      const inside = await staysInside(workspace, rootUri, request.pageId);
      throwIfCancelled(token);
      return inside ? edit : undefined;
    },
  };
}

/** Whether the folder a new page `pageId` goes into is inside the root once links are followed (the deepest one that exists). */
async function staysInside(workspace: DocsWorkspace, rootUri: string, pageId: string): Promise<boolean> {
  const folders = pageId.split('/').slice(0, -1);
  for (let depth = folders.length; depth > 0; depth--) {
    const folder = joinUri(rootUri, folders.slice(0, depth).join('/'));
    if ((await workspace.stat(folder))?.kind === 'directory') return (await workspace.realPathInside?.(folder, rootUri)) !== false;
  }
  return true;
}
