import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, yieldToEventLoop, type Cancellation } from './cancellation';
import { checkPage } from './pages/checkPage';
import { applySeverities } from './settings';
import { loadSiteState, type SiteState, type SiteStateOptions } from './siteState';
import { SpecStore } from './openapi/specStore';
import type { SiteFiles } from './siteFiles';
import { joinUri } from './uri';
import type { WorkspaceError } from './workspace';

export interface SiteCheckResult {
  rootUri: string;
  docsJsonUri: string;
  /** Diagnostics per file; files without problems may be absent. */
  diagnostics: Map<string, Diagnostic[]>;
  /** How many files were checked: the configuration files read and the site's pages. */
  filesChecked: number;
}

/** Between pages the check yields to the event loop this often, so a server still hears a cancellation. */
const YIELD_EVERY = 200;

/** The pages of a site, in id order: a thread that reads ahead lists the same pages in the same order. */
export function sitePages(state: SiteState): [id: string, relative: string][] {
  return state.context ? sortedPages(state.context.files) : [];
}

export function sortedPages(files: SiteFiles): [id: string, relative: string][] {
  return [...files.pages].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

/**
 * Checks the pages whose indexes `take` hands out, until it hands out none, and passes on each page
 * that has problems. Several threads may share one `take` (a shared counter) to split a site.
 */
export async function checkPages(
  state: SiteState,
  pages: readonly [string, string][],
  take: () => number | undefined,
  found: (uri: string, diagnostics: Diagnostic[]) => void,
  token?: Cancellation,
  read?: PageSource,
): Promise<void> {
  let done = 0;
  for (let index = take(); index !== undefined; index = take()) {
    if (++done % YIELD_EVERY === 0) await yieldToEventLoop();
    throwIfCancelled(token);
    const [id, relative] = pages[index];
    const uri = joinUri(state.rootUri, relative);
    const diagnostics = await checkPage(state, id, relative, uri, read && (await read(index, relative)));
    if (diagnostics?.length) found(uri, diagnostics);
  }
}

/** The text of page `index` (or why it cannot be read) when someone reads ahead; undefined to read it here. */
export type PageSource = (index: number, relative: string) => Promise<string | WorkspaceError | undefined>;

/** Checks a whole docs root: docs.json, the files it references, and every page (the CLI's job). */
export async function checkSite(rootUri: string, options: SiteStateOptions): Promise<SiteCheckResult> {
  const state = await loadSiteState(rootUri, options);
  const diagnostics = new Map(state.configDiagnostics);
  const pages = sitePages(state);
  let next = 0;
  await checkPages(
    state,
    pages,
    () => (next < pages.length ? next++ : undefined),
    (uri, found) => diagnostics.set(uri, found),
    options.token,
  );
  return { rootUri, docsJsonUri: state.docsJsonUri, diagnostics, filesChecked: state.configFiles.length + pages.length };
}

/** The CLI's entry: a whole-site check with the user's severities, without the editor features. */
export async function checkSiteWithSettings(
  rootUri: string,
  options: Omit<SiteStateOptions, 'specs'> & { specs?: SpecStore },
): Promise<SiteCheckResult> {
  const result = await checkSite(rootUri, { ...options, specs: options.specs ?? new SpecStore(options.workspace) });
  return { ...result, diagnostics: new Map([...result.diagnostics].map(([uri, list]) => [uri, applySeverities(list, options.settings)])) };
}
