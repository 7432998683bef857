import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CancellationTokenSource, ResponseError } from 'vscode-languageserver';
import type { GapCluster, GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { startSiteClusterer, type SiteClusterer } from '../../server/src/gapWorker/siteClusterer';
import { GapClusterers } from '../../server/src/lsp/gapClusterers';
import { CancelledError, pathToUri } from '../../server/src/service';

/** The language server keeps one site clusterer per docs.json and count of changes. */
const docsJson = pathToUri(resolve(__dirname, '../fixtures/gaps-labelled/site/docs.json'));
const question = (id: string, query: string): GapQuestion => ({ id, query, timestamp: '2026-11-01T00:00:00.000Z', sources: [] });
const questions = [question('a', 'retry failed webhooks'), question('b', 'webhook retry policy')];

/** Started clusterers that answer at once, with the site and threshold they were asked with. */
function recorder() {
  const started: { docsJson: string | undefined; closed: boolean }[] = [];
  const start = (site: string | undefined): SiteClusterer => {
    const record = { docsJson: site, closed: false };
    started.push(record);
    return {
      cluster: async (asked) => [{ id: site ?? 'none', label: '', conversationIds: asked.map((q) => q.id) } as unknown as GapCluster],
      close: () => (record.closed = true),
    };
  };
  return { started, start };
}

test('one index per site and count of changes: another count indexes again and closes the old one', async () => {
  const { started, start } = recorder();
  const clusterers = new GapClusterers(() => undefined, start);
  const token = new CancellationTokenSource().token;
  clusterers.warm({ uri: docsJson, siteVersion: 1 });
  await clusterers.cluster({ uri: docsJson, siteVersion: 1, questions }, token);
  await clusterers.cluster({ uri: docsJson, siteVersion: 1, questions, threshold: 0.3 }, token);
  assert.deepEqual(started, [{ docsJson, closed: false }], 'warmed once, then asked twice of the same index');
  const { clusters } = await clusterers.cluster({ uri: docsJson, siteVersion: 2, questions }, token);
  assert.deepEqual(clusters[0].conversationIds, ['a', 'b']);
  assert.deepEqual(
    started.map((record) => record.closed),
    [true, false],
  );
  // No site: clusters without suggestions, from an index of nothing.
  await clusterers.cluster({ uri: null, siteVersion: 2, questions }, token);
  assert.equal(started[2].docsJson, undefined);
  clusterers.dispose();
  assert.ok(started.every((record) => record.closed));
});

test('a malformed request is refused, and a malformed warm-up ignored, before any worker sees it', async () => {
  const { started, start } = recorder();
  const clusterers = new GapClusterers(() => undefined, start);
  const token = new CancellationTokenSource().token;
  for (const bad of [
    { uri: docsJson, siteVersion: 1, questions: 'x' },
    { uri: docsJson, siteVersion: 1, questions: [{ id: 1, query: 'q', timestamp: 't', sources: [] }] },
    { uri: docsJson, siteVersion: 1, questions: [{ id: 'a', query: 'q', timestamp: 't', sources: [{ file: 3 }] }] },
    { uri: 5, siteVersion: 1, questions },
    { uri: docsJson, siteVersion: '1', questions },
    { uri: docsJson, siteVersion: 1, questions, threshold: Number.NaN },
    { uri: docsJson, siteVersion: 1, questions, previous: [{}] },
  ])
    await assert.rejects(clusterers.cluster(bad as never, token), ResponseError);
  clusterers.warm(undefined as never);
  clusterers.warm({ uri: 3 } as never);
  assert.deepEqual(started, []);
});

test('a cancelled request stops its worker and is answered as cancelled; the site is indexed again and the next request answered', async () => {
  const lines: string[] = [];
  const clusterers = new GapClusterers(
    (line) => lines.push(line),
    (site, onFallback) => startSiteClusterer(site, onFallback),
  );
  try {
    const many = Array.from({ length: 400 }, (_, i) => question(`q${i}`, `how do I configure webhook number ${i} for retries`));
    const source = new CancellationTokenSource();
    const asked = clusterers.cluster({ uri: docsJson, siteVersion: 1, questions: many }, source.token);
    await delay(20); // the request is with the worker
    source.cancel();
    await assert.rejects(asked, CancelledError);
    const { clusters, fallback } = await clusterers.cluster(
      { uri: docsJson, siteVersion: 1, questions },
      new CancellationTokenSource().token,
    );
    assert.equal(fallback, undefined, 'answered by a worker');
    assert.deepEqual(clusters.flatMap((cluster) => cluster.conversationIds).sort(), ['a', 'b']);
    assert.deepEqual(lines, []);
  } finally {
    clusterers.dispose();
  }
});

test('a request under way when the site changes is answered as cancelled: its index is out of date', async () => {
  const clusterers = new GapClusterers(
    () => undefined,
    (site, onFallback) => startSiteClusterer(site, onFallback),
  );
  try {
    const token = new CancellationTokenSource().token;
    const stale = clusterers.cluster({ uri: docsJson, siteVersion: 1, questions }, token);
    const fresh = clusterers.cluster({ uri: docsJson, siteVersion: 2, questions }, token);
    await assert.rejects(stale, CancelledError);
    assert.equal((await fresh).clusters.length > 0, true);
  } finally {
    clusterers.dispose();
  }
});

test('a worker that cannot run: the clusters come from the main thread, with the reason, logged once', async () => {
  const lines: string[] = [];
  const clusterers = new GapClusterers(
    (line) => lines.push(line),
    (site, onFallback) => startSiteClusterer(site, onFallback, { script: resolve(__dirname, 'no-such-worker.js') }),
  );
  try {
    const token = new CancellationTokenSource().token;
    const first = await clusterers.cluster({ uri: docsJson, siteVersion: 1, questions }, token);
    const second = await clusterers.cluster({ uri: docsJson, siteVersion: 1, questions }, token);
    assert.match(first.fallback ?? '', /no-such-worker|Cannot find/);
    assert.equal(second.fallback, first.fallback);
    assert.deepEqual(first.clusters, second.clusters);
    assert.equal(lines.length, 1, lines.join('\n'));
  } finally {
    clusterers.dispose();
  }
});

test('a site no request has used for a while lets its worker and index go; the next request indexes again', async () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const lines: string[] = [];
    const started: { closed: boolean }[] = [];
    let answer: (() => void) | undefined;
    const clusterers = new GapClusterers(
      (line) => lines.push(line),
      () => {
        const record = { closed: false };
        started.push(record);
        return {
          // Answered when the test says: a request under way for as long as it likes.
          cluster: () => new Promise((done) => (answer = () => done([]))),
          close: () => (record.closed = true),
        };
      },
      1000,
    );
    const token = new CancellationTokenSource().token;
    const site = { uri: docsJson, siteVersion: 1 };
    clusterers.warm(site);
    mock.timers.tick(999);
    assert.deepEqual(started, [{ closed: false }], 'warmed and not yet idle long enough');
    // A request under way keeps the index however long it takes.
    const asked = clusterers.cluster({ ...site, questions }, token);
    await Promise.resolve();
    mock.timers.tick(5000);
    assert.deepEqual(started, [{ closed: false }]);
    answer!();
    await asked;
    mock.timers.tick(999);
    assert.deepEqual(started, [{ closed: false }], 'the idle time counts from the last answer');
    mock.timers.tick(1);
    assert.deepEqual(started, [{ closed: true }]);
    assert.match(lines.join('\n'), /let go after 1 s unused/);
    // The same count of changes: indexed again, in a new clusterer.
    const again = clusterers.cluster({ ...site, questions }, token);
    await Promise.resolve();
    answer!();
    await again;
    assert.deepEqual(started, [{ closed: true }, { closed: false }]);
    clusterers.dispose();
    assert.deepEqual(started, [{ closed: true }, { closed: true }]);
  } finally {
    mock.timers.reset();
  }
});

test('at most two sites are indexed at once, and only docs.json files the server accepts (issue 39 item 11)', async () => {
  const { started, start } = recorder();
  const accepted = (uri: string | null) => uri === null || (uri.startsWith('file:///workspace/') && uri.endsWith('/docs.json'));
  const clusterers = new GapClusterers(() => undefined, start, undefined, accepted);
  const token = new CancellationTokenSource().token;
  for (let i = 0; i < 200; i++) clusterers.warm({ uri: `file:///elsewhere/${i}/docs.json`, siteVersion: 1 });
  assert.equal(started.length, 0, 'no worker for a uri outside the workspace');
  await assert.rejects(clusterers.cluster({ uri: 'file:///etc/docs.json', siteVersion: 1, questions }, token), ResponseError);
  for (let i = 0; i < 200; i++) clusterers.warm({ uri: `file:///workspace/${i}/docs.json`, siteVersion: 1 });
  assert.equal(started.filter((record) => !record.closed).length, 2, 'two kept, the others let go as new ones came');
  clusterers.dispose();
});
