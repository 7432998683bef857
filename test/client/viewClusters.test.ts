import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { clusterGaps, type GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { NO_CORRECTIONS, splitOff } from '../../server/src/analytics/gaps/corrections';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { startSiteClusterer, type SiteClusterer } from '../../server/src/gapWorker/siteClusterer';
import { loadLabelledSet } from '../../bench/gapQuality';
import { ViewClusters, type Clusterer } from '../../client/src/gaps/viewClusters';
import type { CachedExport } from '../../client/src/gaps/exportCache';
import type { ReportConversation } from '../../server/src/analytics/gapReport';
import { pathToUri } from '../../server/src/service';

/**
 * The Docs Gaps view asks the language server for its clusters (a site clusterer there); it keeps
 * them per key and drops a clustering made stale.
 */
const set = resolve(__dirname, '../fixtures/gaps-labelled');

async function labelled() {
  const { topics, pages } = await loadLabelledSet(set);
  const questions: GapQuestion[] = topics.flatMap((topic, t) =>
    topic.questions.map((query, i) => ({
      id: `${t}-${i}`,
      query,
      timestamp: `2026-11-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
      sources: [],
    })),
  );
  const conversations = questions.map((question) => ({ ...question, response: '', sources: [] })) as unknown as ReportConversation[];
  return { questions, pages, conversations, exported: { conversations } as unknown as CachedExport };
}

/** A view over a site clusterer of the labelled site, as the server runs it; counts the requests. */
function viewOf(lines: string[] = []): { view: ViewClusters; asked: () => number; clusterer: SiteClusterer } {
  const clusterer = startSiteClusterer(pathToUri(resolve(set, 'site', 'docs.json')), () => assert.fail('the worker ran'));
  let asked = 0;
  const cluster: Clusterer = async (questions, options, signal) => {
    asked++;
    const { embeddings, ...rest } = options;
    assert.equal(embeddings, undefined, 'no model set');
    return { clusters: await clusterer.cluster(questions, rest, signal) };
  };
  const view = new ViewClusters(
    cluster,
    (line) => lines.push(line),
    (work) => work,
  );
  return { view, asked: () => asked, clusterer };
}

test('the view drops a superseded clustering, keeps nothing of it, and clusters the next request', async () => {
  const { questions, conversations, exported } = await labelled();
  const lines: string[] = [];
  const { view, asked, clusterer } = viewOf(lines);
  try {
    const key = (range: string) => ({
      export: exported,
      range,
      site: 'file:///site#0',
      threshold: undefined,
      corrections: NO_CORRECTIONS,
      embeddings: '',
    });
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
    assert.equal(asked(), 2);
    view.supersede(); // nothing runs: a no-op
    // The site changed (another count): clustered again.
    await view.of({ ...second, site: 'file:///site#1' }, { conversations }, () => undefined);
    assert.equal(asked(), 3);
  } finally {
    clusterer.close();
  }
});

test('the view clusters again when the corrections change, and honours them', async () => {
  const { questions, pages, conversations, exported } = await labelled();
  const { view, clusterer } = viewOf();
  try {
    const key = (corrections = NO_CORRECTIONS) => ({
      export: exported,
      range: '{"days":30}',
      site: 'file:///site#0',
      threshold: undefined,
      corrections,
      embeddings: '',
    });
    const before = await view.of(key(), { conversations }, () => undefined);
    const queryOf = new Map(questions.map((question) => [question.id, question.query]));
    const cluster = before.find((c) => new Set(c.conversationIds.map((id) => queryOf.get(id))).size >= 2)!;
    const texts = [...new Set(cluster.conversationIds.map((id) => queryOf.get(id)!))];
    const corrections = splitOff(NO_CORRECTIONS, [texts[0]], texts);
    assert.strictEqual(await view.of(key(), { conversations }, () => undefined), before, 'the same corrections: kept');
    const after = await view.of(key({ ...corrections }), { conversations }, () => undefined);
    assert.notStrictEqual(after, before);
    const withText = (text: string) => after.findIndex((c) => c.conversationIds.some((id) => queryOf.get(id) === text));
    assert.notEqual(withText(texts[0]), withText(texts[1]), 'split off');
    assert.deepEqual(
      after.map((c) => c.conversationIds),
      clusterGaps(questions, { ranker: createPageRanker(pages), corrections }).map((c) => c.conversationIds),
    );
  } finally {
    await clusterer.close();
  }
});

test('the view clusters again when the similarity chosen changes, with that threshold', async () => {
  const { questions, pages, conversations, exported } = await labelled();
  const { view, clusterer } = viewOf();
  try {
    const key = (threshold: number | undefined) => ({
      export: exported,
      range: '{"days":30}',
      site: 'file:///site#0',
      threshold,
      corrections: NO_CORRECTIONS,
      embeddings: '',
    });
    const byDefault = await view.of(key(undefined), { conversations }, () => undefined);
    const tighter = await view.of(key(0.3), { conversations }, () => undefined);
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
  } finally {
    clusterer.close();
  }
});

test('the view tells once why the server clustered without its worker, and says where it clustered', async () => {
  const { conversations, exported } = await labelled();
  const lines: string[] = [];
  const view = new ViewClusters(
    async () => ({ clusters: [], fallback: 'the site worker stopped (exit code 1)' }),
    (line) => lines.push(line),
    (work) => work,
  );
  for (const range of ['a', 'b'])
    await view.of(
      { export: exported, range, site: 's#0', threshold: undefined, corrections: NO_CORRECTIONS, embeddings: '' },
      { conversations },
      () => undefined,
    );
  assert.equal(view.clusteredIn, 'language server');
  assert.equal(lines.length, 1, lines.join('\n'));
  assert.match(lines[0], /exit code 1.*main thread/);
});
