import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from './cancellation';
import { DiagnosticSink, SourceFiles } from './diagnostics';
import type { SpecStore } from './openapi/specStore';
import type { LanguageServiceSettings } from './settings';
import { indexSiteFiles } from './siteFiles';
import { joinUri } from './uri';
import { WorkspaceError, type DocsWorkspace } from './workspace';
import { child, parseJson, toValue, type JsonNode } from './docsJson/jsonTree';
import { buildNavigationModel } from './docsJson/navigation';
import { resolveRefs } from './docsJson/refs';
import { apiAuthRule } from './docsJson/rules/apiAuthRule';
import { duplicatePageRule } from './docsJson/rules/duplicatePageRule';
import { integrationEmptyValueRule } from './docsJson/rules/integrationEmptyValueRule';
import { operationExistsRule } from './docsJson/rules/operationExistsRule';
import { orphanPageRule } from './docsJson/rules/orphanPageRule';
import { pageExistsRule } from './docsJson/rules/pageExistsRule';
import { pageFormRule } from './docsJson/rules/pageFormRule';
import { rootDivisionsRule } from './docsJson/rules/rootDivisionsRule';
import type { SiteContext, SiteRule } from './docsJson/rules/siteContext';
import { specExistsRule } from './docsJson/rules/specExistsRule';
import { reportSchemaProblems } from './docsJson/schemaDiagnostics';
import { checkPages } from './pages/checkPages';

/** The cross-file rules of docs.json, in the order they run. */
const rules: SiteRule[] = [
  rootDivisionsRule,
  pageFormRule,
  pageExistsRule,
  duplicatePageRule,
  specExistsRule,
  operationExistsRule,
  apiAuthRule,
  integrationEmptyValueRule,
  orphanPageRule,
];

export interface SiteCheckResult {
  rootUri: string;
  docsJsonUri: string;
  /** Diagnostics per file; files without problems may be absent. */
  diagnostics: Map<string, Diagnostic[]>;
  /** How many files were checked: the configuration files read and the site's pages. */
  filesChecked: number;
}

export interface SiteCheckOptions {
  workspace: DocsWorkspace;
  specs: SpecStore;
  settings: LanguageServiceSettings;
  token?: Cancellation;
}

/** Checks a docs root: its docs.json, the files that references, and every page. */
export async function checkSite(rootUri: string, options: SiteCheckOptions): Promise<SiteCheckResult> {
  const { workspace, specs, settings, token } = options;
  const docsJsonUri = joinUri(rootUri, 'docs.json');
  const sources = new SourceFiles();
  const sink = new DiagnosticSink(sources);
  let configFiles = 1;
  let pageFiles = 0;
  const result = (): SiteCheckResult => ({ rootUri, docsJsonUri, diagnostics: sink.result(), filesChecked: configFiles + pageFiles });

  const parseFile = async (uri: string): Promise<JsonNode | null | undefined> => {
    let text: string | undefined;
    try {
      text = await workspace.readFile(uri);
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      sources.add(uri, '');
      sink.atOffset('json/unreadable', uri, 0, 0, error.message);
      return undefined;
    }
    if (text === undefined) return null;
    sources.add(uri, text);
    sink.touch(uri);
    const parsed = parseJson(uri, text);
    for (const error of parsed.errors) sink.atOffset('json/syntax', uri, error.offset, error.length, error.message);
    return parsed.root;
  };

  const root = await parseFile(docsJsonUri);
  if (!root) {
    if (root === null) sink.atOffset('json/unreadable', docsJsonUri, 0, 0, 'docs.json does not exist.');
    return result();
  }
  throwIfCancelled(token);
  const cache = new Map<string, Promise<JsonNode | null | undefined>>();
  const resolved = await resolveRefs(root, rootUri, { load: (uri) => cache.get(uri) ?? cache.set(uri, parseFile(uri)).get(uri)! }, sink);
  throwIfCancelled(token);
  const value = toValue(resolved.root);
  reportSchemaProblems(resolved.root, value, resolved.unresolved, sink);
  throwIfCancelled(token);

  configFiles = resolved.files.length;
  const files = await indexSiteFiles(workspace, rootUri);
  for (const problem of files.problems) sink.atOffset('site/unlisted-folder', problem.uri, 0, 0, problem.message);
  const context: SiteContext = {
    rootUri,
    docsJsonUri,
    config: resolved.root,
    value: (value ?? {}) as Record<string, any>,
    navigation: buildNavigationModel(child(resolved.root, 'navigation')),
    files,
    specs,
    sink,
    settings,
    workspace,
  };
  for (const rule of rules) {
    await rule(context);
    throwIfCancelled(token);
  }
  pageFiles = await checkPages(context, token);
  return result();
}
