import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  CompletionList,
  Diagnostic,
  DocumentLink,
  Hover,
  Location,
  Position,
  Range,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-types';
import type { Cancellation } from './cancellation';
import { codeActions } from './features/codeActions';
import { completeDocsJson } from './features/docsJsonCompletion';
import { hoverDocsJson, hoverPage } from './features/hover';
import { docsJsonDefinition, docsJsonLinks, pageDefinition, pageLinks } from './features/links';
import { completePage } from './features/pageCompletion';
import { planRename, redirectEdits, type FileRename } from './features/rename';
import type { SiteState } from './siteState';
import type { DocsWorkspace } from './workspace';
import { appendAll } from './arrays';

export interface EditorFeatures {
  doComplete(uri: string, position: Position, token?: Cancellation): Promise<CompletionList>;
  doHover(uri: string, position: Position): Promise<Hover | null>;
  findDocumentLinks(uri: string): Promise<DocumentLink[]>;
  findDefinition(uri: string, position: Position): Promise<Location[]>;
  getCodeActions(uri: string, range: Range, diagnostics: Diagnostic[]): Promise<CodeAction[]>;
  /** Navigation edits for renamed pages or folders, and the page paths that moved (for redirects). */
  planRename(renames: FileRename[]): Promise<{ edit: WorkspaceEdit; moved: { rootUri: string; from: string; to: string }[] }>;
  /** Edits adding `redirects` entries to a root's docs.json. */
  redirectEdits(rootUri: string, moved: { from: string; to: string }[]): Promise<{ uri: string; edits: TextEdit[] }>;
}

type FileKind = 'config' | 'page' | undefined;

/** Completion, hover, links, definitions, code actions and rename, for docs.json and pages. */
export function createEditorFeatures(
  workspace: DocsWorkspace,
  findDocsRoot: (uri: string) => Promise<string | undefined>,
  getSiteState: (rootUri: string, token?: Cancellation) => Promise<SiteState>,
): EditorFeatures {
  async function open(
    uri: string,
    token?: Cancellation,
  ): Promise<{ document: TextDocument; state: SiteState; kind: FileKind } | undefined> {
    const rootUri = await findDocsRoot(uri);
    if (!rootUri) return undefined;
    const text = await workspace.readFile(uri).catch(() => undefined);
    if (text === undefined) return undefined;
    const state = await getSiteState(rootUri, token);
    const kind: FileKind = state.configFiles.includes(uri) ? 'config' : /\.mdx?$/i.test(uri) ? 'page' : undefined;
    return { document: TextDocument.create(uri, kind === 'config' ? 'json' : 'mdx', 0, text), state, kind };
  }

  return {
    async doComplete(uri, position, token) {
      const file = await open(uri, token);
      if (!file?.kind) return { isIncomplete: false, items: [] };
      const offset = file.document.offsetAt(position);
      return file.kind === 'config'
        ? completeDocsJson(file.document, offset, file.state)
        : { isIncomplete: false, items: await completePage(file.document, offset, file.state) };
    },
    async doHover(uri, position) {
      const file = await open(uri);
      if (!file?.kind) return null;
      const offset = file.document.offsetAt(position);
      return file.kind === 'config' ? hoverDocsJson(file.document, offset, file.state) : hoverPage(file.document, offset, file.state);
    },
    async findDocumentLinks(uri) {
      const file = await open(uri);
      if (!file?.kind) return [];
      return file.kind === 'config' ? docsJsonLinks(file.document, file.state) : pageLinks(file.document, file.state);
    },
    async findDefinition(uri, position) {
      const file = await open(uri);
      if (!file?.kind) return [];
      const offset = file.document.offsetAt(position);
      return file.kind === 'config'
        ? docsJsonDefinition(file.document, offset, file.state)
        : pageDefinition(file.document, offset, file.state);
    },
    async getCodeActions(uri, range, diagnostics) {
      const file = await open(uri);
      if (!file) return [];
      return codeActions(file.document, range, diagnostics, file.state);
    },
    async planRename(renames) {
      const byRoot = new Map<string, FileRename[]>();
      for (const rename of renames) {
        const rootUri = await findDocsRoot(rename.oldUri);
        if (rootUri) byRoot.set(rootUri, [...(byRoot.get(rootUri) ?? []), rename]);
      }
      const changes: Record<string, TextEdit[]> = {};
      const moved: { rootUri: string; from: string; to: string }[] = [];
      for (const [rootUri, list] of byRoot) {
        const plan = planRename(await getSiteState(rootUri), list);
        for (const [uri, edits] of Object.entries(plan.edit.changes ?? {})) appendAll((changes[uri] ??= []), edits);
        appendAll(
          moved,
          plan.moved.map((m) => ({ rootUri, ...m })),
        );
      }
      return { edit: { changes }, moved };
    },
    async redirectEdits(rootUri, moved) {
      const state = await getSiteState(rootUri);
      return { uri: state.docsJsonUri, edits: redirectEdits(state, moved) };
    },
  };
}
