import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import {
  AbstractMessageReader,
  AbstractMessageWriter,
  createProtocolConnection,
  type ClientCapabilities,
  type DataCallback,
  type Disposable,
  type Message,
  type ProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { decodeFileBytes } from '../../server/src/common/fileText';
import { listFilesRequest, readDirectoryRequest, readFilesRequest, statRequest, type ClientFileText } from '../../server/src/lsp/protocol';

/** The browser build's language server, as `npm run build` writes it. */
export const WEB_SERVER = resolve(__dirname, '../../dist/web/server.js');

/**
 * The web server's bundle in a worker thread standing in for a browser's Web Worker: the bundle talks
 * to `globalThis` (`postMessage`, `onmessage`) as it would to the worker's global scope.
 */
const WORKER_SHIM = `
const { parentPort, workerData } = require('node:worker_threads');
const { getHeapStatistics } = require('node:v8');
// The worker's heap at its largest, sampled (for the bench): asked for by a message of its own.
let peak = 0;
const sample = () => { const heap = getHeapStatistics(); peak = Math.max(peak, heap.used_heap_size + heap.external_memory); };
setInterval(sample, 50).unref();
globalThis.postMessage = (message) => parentPort.postMessage(message);
globalThis.addEventListener = () => undefined;
parentPort.on('message', (data) => {
  if (data && data.docsmithHeapPeak) return sample(), parentPort.postMessage({ docsmithHeapPeak: peak });
  globalThis.onmessage && globalThis.onmessage({ data });
});
require(workerData.bundle);
`;

class WorkerReader extends AbstractMessageReader {
  constructor(private readonly worker: Worker) {
    super();
    worker.on('error', (error) => this.fireError(error));
  }
  listen(callback: DataCallback): Disposable {
    const listener = (message: Message & { docsmithHeapPeak?: number }) => {
      if (message.docsmithHeapPeak === undefined) callback(message);
    };
    this.worker.on('message', listener);
    return { dispose: () => this.worker.off('message', listener) };
  }
}

class WorkerWriter extends AbstractMessageWriter {
  constructor(private readonly worker: Worker) {
    super();
  }
  async write(message: Message): Promise<void> {
    this.worker.postMessage(message);
  }
  end(): void {}
}

/** Files served to the web server: a folder's, read into memory once (as the editor's file system would hand them over). */
export interface ServedFiles {
  /** The text of each file by path relative to the root, as bytes. */
  bytes: Map<string, Uint8Array>;
  rootUri: string;
}

/** Every file of a site folder, in memory, under a URI of the browser's kind (`vscode-vfs://github/...`). */
export function filesOf(dir: string, rootUri = `vscode-vfs://github/docsmith/${encodeURIComponent(dir.split(sep).pop()!)}`): ServedFiles {
  const bytes = new Map<string, Uint8Array>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '.git') walk(path);
      } else if (entry.isFile()) bytes.set(relative(dir, path).split(sep).join('/'), readFileSync(path));
    }
  };
  if (statSync(dir).isDirectory()) walk(dir);
  return { bytes, rootUri };
}

export interface WebServer {
  connection: ProtocolConnection;
  /** Requests for files the server made, by kind, and the files read (relative paths, in order). */
  asked: { readFile: number; stat: number; readDirectory: number; listFiles: number; read: string[] };
  /** The files' served copy: a test edits it, then says so through `workspace/didChangeWatchedFiles`. */
  files: ServedFiles;
  /** The worker's largest heap so far (used, with external memory), in bytes, sampled every 50 ms. */
  heapPeak(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Starts the web server in a worker and initializes it on the served files, as the web extension
 * would: the `docsmith/fs/*` requests answered from memory, each first read of a file after
 * `latencyMs` (a slow file system: on github.dev, a round trip to GitHub).
 */
export async function startWebServer(
  files: ServedFiles,
  { latencyMs = 0, capabilities = {} }: { latencyMs?: number; capabilities?: ClientCapabilities } = {},
): Promise<WebServer & { worker: Worker }> {
  const worker = new Worker(WORKER_SHIM, { eval: true, workerData: { bundle: WEB_SERVER } });
  const connection = createProtocolConnection(new WorkerReader(worker), new WorkerWriter(worker));
  const asked: WebServer['asked'] = { readFile: 0, stat: 0, readDirectory: 0, listFiles: 0, read: [] };
  const prefix = `${files.rootUri}/`;
  const relativeOf = (uri: string) =>
    uri === files.rootUri ? '' : uri.startsWith(prefix) ? decodeURIComponent(uri.slice(prefix.length)) : undefined;
  const seen = new Set<string>();
  const wait = async (uri: string) => {
    if (latencyMs > 0 && !seen.has(uri)) await new Promise((done) => setTimeout(done, latencyMs));
    seen.add(uri);
  };
  const folderOf = (path: string) => (path === '' ? '' : `${path}/`);
  const entries = (path: string) => {
    const found = new Map<string, 'file' | 'directory'>();
    for (const file of files.bytes.keys()) {
      if (!file.startsWith(folderOf(path))) continue;
      const rest = file.slice(folderOf(path).length);
      const slash = rest.indexOf('/');
      found.set(slash < 0 ? rest : rest.slice(0, slash), slash < 0 ? 'file' : 'directory');
    }
    return found;
  };
  const readOne = async (uri: string): Promise<ClientFileText | null> => {
    await wait(uri);
    const path = relativeOf(uri);
    const bytes = path === undefined ? undefined : files.bytes.get(path);
    if (path !== undefined && bytes) asked.read.push(path);
    return bytes ? decodeFileBytes(bytes, path!.split('/').pop()!) : null;
  };
  connection.onRequest(readFilesRequest, async ({ uris }) => {
    asked.readFile++;
    return Promise.all(uris.map(readOne));
  });
  connection.onRequest(statRequest, async ({ uri }) => {
    asked.stat++;
    await wait(uri);
    const path = relativeOf(uri);
    if (path === undefined) return null;
    const bytes = files.bytes.get(path);
    if (bytes) return { kind: 'file' as const, size: bytes.length, mtime: 1 };
    return path === '' || entries(path).size ? { kind: 'directory' as const, size: 0, mtime: 1 } : null;
  });
  connection.onRequest(readDirectoryRequest, async ({ uri }) => {
    asked.readDirectory++;
    await wait(uri);
    const path = relativeOf(uri);
    return path === undefined ? [] : [...entries(path)].map(([name, kind]) => ({ name, kind }));
  });
  connection.onRequest(listFilesRequest, async ({ uri }) => {
    asked.listFiles++;
    await wait(uri);
    const path = relativeOf(uri);
    if (path === undefined) return { files: [], problems: [] };
    const start = folderOf(path);
    return {
      files: [...files.bytes.keys()].filter((file) => file.startsWith(start)).map((file) => file.slice(start.length)),
      problems: [],
    };
  });
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: null,
    rootUri: files.rootUri,
    workspaceFolders: [{ uri: files.rootUri, name: 'site' }],
    capabilities,
  });
  await connection.sendNotification('initialized', {});
  return {
    worker,
    connection,
    asked,
    files,
    heapPeak: () =>
      new Promise((done) => {
        const listener = (message: { docsmithHeapPeak?: number }) => {
          if (message.docsmithHeapPeak === undefined) return;
          worker.off('message', listener);
          done(message.docsmithHeapPeak);
        };
        worker.on('message', listener);
        worker.postMessage({ docsmithHeapPeak: true });
      }),
    close: async () => {
      await connection.sendRequest('shutdown').catch(() => undefined);
      connection.dispose();
      await worker.terminate();
    },
  };
}
