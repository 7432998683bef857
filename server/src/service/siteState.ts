import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from './cancellation';
import { DiagnosticSink, SourceFiles } from './diagnostics';
import type { SpecStore } from './openapi/specStore';
import type { LanguageServiceSettings } from './settings';
import { indexSiteFiles, type SiteFiles } from './siteFiles';
import { joinUri } from './uri';
import { WorkspaceError, type DocsWorkspace } from './workspace';
import { child, parseJson, toValue, type JsonNode } from './docsJson/jsonTree';
import { buildNavigationModel } from './docsJson/navigation';
import { resolveRefs } from './docsJson/refs';
import { apiAuthRule } from './docsJson/rules/apiAuthRule';
import { duplicatePageRule } from './docsJson/rules/duplicatePageRule';
import { integrationEmptyValueRule } from './docsJson/rules/integrationEmptyValueRule';
import { operationExistsRule } from './docsJson/rules/operationExistsRule';
import { pageExistsRule } from './docsJson/rules/pageExistsRule';
import { pageFormRule } from './docsJson/rules/pageFormRule';
import { rootDivisionsRule } from './docsJson/rules/rootDivisionsRule';
import type { SiteContext, SiteRule } from './docsJson/rules/siteContext';
import { specExistsRule } from './docsJson/rules/specExistsRule';
import { reportSchemaProblems } from './docsJson/schemaDiagnostics';
import { siteSpecSources } from './pages/siteSpecs';

/** The rules of docs.json, in the order they run. */
const rules: SiteRule[] = [
  rootDivisionsRule,
  pageFormRule,
  pageExistsRule,
  duplicatePageRule,
  specExistsRule,
  operationExistsRule,
  apiAuthRule,
  integrationEmptyValueRule,
];

export interface SiteState {
  rootUri: string;
  docsJsonUri: string;
  /** What page rules read; undefined when docs.json could not be read or parsed at all. */
  context: SiteContext | undefined;
  /** Diagnostics of docs.json and the files it references (every one of them has an entry). */
  configDiagnostics: Map<string, Diagnostic[]>;
  /** The configuration files read: docs.json first, then `$ref` files. */
  configFiles: string[];
  /** Page ids that navigation lists. */
  inNavigation: ReadonlySet<string>;
  /** The spec sources a file-less `openapi:` front matter value is looked up in (computed once). */
  siteSpecSources(): Promise<string[]>;
}

export interface SiteStateOptions {
  workspace: DocsWorkspace;
  specs: SpecStore;
  settings: LanguageServiceSettings;
  token?: Cancellation;
  /** The site's file index, when the caller keeps one (an edit of docs.json does not change the files). */
  files?: (rootUri: string) => Promise<SiteFiles>;
}

/**
 * Reads a docs root's configuration: docs.json and its `$ref` files, parsed, resolved and validated,
 * the navigation model, the file index, and the diagnostics of the docs.json rules. Pages are checked
 * one by one against this state.
 */
export async function loadSiteState(rootUri: string, options: SiteStateOptions): Promise<SiteState> {
  const { workspace, specs, settings, token } = options;
  const docsJsonUri = joinUri(rootUri, 'docs.json');
  const sources = new SourceFiles();
  const sink = new DiagnosticSink(sources);
  const state: SiteState = { rootUri, docsJsonUri, context: undefined, configDiagnostics: sink.result(), configFiles: [docsJsonUri], inNavigation: new Set(), siteSpecSources: async () => [] };

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
    return state;
  }
  throwIfCancelled(token);
  const cache = new Map<string, Promise<JsonNode | null | undefined>>();
  const resolved = await resolveRefs(root, rootUri, { load: (uri) => cache.get(uri) ?? cache.set(uri, parseFile(uri)).get(uri)! }, sink);
  throwIfCancelled(token);
  const value = toValue(resolved.root);
  reportSchemaProblems(resolved.root, value, resolved.unresolved, sink);
  throwIfCancelled(token);

  const files = await (options.files ?? ((uri: string) => indexSiteFiles(workspace, uri)))(rootUri);
  for (const problem of files.problems) sink.atOffset('site/unlisted-folder', docsJsonUri, 0, 0, problem.message);
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
  let specSources: Promise<string[]> | undefined;
  return {
    ...state,
    context,
    configFiles: resolved.files,
    inNavigation: new Set(context.navigation.pages.map((entry) => entry.page.id)),
    siteSpecSources: () => (specSources ??= siteSpecSources(context)),
  };
}
