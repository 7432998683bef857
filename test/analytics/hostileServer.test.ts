import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { ulid } from 'ulid';
import {
  checkApiKey,
  fetchAllConversations,
  MAX_CONCURRENCY,
  MAX_EMPTY_PAGES,
  MAX_TINY_PAGES,
  redactKey,
} from '../../server/src/analytics/client';
import { ExportApiError } from '../../server/src/analytics/errors';
import { boundedConversation, MAX_KEPT_CHARS } from '../../server/src/analytics/bounds';
import type { Conversation } from '../../server/src/analytics/types';
import { startExportServer, REQUEST_LOG_SIZE } from '../../server/src/mock/exportServer';
import { runCli } from '../helpers/cli';

/** Hostile export servers on loopback (issue 15): each ends in a clear, bounded error, and no output shows the key. */
const KEY = 'mint_secret_0123456789abcdef';
const HANG_GUARD = { timeout: 60_000 };

async function hostile(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const conversation = (id = ulid()) => ({
  id,
  timestamp: '2026-11-01T00:00:00.000Z',
  query: 'q',
  response: 'r',
  sources: [],
  queryCategory: null,
  resolutionStatus: 'unanswered',
});
const client = (url: string) => ({ baseUrl: url, projectId: 'p', apiKey: KEY, retries: 0, retryMinMs: 1, retryMaxMs: 5 });

async function failure(work: Promise<unknown>): Promise<ExportApiError> {
  try {
    await work;
  } catch (error) {
    assert.ok(error instanceof ExportApiError, String(error));
    assert.ok(!error.message.includes(KEY), `the key leaked: ${error.message}`);
    return error;
  }
  assert.fail('the export did not fail');
}

test('endless new cursors over empty pages stop with a clear error', HANG_GUARD, async () => {
  let requests = 0;
  const server = await hostile((_, response) => {
    requests++;
    response.end(JSON.stringify({ conversations: [], nextCursor: ulid(), hasMore: true }));
  });
  try {
    const error = await failure(fetchAllConversations({}, { ...client(server.url), concurrency: 1 }));
    assert.equal(error.kind, 'contradiction');
    assert.match(error.message, new RegExp(`${MAX_EMPTY_PAGES} empty pages in a row`));
    assert.equal(requests, MAX_EMPTY_PAGES);
    // Windows side by side: each stops on its own count, and the first to stop ends the others.
    requests = 0;
    const windowed = await failure(fetchAllConversations({}, client(server.url)));
    assert.match(windowed.message, new RegExp(`${MAX_EMPTY_PAGES} empty pages in a row`));
    assert.ok(requests <= MAX_CONCURRENCY * MAX_EMPTY_PAGES, `${requests} requests`);
  } finally {
    await server.close();
  }
});

test('endless pages of new conversations stop at --max-conversations, and say so', HANG_GUARD, async () => {
  const server = await hostile((_, response) =>
    response.end(JSON.stringify({ conversations: Array.from({ length: 1000 }, () => conversation()), nextCursor: ulid(), hasMore: true })),
  );
  try {
    const result = await fetchAllConversations({}, { ...client(server.url), maxConversations: 5000 });
    assert.equal(result.truncated, true);
    assert.equal(result.fetched, 5000);
    const cli = await runCli(
      ['gaps', '--project', 'p', '--base-url', server.url, '--docs', '/nonexistent', '--max-conversations', '3000', '--format', 'json'],
      { env: { DOCSMITH_API_KEY: KEY } },
    );
    assert.equal(cli.code, 0);
    assert.equal(JSON.parse(cli.stdout).truncated, true);
    assert.match(cli.stderr, /the export stopped after 3,000 conversations \(--max-conversations\)/);
  } finally {
    await server.close();
  }
});

test('a page body over the size cap is refused while it streams: plain, and gzip that expands', HANG_GUARD, async () => {
  const big = Buffer.alloc(70 * 1024 * 1024, 0x20);
  const bomb = gzipSync(big);
  const server = await hostile((request, response) => {
    if (request.url?.includes('gzip')) {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    } else {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(big);
    }
  });
  try {
    const plain = await failure(fetchAllConversations({}, client(server.url)));
    assert.match(plain.message, /more than 64 MB for one page/);
    const compressed = await failure(fetchAllConversations({}, client(`${server.url}/gzip`)));
    assert.match(compressed.message, /more than 64 MB for one page/);
  } finally {
    await server.close();
  }
});

test('a server that echoes the key never gets it printed: errors, retries, cursors, the CLI', HANG_GUARD, async () => {
  const server = await hostile((request, response) => {
    const echoed = String(request.headers.authorization);
    if (request.url?.includes('cursor')) {
      response.writeHead(500, { 'content-type': 'text/plain' });
      return response.end(`boom ${echoed}`);
    }
    if (request.url?.includes('/p2/'))
      return response.end(JSON.stringify({ conversations: [conversation()], nextCursor: echoed, hasMore: true }));
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: `Invalid key: ${echoed}` }));
  });
  try {
    const rejected = await failure(fetchAllConversations({}, client(server.url)));
    assert.match(rejected.message, /Invalid key: Bearer mint_\[admin key hidden\]/);
    const retried: string[] = [];
    await failure(
      fetchAllConversations({}, { ...client(server.url), projectId: 'p2', retries: 1, onRetry: (reason) => retried.push(reason) }),
    );
    assert.ok(retried.length > 0 && retried.every((reason) => !reason.includes(KEY)));
    const cli = await runCli(['gaps', '--project', 'p', '--base-url', server.url, '--docs', '/nonexistent'], {
      env: { DOCSMITH_API_KEY: KEY },
    });
    assert.equal(cli.code, 1);
    assert.ok(!cli.stderr.includes(KEY) && !cli.stdout.includes(KEY), cli.stderr);
  } finally {
    await server.close();
  }
});

test('a key with a control character is refused before anything is sent, without printing it', async () => {
  assert.match(checkApiKey('mint_abc\r\nX-Injected: 1') ?? '', /control character/);
  assert.equal(checkApiKey('mint_ok_key'), undefined);
  const error = await failure(fetchAllConversations({}, { ...client('http://127.0.0.1:9'), apiKey: `${KEY}\n` }));
  assert.equal(error.kind, 'config');
  assert.equal(redactKey(`a ${KEY} b ${KEY}`, KEY), 'a mint_[admin key hidden] b mint_[admin key hidden]');
});

test('terminal escapes and bidi overrides from a server never reach the terminal raw', HANG_GUARD, async () => {
  const evil = 'Q\u001b]0;pwned\u0007\u001b[31m\u202Egnp.exe\u0000\r=cmd';
  const server = await hostile((request, response) => {
    if (request.url?.includes('/bad/')) {
      response.writeHead(400, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: evil }));
    }
    response.end(
      JSON.stringify({
        conversations: [{ ...conversation(), query: evil, sources: [{ title: 't', url: 'https://x.dev/<script>alert(1)</script>' }] }],
        nextCursor: null,
        hasMore: false,
      }),
    );
  });
  try {
    for (const format of ['text', 'markdown', 'csv']) {
      const cli = await runCli(['gaps', '--project', 'p', '--base-url', server.url, '--docs', '/nonexistent', '--format', format], {
        env: { DOCSMITH_API_KEY: KEY },
      });
      assert.equal(cli.code, 0, cli.stderr);
      // eslint-disable-next-line no-control-regex
      assert.doesNotMatch(cli.stdout, /[\u0000-\u0008\v\f\u000e-\u001f\u007f\u202e]/, `${format}: ${JSON.stringify(cli.stdout)}`);
      assert.match(cli.stdout, /\\x1b/);
      if (format === 'markdown') assert.doesNotMatch(cli.stdout, /<script>/);
      if (format === 'csv') assert.doesNotMatch(cli.stdout.split('\r\n')[1], /,=cmd|,"=|^=/);
    }
    const error = await runCli(['gaps', '--project', 'bad', '--base-url', server.url, '--docs', '/nonexistent'], {
      env: { DOCSMITH_API_KEY: KEY },
    });
    // eslint-disable-next-line no-control-regex
    assert.doesNotMatch(error.stderr, /[\u0000-\u0008\v\f\u000e-\u001f\u007f\u202e]/);
    assert.match(error.stderr, /\\x1b\]0;pwned/);
  } finally {
    await server.close();
  }
});

test('CSV cells that a spreadsheet would run are neutralised, tab and CR included', async () => {
  const { formatGapsCsv } = await import('../../server/src/cli/gapFormats/csv');
  const report = {
    conversations: ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1', 'fine'].map((query) => ({ ...conversation(), query, sources: [] })),
    pages: [],
    fetched: 7,
    unanswered: 7,
    statusInferred: false,
  };
  const rows = formatGapsCsv(report as never)
    .split('\r\n')
    .slice(1, -1);
  for (const row of rows.slice(0, 6)) assert.match(row.split(',')[2], /^"?'/, row);
  assert.equal(rows[6].split(',')[2], 'fine');
});

test('the mock server: a bounded request log, 400 for a bad percent-encoding', HANG_GUARD, async () => {
  const server = await startExportServer({ key: KEY, project: 'p', conversations: 10 });
  try {
    for (let i = 0; i < REQUEST_LOG_SIZE + 50; i++)
      await fetch(`${server.url}/v1/analytics/p/assistant?limit=1&x=${'a'.repeat(100)}`, { headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(server.requests.length, REQUEST_LOG_SIZE);
    const bad = await fetch(`${server.url}/v1/analytics/%E0%A4%A/assistant`, { headers: { authorization: `Bearer ${KEY}` } });
    assert.equal(bad.status, 400);
    const badQuery = await fetch(`${server.url}/v1/analytics/p/assistant?cursor=%E0%A4%A&dateFrom=%ZZ`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    assert.equal(badQuery.status, 400);
    const wrongKey = await fetch(`${server.url}/v1/analytics/p/assistant`, { headers: { authorization: `Bearer ${KEY.slice(0, -1)}x` } });
    assert.equal(wrongKey.status, 401);
  } finally {
    await server.close();
  }
});

test(
  'round three (issue 39 item 10): a 10 MB question is cut and says so; an error body is read 64 KB at most; JSON nested too deep is refused unparsed; tiny pages forever stop',
  HANG_GUARD,
  async () => {
    const huge = await hostile((_, response) => {
      response.end(
        JSON.stringify({ conversations: [{ ...conversation(), query: 'q'.repeat(10_000_000) }], nextCursor: null, hasMore: false }),
      );
    });
    try {
      const result = await fetchAllConversations({}, client(huge.url));
      assert.equal(result.conversations[0].query.length < 4_100, true);
      assert.match(result.conversations[0].query, /… \[9,996,000 more characters cut by Docsmith\]$/);
    } finally {
      await huge.close();
    }
    const bigError = await hostile((_, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'x'.repeat(50_000_000) }));
    });
    try {
      const error = await failure(fetchAllConversations({}, client(bigError.url)));
      assert.equal(error.kind, 'auth');
      assert.ok(error.message.length < 1_000, `${error.message.length} characters`);
    } finally {
      await bigError.close();
    }
    const deep = await hostile((_, response) =>
      response.end(`{"conversations":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)},"hasMore":false}`),
    );
    try {
      const error = await failure(fetchAllConversations({}, client(deep.url)));
      assert.match(error.message, /nests deeper than 64 levels/);
    } finally {
      await deep.close();
    }
    let requests = 0;
    const drip = await hostile((_, response) => {
      requests++;
      response.end(JSON.stringify({ conversations: [conversation()], nextCursor: ulid(), hasMore: true }));
    });
    try {
      const error = await failure(fetchAllConversations({}, { ...client(drip.url), concurrency: 1 }));
      assert.match(error.message, new RegExp(`${MAX_TINY_PAGES} pages in a row of fewer than 10 conversations`));
      assert.equal(requests, MAX_TINY_PAGES);
    } finally {
      await drip.close();
    }
  },
);

test('the text kept from an export is bounded: past the budget a conversation keeps the start of its question and no answer', () => {
  const budget = { chars: 0 };
  const big = { ...conversation(), query: 'q'.repeat(5_000), response: 'r'.repeat(30_000) } as Conversation;
  const first = boundedConversation(big, budget);
  assert.equal(first.query.length < 4_100 && first.response.length < 20_100, true);
  budget.chars = MAX_KEPT_CHARS;
  const later = boundedConversation(big, budget);
  assert.ok(later.query.length < 1_100);
  assert.match(later.response, /^\[answer not kept: the export's text budget/);
});
