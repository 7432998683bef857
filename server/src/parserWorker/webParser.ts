/**
 * The MDX reference parser with its deadline in the browser build: a Web Worker started from the
 * language server's own script (the server's worker was started from a blob of it, whose URL stays
 * valid), which runs the parser instead of the server when it has this name. Past the deadline the
 * queue terminates it, as the node server's worker thread is stopped.
 */
import type { ParserChannel } from './queuedParser';
import { parseOrFailure, warmParser, type Reply } from './parserReplies';

/** The name the server's script is started with to be the parser's worker. */
export const PARSER_WORKER_NAME = 'docsmith-mdx-parser';

/** A Web Worker, as much of it as is used here (this project compiles without the DOM's types). */
interface WebWorker {
  postMessage(message: unknown): void;
  terminate(): void;
  onmessage: ((event: { data: Reply }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
}
type WorkerScope = {
  name?: string;
  location?: { href: string };
  Worker?: new (url: string, options: { name: string }) => WebWorker;
};

/** The parser's worker as the queued parser's channel; throws when this worker cannot start one (the queue then parses on this thread). */
export function webParserChannel(scope: WorkerScope = globalThis as WorkerScope): ParserChannel {
  if (!scope.Worker || !scope.location) throw new Error('no Web Worker can be started from here');
  const worker = new scope.Worker(scope.location.href, { name: PARSER_WORKER_NAME });
  const replies: ((reply: Reply) => void)[] = [];
  const errors: ((error: Error) => void)[] = [];
  worker.onmessage = (event) => replies.forEach((listener) => listener(event.data));
  worker.onerror = (event) => errors.forEach((listener) => listener(new Error(event.message ?? 'the worker failed')));
  return {
    send: (text) => worker.postMessage(text),
    onReply: (listener) => void replies.push(listener),
    onError: (listener) => void errors.push(listener),
    stop: () => worker.terminate(),
  };
}

/** Whether this worker was started to be the parser's. */
export function isParserWorker(scope: WorkerScope = globalThis as WorkerScope): boolean {
  return scope.name === PARSER_WORKER_NAME;
}

/** The parser's worker: each page it is sent, parsed and answered; first, that it is ready. */
export function serveParser(scope: { onmessage: ((event: { data: string }) => void) | null; postMessage(message: unknown): void }): void {
  scope.onmessage = ({ data }) => scope.postMessage(parseOrFailure(data));
  warmParser();
  scope.postMessage({ ready: true });
}
