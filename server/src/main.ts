import { createConnection, ProposedFeatures, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver/node';
import { MessageCap, maxMessageBytes } from './lsp/messageCap';
import { startServer } from './server';

// `--stdio`, `--node-ipc` or `--socket=N`. Over stdio the messages pass a size cap first: a huge
// message is dropped as it streams by, and answered with an error (see messageCap.ts).
if (process.argv.includes('--stdio')) {
  const input = process.stdin.pipe(new MessageCap(maxMessageBytes(), (line) => process.stderr.write(`${line}\n`)));
  startServer(createConnection(ProposedFeatures.all, new StreamMessageReader(input), new StreamMessageWriter(process.stdout)));
} else {
  startServer(createConnection(ProposedFeatures.all));
}
