/**
 * The MDX reference parser with a deadline, for the language server. Some inline markup costs the
 * parser time that grows with the square of a paragraph's length (7 KB of `*_` after an unclosed
 * element: half a second; 40 KB of `[ (](`: five seconds), and a parse on the server's thread would
 * hold up every request behind it. Here the parse runs on a worker thread while the calling thread
 * waits for it, synchronously (the page's model is synchronous), up to the deadline: past it, the
 * worker is stopped and the page is reported as not checked by the parser; the next page starts a new
 * worker. When no worker can start, pages are parsed on the calling thread, as the command line does.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { parseMdx, type MdxParse, type ReferenceParser } from '../service';

/** How long a new worker may take to load the parser before pages are parsed on the calling thread. */
const START_DEADLINE_MS = 5000;
/** A hostile page may also try to exhaust memory: the worker's heap is bounded, and exceeding it only stops the worker. */
const WORKER_HEAP_MB = 512;

export interface DeadlineParser {
  parse: ReferenceParser;
  /** Stops the worker; later pages start a new one. */
  close(): void;
}

interface Running {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

export interface DeadlineOptions {
  deadlineMs: number;
  /** Said after "the parser was stopped after N s": why there is a deadline, and where the page is checked in full. */
  why: string;
  /**
   * Pages shorter than this many characters are parsed on the calling thread, without the worker's
   * cost (its start, and a copy of each tree): the parser cannot take long on them. 0: every page
   * goes to the worker.
   */
  inThreadBelow?: number;
  /** Replaces the worker's entry (the tests). */
  script?: string;
  /** Told when the worker cannot start, or a page is stopped. */
  log?: (message: string) => void;
}

/** A reference parser that gives up on a page after `deadlineMs`. */
export function deadlineParser({ deadlineMs, why, inThreadBelow = 0, script, log = () => undefined }: DeadlineOptions): DeadlineParser {
  let running: Running | undefined;
  // Why no worker can run, once none could start: every page is then parsed on the calling thread.
  let broken: string | undefined;

  const stop = () => {
    const stopped = running;
    running = undefined;
    if (!stopped) return;
    stopped.port.close();
    void stopped.worker.terminate();
  };

  const start = (): Running | undefined => {
    if (broken) return undefined;
    try {
      const flag = new Int32Array(new SharedArrayBuffer(4));
      const { port1, port2 } = new MessageChannel();
      const worker = spawn(script, { flag, port: port2 }, [port2]);
      worker.unref();
      worker.on('error', () => undefined); // a stopped or failed worker is seen by the deadline
      if (Atomics.wait(flag, 0, 0, START_DEADLINE_MS) !== 'timed-out') return { worker, port: port1, flag };
      void worker.terminate();
      broken = `the parser worker did not start within ${START_DEADLINE_MS / 1000} s`;
    } catch (error) {
      broken = `the parser worker could not start (${error instanceof Error ? error.message : String(error)})`;
    }
    log(`Docsmith parses MDX on the server's thread: ${broken}.`);
    return undefined;
  };

  const parse = (text: string): MdxParse => {
    if (text.length < inThreadBelow) return parseMdx(text);
    running ??= start();
    if (!running) return parseMdx(text);
    const { port, flag } = running;
    Atomics.store(flag, 0, 0);
    port.postMessage(text);
    if (Atomics.wait(flag, 0, 0, deadlineMs) === 'timed-out') {
      stop();
      const seconds = deadlineMs / 1000;
      log(`Docsmith stopped the MDX parser on a page after ${seconds} s.`);
      return {
        notParsed: {
          reason: `the parser was stopped after ${seconds} s (its work on some inline markup grows with the square of a paragraph's length)${why}`,
        },
      };
    }
    const reply = receiveMessageOnPort(port)?.message as MdxParse | { failed: string } | undefined;
    if (reply && !('failed' in reply)) return reply;
    // The worker could not answer: the page is parsed here, and the worker is started again for the next.
    stop();
    return parseMdx(text);
  };

  return { parse, close: stop };
}

/** The script given (the tests), bundled (dist/parserWorker.js, beside the server's bundle), or the sources through tsx. */
function spawn(script: string | undefined, workerData: object, transferList: MessagePort[]): Worker {
  const options = { workerData, transferList, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  if (script) {
    if (!existsSync(script)) throw new Error(`${script} is missing`);
    return new Worker(script, options);
  }
  const bundled = join(__dirname, 'parserWorker.js');
  if (existsSync(bundled)) return new Worker(bundled, options);
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'worker.ts'))});`, { ...options, eval: true });
}
