/**
 * The parser worker without waiting on it: pages are parsed one after the other on a worker thread
 * of their own while the language server answers other requests. Each page has its deadline from the
 * moment the worker takes it; past it, the worker is stopped and the next page starts a new one. A
 * page asked again under the same key (a newer version of the document) replaces the one still
 * waiting, which resolves undefined: its request is stale.
 */
import { parseMdx, type MdxParse } from '../service';
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

/**
 * A parser worker as the queue sees it: a worker thread under node (parserThread.ts), a Web Worker in
 * the browser build (webParser.ts). Its first reply says it is ready; stopping it ends its page.
 */
export interface ParserChannel {
  send(text: string): void;
  onReply(listener: (reply: Reply) => void): void;
  onError(listener: (error: Error) => void): void;
  stop(): void;
}

/** A worker idle this long is stopped (the parser holds tens of MB). */
const IDLE_MS = 60_000;

interface Request {
  text: string;
  key: string;
  /** Settles every caller that asked for this text under this key. */
  resolve: (result: MdxParse | undefined) => void;
  callers: ((result: MdxParse | undefined) => void)[];
}

export class QueuedParser {
  private thread: ParserChannel | undefined;
  private ready: Promise<boolean> | undefined;
  private readonly waiting: Request[] = [];
  /** The page the worker has, and how it ends: its reply, the deadline, or the worker's failure. */
  private current: { request: Request; settle: (reply: Reply | undefined, failure?: string) => void } | undefined;
  private broken: string | undefined;
  private idle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly options: ParserOptions,
    /** Starts a worker (throws when none can start). */
    private readonly start: () => ParserChannel,
  ) {}

  parse(text: string, key: string): Promise<MdxParse | undefined> {
    return new Promise((resolve) => {
      // The same text asked again (the page's diagnostics, then a link into it) waits for the same parse.
      const same = [this.current?.request, ...this.waiting].find((request) => request?.key === key && request.text === text);
      if (same) return void same.callers.push(resolve);
      const stale = this.waiting.findIndex((request) => request.key === key);
      if (stale >= 0) this.waiting.splice(stale, 1)[0].resolve(undefined);
      const callers = [resolve];
      this.waiting.push({ text, key, callers, resolve: (result) => callers.forEach((caller) => caller(result)) });
      void this.next();
    });
  }

  close(): void {
    clearTimeout(this.idle);
    this.stop();
    for (const request of this.waiting.splice(0)) request.resolve(undefined);
  }

  private async next(): Promise<void> {
    clearTimeout(this.idle);
    if (this.current) return;
    if (this.waiting.length === 0) {
      // A worker with nothing to do for a while gives its memory back; the next page starts another.
      this.idle = setTimeout(() => this.stop(), this.options.idleMs ?? IDLE_MS);
      (this.idle as { unref?: () => void }).unref?.();
      return;
    }
    const request = this.waiting.shift()!;
    let done!: () => void;
    const settled = new Promise<void>((resolve) => (done = resolve));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const current = {
      request,
      settle: (reply: Reply | undefined, failure?: string) => {
        if (this.current !== current) return;
        this.current = undefined;
        clearTimeout(timer);
        const parsed = parseOf(reply);
        if (parsed) request.resolve(parsed);
        else if (failure === 'deadline') request.resolve(stoppedPage(this.options.deadlineMs, this.options.why, this.log));
        else if (failure) request.resolve({ notParsed: { reason: failure } });
        // The worker could not answer (no parser?): the page is parsed here, where an error is said.
        else request.resolve(parseMdx(request.text));
        done();
      },
    };
    this.current = current;
    if (!(await this.started())) current.settle(undefined);
    else if (this.current === current) {
      timer = setTimeout(() => {
        this.stop();
        current.settle(undefined, 'deadline');
      }, this.options.deadlineMs);
      this.thread!.send(request.text);
    }
    await settled;
    void this.next();
  }

  /** The worker, started and ready; false when none can run. */
  private started(): Promise<boolean> {
    if (this.broken) return Promise.resolve(false);
    if (this.thread && this.ready) return this.ready;
    try {
      const thread = this.start();
      this.thread = thread;
      this.ready = new Promise<boolean>((resolve) => {
        const timeout = setTimeout(() => {
          this.broken = NOT_STARTED;
          this.log(noWorker(this.broken));
          this.stop();
          resolve(false);
        }, START_DEADLINE_MS);
        thread.onReply((reply: Reply) => {
          if ('ready' in reply) {
            clearTimeout(timeout);
            resolve(true);
          } else this.current?.settle(reply);
        });
        thread.onError((error) => {
          clearTimeout(timeout);
          if (this.thread === thread) this.stop();
          resolve(false);
          this.current?.settle(undefined, `the parser stopped on it (${error.message})`);
        });
      });
      return this.ready;
    } catch (error) {
      this.broken = startFailure(error);
      this.log(noWorker(this.broken));
      return Promise.resolve(false);
    }
  }

  private stop(): void {
    this.thread?.stop();
    this.thread = undefined;
    this.ready = undefined;
  }

  private readonly log = (message: string) => this.options.log?.(message);
}
