import { readVariables, type PageVariables } from '../mdx/variables';
import { siteOverlays } from '../openapi/siteOverlays';
import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from '../cancellation';
import { replacementCharacters, replacementMessage } from '../check/replacementCharacters';
import { DiagnosticSink, SourceFiles } from '../check/diagnostics';
import { parseConfigDocument, type ConfigDocument } from '../docsJson/configDocument';
import type { SpecStore } from '../openapi/specStore';
import type { LanguageServiceSettings } from '../settings';
import { indexSiteFiles, resolvePageId, type SiteFiles } from '../site/siteFiles';
import { joinUri } from '../uri';
import { WorkspaceError, type DocsWorkspace } from '../workspace';
import { child, toValue, type JsonNode } from '../json/jsonTree';
import { buildNavigationModel, buildNavigationTree } from '../docsJson/navigation';
import { resolveRefs, type ResolvedConfig } from '../docsJson/refs';
import { configRules } from '../configRules/registry';
import { docsJsonEngine } from '../docsJson/schema';
import { reportSchemaProblems } from '../docsJson/schemaDiagnostics';
import { typedEntryAt } from '../docsJson/typedEntry';
import type { SiteContext } from '../configRules/siteContext';
import type { SiteBasics } from '../site/siteBasics';
import { discoverSpecFiles, loadSiteSpecs, type SiteSpecs } from '../site/siteSpecs';
import { ListedPages } from '../site/listedPages';
import type { PageEntry } from '../docsJson/navigation';
import { SiteLinks } from '../links/siteLinks';
import { linkedPagesOf, type LinkedPages } from '../links/linkedPages';

/** docs.json (or a file it references) saved with a byte-order mark: the platform's build reads each with `JSON.parse`, which refuses it. */
function byteOrderMark(file: string): string {
  return `${file} starts with a byte-order mark (U+FEFF): the platform reads it with JSON.parse, which refuses it, so the build stops${file === 'docs.json' ? ' ("docs.json has invalid JSON")' : ''}. Save the file as UTF-8 without a BOM.`;
}

export interface SiteState {
  rootUri: string;
  docsJsonUri: string;
  /** What page rules read; undefined when docs.json could not be read or parsed at all. */
  context: SiteContext | undefined;
  /** Diagnostics of docs.json and the files it references (every one of them has an entry). */
  configDiagnostics: Map<string, Diagnostic[]>;
  /** The configuration files read: docs.json first, then `$ref` files. */
  configFiles: string[];
  /** Each configuration file as parsed for this state: the editor features read these. */
  configDocuments: Map<string, ConfigDocument>;
  /** Page ids that navigation lists. */
  inNavigation: ListedPages;
  /**
   * A configuration file has a JSON syntax error. Only the syntax errors are reported for it (what
   * the parser's recovery makes of the rest would be noise), and what navigation lists is not known.
   */
  configBroken: boolean;
  /** The site's OpenAPI specs, local and remote (discovered once per state). */
  siteSpecs(): Promise<SiteSpecs>;
  /** What links in page bodies can reach, and the anchors of the pages they point into; undefined without a context. */
  links: SiteLinks | undefined;
  /**
   * The version of what page checks read of this state. A full load makes a new one; an edit of one
   * page entry (incremental/pageEntryEdit.ts) makes one that names the pages whose inputs it changed,
   * so the other pages' diagnostics are kept (see PageDiagnostics).
   */
  pageInputs: PageInputs;
  /**
   * With `rules: 'deferred'`: runs the docs.json rules (once) and gives the diagnostics of the
   * configuration files with their findings. Otherwise gives {@link configDiagnostics}.
   */
  runConfigRules(): Promise<Map<string, Diagnostic[]>>;
}

export interface PageInputs {
  /** The version this one was made from by an edit, and the page ids whose inputs the edit changed. */
  readonly previous?: PageInputs;
  readonly changed?: ReadonlySet<string>;
  /** How many edits lie between this version and a full load (bounded: see {@link nextPageInputs}). */
  readonly depth: number;
}

/** Edits kept in a chain of versions: past this, the next edit starts afresh (every page is checked again). */
const MAX_PAGE_INPUT_EDITS = 64;

/** The version after an edit that changed the inputs of these pages only. */
export function nextPageInputs(previous: PageInputs, changed: ReadonlySet<string>): PageInputs {
  return previous.depth >= MAX_PAGE_INPUT_EDITS ? { depth: 0 } : { previous, changed, depth: previous.depth + 1 };
}

/** Whether a page's inputs are the same in `current` as in `before` (an earlier version of the chain). */
export function pageInputsUnchanged(before: PageInputs, current: PageInputs, pageId: string): boolean {
  for (let version: PageInputs | undefined = current; version; version = version.previous) {
    if (version === before) return true;
    if (version.changed?.has(pageId)) return false;
  }
  return false;
}

export interface SiteStateOptions {
  workspace: DocsWorkspace;
  specs: SpecStore;
  settings: LanguageServiceSettings;
  token?: Cancellation;
  /** The site's file index, when the caller keeps one (an edit of docs.json does not change the files). */
  files?: (rootUri: string) => Promise<SiteFiles>;
  /** The parsed version of a configuration text, when the caller keeps parsed documents. */
  parse?: (uri: string, text: string) => ConfigDocument;
  /** Where the anchors and exports of linked files come from (the editor keeps them across states); else read and kept per state. */
  linkedPages?: LinkedPages;
  /**
   * With a syntax error, stop after the syntax errors: the caller has the last state that parsed and
   * checks pages against it (the editor). Without it, the model is built from the recovered tree.
   */
  stopWhenBroken?: boolean;
  /**
   * False: the docs.json rules are not run (a load for mapping and indexing the site only, as gap
   * review does). `'deferred'`: they run when {@link SiteState.runConfigRules} is called (a whole-site
   * check whose cache may hold their findings already).
   */
  rules?: boolean | 'deferred';
}

/** docs.json and its `$ref` files, read and parsed, with `$ref`s resolved. */
interface ReadConfig {
  sink: DiagnosticSink;
  documents: Map<string, ConfigDocument>;
  resolved: ResolvedConfig | undefined;
  broken: boolean;
}

/**
 * Reads a docs root's configuration: docs.json and its `$ref` files, parsed, resolved and validated,
 * the navigation model, the file index, and the diagnostics of the docs.json rules. Pages are checked
 * one by one against this state.
 */
export async function loadSiteState(rootUri: string, options: SiteStateOptions): Promise<SiteState> {
  const docsJsonUri = joinUri(rootUri, 'docs.json');
  const config = await readConfig(rootUri, docsJsonUri, options);
  const state: SiteState = {
    rootUri,
    docsJsonUri,
    context: undefined,
    configDiagnostics: config.sink.result(),
    configFiles: config.resolved?.files ?? [docsJsonUri],
    configDocuments: config.documents,
    inNavigation: new ListedPages(() => []),
    configBroken: config.broken,
    siteSpecs: async () => ({ local: [], remote: [], unreadable: [] }),
    links: undefined,
    pageInputs: { depth: 0 },
    runConfigRules: async () => state.configDiagnostics,
  };
  if (!config.resolved || (config.broken && options.stopWhenBroken)) return state;
  throwIfCancelled(options.token);
  const { context, settle } = await buildContext(rootUri, docsJsonUri, config.resolved, config, options);
  const configDiagnostics = config.sink.result();
  let ruled: Promise<Map<string, Diagnostic[]>> | undefined;
  const deferred = async () => {
    settle();
    if (!config.broken) await runRules(context, options.token);
    return config.sink.result();
  };
  return {
    ...state,
    context,
    configDiagnostics,
    runConfigRules: options.rules === 'deferred' ? () => (ruled ??= deferred()) : async () => configDiagnostics,
    inNavigation: new ListedPages(() => context.navigation.pages.map((entry) => listedId(context, entry))),
    siteSpecs: context.siteSpecs,
    links: context.links,
  };
}

/** Reads, parses and resolves the configuration files, reporting syntax and `$ref` problems. */
async function readConfig(rootUri: string, docsJsonUri: string, options: SiteStateOptions): Promise<ReadConfig> {
  const { workspace, token } = options;
  const parse = options.parse ?? parseConfigDocument;
  const sources = new SourceFiles();
  const sink = new DiagnosticSink(sources);
  const documents = new Map<string, ConfigDocument>();
  const unreadable = new Map<string, string>();
  let broken = false;
  let bytesRead = 0;
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
    const document = parse(uri, text);
    documents.set(uri, document);
    sources.addLines(uri, document.lines);
    sink.touch(uri);
    for (const error of document.errors)
      sink.atOffset(error.tooDeep ? 'json/too-deep' : 'json/syntax', uri, error.offset, error.length, error.message);
    if (text.charCodeAt(0) === 0xfeff)
      sink.atOffset('json/syntax', uri, 0, 1, byteOrderMark(uri === docsJsonUri ? 'docs.json' : 'This file'));
    const replaced = replacementCharacters(text);
    if (replaced && (await workspace.isNotUtf8?.(uri)))
      sink.atOffset('json/replacement-character', uri, replaced.offset, 1, replacementMessage(replaced.count, 'The site'));
    broken ||= document.errors.length > 0;
    return document.root;
  };

  const root = await parseFile(docsJsonUri);
  if (!root) {
    if (root === null) sink.atOffset('json/unreadable', docsJsonUri, 0, 0, 'docs.json does not exist.');
    return { sink, documents, resolved: undefined, broken };
  }
  throwIfCancelled(token);
  // Most sites have no `$ref`: the walk that splices them in is skipped.
  if (!documents.get(docsJsonUri)!.text.includes('"$ref"'))
    return { sink, documents, resolved: { root, unresolved: [], files: [docsJsonUri] }, broken };
  const cache = new Map<string, Promise<JsonNode | null | undefined>>();
  const resolved = await resolveRefs(
    root,
    rootUri,
    {
      load: (uri) => cache.get(uri) ?? cache.set(uri, parseFile(uri)).get(uri)!,
      bytesRead: () => bytesRead,
      unreadable: (uri) => unreadable.get(uri),
      realPathInside: workspace.realPathInside && ((uri) => workspace.realPathInside!(uri, rootUri)),
    },
    sink,
  );
  return { sink, documents, resolved, broken };
}

/**
 * Validates the resolved configuration, builds the navigation model and runs the docs.json rules.
 * With `rules: 'deferred'`, the schema's problems and the folders that cannot be listed are reported
 * when `settle` is called (before the rules, in the same order), and the schema is checked only then
 * or when the navigation is first read: a cached check whose pages and docs.json findings are all
 * reused never needs either (on a 29,000-page site, 60 ms of validating a 3.3 MB docs.json).
 */
async function buildContext(
  rootUri: string,
  docsJsonUri: string,
  resolved: ResolvedConfig,
  config: ReadConfig,
  options: SiteStateOptions,
): Promise<{ context: SiteContext; settle: () => void }> {
  const { workspace, specs, settings, token } = options;
  const { sink, broken } = config;
  const deferred = options.rules === 'deferred';
  // After a syntax error, the recovered tree is a guess: its schema problems are not reported.
  const typing = broken ? undefined : typedEntryAt(resolved.root, docsJsonUri, workspace.editedAt?.(docsJsonUri));
  let leftOut: Set<JsonNode> | undefined;
  /** What the platform drops of the configuration (left out of the navigation), its problems reported once. */
  const validated = (): Set<JsonNode> => {
    if (leftOut) return leftOut;
    const schema = broken ? docsJsonEngine.validate(resolved.root) : reportSchemaProblems(resolved.root, resolved.unresolved, sink, typing);
    const dropped = new Set(schema.drops.map((drop) => drop.property));
    if (typing) dropped.add(typing);
    return (leftOut = dropped);
  };
  if (!deferred) validated();
  throwIfCancelled(token);
  const files = await (options.files ?? ((uri: string) => indexSiteFiles(workspace, uri)))(rootUri);
  let unlistedReported = false;
  const settle = () => {
    validated();
    if (unlistedReported) return;
    unlistedReported = true;
    for (const problem of files.problems) sink.atOffset('site/unlisted-folder', docsJsonUri, 0, 0, problem.message);
  };
  if (!deferred) settle();
  let siteSpecs: Promise<SiteSpecs> | undefined;
  // One read of the data files finds the specs and the overlays.
  let surveyed: ReturnType<typeof discoverSpecFiles> | undefined;
  const survey = () => (surveyed ??= discoverSpecFiles({ rootUri, workspace, files }));
  let navigation: SiteBasics['navigation'] | undefined;
  let variables: { read: PageVariables | undefined } | undefined;
  const basics: SiteBasics = {
    rootUri,
    docsJsonUri,
    config: resolved.root,
    value: (toValue(resolved.root) ?? {}) as Record<string, any>,
    get navigation() {
      return (navigation ??= buildNavigationModel(child(resolved.root, 'navigation'), validated()));
    },
    navigationTree: () => buildNavigationTree(child(resolved.root, 'navigation'), validated()),
    get variables() {
      return (variables ??= { read: readVariables(basics.value, countTexts(files.files)) }).read;
    },
    ...(typing && { typing }),
    files,
    specs: specs.once(
      siteOverlays(
        {
          get value() {
            return basics.value;
          },
        },
        async () => (await survey()).overlays,
      ),
    ),
    sink,
    settings,
    workspace,
    siteSpecs: () => (siteSpecs ??= loadSiteSpecs(basics, survey)),
  };
  const context: SiteContext = Object.assign(basics, {
    links: new SiteLinks(basics, basics.siteSpecs, options.linkedPages ?? linkedPagesOf(workspace)),
  });
  if (!broken && options.rules !== false && !deferred) await runRules(context, token);
  return { context, settle };
}

async function runRules(context: SiteContext, token: Cancellation | undefined): Promise<void> {
  for (const rule of configRules) {
    await rule.run(context);
    throwIfCancelled(token);
  }
}

/** The page an entry lists, as the platform serves it (`guide` may be `guide/index.mdx`). */
export function listedId(context: SiteContext, entry: PageEntry): string {
  return resolvePageId(context.files.pages, entry.page.id) ?? entry.page.id;
}

/** The pages and snippets of a site, as many as its variables' growth is shared by. */
function countTexts(files: ReadonlySet<string>): number {
  let count = 0;
  for (const file of files) if (/\.mdx?$/i.test(file)) count++;
  return count;
}
