import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { MessageCap, maxMessageBytes, megabytes } from './lsp/messageCap';
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from './heapGrowth';
import { startServer, type ServerHost } from './server';
import { FsWorkspace } from './fsWorkspace';
import { deadlineParser } from './parserWorker/deadlineParser';
import { EDITOR_PARSER } from './parserWorker/parserReplies';
import { startSiteClusterer } from './gapWorker/siteClusterer';
import { useReferenceParser } from './service';

/**
 * The server under node: files from the disk (`file:` URIs), the pages the scanner cannot vouch for
 * parsed on a worker stopped past the deadline, each site's gap clusters in a worker thread.
 */
function nodeHost(): ServerHost {
  const parser = deadlineParser({ ...EDITOR_PARSER, log: (line) => console.error(line) });
  useReferenceParser(parser);
  return {
    files: () => ({ files: new FsWorkspace(), holds: (uri) => uri.startsWith('file:') }),
    clusterer: () => startSiteClusterer,
    close: () => parser.close(),
  };
}

/**
 * What the server may have written that the client has not read yet: a client that never reads
 * (878,000 requests grew the server to 1.2 GB) is a client gone; the server says so and exits.
 * DOCSMITH_MAX_UNREAD_OUTPUT changes the bound (tests).
 */
const MAX_UNREAD_OUTPUT =
  Number(process.env.DOCSMITH_MAX_UNREAD_OUTPUT) > 0 ? Number(process.env.DOCSMITH_MAX_UNREAD_OUTPUT) : 256 * 1024 * 1024;

// A long-lived process that makes much short-lived garbage: its heap stays near what is live.
boundHeapGrowth(HEAP_GROWING_PERCENT.server);

// `--stdio`, `--node-ipc` or `--socket=N`. Over stdio the messages pass a size cap first: a huge
// message is dropped as it streams by, and answered with an error (see messageCap.ts).
if (process.argv.includes('--stdio')) {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const input = process.stdin.pipe(new MessageCap(maxMessageBytes(), log));
  // The client closed its end: nothing more can come, so the server ends (at once, not after a timeout).
  process.stdin.on('end', () => setImmediate(() => process.exit(process.exitCode ?? 0)));
  const output = new StreamMessageWriter(process.stdout);
  const write = output.write.bind(output);
  output.write = (message) => {
    if (process.stdout.writableLength > MAX_UNREAD_OUTPUT) {
      log(
        `docsmith: the client has not read ${megabytes(process.stdout.writableLength)} of answers; it is not reading, so the server stops.`,
      );
      process.exit(1);
    }
    return write(message);
  };
  startServer(createConnection(ProposedFeatures.all, new StreamMessageReader(input), output), nodeHost());
} else {
  startServer(createConnection(ProposedFeatures.all), nodeHost());
}
