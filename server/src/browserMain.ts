import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { ClientWorkspace } from './clientWorkspace';
import { insideFolders } from './common/text';
import { threadClusterer } from './gapWorker/threadClusterer';
import { startServer, type ServerHost } from './server';
import { QueuedParser } from './parserWorker/queuedParser';
import { EDITOR_PARSER } from './parserWorker/parserReplies';
import { isParserWorker, serveParser, webParserChannel } from './parserWorker/webParser';
import { parseMdx, useReferenceParser } from './service';

/**
 * The language server in a Web Worker (the browser build: github.dev, vscode.dev): the same server as
 * main.ts, its files read through the client (`docsmith/fs/*`), the reference parser and the gap
 * clusters on its own thread (no worker threads here).
 */
function browserHost(): ServerHost {
  // What the server says goes to the client's output channel (a worker's console is the browser's devtools).
  let say = (line: string) => console.error(line);
  // The pages the scanner cannot vouch for are parsed on a Web Worker stopped past the deadline; the
  // parse the service asks for on return (never in the server) stays on this thread.
  const queued = new QueuedParser({ ...EDITOR_PARSER, log: (line) => say(line) }, webParserChannel);
  useReferenceParser({ parse: (text) => parseMdx(text), parseAsync: (text, key) => queued.parse(text, key) });
  let files: ClientWorkspace | undefined;
  return {
    files: (connection, folders) => {
      say = (line) => connection.console.error(line);
      const client = new ClientWorkspace(connection);
      files = client;
      return {
        files: client,
        // A file of a workspace folder, whatever its scheme (`vscode-vfs:` on github.dev, `vscode-remote:` under a server).
        holds: (uri) => insideFolders(folders(), uri),
        forget: (uri, listingChanged) => client.forget(uri, listingChanged),
        readAhead: (uris) => client.readAhead(uris),
      };
    },
    clusterer: threadClusterer,
    // The requests still waiting or under way are cancelled.
    close: () => {
      queued.close();
      files?.dispose();
    },
  };
}

// The worker's global scope (its messages are the connection); typed through the reader, as this project compiles without the DOM's types.
const worker = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
// The same script is the server, or (started under the parser's name) the parser's worker.
if (isParserWorker()) serveParser(globalThis as unknown as Parameters<typeof serveParser>[0]);
else startServer(createConnection(ProposedFeatures.all, new BrowserMessageReader(worker), new BrowserMessageWriter(worker)), browserHost());
