/**
 * What the two ways of waiting on the parser worker share (deadlineParser.ts waits on its thread,
 * queuedParser.ts does not): how a worker is started, its options, and what a stopped page says.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import type { MdxParse } from '../service';

/** How long a new worker may take to load the parser before pages are parsed on the calling thread. */
export const START_DEADLINE_MS = 5000;
/** A hostile page may also try to exhaust memory: the worker's heap is bounded, and exceeding it only stops the worker. */
const WORKER_HEAP_MB = 512;

export interface ParserOptions {
  deadlineMs: number;
  /** Said after "the parser was stopped after N s": why there is a deadline, and where the page is checked in full. */
  why: string;
  /** Replaces the worker's entry (the tests). */
  script?: string;
  /** The language server's worker is stopped after this long without a page (default a minute). */
  idleMs?: number;
  /** Told when the worker cannot start, or a page is stopped. */
  log?: (message: string) => void;
}

/** A worker's reply: the parse, or why it could not give one. The first message of a worker says it is ready. */
export type Reply = MdxParse | { failed: string } | { ready: true };

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

/** The page's parse in a worker's reply; undefined when the reply is none (the worker failed, or only said it is ready). */
export function parseOf(reply: Reply | undefined): MdxParse | undefined {
  return reply && !('failed' in reply) && !('ready' in reply) ? reply : undefined;
}

/** Why no worker runs when one did not say it was ready in time. */
export const NOT_STARTED = `the parser worker did not start within ${START_DEADLINE_MS / 1000} s`;

/** The log line when no worker runs, for `reason`. */
export function noWorker(reason: string): string {
  return `Docsmith parses MDX on this thread: ${reason}.`;
}

/** Why a worker could not start, for the log. */
export function startFailure(error: unknown): string {
  return `the parser worker could not start (${error instanceof Error ? error.message : String(error)})`;
}

/** What a page the parser was stopped on says (`mdx/not-checked`), and the log line. */
export function stoppedPage(deadlineMs: number, why: string, log: (message: string) => void): MdxParse {
  const seconds = deadlineMs / 1000;
  log(`Docsmith stopped the MDX parser on a page after ${seconds} s.`);
  return {
    notParsed: {
      reason: `the parser was stopped after ${seconds} s (its work on some inline markup grows with the square of a paragraph's length)${why}`,
    },
  };
}
