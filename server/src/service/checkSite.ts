import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, yieldToEventLoop } from './cancellation';
import { checkPage } from './pages/checkPage';
import { applySeverities } from './settings';
import { loadSiteState, type SiteStateOptions } from './siteState';
import { SpecStore } from './openapi/specStore';
import { joinUri } from './uri';

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

/** Checks a whole docs root: docs.json, the files it references, and every page (the CLI's job). */
export async function checkSite(rootUri: string, options: SiteStateOptions): Promise<SiteCheckResult> {
  const state = await loadSiteState(rootUri, options);
  const diagnostics = new Map(state.configDiagnostics);
  // In id order, so the output of a check is the same from run to run.
  const pages = state.context ? [...state.context.files.pages].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)) : [];
  for (const [index, [id, relative]] of pages.entries()) {
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
    throwIfCancelled(options.token);
    const uri = joinUri(rootUri, relative);
    const found = await checkPage(state, id, relative, uri);
    if (found?.length) diagnostics.set(uri, found);
  }
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
