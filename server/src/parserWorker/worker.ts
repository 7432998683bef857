/**
 * The parser worker's entry (dist/parserWorker.js): parses each page it is sent with the MDX
 * reference parser and answers on the port it was given, then raises the shared flag the calling
 * thread waits on (see deadlineParser.ts).
 */
import { workerData, type MessagePort } from 'node:worker_threads';
// The parser alone, not the whole language service: this bundle stays small (the parser itself is
// loaded from its own bundle, as in the server).
// eslint-disable-next-line no-restricted-imports
import { parseMdx, type MdxParse } from '../service/mdx/mdxReference';

const { flag, port } = workerData as { flag: Int32Array; port: MessagePort };

function answer(reply: MdxParse | { failed: string } | { ready: true }): void {
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

port.on('message', (text: string) => {
  let reply: MdxParse | { failed: string };
  try {
    reply = parseMdx(text);
  } catch (error) {
    reply = { failed: error instanceof Error ? error.message : String(error) };
  }
  try {
    answer(reply);
  } catch (error) {
    // A tree that cannot be sent (it cannot happen with the parser's plain objects; said, not hidden).
    answer({ failed: `its tree could not be sent back: ${error instanceof Error ? error.message : String(error)}` });
  }
});

// Ready, with the parser loaded (a parser that cannot load fails on the first page, with its message):
// the calling thread waits for this before it sends the first page.
try {
  parseMdx('');
} catch {
  // said on the first page
}
answer({ ready: true });
