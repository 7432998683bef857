import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { LanguageClient } from 'vscode-languageclient/browser';
import { activateWith, type DocsmithApi } from '../activate';
import { clientOptions } from '../clientOptions';
import { serveFiles } from './clientFiles';

let client: BaseLanguageClient | undefined;

/** The browser's Worker, as much of it as is used here (this project compiles without the DOM's types). */
interface WebWorker {
  terminate(): void;
}
declare const Worker: new (url: string, options?: { name?: string }) => WebWorker;
declare const Blob: new (parts: Uint8Array[], options?: { type?: string }) => object;
declare const URL: { createObjectURL(blob: object): string; revokeObjectURL(url: string): void };

/**
 * The web extension (github.dev, vscode.dev, code-server's browser host): the same extension, its
 * language server in a Web Worker that reads files through this client (see clientFiles.ts).
 */
export async function activate(context: vscode.ExtensionContext): Promise<DocsmithApi> {
  const api = await activateWith(context, async (_context, config, output) => {
    output.appendLine('Docsmith in the browser: the language server runs in a Web Worker and reads files through the editor.');
    const worker = await startServerWorker(context);
    // The workspace's own schemes (`vscode-vfs` on github.dev, `vscode-remote` under a server): not git's or the output's.
    const schemes = [...new Set((vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.scheme))];
    const options = clientOptions(config, output, schemes.length ? schemes : ['file']);
    const made = new LanguageClient('docsmith', 'Docsmith', options, worker as ConstructorParameters<typeof LanguageClient>[3]);
    context.subscriptions.push(...serveFiles(made), { dispose: () => worker.terminate() });
    return made;
  });
  client = api.client;
  return api;
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}

/**
 * The server's worker, started from a blob of its code: a web extension served by a VS Code server
 * cannot start a worker from its own URI (microsoft/vscode#168942), and a blob works wherever the
 * extension's files can be read, vscode.dev included. The blob's URL lives as long as the extension.
 */
async function startServerWorker(context: vscode.ExtensionContext): Promise<WebWorker> {
  const code = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js'));
  const url = URL.createObjectURL(new Blob([code], { type: 'text/javascript' }));
  // Kept while the extension runs: the server starts its MDX parser's worker from the same URL.
  context.subscriptions.push({ dispose: () => URL.revokeObjectURL(url) });
  return new Worker(url, { name: 'Docsmith language server' });
}
