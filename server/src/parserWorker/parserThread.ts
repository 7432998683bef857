/**
 * The parser worker under node (a worker thread), for the two ways of waiting on it: deadlineParser.ts
 * waits on its thread, queuedParser.ts does not. What they share without Node is in parserReplies.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { ParserChannel } from './queuedParser';

/** A hostile page may also try to exhaust memory: the worker's heap is bounded, and exceeding it only stops the worker. */
const WORKER_HEAP_MB = 512;

export interface ParserThread {
  worker: Worker;
  /** This side of the worker's port. */
  port: MessagePort;
  /** Raised by the worker when it is ready and after each reply. */
  flag: Int32Array;
}

/** Starts a parser worker: the script given (the tests), bundled (dist/parserWorker.js, beside the server's bundle), or the sources through tsx. */
export function startParserThread(script: string | undefined): ParserThread {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  const options = { workerData: { flag, port: port2 }, transferList: [port2], resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  let worker: Worker;
  if (script) {
    if (!existsSync(script)) throw new Error(`${script} is missing`);
    worker = new Worker(script, options);
  } else {
    const bundled = join(__dirname, 'parserWorker.js');
    worker = existsSync(bundled)
      ? new Worker(bundled, options)
      : new Worker(`require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'worker.ts'))});`, { ...options, eval: true });
  }
  // Nothing waits on it between pages: it must not keep the process alive.
  worker.unref();
  return { worker, port: port1, flag };
}

export function stopParserThread(thread: ParserThread): void {
  thread.port.close();
  void thread.worker.terminate();
}

/** A worker thread as the queued parser's channel. */
export function nodeParserChannel(script: string | undefined): ParserChannel {
  const thread = startParserThread(script);
  return {
    send: (text) => thread.port.postMessage(text),
    onReply(listener) {
      thread.port.on('message', listener);
      // Listening must not keep the process alive (a page in the worker is kept alive by its deadline).
      thread.port.unref();
    },
    onError: (listener) => void thread.worker.on('error', listener),
    stop: () => stopParserThread(thread),
  };
}
