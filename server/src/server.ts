import {
  CodeActionKind,
  ErrorCodes,
  ResponseError,
  DidChangeWatchedFilesNotification,
  DocumentDiagnosticReportKind,
  FileChangeType,
  TextDocumentSyncKind,
  TextDocuments,
  DiagnosticSeverity,
  LSPErrorCodes,
  type CancellationToken,
  type Connection,
  type Diagnostic,
  type InitializeResult,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { mappableSite } from './analytics/mappableSite';
import { NodeWorkspace } from './nodeWorkspace';
import { createLanguageService, type DocsLanguageService, type FileChange } from './service';
import { CancelledError } from './service/cancellation';
import { codeHref, DIAGNOSTIC_SOURCE } from './service/diagnosticCodes';
import { capMessage } from './service/diagnostics';
import { megabytes, OVERSIZE_METHOD } from './messageCap';
import { toRenameRedirects, toServiceSettings, type RenameRedirects } from './settings';
import { appendAll } from './service/arrays';

const WATCHED = '**/{*.mdx,*.md,*.json,*.yaml,*.yml,.mintignore}';

/**
 * The LSP server: capabilities, and handlers that only delegate to the language service. Works in
 * any LSP client; VS Code is one of them.
 */
export function startServer(connection: Connection): void {
  const documents = new TextDocuments(TextDocument);
  const workspace = new NodeWorkspace(documents);
  const service: DocsLanguageService = createLanguageService({ workspace });
  let pullDiagnostics = false;
  let configurationPull = false;
  let dynamicWatch = false;
  let refreshSupport = false;
  let renameRedirects: RenameRedirects = 'ask';
  // After `shutdown`, every request but `exit` is refused, as the protocol says.
  let shuttingDown = false;
  connection.onShutdown(() => {
    shuttingDown = true;
  });
  const open =
    <P, R>(handler: (params: P, token: CancellationToken) => R) =>
    (params: P, token: CancellationToken): R => {
      if (shuttingDown)
        throw new ResponseError(ErrorCodes.InvalidRequest, 'The server is shutting down: no request is answered after shutdown.');
      return handler(params, token);
    };
  // A message over the size cap arrives as this request, with the id of the one dropped.
  connection.onRequest(OVERSIZE_METHOD, (params: { bytes: number; max: number }) => {
    throw new ResponseError(
      ErrorCodes.InvalidRequest,
      `The message was ${megabytes(params.bytes)}; the server reads messages up to ${megabytes(params.max)}.`,
    );
  });

  connection.onInitialize((params): InitializeResult => {
    const capabilities = params.capabilities;
    pullDiagnostics = Boolean(capabilities.textDocument?.diagnostic);
    configurationPull = Boolean(capabilities.workspace?.configuration);
    dynamicWatch = Boolean(capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    refreshSupport = Boolean(capabilities.workspace?.diagnostics?.refreshSupport);
    const options = params.initializationOptions as { settings?: unknown } | undefined;
    if (options?.settings) applySettings(options.settings);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: false },
        diagnosticProvider: pullDiagnostics ? { interFileDependencies: true, workspaceDiagnostics: false } : undefined,
        completionProvider: { triggerCharacters: ['"', '/', ' ', ':'], resolveProvider: false },
        hoverProvider: true,
        documentLinkProvider: { resolveProvider: false },
        definitionProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        workspace: {
          fileOperations: {
            willRename: {
              filters: [
                { scheme: 'file', pattern: { glob: '**/*.{mdx,md}', matches: 'file' } },
                { scheme: 'file', pattern: { glob: '**/*', matches: 'folder' } },
              ],
            },
          },
        },
      },
      serverInfo: { name: 'docsmith', version: '0.1.0' },
    };
  });

  connection.onInitialized(async () => {
    if (dynamicWatch) {
      await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: WATCHED }] });
    }
    await loadSettings();
  });

  function applySettings(raw: unknown): void {
    service.updateSettings(toServiceSettings(raw));
    renameRedirects = toRenameRedirects(raw);
  }

  async function loadSettings(): Promise<void> {
    if (!configurationPull) return;
    const section = await connection.workspace.getConfiguration('docsmith').catch(() => undefined);
    if (section) applySettings(section);
    diagnosticsChanged();
  }

  connection.onDidChangeConfiguration(async (change) => {
    const pushed = (change.settings as { docsmith?: unknown } | undefined)?.docsmith;
    if (pushed) applySettings(pushed);
    else if (configurationPull) await loadSettings();
    diagnosticsChanged();
  });

  // Edits of open documents: the service drops what they invalidate; pull clients re-ask.
  documents.onDidChangeContent((event) => {
    service.didChange(event.document.uri, 'changed');
    diagnosticsChanged(event.document.uri);
  });
  documents.onDidClose((event) => {
    service.didChange(event.document.uri, 'changed');
    if (!pullDiagnostics) void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
    diagnosticsChanged(event.document.uri);
  });

  // Files created, deleted or changed on disk (by git, by another editor): the site may change.
  connection.onDidChangeWatchedFiles((params) => {
    for (const change of params.changes) {
      const kind: FileChange =
        change.type === FileChangeType.Created ? 'created' : change.type === FileChangeType.Deleted ? 'deleted' : 'changed';
      if (kind === 'changed' && documents.get(change.uri)) continue; // the editor's text wins over the disk
      service.didChange(change.uri, kind);
    }
    diagnosticsChanged();
  });

  connection.languages.diagnostics.on(
    open(async (params, token) => {
      const diagnostics = await diagnosticsOf(params.textDocument.uri, token);
      return { kind: DocumentDiagnosticReportKind.Full, items: diagnostics };
    }),
  );

  /** A file's diagnostics; a failure of Docsmith itself becomes one diagnostic that says so, never silence. */
  async function diagnosticsOf(uri: string, token?: CancellationToken): Promise<Diagnostic[]> {
    try {
      return (await service.getDiagnostics(uri, token)) ?? [];
    } catch (error) {
      if (error instanceof CancelledError) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Cancelled');
      console.error(`docsmith: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return [internalErrorDiagnostic(error)];
    }
  }

  connection.onCompletion(
    open(
      async (params, token) =>
        (await runCancellable(() => service.doComplete(params.textDocument.uri, params.position, token))) ?? {
          isIncomplete: false,
          items: [],
        },
    ),
  );
  connection.onHover(
    open(async (params) => (await runCancellable(() => service.doHover(params.textDocument.uri, params.position))) ?? null),
  );
  connection.onDocumentLinks(
    open(async (params) => (await runCancellable(() => service.findDocumentLinks(params.textDocument.uri))) ?? []),
  );
  connection.onDefinition(
    open(async (params) => (await runCancellable(() => service.findDefinition(params.textDocument.uri, params.position))) ?? []),
  );
  connection.onCodeAction(
    open(
      async (params) =>
        (await runCancellable(() => service.getCodeActions(params.textDocument.uri, params.range, params.context.diagnostics))) ?? [],
    ),
  );

  // For the gap view: the site's pages and spec operations, to map cited URLs to local files.
  connection.onRequest(
    'docsmith/mappableSite',
    open(async (params: { uri: string }) => {
      const rootUri = await service.findDocsRoot(params.uri);
      if (!rootUri) return null;
      const site = await mappableSite(await service.getSiteState(rootUri));
      return { rootUri, pages: [...site.pages], specs: site.specs };
    }),
  );

  // Renaming or moving pages in the editor rewrites the navigation entries that name them.
  connection.workspace.onWillRenameFiles(
    open(async (params) => {
      const plan = await runCancellable(() => service.planRename(params.files));
      if (!plan) return null;
      const changes = plan.edit.changes ?? {};
      if (plan.moved.length && renameRedirects !== 'never') {
        const add =
          renameRedirects === 'always' ||
          (
            await connection.window
              .showInformationMessage(redirectQuestion(plan.moved), { title: 'Add redirects' }, { title: 'Not now' })
              // A client that cannot ask gets no redirects rather than a failed rename.
              .catch(() => undefined)
          )?.title === 'Add redirects';
        if (add) {
          for (const rootUri of new Set(plan.moved.map((m) => m.rootUri))) {
            const { uri, edits } = await service.redirectEdits(
              rootUri,
              plan.moved.filter((m) => m.rootUri === rootUri),
            );
            appendAll((changes[uri] ??= []), edits);
          }
        }
      }
      return Object.keys(changes).length ? { changes } : null;
    }),
  );

  // After changes, pull clients are asked to re-pull and push clients get fresh diagnostics, once per
  // burst: a checkout that creates thousands of files is one refresh, not thousands.
  let pushTimer: ReturnType<typeof setTimeout> | undefined;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  function diagnosticsChanged(uri?: string): void {
    if (pullDiagnostics) {
      // An edit of the open document is re-pulled by the client itself; other documents may depend on it.
      if (!refreshSupport) return;
      clearTimeout(refreshTimer);
      refreshTimer = setTimeout(() => void connection.languages.diagnostics.refresh(), uri ? 50 : 100);
      return;
    }
    clearTimeout(pushTimer);
    pushTimer = setTimeout(async () => {
      for (const document of documents.all()) {
        const diagnostics = await runCancellable(() => diagnosticsOf(document.uri));
        void connection.sendDiagnostics({ uri: document.uri, version: document.version, diagnostics: diagnostics ?? [] });
      }
    }, 150);
  }

  documents.listen(connection);
  connection.listen();
}

/** The diagnostic shown when Docsmith itself fails on a file: a visible problem, never silence. */
function internalErrorDiagnostic(error: unknown): Diagnostic {
  const code = 'site/internal-error';
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Error,
    code,
    codeDescription: { href: codeHref(code) },
    source: DIAGNOSTIC_SOURCE,
    message: capMessage(
      `Docsmith could not check this file (${error instanceof Error ? error.message : String(error)}). ` +
        `Please report it, with the file if you can; the Docsmith output channel has the details.`,
    ),
  };
}

/** Runs a request; a cancellation becomes an empty answer, any other error a logged empty answer. */
async function runCancellable<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CancelledError) return undefined;
    console.error(`docsmith: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return undefined;
  }
}

/** The question asked before adding redirects for moved pages. */
function redirectQuestion(moved: { from: string }[]): string {
  const one = moved.length === 1;
  return `Add ${one ? 'a redirect' : `${moved.length} redirects`} from the old path${one ? '' : 's'} (${moved[0].from}${one ? '' : ', …'}) to docs.json?`;
}
