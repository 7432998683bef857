import { test } from 'node:test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import assert from 'node:assert/strict';
import { fetchAllConversations, MAX_CONCURRENCY, type ExportClientOptions } from '../../server/src/analytics/client';
import { planWindows, splitWindow, splitWindowInto } from '../../server/src/analytics/windows';
import { startExportServer, type ExportServerOptions, type RunningExportServer } from '../../server/src/mock/exportServer';
import type { Conversation } from '../../server/src/analytics/types';

const NOW = Date.UTC(2026, 10, 20, 12);
const KEY = 'mint_test_key';

async function withServer(options: ExportServerOptions, body: (server: RunningExportServer, client: ExportClientOptions) => Promise<void>) {
  const server = await startExportServer({ key: KEY, project: 'p', now: NOW, seed: 11, ...options });
  try {
    await body(server, { baseUrl: server.url, projectId: 'p', apiKey: KEY, retryMinMs: 2, retryMaxMs: 20, retries: 8 });
  } finally {
    await server.close();
  }
}

const byId = (conversations: Conversation[]) => [...conversations].sort((a, b) => (a.id < b.id ? -1 : 1));

test('windows side by side give the sequential result: every conversation once, under injected faults too', async () => {
  for (const faultRate of [0, 0.25]) {
    await withServer({ conversations: 3000, faultRate, latencyMs: 5 }, async (server, client) => {
      const sequential = await fetchAllConversations({ limit: 100 }, { ...client, concurrency: 1 });
      const windowed = await fetchAllConversations({ limit: 100 }, client);
      assert.equal(windowed.fetched, 3000);
      assert.equal(windowed.conversations.length, 3000);
      assert.equal(new Set(windowed.conversations.map((c) => c.id)).size, 3000, 'no duplicates');
      assert.deepEqual(byId(windowed.conversations), byId(sequential.conversations));
      assert.deepEqual(
        windowed.conversations.map((c) => c.id),
        server.conversations.map((c) => c.id),
        'in time order whatever the timing',
      );
      assert.ok(server.maxInFlight <= MAX_CONCURRENCY, `${server.maxInFlight} in flight`);
      assert.ok(server.maxInFlight > 1, 'the windows really ran side by side');
      if (faultRate) assert.ok(windowed.retries > 0);
    });
  }
});

test('dense data in one window is cut into slices; a date range given as days keeps its edges', async () => {
  await withServer({ conversations: 4000, spanDays: 1 }, async (server, client) => {
    const range = { dateFrom: new Date(NOW - 30 * 86_400_000).toISOString(), dateTo: new Date(NOW + 60_000).toISOString() };
    const windowed = await fetchAllConversations({ ...range, limit: 200 }, client);
    assert.deepEqual(byId(windowed.conversations), byId(server.conversations));
    const windows = new Set(server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('dateFrom')));
    assert.ok(windows.size > 8, `the dense day was cut: ${windows.size} windows`);
  });
  await withServer({ conversations: 2000 }, async (server, client) => {
    const query = { dateFrom: '2026-10-01', dateTo: '2026-10-15', limit: 50 };
    const sequential = await fetchAllConversations(query, { ...client, concurrency: 1 });
    const windowed = await fetchAllConversations(query, client);
    assert.ok(sequential.fetched > 100);
    assert.deepEqual(byId(windowed.conversations), byId(sequential.conversations));
    const sent = server.requests.map((r) => new URL(r.url, 'http://x').searchParams);
    assert.ok(
      sent.some((params) => params.get('dateFrom') === '2026-10-01'),
      'the first edge as written',
    );
    assert.ok(
      sent.some((params) => params.get('dateTo') === '2026-10-15'),
      'the last edge as written',
    );
  });
});

test('a cancel or --max-conversations stops every window', async () => {
  await withServer({ conversations: 5000, latencyMs: 20 }, async (_server, client) => {
    const truncated = await fetchAllConversations({ limit: 100 }, { ...client, maxConversations: 1234 });
    assert.equal(truncated.truncated, true);
    assert.equal(truncated.fetched, 1234);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 60);
    await assert.rejects(fetchAllConversations({ limit: 100 }, { ...client, signal: controller.signal }), /cancelled/);
  });
});

test('window plans share their boundaries, so none drops or repeats a conversation', () => {
  const plan = planWindows({ dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-03-01T00:00:00Z' }, 8);
  assert.equal(plan.length, 8);
  assert.equal(plan[0].from, '2026-01-01T00:00:00Z');
  assert.equal(plan[7].to, '2026-03-01T00:00:00Z');
  for (let i = 1; i < plan.length; i++) assert.equal(plan[i].from, plan[i - 1].to);
  const open = planWindows({}, 4, NOW);
  assert.equal(open.length, 4);
  assert.equal(open[0].from, undefined, 'nothing older is left out');
  assert.equal(open[3].to, undefined, 'nothing newer is left out');
  for (let i = 1; i < open.length; i++) assert.equal(open[i].from, open[i - 1].to);
  const [older, newer] = splitWindow(open[0])!;
  assert.equal(older.from, undefined);
  assert.equal(older.to, newer.from);
  assert.equal(newer.to, open[0].to);
  const [left, right] = splitWindow(plan[0])!;
  assert.equal(left.from, plan[0].from);
  assert.equal(left.to, right.from);
  assert.equal(right.to, plan[0].to);
  assert.equal(splitWindow({ from: '2026-01-01T00:00:00.000Z', to: '2026-01-01T00:00:01.000Z', splittable: true }), undefined);
  assert.equal(splitWindowInto(plan[0], 8)!.length, 8);
  assert.deepEqual(planWindows({ dateFrom: '2026-01-01', dateTo: '2026-01-02' }, 1), [
    { from: '2026-01-01', to: '2026-01-02', splittable: false },
  ]);
  // A day given as a date is too short to cut a day away from each edge: it is paged whole.
  assert.equal(planWindows({ dateFrom: '2026-01-01', dateTo: '2026-01-02' }, 8).length, 1);
  const days = planWindows({ dateFrom: '2026-01-01', dateTo: '2026-01-31' }, 4);
  assert.ok(Date.parse(days[1].from!) >= Date.parse('2026-01-02'), 'a day away from a date-only edge');
});

/**
 * A server apart from the mock, in another shape: traffic that jumps late in the range (a launch), so
 * the last window's first page promises two pages and it holds forty. Its rest is handed to the
 * requests that have finished (issue 41): no window is paged alone to the end.
 */
test('a window found busy only while it is paged hands its rest to the idle requests; every conversation once', async () => {
  const day = 86_400_000;
  const start = NOW - 8 * day;
  const times: number[] = [];
  for (let i = 0; i < 700; i++) times.push(start + Math.floor((i * 7 * day) / 700));
  for (let i = 0; i < 4000; i++) times.push(start + 7 * day + Math.floor((i * day) / 4000));
  const conversations: Conversation[] = times.map((time, i) => ({
    id: `c${String(i).padStart(6, '0')}`,
    timestamp: new Date(time).toISOString(),
    query: `Question ${i}?`,
    response: 'An answer.',
    sources: [],
    queryCategory: null,
  }));
  const requests: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    const params = new URL(request.url ?? '/', 'http://x').searchParams;
    requests.push(params);
    const from = Date.parse(params.get('dateFrom') ?? '1970-01-01');
    const to = params.get('dateTo') ? Date.parse(params.get('dateTo')!) : Infinity;
    const limit = Number(params.get('limit') ?? 100);
    const after = params.get('cursor');
    let at = after ? conversations.findIndex((c) => c.id === after) + 1 : 0;
    const page: Conversation[] = [];
    for (; at < conversations.length && page.length < limit; at++) {
      const time = Date.parse(conversations[at].timestamp);
      if (time >= to) break;
      if (time >= from) page.push(conversations[at]);
    }
    const hasMore = page.length === limit && at < conversations.length && Date.parse(conversations[at].timestamp) < to;
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ conversations: page, nextCursor: hasMore ? page[page.length - 1].id : null, hasMore }));
    }, 3);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const client = { baseUrl: `http://127.0.0.1:${port}`, projectId: 'p', apiKey: KEY };
    const range = { dateFrom: new Date(start).toISOString(), dateTo: new Date(NOW).toISOString(), limit: 100 };
    const result = await fetchAllConversations(range, client);
    assert.deepEqual(
      result.conversations.map((c) => c.id),
      conversations.map((c) => c.id),
      'every conversation once, in time order',
    );
    // Requests paged with one cursor chain (same dateFrom and dateTo): none runs to the end alone.
    const chains = new Map<string, number>();
    for (const params of requests) {
      const key = `${params.get('dateFrom')} ${params.get('dateTo')}`;
      chains.set(key, (chains.get(key) ?? 0) + 1);
    }
    const longest = Math.max(...chains.values());
    assert.ok(longest < 20, `the longest chain of pages is ${longest} of ${requests.length} requests`);
    const planned = new Set(planWindows(range, MAX_CONCURRENCY).map((window) => window.from));
    assert.ok(
      requests.some(
        (params) => !planned.has(params.get('dateFrom') ?? undefined) && conversations.some((c) => c.timestamp === params.get('dateFrom')),
      ),
      'a rest was handed over from the last conversation a page held',
    );
  } finally {
    server.close();
  }
});
