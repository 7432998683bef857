import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { clusterGapsAmong, type ClusterOptions, type GapCluster, type GapQuestion } from '../analytics/gaps/gapClusters';
import { gapQuestions, toReportClusters, type ReportCluster, type ReportClusterOptions } from '../analytics/gaps/reportClusters';
import type { GapReport } from '../analytics/gapReport';
import type { IndexedPage } from '../service';
import type { WorkerReply, WorkerRequest } from './protocol';

export interface WorkerClusterOptions extends Omit<ClusterOptions, 'ranker'> {
  /** The worker script: by default `gapWorker.js` beside this bundle, or the sources through tsx. */
  script?: string;
  /** Told why, when the worker could not run and the clusters were computed on the calling thread. */
  onFallback?: (reason: string) => void;
  /** Stops the worker; the promise then rejects with an AbortError (and nothing is computed here). */
  signal?: AbortSignal;
}

/**
 * {@link clusterGapsAmong}, computed in a worker thread so the calling
 * thread (the extension host) stays responsive: 10,000 questions take about 2 s. The result is the
 * same as on the calling thread, which is where it is computed when the worker cannot start. An
 * abort (a newer request made this one stale) terminates the worker at once.
 */
export async function clusterGapsInWorker(
  questions: readonly GapQuestion[],
  pages: readonly IndexedPage[],
  options: WorkerClusterOptions = {},
): Promise<GapCluster[]> {
  const { script, onFallback, signal, ...clusterOptions } = options;
  signal?.throwIfAborted();
  let worker: Worker | undefined;
  try {
    worker = spawn(script);
    const reply = await ask(worker, { questions, pages, options: clusterOptions }, signal);
    if (reply.kind === 'clustered') return reply.clusters;
    throw new Error(reply.message);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    onFallback?.(error instanceof Error ? error.message : String(error));
    return clusterGapsAmong(questions, pages, clusterOptions);
  } finally {
    void worker?.terminate();
  }
}

/** `clusterReport` (reportClusters.ts), in the worker. */
export async function clusterReportInWorker(
  report: Pick<GapReport, 'conversations'>,
  pages: readonly IndexedPage[],
  options: ReportClusterOptions & Pick<WorkerClusterOptions, 'onFallback' | 'signal'> = {},
): Promise<ReportCluster[]> {
  return toReportClusters(await clusterGapsInWorker(gapQuestions(report), pages, options));
}

function ask(worker: Worker, request: WorkerRequest, signal: AbortSignal | undefined): Promise<WorkerReply> {
  return new Promise((resolve, reject) => {
    // The caller terminates the worker once this settles; its exit ends the wait for an abort.
    const abort = () => reject(signal!.reason);
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      signal?.removeEventListener('abort', abort);
      reject(new Error(`the gap worker stopped before answering (exit code ${code})`));
    });
    worker.postMessage(request);
  });
}

function spawn(script: string | undefined): Worker {
  if (script) return new Worker(script);
  const bundled = join(__dirname, 'gapWorker.js');
  if (existsSync(bundled)) return new Worker(bundled);
  // Running from the sources (the tests, through tsx): the worker loads tsx to read them.
  const source = join(__dirname, 'worker.ts');
  return new Worker(`require('tsx/cjs'); require(${JSON.stringify(source)});`, { eval: true });
}
