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

/** Pages checked at once: enough to keep the disk busy, few enough not to exhaust file handles. */
const CONCURRENCY = 32;
/** Between batches of pages the check yields to the event loop, so a server still hears a cancellation. */
const YIELD_EVERY = 200;

/** Checks a whole docs root: docs.json, the files it references, and every page (the CLI's job). */
export async function checkSite(rootUri: string, options: SiteStateOptions): Promise<SiteCheckResult> {
  const state = await loadSiteState(rootUri, options);
  const diagnostics = new Map(state.configDiagnostics);
  const pages = state.context ? [...state.context.files.pages] : [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < pages.length; index = next++) {
      if (index > 0 && index % YIELD_EVERY === 0) await yieldToEventLoop();
      throwIfCancelled(options.token);
      const [id, relative] = pages[index];
      const uri = joinUri(rootUri, relative);
      const found = await checkPage(state, id, relative, uri);
      if (found?.length) diagnostics.set(uri, found);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pages.length) }, worker));
  return { rootUri, docsJsonUri: state.docsJsonUri, diagnostics, filesChecked: state.configFiles.length + pages.length };
}

/** The CLI's entry: a whole-site check with the user's severities, without the editor features. */
export async function checkSiteWithSettings(rootUri: string, options: Omit<SiteStateOptions, 'specs'> & { specs?: SpecStore }): Promise<SiteCheckResult> {
  const result = await checkSite(rootUri, { ...options, specs: options.specs ?? new SpecStore(options.workspace) });
  return { ...result, diagnostics: new Map([...result.diagnostics].map(([uri, list]) => [uri, applySeverities(list, options.settings)])) };
}

