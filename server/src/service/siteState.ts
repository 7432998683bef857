import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from './cancellation';
import { DiagnosticSink, SourceFiles } from './diagnostics';
import type { SpecStore } from './openapi/specStore';
import type { LanguageServiceSettings } from './settings';
import { indexSiteFiles, resolvePageId, type SiteFiles } from './siteFiles';
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
import type { SiteContext, SiteRule } from './docsJson/rules/siteContext';
import { specExistsRule } from './docsJson/rules/specExistsRule';
import { docsJsonEngine } from './docsJson/schema';
import { reportSchemaProblems } from './docsJson/schemaDiagnostics';
import { loadSiteSpecs, type SiteSpecs } from './siteSpecs';

/** The rules of docs.json, in the order they run. */
const rules: SiteRule[] = [
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
  /**
   * A configuration file has a JSON syntax error. Only the syntax errors are reported for it (what
   * the parser's recovery makes of the rest would be noise), and what navigation lists is not known.
   */
  configBroken: boolean;
  /** The site's OpenAPI specs, local and remote (discovered once per state). */
  siteSpecs(): Promise<SiteSpecs>;
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
  const state: SiteState = {
    rootUri,
    docsJsonUri,
    context: undefined,
    configDiagnostics: sink.result(),
    configFiles: [docsJsonUri],
    inNavigation: new Set(),
    configBroken: false,
    siteSpecs: async () => ({ local: [], remote: [] }),
  };

  let configBroken = false;
  let bytesRead = 0;
  const unreadable = new Map<string, string>();
  const parseFile = async (uri: string): Promise<JsonNode | null | undefined> => {
    let text: string | undefined;
    try {
      text = await workspace.readFile(uri);
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      sources.add(uri, '');
      // A referenced file that cannot be read is reported at its `$ref`, where the editor can show it.
      unreadable.set(uri, error.message);
      if (uri === docsJsonUri) sink.atOffset('json/unreadable', uri, 0, 0, error.message);
      return undefined;
    }
    if (text === undefined) return null;
    bytesRead += text.length;
    sources.add(uri, text);
    sink.touch(uri);
    const parsed = parseJson(uri, text);
    for (const error of parsed.errors)
      sink.atOffset(error.tooDeep ? 'json/too-deep' : 'json/syntax', uri, error.offset, error.length, error.message);
    configBroken ||= parsed.errors.length > 0;
    return parsed.root;
  };

  const root = await parseFile(docsJsonUri);
  if (!root) {
    if (root === null) sink.atOffset('json/unreadable', docsJsonUri, 0, 0, 'docs.json does not exist.');
    return state;
  }
  throwIfCancelled(token);
  const cache = new Map<string, Promise<JsonNode | null | undefined>>();
  // Most sites have no `$ref`: the walk that splices them in is skipped.
  const resolved = sources.text(docsJsonUri)!.includes('"$ref"')
    ? await resolveRefs(
        root,
        rootUri,
        {
          load: (uri) => cache.get(uri) ?? cache.set(uri, parseFile(uri)).get(uri)!,
          bytesRead: () => bytesRead,
          unreadable: (uri) => unreadable.get(uri),
          realPathInside: workspace.realPathInside && ((uri) => workspace.realPathInside!(uri, rootUri)),
        },
        sink,
      )
    : { root, unresolved: [], files: [docsJsonUri] };
  throwIfCancelled(token);
  const value = toValue(resolved.root);
  // After a syntax error, the recovered tree is a guess: its schema problems are not reported.
  const schema = configBroken ? docsJsonEngine.validate(resolved.root) : reportSchemaProblems(resolved.root, resolved.unresolved, sink);
  throwIfCancelled(token);

  const files = await (options.files ?? ((uri: string) => indexSiteFiles(workspace, uri)))(rootUri);
  for (const problem of files.problems) sink.atOffset('site/unlisted-folder', docsJsonUri, 0, 0, problem.message);
  const context: SiteContext = {
    rootUri,
    docsJsonUri,
    config: resolved.root,
    value: (value ?? {}) as Record<string, any>,
    navigation: buildNavigationModel(child(resolved.root, 'navigation'), new Set(schema.drops.map((drop) => drop.property))),
    files,
    specs,
    sink,
    settings,
    workspace,
  };
  for (const rule of configBroken ? [] : rules) {
    await rule(context);
    throwIfCancelled(token);
  }
  let siteSpecs: Promise<SiteSpecs> | undefined;
  return {
    ...state,
    context,
    configFiles: resolved.files,
    configBroken,
    inNavigation: new Set(context.navigation.pages.map((entry) => resolvePageId(files.pages, entry.page.id) ?? entry.page.id)),
    siteSpecs: () => (siteSpecs ??= loadSiteSpecs(context)),
  };
}
