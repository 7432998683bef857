import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fetchAllConversations, type ExportClientOptions } from '../../server/src/analytics/client';
import { ExportApiError } from '../../server/src/analytics/errors';
import { startExportServer, type ExportServerOptions, type RunningExportServer } from '../../server/src/mock/exportServer';

const NOW = Date.UTC(2026, 10, 20, 12);
const KEY = 'mint_test_key';

async function withServer(
  options: ExportServerOptions,
  body: (server: RunningExportServer, client: Omit<ExportClientOptions, 'signal'>) => Promise<void>,
) {
  const server = await startExportServer({ key: KEY, project: 'p', now: NOW, seed: 5, ...options });
  try {
    await body(server, { baseUrl: server.url, projectId: 'p', apiKey: KEY, retryMinMs: 5, retryMaxMs: 50, retries: 4 });
  } finally {
    await server.close();
  }
}

async function rejects(promise: Promise<unknown>, kind: string, message: RegExp) {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof ExportApiError, String(error));
    assert.equal(error.kind, kind, error.message);
    assert.match(error.message, message);
    return true;
  });
}

test('fetches every page with cursors, in order, each conversation once', async () => {
  await withServer({ conversations: 250 }, async (server, client) => {
    const result = await fetchAllConversations({ limit: 40 }, { ...client, concurrency: 1 });
    assert.equal(result.pages, 7);
    assert.deepEqual(
      result.conversations.map((c) => c.id),
      server.conversations.map((c) => c.id),
    );
    const cursors = server.requests.map((r) => new URL(r.url, 'http://x').searchParams.get('cursor'));
    assert.equal(cursors[0], null);
    assert.equal(cursors[1], server.conversations[39].id, 'the cursor is the id of the last conversation of the page');
    assert.ok(server.requests.every((r) => r.authorization === `Bearer ${KEY}`));
  });
});

test('the bulk limit is 1000 and the default page of the server is 100', async () => {
  await withServer({ conversations: 1500 }, async (server, client) => {
    const result = await fetchAllConversations({}, { ...client, concurrency: 1 });
    assert.equal(result.pages, 2);
    assert.match(server.requests[0].url, /limit=1000/);
    const defaultPage = await fetch(`${server.url}/v1/analytics/p/assistant`, { headers: { authorization: `Bearer ${KEY}` } }).then(
      (r) => r.json() as Promise<any>,
    );
    assert.equal(defaultPage.conversations.length, 100);
  });
});

test('dateFrom is inclusive and dateTo exclusive; date-only values are UTC days', async () => {
  await withServer({ conversations: 400 }, async (server, client) => {
    const result = await fetchAllConversations({ dateFrom: '2026-10-01', dateTo: '2026-10-15', limit: 25 }, client);
    const expected = server.conversations.filter(
      (c) => c.timestamp >= '2026-10-01T00:00:00.000Z' && c.timestamp < '2026-10-15T00:00:00.000Z',
    );
    assert.ok(expected.length > 30);
    assert.deepEqual(
      result.conversations.map((c) => c.id),
      expected.map((c) => c.id),
    );
    const exact = server.conversations[100].timestamp;
    const from = await fetchAllConversations({ dateFrom: exact, dateTo: exact }, client);
    assert.deepEqual(from.conversations, [], 'an empty range: from inclusive, to exclusive');
    const one = await fetchAllConversations({ dateFrom: exact, dateTo: new Date(Date.parse(exact) + 1).toISOString() }, client);
    assert.deepEqual(
      one.conversations.map((c) => c.timestamp),
      [exact],
    );
  });
});

test('the server refuses bad parameters with a 400 naming each; the client refuses them before sending', async () => {
  await withServer({}, async (server, client) => {
    const response = await fetch(`${server.url}/v1/analytics/p/assistant?limit=0&dateFrom=soon&cursor=nope`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    assert.equal(response.status, 400);
    const body = (await response.json()) as any;
    assert.equal(body.error, 'Invalid query parameters.');
    assert.deepEqual(
      body.details.map((d: { message: string }) => d.message.split(' ')[0]),
      ['limit', 'dateFrom', 'cursor'],
    );
    const unknown = await fetch(`${server.url}/v1/analytics/p/assistant?cursor=01ARZ3NDEKTSV4RRFFQ69G5FAV`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    assert.match(((await unknown.json()) as any).details[0].message, /is not known/);
    const before = server.requests.length;
    await rejects(fetchAllConversations({ dateFrom: '2026-12-01', dateTo: '2026-11-01' }, client), 'query', /later than dateTo/);
    assert.equal(server.requests.length, before, 'nothing was sent');
  });
});

test('a wrong key is a 401 that says the admin key was rejected; an unknown project a 404', async () => {
  await withServer({}, async (_server, client) => {
    const wrong = await fetchAllConversations({}, { ...client, apiKey: 'mint_wrong' }).catch((error: Error) => error);
    assert.equal(
      (wrong as Error).message,
      'The admin API key was rejected (401): Missing or invalid API key; Send an admin key as "Authorization: Bearer <key>". ' +
        'Set a valid admin key (it begins with mint_).',
    );
    assert.doesNotMatch((wrong as Error).message, /[.;:]\s*[.;]/, 'no doubled punctuation');
    await rejects(fetchAllConversations({}, { ...client, projectId: 'other' }), 'http', /Not found \(404\): Project other not found/);
  });
});

test("64.5: a 403 (another project's key, or a plan without the export API) says both, and where the key and the project ID are", async () => {
  const { createServer } = await import('node:http');
  const server = createServer((_request, response) => {
    response.writeHead(403, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: 'Analytics export is not available on your plan' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  try {
    await rejects(
      fetchAllConversations({}, { baseUrl: `http://127.0.0.1:${port}`, apiKey: 'mint_x', projectId: 'p', retries: 0 }),
      'auth',
      /^The export was refused \(403\): Analytics export is not available on your plan\. Use an admin key of this project \(dashboard: Settings → Organization → API keys\); the analytics export API needs a plan that includes it \(Pro or Enterprise\)\.$/,
    );
  } finally {
    server.close();
  }
});

test('injected 500s are retried from the same cursor: the result is complete and exact', async () => {
  await withServer({ conversations: 300, faultRate: 0.3, seed: 11 }, async (server, client) => {
    const result = await fetchAllConversations({ limit: 20 }, { ...client, retries: 10 });
    assert.ok(result.retries > 0, 'some requests failed and were retried');
    assert.deepEqual(
      result.conversations.map((c) => c.id),
      server.conversations.map((c) => c.id),
    );
    assert.ok(server.requests.some((r) => r.status === 500));
  });
});

test('a 500 that persists ends with its error body, after the retries', async () => {
  await withServer({ faultRate: 1 }, async (server, client) => {
    await rejects(fetchAllConversations({}, { ...client, concurrency: 1 }), 'http', /answered 500: Internal server error; Injected fault/);
    assert.equal(server.requests.length, 5, 'one try and four retries');
    // Side by side, the first window to run out of retries stops the others: the same error, no more.
    await rejects(fetchAllConversations({}, client), 'http', /answered 500: Internal server error; Injected fault/);
  });
});

test('429 with Retry-After is honoured', async () => {
  await withServer({ scenario: 'rate-limit' }, async (server, client) => {
    const waits: number[] = [];
    const result = await fetchAllConversations(
      { limit: 100 },
      { ...client, retryMaxMs: 2000, onRetry: (_reason, wait) => waits.push(wait) },
    );
    assert.deepEqual(waits, [1000]);
    assert.equal(result.conversations.length, server.conversations.length);
  });
});

test('every contradiction of the server ends in a clear error, never a loop', async () => {
  await withServer({ scenario: 'has-more-null-cursor', conversations: 100 }, async (_s, client) =>
    rejects(fetchAllConversations({ limit: 10 }, { ...client, concurrency: 1 }), 'contradiction', /hasMore is true but gave no nextCursor/),
  );
  await withServer({ scenario: 'repeat-cursor', conversations: 100 }, async (_s, client) =>
    rejects(fetchAllConversations({ limit: 10 }, { ...client, concurrency: 1 }), 'contradiction', /sent cursor \w+ twice/),
  );
  await withServer({ scenario: 'over-limit', conversations: 100 }, async (_s, client) =>
    rejects(fetchAllConversations({ limit: 10 }, { ...client, concurrency: 1 }), 'contradiction', /returned 11 conversations for limit 10/),
  );
  await withServer({ scenario: 'wrong-shape' }, async (_s, client) =>
    rejects(
      fetchAllConversations({}, client),
      'invalid-response',
      /not a conversation page: the body must have required property 'conversations'/,
    ),
  );
  await withServer({ scenario: 'redirect' }, async (_s, client) =>
    rejects(fetchAllConversations({}, client), 'http', /redirected \(302\) to elsewhere\.example\.com; Docsmith does not follow redirects/),
  );
});

test('duplicate ids across pages are kept once; a cut or truncated body and an HTML error page are retried', async () => {
  await withServer({ scenario: 'duplicate-ids', conversations: 60 }, async (server, client) => {
    const result = await fetchAllConversations({ limit: 20 }, client);
    assert.deepEqual(
      result.conversations.map((c) => c.id),
      server.conversations.map((c) => c.id),
    );
  });
  for (const scenario of ['truncated-json', 'reset-mid-body', 'html-error'] as const) {
    await withServer({ scenario, conversations: 60 }, async (server, client) => {
      const result = await fetchAllConversations({ limit: 20 }, client);
      assert.deepEqual(
        result.conversations.map((c) => c.id),
        server.conversations.map((c) => c.id),
        scenario,
      );
      assert.equal(result.retries, 1, scenario);
    });
  }
});

test('a field of the wrong type is named', async () => {
  const server = await startExportServer({ key: KEY, project: 'p', now: NOW });
  const conversation = { ...server.conversations[0], sources: [{ title: 'x', url: 42 }] };
  server.server.removeAllListeners('request');
  server.server.on('request', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ conversations: [conversation], nextCursor: null, hasMore: false }));
  });
  try {
    await rejects(
      fetchAllConversations({}, { baseUrl: server.url, projectId: 'p', apiKey: KEY }),
      'invalid-response',
      /conversations\[0\]\.sources\[0\]\.url must be string/,
    );
  } finally {
    await server.close();
  }
});

test('timeouts and cancellation end the export promptly', async () => {
  await withServer({ latencyMs: 2000 }, async (_s, client) => {
    const start = Date.now();
    await rejects(fetchAllConversations({}, { ...client, timeoutMs: 100, retries: 1 }), 'timeout', /timed out after 100 ms/);
    assert.ok(Date.now() - start < 1500);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await rejects(fetchAllConversations({}, { ...client, signal: controller.signal }), 'cancelled', /cancelled/);
  });
});

test('the key goes only to the configured base URL, and never over plain http to another host', async () => {
  await rejects(fetchAllConversations({}, { baseUrl: 'http://example.com', projectId: 'p', apiKey: KEY }), 'config', /not https/);
  await withServer({ scenario: 'redirect' }, async (server, client) => {
    await assert.rejects(fetchAllConversations({}, client), (error: Error) => !error.message.includes(KEY));
    assert.equal(server.requests.length, 1, 'the redirect was not followed');
  });
  await withServer({}, async (_s, client) => {
    await assert.rejects(
      fetchAllConversations({}, { ...client, apiKey: 'mint_secret_wrong' }),
      (error: Error) => !error.message.includes('mint_secret_wrong'),
    );
  });
});

test('the server serves its OpenAPI description', async () => {
  await withServer({}, async (server) => {
    const document = await fetch(`${server.url}/openapi.json`).then((r) => r.json() as Promise<any>);
    assert.equal(document.openapi, '3.1.0');
    assert.equal(document.info.version, '1.0.0');
    assert.ok(document.paths['/v1/analytics/{projectId}/assistant'].get);
  });
});
