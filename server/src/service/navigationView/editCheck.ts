import type { Diagnostic } from 'vscode-languageserver-types';
import type { Cancellation } from '../cancellation';
import type { SpecStore } from '../openapi/specStore';
import { loadSiteState, type SiteState } from '../session/siteState';
import type { LanguageServiceSettings } from '../settings';
import type { DocsWorkspace } from '../workspace';

/** What checking an edit of the navigation needs: the service's workspace, specs and settings. */
export interface EditCheckInputs {
  workspace: DocsWorkspace;
  specs: SpecStore;
  settings: LanguageServiceSettings;
}

/** The configuration files' texts after an edit, and the pages it creates or deletes (page id → file). */
export interface EditedSite {
  texts: Map<string, string>;
  created?: Map<string, string>;
  deleted?: string[];
}

/** Findings an edit may not bring: the platform rejects the configuration (errors), or a page is listed twice in one scope. */
const REFUSED_WARNINGS = new Set(['nav/duplicate-page']);

/**
 * Why the platform would not take the configuration an edit leaves, or undefined when it would: the
 * site is loaded again from the edited texts (the same reading and docs.json rules the editor runs),
 * and the edit is refused when a finding appears that the site did not have (an error, such as a
 * page that does not exist or a shape the schema rejects, or a page listed twice).
 */
export async function refusal(
  state: SiteState,
  edited: EditedSite,
  inputs: EditCheckInputs,
  token: Cancellation,
): Promise<string | undefined> {
  const files = state.context?.files;
  if (!files) return 'the site could not be read';
  const base = inputs.workspace;
  const workspace: DocsWorkspace = {
    readFile: async (uri) => edited.texts.get(uri) ?? base.readFile(uri),
    stat: (uri) => base.stat(uri),
    listFiles: (uri) => base.listFiles(uri),
    readDirectory: (uri) => base.readDirectory(uri),
    ...(base.realPathInside && { realPathInside: (uri: string, rootUri: string) => base.realPathInside!(uri, rootUri) }),
  };
  const pages = new Map(files.pages);
  for (const id of edited.deleted ?? []) pages.delete(id);
  for (const [id, file] of edited.created ?? []) pages.set(id, file);
  const after = await loadSiteState(state.rootUri, {
    workspace,
    specs: inputs.specs,
    settings: inputs.settings,
    token,
    files: async () => ({ ...files, pages }),
  });
  const before = counted(state.configDiagnostics);
  for (const [key, diagnostic] of keyed(after.configDiagnostics)) {
    const known = before.get(key) ?? 0;
    if (known > 0) before.set(key, known - 1);
    else return diagnostic.message;
  }
  return undefined;
}

function keyed(diagnostics: Map<string, Diagnostic[]>): [string, Diagnostic][] {
  const found: [string, Diagnostic][] = [];
  for (const [uri, list] of diagnostics)
    for (const diagnostic of list)
      if (diagnostic.severity === 1 || REFUSED_WARNINGS.has(String(diagnostic.code)))
        // Lines named in a message move with the edit: the finding is the same one.
        found.push([`${uri}\u0000${diagnostic.code}\u0000${diagnostic.message.replace(/\d+/g, '#')}`, diagnostic]);
  return found;
}

function counted(diagnostics: Map<string, Diagnostic[]>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [key] of keyed(diagnostics)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}
