import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from '../cancellation';
import { DiagnosticSink, SourceFiles } from '../diagnostics';
import type { SpecStore } from '../openapi/specStore';
import type { LanguageServiceSettings } from '../settings';
import { indexSiteFiles } from '../siteFiles';
import { joinUri } from '../uri';
import { WorkspaceError, type DocsWorkspace } from '../workspace';
import { child, parseJson, toValue, type JsonNode } from './jsonTree';
import { buildNavigationModel } from './navigation';
import { resolveRefs } from './refs';
import { apiAuthRule } from './rules/apiAuthRule';
import { duplicatePageRule } from './rules/duplicatePageRule';
import { integrationEmptyValueRule } from './rules/integrationEmptyValueRule';
import { operationExistsRule } from './rules/operationExistsRule';
import { orphanPageRule } from './rules/orphanPageRule';
import { pageExistsRule } from './rules/pageExistsRule';
import { pageFormRule } from './rules/pageFormRule';
import { rootDivisionsRule } from './rules/rootDivisionsRule';
import type { SiteContext, SiteRule } from './rules/siteContext';
import { specExistsRule } from './rules/specExistsRule';
import { reportSchemaProblems } from './schemaDiagnostics';

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

/** Checks the docs.json of a docs root, the files it references, and the pages navigation names. */
export async function checkDocsJson(rootUri: string, options: SiteCheckOptions): Promise<SiteCheckResult> {
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
  pageFiles = files.pages.size;
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
  };
  for (const rule of rules) {
    await rule(context);
    throwIfCancelled(token);
  }
  return result();
}
