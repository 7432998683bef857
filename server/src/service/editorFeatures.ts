import {
  CodeActionKind,
  type CodeAction,
  type CompletionList,
  type Diagnostic,
  type DocumentLink,
  type Hover,
  type Location,
  type Position,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver-types';
import { appendAll } from '../common/arrays';
import { throwIfCancelled, type Cancellation } from './cancellation';
import type { ConfigDocument } from './docsJson/configDocument';
import type { PageDocument } from './documents/pageDocument';
import type { PageReader, ParsedDocuments } from './documents/parsedDocuments';
import { codeActions } from './features/codeActions';
import { accepts, fixAllAction, FIX_ALL_KIND } from './features/fixAll';
import { completeDocsJson } from './features/docsJsonCompletion';
import { hoverDocsJson, hoverPage } from './features/hover';
import { docsJsonDefinition, docsJsonLinks, pageDefinition, pageLinks } from './features/links';
import { completePage } from './features/pageCompletion';
import { prepareHeadingRename, renameHeading } from './features/headingRename';
import { bodyLinkEdits } from './features/linkRename';
import { planRename, redirectEdits, type FileRename } from './features/rename';
import type { SiteState } from './session/siteState';
import type { DocsWorkspace } from './workspace';

export interface EditorFeatures {
  doComplete(uri: string, position: Position, token: Cancellation): Promise<CompletionList>;
  doHover(uri: string, position: Position, token: Cancellation): Promise<Hover | null>;
  findDocumentLinks(uri: string, token: Cancellation): Promise<DocumentLink[]>;
  findDefinition(uri: string, position: Position, token: Cancellation): Promise<Location[]>;
  /**
   * Quick fixes for the diagnostics of a range; with `only` (the kinds the client asks for), those of
   * these kinds, and the file's fix-all action (`source.fixAll.docsmith`) when they include it.
   */
  getCodeActions(uri: string, range: Range, diagnostics: Diagnostic[], token: Cancellation, only?: string[]): Promise<CodeAction[]>;
  /** Navigation and body link edits for renamed pages or folders, and the page paths that moved (for redirects). */
  planRename(
    renames: FileRename[],
    token: Cancellation,
  ): Promise<{ edit: WorkspaceEdit; moved: { rootUri: string; from: string; to: string }[] }>;
  /** Rename on a heading of a page: the range of its title, when it can be renamed. */
  prepareRename(uri: string, position: Position, token: Cancellation): Promise<{ range: Range; placeholder: string } | null>;
  /** Renames a heading and every `#anchor` in the site that links to it. */
  rename(uri: string, position: Position, newName: string, token: Cancellation): Promise<WorkspaceEdit | null>;
  /** Edits adding `redirects` entries to a root's docs.json. */
  redirectEdits(rootUri: string, moved: { from: string; to: string }[], token: Cancellation): Promise<{ uri: string; edits: TextEdit[] }>;
}

/** A file a feature works on, parsed as what it is to its site: configuration, or a page. */
type OpenFile =
  | { role: 'config'; document: ConfigDocument; state: SiteState }
  | { role: 'page'; document: PageDocument; state: SiteState }
  | { role: 'other'; state: SiteState };

/** Completion, hover, links, definitions, code actions and rename, for docs.json and pages. */
export function createEditorFeatures(
  workspace: DocsWorkspace,
  documents: ParsedDocuments,
  findDocsRoot: (uri: string, token: Cancellation) => Promise<string | undefined>,
  getSiteState: (rootUri: string, token: Cancellation) => Promise<SiteState>,
  /** A file's diagnostics, as the service reports them (severities applied). */
  allDiagnostics: (uri: string, token: Cancellation) => Promise<Diagnostic[] | undefined>,
): EditorFeatures {
  return new EditorRequests(workspace, documents, findDocsRoot, getSiteState, allDiagnostics);
}

/**
 * The editor's requests, each an own property (the service spreads them into its interface; what
 * they work with is private).
 */
class EditorRequests implements EditorFeatures {
  readonly #workspace: DocsWorkspace;
  readonly #documents: ParsedDocuments;
  readonly #findDocsRoot: (uri: string, token: Cancellation) => Promise<string | undefined>;
  readonly #getSiteState: (rootUri: string, token: Cancellation) => Promise<SiteState>;
  readonly #allDiagnostics: (uri: string, token: Cancellation) => Promise<Diagnostic[] | undefined>;

  constructor(
    workspace: DocsWorkspace,
    documents: ParsedDocuments,
    findDocsRoot: (uri: string, token: Cancellation) => Promise<string | undefined>,
    getSiteState: (rootUri: string, token: Cancellation) => Promise<SiteState>,
    allDiagnostics: (uri: string, token: Cancellation) => Promise<Diagnostic[] | undefined>,
  ) {
    this.#workspace = workspace;
    this.#documents = documents;
    this.#findDocsRoot = findDocsRoot;
    this.#getSiteState = getSiteState;
    this.#allDiagnostics = allDiagnostics;
  }

  /** The file as its site sees it; the site state's own parse of a configuration file is reused. */
  async #open(uri: string, token: Cancellation): Promise<OpenFile | undefined> {
    const rootUri = await this.#findDocsRoot(uri, token);
    throwIfCancelled(token);
    if (!rootUri) return undefined;
    const text = await this.#workspace.readFile(uri).catch(() => undefined);
    throwIfCancelled(token);
    if (text === undefined) return undefined;
    const state = await this.#getSiteState(rootUri, token);
    throwIfCancelled(token);
    if (state.configFiles.includes(uri)) {
      const parsed = state.configDocuments.get(uri);
      return { role: 'config', document: parsed?.text === text ? parsed : this.#documents.config(uri, text), state };
    }
    if (/\.mdx?$/i.test(uri))
      return { role: 'page', document: await this.#documents.preparedPage(uri, text, token, state.context?.variables), state };
    return { role: 'other', state };
  }

  /** Other pages of the site, for one request: through the one parse cache, stopping when the request is cancelled. */
  #reader(token: Cancellation, state: SiteState): PageReader {
    return async (uri) => {
      throwIfCancelled(token);
      const text = await this.#workspace.readFile(uri).catch(() => undefined);
      throwIfCancelled(token);
      return text === undefined ? undefined : this.#documents.preparedPage(uri, text, token, state.context?.variables);
    };
  }

  readonly doComplete: EditorFeatures['doComplete'] = async (uri, position, token) => {
    const file = await this.#open(uri, token);
    if (file?.role === 'config') return completeDocsJson(file.document, file.document.lines.offsetAt(position), file.state);
    if (file?.role === 'page')
      return {
        isIncomplete: false,
        items: await completePage(file.document, file.document.lines.offsetAt(position), file.state, this.#reader(token, file.state)),
      };
    return { isIncomplete: false, items: [] };
  };

  readonly doHover: EditorFeatures['doHover'] = async (uri, position, token) => {
    const file = await this.#open(uri, token);
    if (file?.role === 'config')
      return hoverDocsJson(file.document, file.document.lines.offsetAt(position), file.state, this.#reader(token, file.state));
    if (file?.role === 'page')
      return hoverPage(file.document, file.document.lines.offsetAt(position), file.state, this.#reader(token, file.state));
    return null;
  };

  // Both may read a spec's file for where an operation is written: a cancellation meanwhile stops them.
  readonly findDocumentLinks: EditorFeatures['findDocumentLinks'] = async (uri, token) => {
    const file = await this.#open(uri, token);
    let links: DocumentLink[] = [];
    if (file?.role === 'config') links = await docsJsonLinks(file.document, file.state);
    if (file?.role === 'page') links = await pageLinks(file.document, file.state, this.#reader(token, file.state));
    throwIfCancelled(token);
    return links;
  };

  readonly findDefinition: EditorFeatures['findDefinition'] = async (uri, position, token) => {
    const file = await this.#open(uri, token);
    let found: Location[] = [];
    if (file?.role === 'config') found = await docsJsonDefinition(file.document, file.document.lines.offsetAt(position), file.state);
    if (file?.role === 'page')
      found = await pageDefinition(file.document, file.document.lines.offsetAt(position), file.state, this.#reader(token, file.state));
    throwIfCancelled(token);
    return found;
  };

  readonly getCodeActions: EditorFeatures['getCodeActions'] = async (uri, range, diagnostics, token, only) => {
    const file = await this.#open(uri, token);
    if (!file || file.role === 'other') return [];
    const actions = accepts(only, CodeActionKind.QuickFix) ? codeActions(file.document, range, diagnostics, file.state) : [];
    // Fix-all only when asked for by kind (on save, or Source Action…), over all the file's problems.
    const fixAll =
      only && accepts(only, FIX_ALL_KIND)
        ? fixAllAction(file.document, (await this.#allDiagnostics(uri, token)) ?? [], file.state)
        : undefined;
    return fixAll ? [...actions, fixAll] : actions;
  };

  readonly prepareRename: EditorFeatures['prepareRename'] = async (uri, position, token) => {
    const file = await this.#open(uri, token);
    if (file?.role !== 'page') return null;
    return prepareHeadingRename(file.document, file.document.lines.offsetAt(position)) ?? null;
  };

  readonly rename: EditorFeatures['rename'] = async (uri, position, newName, token) => {
    const file = await this.#open(uri, token);
    if (file?.role !== 'page') return null;
    return (
      (await renameHeading(file.document, file.document.lines.offsetAt(position), newName, file.state, this.#reader(token, file.state))) ??
      null
    );
  };

  readonly planRename: EditorFeatures['planRename'] = async (renames, token) => {
    const byRoot = new Map<string, FileRename[]>();
    for (const rename of renames) {
      const rootUri = await this.#findDocsRoot(rename.oldUri, token);
      if (rootUri) byRoot.set(rootUri, [...(byRoot.get(rootUri) ?? []), rename]);
    }
    const changes: Record<string, TextEdit[]> = {};
    const moved: { rootUri: string; from: string; to: string }[] = [];
    for (const [rootUri, list] of byRoot) {
      const state = await this.#getSiteState(rootUri, token);
      const plan = planRename(state, list);
      for (const [uri, edits] of Object.entries(plan.edit.changes ?? {})) appendAll((changes[uri] ??= []), edits);
      for (const [uri, edits] of Object.entries(await bodyLinkEdits(state, plan.paths, this.#reader(token, state))))
        appendAll((changes[uri] ??= []), edits);
      appendAll(
        moved,
        plan.moved.map((m) => ({ rootUri, ...m })),
      );
    }
    return { edit: { changes }, moved };
  };

  readonly redirectEdits: EditorFeatures['redirectEdits'] = async (rootUri, moved, token) => {
    const state = await this.#getSiteState(rootUri, token);
    return { uri: state.docsJsonUri, edits: redirectEdits(state, moved) };
  };
}
