/**
 * `docsmith gaps` on two cores: a worker thread reads the docs site and indexes its pages for the
 * suggestions while the calling thread downloads the export, then clusters the questions it is sent.
 * On a big site and a slow link neither waits for the other (a 25,000-page site takes seconds to
 * index, about as long as 100 pages of export over a 200 ms link). When the worker cannot start, the
 * same work is done on the calling thread, with the same result.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { ExportApiError } from '../analytics/errors';
import { clusterGaps, type ClusterOptions, type GapCluster, type GapQuestion } from '../analytics/gaps/gapClusters';
import { createPageRanker, type PageRanker } from '../analytics/gaps/pageRanking';
import { FsWorkspace } from '../fsWorkspace';
import { createLanguageService, type DocsLanguageService } from '../service';

type Options = Omit<ClusterOptions, 'ranker'>;
type Reply = { kind: 'clustered'; clusters: GapCluster[] } | { kind: 'failed'; message: string };

export interface SiteClusterer {
  /**
   * The clusters of these questions, with suggestions among the site's pages. An abort stops the
   * worker at once and rejects with a cancelled {@link ExportApiError}, as an export cancelled would.
   */
  cluster(questions: readonly GapQuestion[], options: Options, signal?: AbortSignal): Promise<GapCluster[]>;
  /** Stops the worker (at once, even while it indexes). */
  close(): void;
}

/**
 * Starts indexing the site of `docsJson` (a docs.json URI; undefined: no site, no suggestions) at once:
 * off this thread in a worker (`inWorker`, the default), or on it, between the export's network waits
 * (a small site is indexed in a fraction of a second, less than a worker costs to start, and 40 MB
 * less). On this thread, the index is built by `service` when given: the one that read the site map
 * has docs.json parsed already.
 */
export function startSiteClusterer(
  docsJson: string | undefined,
  onFallback: (reason: string) => void,
  { inWorker = true, service }: { inWorker?: boolean; service?: DocsLanguageService } = {},
): SiteClusterer {
  if (!inWorker) {
    const ranker = rankerOf(docsJson, service);
    ranker.catch(() => undefined); // awaited when the questions come
    return {
      async cluster(questions, options, signal) {
        if (signal?.aborted) throw cancelled();
        return clusterGaps(questions, { ...options, ranker: await ranker });
      },
      close() {},
    };
  }
  let worker: Worker | undefined;
  // Why the worker cannot answer, once it cannot: the rest is then computed here.
  let broken: string | undefined;
  try {
    worker = spawn(docsJson);
    // Listened to from the start: a worker that fails while nobody asks must not throw in this thread.
    worker.on('error', (error) => (broken ??= message(error)));
    worker.on('exit', (code) => (broken ??= `the site worker stopped (exit code ${code})`));
  } catch (error) {
    broken = message(error);
  }
  let toldWhy = false;
  const fallback = async (questions: readonly GapQuestion[], options: Options) => {
    if (!toldWhy) onFallback(broken ?? 'the site worker did not answer');
    toldWhy = true;
    return clusterGaps(questions, { ...options, ranker: await rankerOf(docsJson, service) });
  };
  return {
    async cluster(questions, options, signal) {
      if (signal?.aborted) throw cancelled();
      if (broken !== undefined || !worker) return fallback(questions, options);
      try {
        const reply = await ask(worker, { questions, options }, signal);
        if (reply.kind === 'clustered') return reply.clusters;
        broken = reply.message;
      } catch (error) {
        if (signal?.aborted) throw cancelled();
        broken ??= message(error);
      }
      return fallback(questions, options);
    },
    close() {
      void worker?.terminate();
    },
  };
}

/** The worker's side: index the site of the docs.json in workerData, then answer each request with clusters. */
export function siteClustererWorker(): void {
  const port = parentPort;
  if (!port) throw new Error('siteClustererWorker runs in a worker thread');
  const ranker = rankerOf((workerData as { docsJson: string | undefined }).docsJson);
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

/** The ranker of the pages of `docsJson`'s site (none: no pages, and no suggestions). */
async function rankerOf(
  docsJson: string | undefined,
  service: DocsLanguageService = createLanguageService({ workspace: new FsWorkspace() }),
): Promise<PageRanker> {
  return createPageRanker((docsJson && (await service.getPageIndex(docsJson))?.pages) || []);
}

function spawn(docsJson: string | undefined): Worker {
  // Bundled (dist/cli-gaps.js holds this file), or the sources through tsx (the tests).
  const bundled = join(__dirname, 'cli-gaps.js');
  const entry = existsSync(bundled)
    ? `require(${JSON.stringify(bundled)}).siteClustererWorker();`
    : `require('tsx/cjs'); require(${JSON.stringify(join(__dirname, 'siteClusterer.ts'))}).siteClustererWorker();`;
  const worker = new Worker(entry, { eval: true, workerData: { docsJson } });
  // Nothing waits on the worker until questions are sent: it must not keep the process alive.
  worker.unref();
  return worker;
}

function ask(worker: Worker, request: { questions: readonly GapQuestion[]; options: Options }, signal?: AbortSignal): Promise<Reply> {
  return new Promise((done, fail) => {
    const onAbort = () => {
      settle();
      void worker.terminate();
      fail(cancelled());
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

function cancelled(): ExportApiError {
  return new ExportApiError('cancelled', 'The gap report was cancelled.');
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
