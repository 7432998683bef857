import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { clusterGaps, type GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { startSiteClusterer } from '../../server/src/gapWorker/siteClusterer';
import { loadLabelledSet } from '../../bench/gapQuality';
import { pathToUri } from '../../server/src/service';
import { tempDir } from '../helpers/tempDir';

/**
 * `docsmith gaps` and the language server index the site in a worker thread (while the export
 * downloads, or while the editor is used); the clusters must be the calling thread's.
 */
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
  await assert.rejects(clusterer.cluster(questions, {}, controller.signal), { name: 'AbortError' });
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
  const script = join(tempDir(), 'gone.js');
  writeFileSync(script, 'process.exit(3);');
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason), { script });
  try {
    const clusters = await clusterer.cluster(questions, {});
    assert.deepEqual(clusters, clusterGaps(questions, { ranker: createPageRanker(pages) }));
    assert.deepEqual(
      await clusterer.cluster(questions.slice(0, 5), {}),
      clusterGaps(questions.slice(0, 5), { ranker: createPageRanker(pages) }),
    );
    assert.equal(reasons.length, 1, reasons.join('\n'));
    assert.match(reasons[0], /exit code 3/);
  } finally {
    clusterer.close();
  }
});

test('requests asked together are answered one after the other, each with its own clusters', async () => {
  const { questions, pages } = await labelled();
  const clusterer = startSiteClusterer(docsJson, () => assert.fail('the worker ran'));
  try {
    const halves = [questions.slice(0, 90), questions.slice(90)];
    const answers = await Promise.all(halves.map((half, i) => clusterer.cluster(half, { threshold: 0.1 + i / 10 })));
    halves.forEach((half, i) =>
      assert.deepEqual(answers[i], clusterGaps(half, { ranker: createPageRanker(pages), threshold: 0.1 + i / 10 })),
    );
  } finally {
    clusterer.close();
  }
});

test('an abort stops the worker under way and rejects with its reason; the next request is answered as before', async () => {
  const { questions, pages } = await labelled();
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason));
  try {
    const controller = new AbortController();
    const asked = clusterer.cluster(questions, {}, controller.signal);
    await delay(20); // the request is with the worker, which is still indexing
    controller.abort(new DOMException('stale', 'AbortError'));
    await assert.rejects(asked, { name: 'AbortError', message: 'stale' });
    await assert.rejects(clusterer.cluster(questions, {}, controller.signal), { name: 'AbortError' });
    assert.deepEqual(await clusterer.cluster(questions, {}), clusterGaps(questions, { ranker: createPageRanker(pages) }));
    assert.deepEqual(reasons, [], 'no fallback to the calling thread');
  } finally {
    clusterer.close();
  }
});

test('an abort stops the worker at once, computes nothing here, and a new worker answers the next request', async () => {
  const { questions } = await labelled();
  const dir = tempDir();
  const ticks = join(dir, 'ticks');
  const starts = join(dir, 'starts');
  // The first worker's clustering never ends (it counts, in a file, until it is stopped); later workers answer at once.
  const script = join(dir, 'slowWorker.js');
  writeFileSync(
    script,
    `const { parentPort } = require('node:worker_threads');
     const { appendFileSync, readFileSync } = require('node:fs');
     appendFileSync(${JSON.stringify(starts)}, 'S');
     const first = readFileSync(${JSON.stringify(starts)}, 'utf8').length === 1;
     parentPort.on('message', () => {
       if (first) setInterval(() => appendFileSync(${JSON.stringify(ticks)}, '.'), 5);
       else parentPort.postMessage({ kind: 'clustered', clusters: [] });
     });`,
  );
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason), { script });
  try {
    const abort = new AbortController();
    const clustering = clusterer.cluster(questions, {}, abort.signal);
    while (!existsSync(ticks)) await delay(5);
    abort.abort(new DOMException('stale', 'AbortError'));
    await assert.rejects(clustering, { name: 'AbortError' });
    await delay(50);
    const counted = readFileSync(ticks, 'utf8').length;
    await delay(100);
    assert.equal(readFileSync(ticks, 'utf8').length, counted, 'the worker stopped counting');
    assert.deepEqual(await clusterer.cluster(questions, {}), [], 'answered by the second worker');
    assert.equal(readFileSync(starts, 'utf8'), 'SS');
    assert.deepEqual(reasons, []);
  } finally {
    clusterer.close();
  }
});

test('an abort of a request still waiting its turn leaves the one under way alone', async () => {
  const { questions, pages } = await labelled();
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason));
  try {
    const first = clusterer.cluster(questions, {});
    const controller = new AbortController();
    const second = clusterer.cluster(questions.slice(0, 10), {}, controller.signal);
    controller.abort(new DOMException('stale', 'AbortError'));
    await assert.rejects(second, { name: 'AbortError' });
    assert.deepEqual(await first, clusterGaps(questions, { ranker: createPageRanker(pages) }));
    assert.deepEqual(reasons, []);
  } finally {
    clusterer.close();
  }
});

test('closing rejects the request under way and later ones, computing nothing on the calling thread', async () => {
  const { questions } = await labelled();
  const reasons: string[] = [];
  const clusterer = startSiteClusterer(docsJson, (reason) => reasons.push(reason));
  const asked = clusterer.cluster(questions, {});
  clusterer.close();
  await assert.rejects(asked, /closed/);
  await assert.rejects(clusterer.cluster(questions, {}), /closed/);
  assert.deepEqual(reasons, []);
});

test('65 D6: many questions with embeddings, on a site indexed on the calling thread, are clustered on a worker an abort stops at once', async () => {
  // 3,000 distinct questions of 768 numbers: seconds of comparisons, which held Ctrl-C on the calling thread.
  const questions: GapQuestion[] = Array.from({ length: 3000 }, (_, i) => ({
    id: `q${i}`,
    query: `How do I set up integration number ${i}?`,
    timestamp: '2026-11-01T00:00:00.000Z',
    sources: [],
  }));
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  const embeddings = new Map(questions.map((q) => [q.query, Float32Array.from({ length: 768 }, random)]));
  const clusterer = startSiteClusterer(docsJson, () => undefined, { inWorker: false });
  try {
    const controller = new AbortController();
    const asked = clusterer.cluster(questions, { embeddings }, controller.signal);
    await delay(50);
    controller.abort(new Error('cancelled by the test'));
    // On the calling thread the abort could not even be seen before the clusters were done.
    await assert.rejects(asked, /cancelled by the test/);
    // The next request is answered, every question in one cluster.
    const clusters = await clusterer.cluster(questions.slice(0, 1200), { embeddings });
    assert.equal(clusters.flatMap((cluster) => cluster.conversationIds).length, 1200);
  } finally {
    clusterer.close();
  }
});
