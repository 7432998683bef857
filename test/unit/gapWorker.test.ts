import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { clusterGaps, type GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { clusterGapsInWorker } from '../../server/src/gapWorker/clusterInWorker';
import { loadLabelledSet } from '../../bench/gapQuality';
import { tempDir } from '../helpers/tempDir';

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
