/**
 * The parser worker's entry (dist/parserWorker.js): parses each page it is sent with the MDX
 * reference parser and answers on the port it was given, then raises the shared flag the calling
 * thread waits on (see deadlineParser.ts).
 */
import { workerData, type MessagePort } from 'node:worker_threads';
import type { MdxParse } from '../service';
import { parseOrFailure, warmParser } from './parserReplies';

const { flag, port } = workerData as { flag: Int32Array; port: MessagePort };

function answer(reply: MdxParse | { failed: string } | { ready: true }): void {
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}

port.on('message', (text: string) => {
  const reply = parseOrFailure(text);
  try {
    answer(reply);
  } catch (error) {
    // A tree that cannot be sent (it cannot happen with the parser's plain objects; said, not hidden).
    answer({ failed: `its tree could not be sent back: ${error instanceof Error ? error.message : String(error)}` });
  }
});

// Ready, with the parser loaded: the calling thread waits for this before it sends the first page.
warmParser();
answer({ ready: true });
