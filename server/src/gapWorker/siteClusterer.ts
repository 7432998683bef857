/**
 * The gap clusters on two cores: a worker thread reads the docs site and indexes its pages for the
 * suggestions, then clusters the questions it is sent, again and again from the same index. The
 * calling thread meanwhile downloads the export (`docsmith gaps`: on a big site and a slow link neither
 * waits for the other; a 25,000-page site takes seconds to index) or answers the editor (the language
 * server, for the Docs Gaps view: neither the index nor the clustering holds up a keystroke, and the
 * index never crosses the LSP). When the worker cannot start, the same work is done on the calling
 * thread, with the same result.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { clusterGaps, type GapCluster, type GapQuestion, type PageRanker } from '../analytics';
import { FsWorkspace } from '../fsWorkspace';
import { createLanguageService, type DocsLanguageService } from '../service';
import { rankerOf, type Options, type SiteClusterer } from './clusterer';

export type { SiteClusterer } from './clusterer';

type Reply = { kind: 'clustered'; clusters: GapCluster[] } | { kind: 'failed'; message: string };

/**
 * Starts indexing the site of `docsJson` (a docs.json URI; undefined: no site, no suggestions) at once:
 * off this thread in a worker (`inWorker`, the default), or on it, between the export's network waits
 * (a small site is indexed in a fraction of a second, less than a worker costs to start, and 40 MB
 * less). On this thread, the index is built by `service` when given: the one that read the site map
 * has docs.json parsed already. `script` replaces the worker's entry (the tests).
 */
export function startSiteClusterer(
  docsJson: string | undefined,
  onFallback: (reason: string) => void,
  { inWorker = true, service, script }: { inWorker?: boolean; service?: DocsLanguageService; script?: string } = {},
): SiteClusterer {
  if (!inWorker) return onThisThread(docsJson, onFallback, service, script);
  let worker: Worker | undefined;
  // Why the worker cannot answer, once it cannot: the rest is then computed here.
  let broken: string | undefined;
  let closed = false;
  const startWorker = () => {
    try {
      const started = spawn(docsJson, script);
      // Listened to from the start: a worker that fails while nobody asks must not throw in this thread.
      const lost = (why: string) => {
        if (worker === started) broken ??= why;
      };
      started.on('error', (error) => lost(message(error)));
      started.on('exit', (code) => lost(`the site worker stopped (exit code ${code})`));
      worker = started;
    } catch (error) {
      broken = message(error);
    }
  };
  startWorker();
  let toldWhy = false;
  const fallback = async (questions: readonly GapQuestion[], options: Options) => {
    if (!toldWhy) onFallback(broken ?? 'the site worker did not answer');
    toldWhy = true;
    return clusterGaps(questions, { ...options, ranker: await rankerOfSite(docsJson, service) });
  };
  const answer = async (questions: readonly GapQuestion[], options: Options, signal?: AbortSignal) => {
    if (closed) throw new Error(CLOSED);
    signal?.throwIfAborted();
    const asked = worker;
    if (broken !== undefined || !asked) return fallback(questions, options);
    try {
      const reply = await ask(asked, { questions, options }, signal);
      if (reply.kind === 'clustered') return reply.clusters;
      broken = reply.message;
    } catch (error) {
      if (closed) throw new Error(CLOSED);
      if (signal?.aborted) {
        // The abort terminated the worker, index and all: a new one indexes the site again for the next request.
        if (worker === asked) startWorker();
        throw signal.reason;
      }
      broken ??= message(error);
    }
    return fallback(questions, options);
  };
  // The worker answers one request at a time, and a reply names no request: each waits for the one before.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    cluster(questions, options, signal) {
      const answered = queue.then(() => answer(questions, options, signal));
      queue = answered.catch(() => undefined);
      return answered;
    },
    close() {
      closed = true;
      void worker?.terminate();
    },
  };
}

/**
 * The clusterer of a small site, indexed on this thread; questions grouped by meaning too (many
 * vectors to compare) go to a worker all the same, which Ctrl-C or a newer request stops at once.
 */
function onThisThread(
  docsJson: string | undefined,
  onFallback: (reason: string) => void,
  service: DocsLanguageService | undefined,
  script: string | undefined,
): SiteClusterer {
  const ranker = rankerOfSite(docsJson, service);
  ranker.catch(() => undefined); // awaited when the questions come
  let meaning: SiteClusterer | undefined;
  return {
    async cluster(questions, options, signal) {
      signal?.throwIfAborted();
      if ((options.embeddings?.size ?? 0) > DENSE_ON_THIS_THREAD) {
        meaning ??= startSiteClusterer(docsJson, onFallback, { inWorker: true, script });
        return meaning.cluster(questions, options, signal);
      }
      return clusterGaps(questions, { ...options, ranker: await ranker });
    },
    close() {
      meaning?.close();
    },
  };
}

const CLOSED = 'the site clusterer was closed';
/** Questions with embeddings clustered on the calling thread at most: more go to a worker (a fraction of a second each way). */
const DENSE_ON_THIS_THREAD = 300;

/** The worker's side: index the site of the docs.json in workerData, then answer each request with clusters. */
export function siteClustererWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('siteClustererWorker runs in a worker thread');
  const ranker = rankerOfSite((workerData as { docsJson: string | undefined }).docsJson);
  // Awaited when the first question comes; a failure is then that request's answer.
  ranker.catch(() => undefined);
  port.on('message', async ({ questions, options }: { questions: GapQuestion[]; options: Options }) => {
    let reply: Reply;
    try {
      reply = { kind: 'clustered', clusters: clusterGaps(questions, { ...options, ranker: await ranker }) };
    } catch (error) {
      reply = { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(reply);
  });
}

/** The ranker of the pages of `docsJson`'s site, indexed by `service` or, without one, a service of its own over the disk. */
function rankerOfSite(
  docsJson: string | undefined,
  service: DocsLanguageService = createLanguageService({ workspace: new FsWorkspace(), checks: false }),
): Promise<PageRanker> {
  return rankerOf(docsJson, service);
}

function spawn(docsJson: string | undefined, script: string | undefined): Worker {
  // The script given (the tests), bundled (dist/gapWorker.js, beside the CLI's and the server's bundles), or the sources through tsx.
  const entry = script ?? join(__dirname, 'gapWorker.js');
  const worker =
    script || existsSync(entry)
      ? new Worker(entry, { workerData: { docsJson } })
      : new Worker(`require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'worker.ts'))});`, {
          eval: true,
          workerData: { docsJson },
        });
  // Nothing waits on the worker until questions are sent: it must not keep the process alive.
  worker.unref();
  return worker;
}

function ask(worker: Worker, request: { questions: readonly GapQuestion[]; options: Options }, signal?: AbortSignal): Promise<Reply> {
  return new Promise((done, fail) => {
    const onAbort = () => {
      settle();
      void worker.terminate();
      fail(signal!.reason);
    };
    const onMessage = (reply: Reply) => {
      settle();
      done(reply);
    };
    const onError = (error: Error) => {
      settle();
      fail(error);
    };
    const onExit = (code: number) => {
      settle();
      fail(new Error(`the site worker stopped before answering (exit code ${code})`));
    };
    const settle = () => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      worker.unref();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.ref();
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(request);
  });
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
