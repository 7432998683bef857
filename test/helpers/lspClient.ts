import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type ClientCapabilities,
  type InitializeResult,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type Range,
} from 'vscode-languageserver-protocol/node';

export const SERVER = resolve(__dirname, '../../dist/server.js');

export interface TestClient {
  connection: ProtocolConnection;
  initialize: InitializeResult;
  root: string;
  uri(relative: string): string;
  open(relative: string, text?: string): Promise<string>;
  change(relative: string, text: string): Promise<void>;
  /** An incremental edit, as an editor sends a keystroke: `text` replaces the range. */
  edit(relative: string, range: Range, text: string): Promise<void>;
  pushed: Map<string, PublishDiagnosticsParams>;
  /** Answers the next `window/showMessageRequest`s get (by action title); unanswered ones get null. */
  messageAnswers: string[];
  messageRequests: string[];
  /** Resolves when the server asks the client to re-pull diagnostics. */
  nextRefresh(): Promise<void>;
  stderr(): string;
  close(): Promise<void>;
  /** Closes the server and removes the copied site folder. */
  dispose(): Promise<void>;
}

export const pullCapabilities: ClientCapabilities = {
  textDocument: {
    diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
    completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    publishDiagnostics: { relatedInformation: true },
    synchronization: { didSave: true },
  },
  workspace: {
    diagnostics: { refreshSupport: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    workspaceEdit: { documentChanges: true },
    fileOperations: { willRename: true },
  },
};

/** Copies a fixture site to a temporary folder, so tests may create, edit and delete files. */
export async function copyFixture(source: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docsmith-lsp-'));
  await cp(source, dir, { recursive: true });
  return dir;
}

/** Forks `dist/server.js --stdio` and initializes it on `root`, the way an editor would. */
export async function startClient(
  root: string,
  options: {
    capabilities?: ClientCapabilities;
    initializationOptions?: unknown;
    workspaceFolders?: boolean;
    env?: Record<string, string>;
  } = {},
): Promise<TestClient> {
  const child: ChildProcess = spawn(process.execPath, [SERVER, '--stdio'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const pushed = new Map<string, PublishDiagnosticsParams>();
  const refreshWaiters: (() => void)[] = [];
  const versions = new Map<string, number>();
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => pushed.set(params.uri, params));
  connection.onRequest('client/registerCapability', () => null);
  const messageAnswers: string[] = [];
  const messageRequests: string[] = [];
  connection.onRequest('window/showMessageRequest', (params: { message: string; actions?: { title: string }[] }) => {
    messageRequests.push(params.message);
    const answer = messageAnswers.shift();
    return answer ? { title: answer } : null;
  });
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
  connection.onRequest('workspace/diagnostic/refresh', () => {
    refreshWaiters.splice(0).forEach((resolve) => resolve());
    return null;
  });
  connection.listen();
  const rootUri = pathToFileURL(root).href;
  const initialize = (await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: options.workspaceFolders === false ? rootUri : null,
    workspaceFolders: options.workspaceFolders === false ? null : [{ uri: rootUri, name: 'site' }],
    capabilities: options.capabilities ?? pullCapabilities,
    initializationOptions: options.initializationOptions,
  })) as InitializeResult;
  await connection.sendNotification('initialized', {});
  const uri = (relative: string) => pathToFileURL(join(root, relative)).href;
  const close = async () => {
    await connection.sendRequest('shutdown').catch(() => undefined);
    await connection.sendNotification('exit').catch(() => undefined);
    connection.dispose();
    if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  };
  return {
    connection,
    initialize,
    root,
    uri,
    pushed,
    messageAnswers,
    messageRequests,
    async open(relative, text) {
      const content = text ?? (await readFile(join(root, relative), 'utf8'));
      versions.set(relative, 1);
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri: uri(relative), languageId: relative.endsWith('.json') ? 'json' : 'mdx', version: 1, text: content },
      });
      return content;
    },
    async change(relative, text) {
      const version = (versions.get(relative) ?? 1) + 1;
      versions.set(relative, version);
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(relative), version },
        contentChanges: [{ text }],
      });
    },
    async edit(relative, range, text) {
      const version = (versions.get(relative) ?? 1) + 1;
      versions.set(relative, version);
      await connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: uri(relative), version },
        contentChanges: [{ range, text }],
      });
    },
    nextRefresh: () => new Promise((resolve) => refreshWaiters.push(resolve)),
    stderr: () => stderr,
    close,
    async dispose() {
      await close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

export const EXAMPLE_SITE = resolve(__dirname, '../../examples/site');

/** A server on a fresh copy of a fixture site (examples/site by default). */
export async function startFixtureClient(source = EXAMPLE_SITE, options: Parameters<typeof startClient>[1] = {}): Promise<TestClient> {
  return startClient(await copyFixture(source), options);
}

export { waitFor } from './waitFor';

/** A server on a site written from file contents into a temporary folder (removed by `dispose`). */
export async function startSiteClient(files: Record<string, string>, options: Parameters<typeof startClient>[1] = {}): Promise<TestClient> {
  const { mkdir, writeFile } = await import('node:fs/promises');
  const dir = await mkdtemp(join(tmpdir(), 'docsmith-lsp-'));
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return startClient(dir, options);
}

/**
 * Runs `work` on a fresh server over a fresh copy of a fixture site (examples/site by default), then
 * disposes of both. Unless told otherwise, the server must have written nothing to stderr.
 */
export async function withFixtureClient(
  work: (client: TestClient) => Promise<void>,
  source = EXAMPLE_SITE,
  options: Parameters<typeof startClient>[1] & { stderrAllowed?: boolean } = {},
): Promise<void> {
  const client = await startFixtureClient(source, options);
  try {
    await work(client);
    if (!options.stderrAllowed && client.stderr() !== '') throw new Error(`the server wrote to stderr:\n${client.stderr()}`);
  } finally {
    await client.dispose();
  }
}
