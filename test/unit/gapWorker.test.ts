import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { clusterGaps, type GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { clusterGapsInWorker } from '../../server/src/gapWorker/clusterInWorker';
import { loadLabelledSet } from '../../bench/gapQuality';
import { tempDir } from '../helpers/tempDir';
import { ViewClusters } from '../../client/src/gaps/viewClusters';
import type { CachedExport } from '../../client/src/gaps/exportCache';
import type { ReportConversation } from '../../server/src/analytics/gapReport';
import type { PageIndex } from '../../server/src/service';

/** The Docs Gaps view clusters in a worker thread; what comes back must be what the calling thread would compute. */
async function labelled(): Promise<{ questions: GapQuestion[]; pages: Parameters<typeof createPageRanker>[0] }> {
  const { topics, pages } = await loadLabelledSet(resolve(__dirname, '../fixtures/gaps-labelled'));
  const questions = topics.flatMap((topic, t) =>
    topic.questions.map((query, i) => ({
      id: `${t}-${i}`,
      query,
      timestamp: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
      sources: [],
    })),
  );
  return { questions, pages };
}

test('the worker gives the clusters, suggestions and trends the calling thread gives', async () => {
  const { questions, pages } = await labelled();
  const previous = questions.filter((_, i) => i % 3 === 0).map(({ query }) => ({ query }));
  const reasons: string[] = [];
  const inWorker = await clusterGapsInWorker(questions, pages, { previous, onFallback: (reason) => reasons.push(reason) });
  assert.deepEqual(reasons, [], 'the worker ran');
  assert.deepEqual(inWorker, clusterGaps(questions, { ranker: createPageRanker(pages), previous }));
  assert.ok(
    inWorker.some((cluster) => cluster.suggestion),
    'with suggestions',
  );
});

test('a worker that cannot start: the same clusters from the calling thread, and the reason told', async () => {
  const { questions, pages } = await labelled();
  const reasons: string[] = [];
  const missing = join(tempDir(), 'gapWorker.js');
  const clusters = await clusterGapsInWorker(questions, pages, { script: missing, onFallback: (reason) => reasons.push(reason) });
  assert.equal(reasons.length, 1);
  assert.match(reasons[0], /gapWorker\.js|Cannot find/);
  assert.deepEqual(clusters, clusterGaps(questions, { ranker: createPageRanker(pages) }));
});

test('an abort terminates the worker and rejects, without clustering on the calling thread instead', async () => {
  const { questions, pages } = await labelled();
  const dir = tempDir();
  const ticks = join(dir, 'ticks');
  // A clustering that never ends: it counts, in a file, until it is stopped.
  const script = join(dir, 'slowWorker.js');
  writeFileSync(
    script,
    `const { parentPort } = require('node:worker_threads');
     const { appendFileSync } = require('node:fs');
     parentPort.once('message', () => setInterval(() => appendFileSync(${JSON.stringify(ticks)}, '.'), 5));`,
  );
  const reasons: string[] = [];
  const abort = new AbortController();
  const clustering = clusterGapsInWorker(questions, pages, { script, signal: abort.signal, onFallback: (reason) => reasons.push(reason) });
  while (!existsSync(ticks)) await delay(5);
  abort.abort(new DOMException('stale', 'AbortError'));
  await assert.rejects(clustering, { name: 'AbortError' });
  assert.deepEqual(reasons, [], 'no fallback to the calling thread');
  await delay(50);
  const counted = readFileSync(ticks, 'utf8').length;
  await delay(100);
  assert.equal(readFileSync(ticks, 'utf8').length, counted, 'the worker stopped counting');
});

test('a clustering asked with an aborted signal starts no worker', async () => {
  const { questions, pages } = await labelled();
  const abort = new AbortController();
  abort.abort(new DOMException('stale', 'AbortError'));
  const reasons: string[] = [];
  await assert.rejects(clusterGapsInWorker(questions, pages, { signal: abort.signal, onFallback: (reason) => reasons.push(reason) }), {
    name: 'AbortError',
  });
  assert.deepEqual(reasons, []);
});

test('the view drops a superseded clustering, keeps nothing of it, and clusters the next request', async () => {
  const { questions, pages } = await labelled();
  const conversations = questions.map((question) => ({ ...question, response: '', sources: [] })) as unknown as ReportConversation[];
  const lines: string[] = [];
  const view = new ViewClusters(
    (line) => lines.push(line),
    (work) => work,
  );
  const key = (range: string) => ({ export: exported, range, pages: { pages } as unknown as PageIndex, threshold: undefined });
  const exported = { conversations } as unknown as CachedExport;
  const first = key('{"days":30}');
  const stale = view.of(first, { conversations }, () => undefined);
  view.supersede();
  await assert.rejects(stale, { name: 'AbortError' });
  const second = key('{"days":7}');
  const clusters = await view.of(second, { conversations }, () => undefined);
  assert.equal(
    clusters.reduce((sum, cluster) => sum + cluster.size, 0),
    questions.length,
  );
  assert.equal(view.clusteredIn, 'worker');
  assert.deepEqual(lines, []);
  // The second result is kept for its key; the superseded one was never kept.
  assert.equal(await view.of(second, { conversations }, () => undefined), clusters);
  view.supersede(); // nothing runs: a no-op
});

test('the view clusters again when the similarity chosen changes, in the worker, with that threshold', async () => {
  const { questions, pages } = await labelled();
  const conversations = questions.map((question) => ({ ...question, response: '', sources: [] })) as unknown as ReportConversation[];
  const view = new ViewClusters(
    () => undefined,
    (work) => work,
  );
  const exported = { conversations } as unknown as CachedExport;
  const key = (threshold: number | undefined) => ({
    export: exported,
    range: '{"days":30}',
    pages: { pages } as unknown as PageIndex,
    threshold,
  });
  const byDefault = await view.of(key(undefined), { conversations }, () => undefined);
  const tighter = await view.of(key(0.3), { conversations }, () => undefined);
  assert.equal(view.clusteredIn, 'worker');
  // The same clusters as on this thread with each threshold; a higher one gives more, smaller clusters.
  const here = (threshold?: number) =>
    clusterGaps(questions, { ranker: createPageRanker(pages), threshold }).map((cluster) => cluster.conversationIds);
  assert.deepEqual(
    byDefault.map((cluster) => cluster.conversationIds),
    here(),
  );
  assert.deepEqual(
    tighter.map((cluster) => cluster.conversationIds),
    here(0.3),
  );
  assert.ok(tighter.length > byDefault.length, `${tighter.length} clusters at 0.3, ${byDefault.length} by default`);
  // Back to the default: clustered again (the memo holds the last key only), the same as the first time.
  assert.deepEqual(
    (await view.of(key(undefined), { conversations }, () => undefined)).map((cluster) => cluster.conversationIds),
    here(),
  );
});
