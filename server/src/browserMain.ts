import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { ClientWorkspace } from './clientWorkspace';
import { threadClusterer } from './lsp/threadClusterer';
import { startServer, type ServerHost } from './server';

/**
 * The language server in a Web Worker (the browser build: github.dev, vscode.dev): the same server as
 * main.ts, its files read through the client (`docsmith/fs/*`), the reference parser and the gap
 * clusters on its own thread (no worker threads here).
 */
function browserHost(): ServerHost {
  return {
    files: (connection, folders) => {
      const files = new ClientWorkspace(connection);
      return {
        files,
        // A file of a workspace folder, whatever its scheme (`vscode-vfs:` on github.dev, `vscode-remote:` under a server).
        holds: (uri) => folders().some((folder) => uri.startsWith(folder.endsWith('/') ? folder : `${folder}/`)),
        forget: (uri, listingChanged) => files.forget(uri, listingChanged),
        readAhead: (uris) => files.readAhead(uris),
      };
    },
    clusterer: threadClusterer,
  };
}

// The worker's global scope (its messages are the connection); typed through the reader, as this project compiles without the DOM's types.
const worker = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
startServer(createConnection(ProposedFeatures.all, new BrowserMessageReader(worker), new BrowserMessageWriter(worker)), browserHost());
