/**
 * The MDX reference parser with a deadline, for the language server. Some inline
 * markup costs the parser time that grows with the square of a paragraph's length (7 KB of `*_` after
 * an unclosed element: half a second; 40 KB of `[ (](`: five seconds). Here the parse runs on a worker
 * thread, which is stopped past the deadline: the page is then reported as not checked by the parser,
 * and the next page starts a new worker. `parse` waits for it on the calling thread (the page's model
 * is synchronous); `parseAsync` (queuedParser.ts) does not, so that the language server answers other
 * requests meanwhile. When no worker can start, pages are parsed on the calling thread.
 */
import { receiveMessageOnPort } from 'node:worker_threads';
import { parseMdx, type MdxParse, type ReferenceParser } from '../service';
import {
  noWorker,
  NOT_STARTED,
  parseOf,
  START_DEADLINE_MS,
  startFailure,
  stoppedPage,
  type ParserOptions,
  type Reply,
} from './parserReplies';
import { nodeParserChannel, startParserThread, stopParserThread, type ParserThread } from './parserThread';
import { QueuedParser } from './queuedParser';

export type { ParserOptions } from './parserReplies';

export interface DeadlineParser extends Required<ReferenceParser> {
  /** Stops the workers; later pages start new ones. */
  close(): void;
}

/** A reference parser that gives up on a page after `deadlineMs`. */
export function deadlineParser(options: ParserOptions): DeadlineParser {
  const { deadlineMs, why, script, log = () => undefined } = options;
  const queued = new QueuedParser(options, () => nodeParserChannel(script));
  let running: ParserThread | undefined;
  // Why no worker can run, once none could start: every page is then parsed on the calling thread.
  let broken: string | undefined;

  const stop = () => {
    if (running) stopParserThread(running);
    running = undefined;
  };

  const start = (): ParserThread | undefined => {
    if (broken) return undefined;
    try {
      const thread = startParserThread(script);
      thread.worker.on('error', () => undefined); // a stopped or failed worker is seen by the deadline
      if (Atomics.wait(thread.flag, 0, 0, START_DEADLINE_MS) !== 'timed-out') {
        receiveMessageOnPort(thread.port); // its "ready"
        return thread;
      }
      stopParserThread(thread);
      broken = NOT_STARTED;
    } catch (error) {
      broken = startFailure(error);
    }
    log(noWorker(broken));
    return undefined;
  };

  const parse = (text: string): MdxParse => {
    running ??= start();
    if (!running) return parseMdx(text);
    const { port, flag } = running;
    Atomics.store(flag, 0, 0);
    port.postMessage(text);
    if (Atomics.wait(flag, 0, 0, deadlineMs) === 'timed-out') {
      stop();
      return stoppedPage(deadlineMs, why, log);
    }
    const parsed = parseOf(receiveMessageOnPort(port)?.message as Reply | undefined);
    if (parsed) return parsed;
    // The worker could not answer: the page is parsed here, and the worker is started again for the next.
    stop();
    return parseMdx(text);
  };

  return {
    parse,
    parseAsync: (text, key) => queued.parse(text, key),
    close() {
      stop();
      queued.close();
    },
  };
}
