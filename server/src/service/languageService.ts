import type { Diagnostic } from 'vscode-languageserver-types';
import type { Cancellation } from './cancellation';
import { checkSiteWithSettings, type SiteCheckResult } from './checkSite';
import { createEditorFeatures, type EditorFeatures } from './editorFeatures';
import { SpecStore } from './openapi/specStore';
import { ParsedDocuments } from './documents/parsedDocuments';
import { updateForPageEntryEdit } from './incremental/pageEntryEdit';
import { checkPage } from './pages/checkPage';
import { applySeverities, type LanguageServiceSettings } from './settings';
import { indexSiteFiles, isPublishablePage, pageId, type SiteFiles } from './siteFiles';
import { loadSiteState, type SiteState } from './siteState';
import { dirnameUri, joinUri, relativeUri } from './uri';
import { findDocsRootAbove, findDocsRootsBelow } from './docsRoots';
import { siteMapOf, type SiteMap } from './siteMap';
import type { DocsWorkspace } from './workspace';

export interface LanguageServiceOptions {
  workspace: DocsWorkspace;
  settings?: LanguageServiceSettings;
}

export type FileChange = 'changed' | 'created' | 'deleted';

export interface DocsLanguageService extends EditorFeatures {
  /** Checks a whole docs root (the folder holding docs.json): docs.json, its `$ref` files, every page. */
  checkSite(rootUri: string, token?: Cancellation): Promise<SiteCheckResult>;
  /** The docs root a file belongs to: the nearest folder above it (or itself) holding docs.json. */
  findDocsRoot(uri: string): Promise<string | undefined>;
  /** The docs roots in or below a folder (a monorepo may hold several), sorted. */
  findDocsRoots(folderUri: string, token?: Cancellation): Promise<string[]>;
  /** The diagnostics of one file of a site, or undefined when the file belongs to no docs site. */
  getDiagnostics(uri: string, token?: Cancellation): Promise<Diagnostic[] | undefined>;
  /** What mapping cited URLs to local files needs of the site a file belongs to; undefined outside any site. */
  getSiteMap(uri: string, token?: Cancellation): Promise<SiteMap | undefined>;
  /** Tells the service a file changed (an edit, or a file event from disk), so caches are dropped. */
  didChange(uri: string, change: FileChange): void;
  updateSettings(settings: LanguageServiceSettings): void;
  readonly workspace: DocsWorkspace;
}

/** What the service's own tests may look at besides the public interface. */
export interface LanguageServiceInternals {
  /** The cached state of a docs root (loaded when missing or out of date). */
  getSiteState(rootUri: string, token?: Cancellation): Promise<SiteState>;
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
  const states = new Map<string, Promise<SiteState>>();
  const roots = new Map<string, Promise<string | undefined>>();
  const pageCache = new Map<string, { state: SiteState; mtime: number; diagnostics: Diagnostic[] | undefined }>();
  // The files of each root: kept across edits of docs.json, dropped when files appear or go.
  const fileIndexes = new Map<string, Promise<SiteFiles>>();
  const files = (rootUri: string): Promise<SiteFiles> => cached(fileIndexes, rootUri, () => indexSiteFiles(workspace, rootUri));
  // The last state of each root whose configuration parsed: while docs.json is being edited into
  // shape (a syntax error), pages are still checked against what navigation last listed.
  const lastParsed = new Map<string, SiteState>();
  // The last good state of each root while only docs.json's text has changed since: an edit of one
  // page entry is applied to it (see updateForPageEntryEdit) rather than loading the root again.
  const editable = new Map<string, SiteState>();
  const getSiteState = (rootUri: string, token?: Cancellation): Promise<SiteState> =>
    cached(states, rootUri, async () => {
      const updated = await updateEditable(rootUri);
      if (updated) return updated;
      const good = lastParsed.get(rootUri);
      const parse = (uri: string, text: string) => documents.config(uri, text);
      const state = await loadSiteState(rootUri, { workspace, specs, settings, token, files, parse, stopWhenBroken: good !== undefined });
      if (!state.configBroken) {
        lastParsed.set(rootUri, state);
        editable.set(rootUri, state);
        return state;
      }
      // The syntax errors and the text being typed, over what the configuration last said.
      return good
        ? { ...good, configDiagnostics: state.configDiagnostics, configFiles: state.configFiles, configDocuments: state.configDocuments }
        : state;
    });

  const updateEditable = async (rootUri: string): Promise<SiteState | undefined> => {
    if (!editable.has(rootUri)) return undefined;
    const docsJsonUri = joinUri(rootUri, 'docs.json');
    const text = await workspace.readFile(docsJsonUri).catch(() => undefined);
    // Read after the await: the base may have been used up meanwhile.
    const base = editable.get(rootUri);
    if (text === undefined || !base) return undefined;
    const updated = updateForPageEntryEdit(base, text);
    editable.delete(rootUri);
    if (!updated) return undefined;
    documents.rememberConfig(updated.document);
    lastParsed.set(rootUri, updated.state);
    editable.set(rootUri, updated.state);
    return updated.state;
  };

  const findDocsRoot = (uri: string): Promise<string | undefined> => {
    const folder = dirnameUri(uri);
    let root = roots.get(folder);
    if (!root) roots.set(folder, (root = findDocsRootAbove(workspace, uri)));
    return root;
  };

  const pageDiagnostics = async (state: SiteState, uri: string): Promise<Diagnostic[] | undefined> => {
    const relative = relativeUri(state.rootUri, uri);
    const id = relative === undefined ? undefined : pageId(relative);
    if (relative === undefined || id === undefined || !isPublishablePage(relative) || !state.context) return undefined;
    if (state.context.files.ignoredPages.get(id) === relative) return [];
    const stat = await workspace.stat(uri);
    const mtime = stat?.mtime ?? -1;
    const cached = pageCache.get(uri);
    if (cached && cached.state === state && cached.mtime === mtime) return cached.diagnostics;
    let text: string | undefined;
    try {
      text = await workspace.readFile(uri);
    } catch {
      // An unreadable page is reported by checkPage, which reads it again.
    }
    const diagnostics = await checkPage(state, id, relative, uri, text === undefined ? undefined : documents.page(uri, text));
    pageCache.set(uri, { state, mtime, diagnostics });
    return diagnostics;
  };

  return {
    ...createEditorFeatures(workspace, documents, findDocsRoot, getSiteState),
    workspace,
    getSiteState,
    findDocsRoot,
    findDocsRoots: (folderUri, token) => findDocsRootsBelow(workspace, folderUri, token),
    async getSiteMap(uri, token) {
      const rootUri = await findDocsRoot(uri);
      return rootUri === undefined ? undefined : siteMapOf(await getSiteState(rootUri, token));
    },
    checkSite: (rootUri, token) => checkSiteWithSettings(rootUri, { workspace, specs, settings, token }),
    async getDiagnostics(uri, token) {
      const rootUri = await findDocsRoot(uri);
      if (!rootUri) return undefined;
      const state = await getSiteState(rootUri, token);
      const config = state.configDiagnostics.get(uri);
      if (config || state.configFiles.includes(uri)) return applySeverities(config ?? [], settings);
      const page = await pageDiagnostics(state, uri);
      return page && applySeverities(page, settings);
    },
    didChange(uri, change) {
      pageCache.delete(uri);
      // A docs root appears or goes only with its docs.json; an edit of one changes no root.
      if (change !== 'changed') roots.clear();
      if (change !== 'changed' || uri.endsWith('/.mintignore')) {
        for (const rootUri of [...fileIndexes.keys()]) if (overlaps(uri, rootUri)) fileIndexes.delete(rootUri);
      }
      // Editing a page's text changes that page only; anything else (docs.json, a $ref file, a spec,
      // .mintignore, a file created or deleted) may change what the whole site reports.
      if (change === 'changed' && /\.mdx?$/i.test(uri)) return;
      for (const rootUri of [...states.keys()]) if (overlaps(uri, rootUri)) states.delete(rootUri);
      // Only a change of docs.json's own text keeps the base of an incremental update.
      for (const rootUri of [...editable.keys()])
        if (overlaps(uri, rootUri) && !(change === 'changed' && uri === joinUri(rootUri, 'docs.json'))) editable.delete(rootUri);
    },
    updateSettings(next) {
      settings = next;
      documents.clear();
      states.clear();
      lastParsed.clear();
      editable.clear();
      fileIndexes.clear();
      pageCache.clear();
    },
  };
}

/** The promise cached under `key`, made when missing; a failed (or cancelled) one is not kept. */
function cached<T>(cache: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let promise = cache.get(key);
  if (!promise) {
    const made = make();
    cache.set(key, (promise = made));
    made.catch(() => cache.get(key) === made && cache.delete(key));
  }
  return promise;
}

/** A change at `uri` concerns the root: it is inside it, is it, or is a folder above it. */
function overlaps(uri: string, rootUri: string): boolean {
  return uri === rootUri || uri.startsWith(rootUri + '/') || rootUri.startsWith(uri + '/');
}
