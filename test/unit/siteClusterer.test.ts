import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { clusterGaps, type GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { ExportApiError } from '../../server/src/analytics/errors';
import { startSiteClusterer } from '../../server/src/cli/siteClusterer';
import { loadLabelledSet } from '../../bench/gapQuality';
import { pathToUri } from '../../server/src/service';

/** `docsmith gaps` indexes the site in a worker thread while it downloads; the clusters must be the calling thread's. */
const set = resolve(__dirname, '../fixtures/gaps-labelled');
const docsJson = pathToUri(resolve(set, 'site', 'docs.json'));

async function labelled(): Promise<{ questions: GapQuestion[]; pages: Parameters<typeof createPageRanker>[0] }> {
  const { topics, pages } = await loadLabelledSet(set);
  const questions = topics.flatMap((topic, t) =>
    topic.questions.map((query, i) => ({ id: `${t}-${i}`, query, timestamp: `2026-11-0${(i % 9) + 1}T00:00:00.000Z`, sources: [] })),
  );
  return { questions, pages };
}

test('the site worker indexes the site of the docs.json it is given and clusters as the calling thread does', async () => {
  const { questions, pages } = await labelled();
  const previous = questions.filter((_, i) => i % 4 === 0).map(({ query }) => ({ query }));
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason));
  try {
    const inWorker = await clusterer.cluster(questions, { previous, threshold: 0.2 });
    assert.deepEqual(reasons, [], 'the worker ran');
    assert.deepEqual(inWorker, clusterGaps(questions, { ranker: createPageRanker(pages), previous, threshold: 0.2 }));
    assert.ok(
      inWorker.filter((cluster) => cluster.suggestion).length > inWorker.length / 2,
      'most clusters have a suggestion on this site',
    );
    // A second request is answered by the same worker, from the same index.
    assert.deepEqual(
      await clusterer.cluster(questions.slice(0, 20), {}),
      clusterGaps(questions.slice(0, 20), { ranker: createPageRanker(pages) }),
    );
    assert.deepEqual(reasons, []);
  } finally {
    clusterer.close();
  }
});

test('a small site is indexed on the calling thread, with the same clusters', async () => {
  const { questions, pages } = await labelled();
  const clusterer = startSiteClusterer(docsJson, () => assert.fail('no worker to fall back from'), { inWorker: false });
  assert.deepEqual(await clusterer.cluster(questions, {}), clusterGaps(questions, { ranker: createPageRanker(pages) }));
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(clusterer.cluster(questions, {}, controller.signal), /cancelled/);
});

test('no docs.json (no site): clusters without suggestions', async () => {
  const { questions } = await labelled();
  const clusterer = startSiteClusterer(undefined, () => assert.fail('the worker ran'));
  try {
    const clusters = await clusterer.cluster(questions, {});
    assert.deepEqual(clusters, clusterGaps(questions));
    assert.ok(clusters.every((cluster) => cluster.suggestion === null));
  } finally {
    clusterer.close();
  }
});

test('a worker that is gone: the same clusters from the calling thread, the reason told once', async () => {
  const { questions, pages } = await labelled();
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason));
  clusterer.close();
  const clusters = await clusterer.cluster(questions, {});
  assert.deepEqual(clusters, clusterGaps(questions, { ranker: createPageRanker(pages) }));
  assert.deepEqual(
    await clusterer.cluster(questions.slice(0, 5), {}),
    clusterGaps(questions.slice(0, 5), { ranker: createPageRanker(pages) }),
  );
  assert.equal(reasons.length, 1, reasons.join('\n'));
  assert.match(reasons[0], /stopped|terminated|exit/i);
});

test('an abort stops the worker and rejects as a cancelled export does, computing nothing on the calling thread', async () => {
  const { questions } = await labelled();
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason));
  try {
    const controller = new AbortController();
    const asked = clusterer.cluster(questions, {}, controller.signal);
    controller.abort();
    await assert.rejects(asked, (error: unknown) => error instanceof ExportApiError && error.kind === 'cancelled');
    assert.deepEqual(reasons, [], 'no fallback after a cancel');
    await assert.rejects(clusterer.cluster(questions, {}, controller.signal), /cancelled/);
  } finally {
    clusterer.close();
  }
});
