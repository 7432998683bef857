// dist/server.js started over stdio and initialized on a folder, as an editor would: for the benches.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import rpc from 'vscode-languageserver-protocol/node.js';

const { createProtocolConnection, StreamMessageReader, StreamMessageWriter } = rpc;
const here = resolve(import.meta.dirname);

/** The server process, its connection and the folder's URI; `flags` go to node (--cpu-prof). */
export async function startLspServer(root, { flags = [], capabilities = {} } = {}) {
  const child = spawn(process.execPath, [...flags, resolve(here, '../dist/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => ({})));
  connection.onRequest('workspace/diagnostic/refresh', () => null);
  connection.listen();
  const rootUri = pathToFileURL(root).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'bench' }],
    capabilities,
  });
  await connection.sendNotification('initialized', {});
  return { child, connection, rootUri };
}
