/**
 * The gap worker's entry (dist/gapWorker.js): the pure clustering and ranking, off the thread that
 * asked for them (the extension host, which must stay responsive while 10,000 questions are grouped).
 */
import { parentPort } from 'node:worker_threads';
import { clusterGapsAmong } from '../analytics/gaps/gapClusters';
import type { WorkerReply, WorkerRequest } from './protocol';

parentPort?.on('message', ({ questions, pages, options }: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = { kind: 'clustered', clusters: clusterGapsAmong(questions, pages, options) };
  } catch (error) {
    reply = { kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  parentPort!.postMessage(reply);
});
