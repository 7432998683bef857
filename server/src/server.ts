import {
  DidChangeWatchedFilesNotification,
  ErrorCodes,
  FileChangeType,
  ResponseError,
  TextDocuments,
  type Connection,
  type InitializeResult,
  type WorkspaceFoldersChangeEvent,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { clientSupport, serverCapabilities, WATCHED_FILES, type ClientSupport } from './lsp/capabilities';
import {
  toDiagnosticsScope,
  toRenameRedirects,
  toServiceSettings,
  type DiagnosticsScope,
  type RenameRedirects,
} from './lsp/clientSettings';
import { DiagnosticsChannel } from './lsp/diagnosticsChannel';
import { GapClusterers } from './lsp/gapClusterers';
import { megabytes } from './common/plural';
import { insideFolders } from './common/text';
import {
  docsRootsRequest,
  draftPageRequest,
  draftPlacesRequest,
  gapClustersRequest,
  oversizeMessageRequest,
  prepareGapClustersNotification,
  siteMapRequest,
  anchorLineRequest,
} from './lsp/protocol';
import { answerNavigationRequests } from './lsp/navigationHandlers';
import { willRenameFiles } from './lsp/renameHandler';
import { RequestGuard } from './lsp/requestGuard';
import { WorkspaceDiagnostics } from './lsp/workspaceDiagnostics';
import { LastEdits, OpenDocumentsWorkspace, type FileSource } from './openDocumentsWorkspace';
import type { SiteClusterer } from './gapWorker/siteClusterer';
import { createLanguageService, type DocsLanguageService, type FileChange } from './service';

/**
 * What differs between the server under node (main.ts) and in a Web Worker (browserMain.ts): where
 * files come from, and what runs off the server's thread.
 */
export interface ServerHost {
  /** The files of the docs sites: the disk, or the client's `vscode.workspace.fs` (given the connection and the workspace folders). */
  files(
    connection: Connection,
    folders: () => readonly string[],
  ): FileSource & { forget?(uri: string, listingChanged: boolean): void; readAhead?(uris: string[]): void };
  /** Starts a site's gap clusterer (a worker thread under node), given the server's own service. */
  clusterer(service: DocsLanguageService): (docsJson: string | undefined, onFallback: (reason: string) => void) => SiteClusterer;
  /** Called at shutdown: stops what the host started (the parser's worker). */
  close?(): void;
}

/**
 * The LSP server: it wires the language service to a connection, and its handlers only delegate.
 * Works in any LSP client; VS Code is one of them.
 */
export function startServer(connection: Connection, host: ServerHost): void {
  let folders: string[] = [];
  const source = host.files(connection, () => folders);
  const { documents, workspace } = openDocuments(source);
  const service = createLanguageService({ workspace, folders: () => folders });
  const guard = new RequestGuard();
  let support: ClientSupport = clientSupport({});
  let renameRedirects: RenameRedirects = 'ask';
  let scope: DiagnosticsScope = 'workspace';
  const workspaceDiagnostics = new WorkspaceDiagnostics({
    connection,
    documents,
    service,
    scope: () => scope,
    folders: () => folders,
    progress: () => support.workDoneProgress,
    readAhead: source.readAhead?.bind(source),
  });
  const diagnostics = new DiagnosticsChannel(connection, documents, service, () => support, workspaceDiagnostics);

  connection.onInitialize((params): InitializeResult => {
    support = clientSupport(params.capabilities);
    folders = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri ? [params.rootUri] : []);
    const options = params.initializationOptions as { settings?: unknown } | undefined;
    if (options?.settings) applySettings(options.settings);
    return { capabilities: serverCapabilities(support), serverInfo: { name: 'docsmith', version: '0.1.0' } };
  });
  connection.onInitialized(async () => {
    await watchFilesAndFolders(connection, support, (event) => {
      const removed = new Set(event.removed.map((folder) => folder.uri));
      folders = [...folders.filter((uri) => !removed.has(uri)), ...event.added.map((folder) => folder.uri)];
      workspaceDiagnostics.changed(true);
    });
    await loadSettings();
  });
  const inWorkspace = (uri: unknown) => insideFolders(folders, uri);
  const gapClusterers = answerGapClusters(
    connection,
    guard,
    new GapClusterers(
      (line) => console.error(line),
      host.clusterer(service),
      undefined,
      (uri) => uri === null || (/\/docs\.json$/.test(uri) && inWorkspace(uri)),
    ),
  );
  connection.onShutdown(() => {
    guard.shutDown();
    gapClusterers.dispose();
    host.close?.();
  });

  function applySettings(raw: unknown): void {
    service.updateSettings(toServiceSettings(raw));
    renameRedirects = toRenameRedirects(raw);
    scope = toDiagnosticsScope(raw);
  }
  async function loadSettings(): Promise<void> {
    if (!support.configurationPull) return;
    const section = await connection.workspace.getConfiguration('docsmith').catch(() => undefined);
    if (section) applySettings(section);
    diagnostics.changed();
  }
  connection.onDidChangeConfiguration(async (change) => {
    const pushed = (change.settings as { docsmith?: unknown } | undefined)?.docsmith;
    if (pushed) applySettings(pushed);
    else await loadSettings();
    diagnostics.changed();
  });

  watchChanges(connection, documents, service, diagnostics, source.forget?.bind(source));
  diagnostics.listen(guard);
  workspaceDiagnostics.listen(guard);
  answerRequests(connection, service, guard, () => renameRedirects, inWorkspace);
  answerNavigationRequests(connection, service, guard, inWorkspace);

  documents.listen(connection);
  connection.listen();
}

/** Asks the client to watch the sites' files, and to tell of workspace folders added and removed. */
async function watchFilesAndFolders(
  connection: Connection,
  support: ClientSupport,
  foldersChanged: (event: WorkspaceFoldersChangeEvent) => void,
): Promise<void> {
  if (support.dynamicWatch)
    await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: WATCHED_FILES }] });
  if (support.workspaceFolders) connection.workspace.onDidChangeWorkspaceFolders(foldersChanged);
}

/**
 * The Docs Gaps view's clusters, each site indexed in a worker thread of its own (on the server's
 * thread in the browser). Only a docs.json inside a workspace folder is a site to index (no uri: the
 * questions alone): `clusterers` is told which.
 */
function answerGapClusters(connection: Connection, guard: RequestGuard, clusterers: GapClusterers): GapClusterers {
  // Off the server's thread: nothing here holds up other requests or the background checks.
  connection.onRequest(
    gapClustersRequest,
    guard.answer(null, (params, token) => clusterers.cluster(params, token), true),
  );
  connection.onNotification(prepareGapClustersNotification, (params) => clusterers.warm(params));
  return clusterers;
}

/** The editor's open documents, and the workspace that reads them over the disk (knowing where each was last edited). */
function openDocuments(source: FileSource): { documents: TextDocuments<TextDocument>; workspace: OpenDocumentsWorkspace } {
  const edits = new LastEdits();
  const documents = new TextDocuments({ create: TextDocument.create, update: edits.update });
  documents.onDidClose((event) => edits.forget(event.document.uri));
  return { documents, workspace: new OpenDocumentsWorkspace(documents, source, edits) };
}

/** Edits of open documents, and files created, deleted or changed on disk (by git, another editor). */
function watchChanges(
  connection: Connection,
  documents: TextDocuments<TextDocument>,
  service: DocsLanguageService,
  diagnostics: DiagnosticsChannel,
  forget?: (uri: string, listingChanged: boolean) => void,
): void {
  documents.onDidChangeContent((event) => {
    service.didChange(event.document.uri, 'changed');
    diagnostics.changed(event.document.uri);
  });
  documents.onDidClose((event) => {
    service.didChange(event.document.uri, 'changed');
    diagnostics.closed(event.document.uri);
    diagnostics.changed(event.document.uri);
  });
  connection.onDidChangeWatchedFiles((params) => {
    for (const change of params.changes) {
      const kind: FileChange =
        change.type === FileChangeType.Created ? 'created' : change.type === FileChangeType.Deleted ? 'deleted' : 'changed';
      forget?.(change.uri, kind !== 'changed');
      if (kind === 'changed' && documents.get(change.uri)) continue; // the editor's text wins over the disk
      service.didChange(change.uri, kind);
    }
    diagnostics.changed(
      undefined,
      params.changes.some((change) => change.type !== FileChangeType.Changed && change.uri.endsWith('/docs.json')),
    );
  });
}

/** The editor features and Docsmith's own requests, each delegated to the service. */
function answerRequests(
  connection: Connection,
  service: DocsLanguageService,
  guard: RequestGuard,
  redirects: () => RenameRedirects,
  inWorkspace: (uri: unknown) => boolean,
): void {
  connection.onCompletion(
    guard.answer({ isIncomplete: false, items: [] }, (params, token) =>
      service.doComplete(params.textDocument.uri, params.position, token),
    ),
  );
  connection.onHover(guard.answer(null, (params, token) => service.doHover(params.textDocument.uri, params.position, token)));
  connection.onDocumentLinks(guard.answer([], (params, token) => service.findDocumentLinks(params.textDocument.uri, token)));
  connection.onDefinition(guard.answer([], (params, token) => service.findDefinition(params.textDocument.uri, params.position, token)));
  connection.onCodeAction(
    guard.answer([], (params, token) =>
      service.getCodeActions(params.textDocument.uri, params.range, params.context.diagnostics, token, params.context.only),
    ),
  );
  connection.onPrepareRename(guard.answer(null, (params, token) => service.prepareRename(params.textDocument.uri, params.position, token)));
  connection.onRenameRequest(
    guard.answer(null, (params, token) => service.rename(params.textDocument.uri, params.position, params.newName, token)),
  );
  connection.workspace.onWillRenameFiles(
    guard.answer(null, (params, token) => willRenameFiles(params, service, connection, redirects(), token)),
  );
  // For the Docs Gaps view: where the docs roots are, what maps cited URLs to local files, drafts. Only
  // for files of the workspace's folders: the view reads and drafts nothing elsewhere.
  connection.onRequest(
    siteMapRequest,
    guard.answer(null, async (params, token) => (inWorkspace(params.uri) ? ((await service.getSiteMap(params.uri, token)) ?? null) : null)),
  );
  connection.onRequest(
    anchorLineRequest,
    guard.answer(null, async (params, token) =>
      inWorkspace(params.uri) ? ((await service.getAnchorLine(params.uri, params.anchor, token)) ?? null) : null,
    ),
  );
  connection.onRequest(
    draftPlacesRequest,
    guard.answer([], async (params, token) =>
      inWorkspace(params.rootUri) ? service.getDraftPlaces(params.rootUri, params.pageId, token) : [],
    ),
  );
  connection.onRequest(
    draftPageRequest,
    guard.answer(null, async ({ rootUri, ...request }, token) =>
      inWorkspace(rootUri) ? ((await service.getDraftPageEdit(rootUri, request, token)) ?? null) : null,
    ),
  );
  connection.onRequest(
    docsRootsRequest,
    guard.answer([], async (params, token) =>
      (await Promise.all(params.folderUris.filter(inWorkspace).map((uri) => service.findDocsRoots(uri, token)))).flat(),
    ),
  );
  // A message over the size cap arrives as this request, with the id of the one dropped.
  connection.onRequest(oversizeMessageRequest, (params) => {
    throw new ResponseError(
      ErrorCodes.InvalidRequest,
      `The message was ${megabytes(params.bytes)}; the server reads messages up to ${megabytes(params.max)}.`,
    );
  });
}
