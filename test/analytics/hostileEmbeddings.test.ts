import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { embeddingsDestination, EmbeddingsError, fetchEmbeddings, type EmbeddingsCache } from '../../server/src/analytics/embeddings';

/**
 * The embeddings server as an attacker, or as a broken model (issue 65: D4, D5, D7, D8, D10, D11):
 * nothing of the key is printed, vectors are checked for what they carry, and a silent server is
 * not waited on for minutes.
 */
const KEY = 'sk-embeddings-SECRET-1234567890';
const TEXTS = ['How do I rotate a key?', 'Can I pay by card?', 'webhook retries'];
type Answer = (input: string[], request: IncomingMessage, response: ServerResponse) => void;

async function server(
  answer: Answer,
): Promise<{ url: string; requests: { url: string; authorization?: string }[]; close(): Promise<void> }> {
  const requests: { url: string; authorization?: string }[] = [];
  const http = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
    answer((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { input: string[] }).input, request, response);
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((done) => (http.closeAllConnections(), http.close(() => done()))),
  };
}

const json = (response: ServerResponse, body: unknown) =>
  response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const vectors = (input: string[], make: (i: number) => unknown[]) => ({ data: input.map((_, i) => ({ index: i, embedding: make(i) })) });

async function failure(url: string, options: Partial<Parameters<typeof fetchEmbeddings>[1]> = {}): Promise<string> {
  try {
    await fetchEmbeddings(TEXTS, { url, model: 'm', apiKey: KEY, retries: 1, retryMinMs: 1, timeoutMs: 2000, ...options });
  } catch (error) {
    assert.ok(error instanceof EmbeddingsError, String(error));
    return error.message;
  }
  assert.fail('no error');
}

test('D4: a server that echoes the key (as an index, in an error) never gets it printed', async () => {
  const echo = await server((input, request, response) =>
    json(response, { data: input.map((_, i) => ({ index: request.headers.authorization, embedding: [i + 1, 2] })) }),
  );
  const status = await server((_input, request, response) =>
    response.writeHead(404).end(`no such model; you sent ${request.headers.authorization}`),
  );
  try {
    for (const message of [await failure(echo.url), await failure(status.url)]) {
      assert.ok(!message.includes('SECRET') && !message.includes('Bearer'), message);
    }
  } finally {
    await echo.close();
    await status.close();
  }
});

test('D11: credentials in the URL are refused unprinted, its query is kept, and the key never goes over plain http to another host', async () => {
  const message = await failure('http://user:sk-in-url-SECRET@127.0.0.1:9/v1');
  assert.match(message, /holds a user name or password/);
  assert.ok(!message.includes('SECRET'));
  assert.match(await failure('http://example.com/v1'), /not https; the embeddings key is sent only over https/);
  // Where the questions go is said before they are sent: never by echoing what does not parse as a URL.
  assert.equal(embeddingsDestination('not a url sk-NOTURLSECRET', 'm'), 'm at a URL that does not parse');
  assert.equal(embeddingsDestination('http://user:sk-SECRET@127.0.0.1:9/v1', 'm'), 'm at 127.0.0.1:9');
  const fine = await server((input, _request, response) =>
    json(
      response,
      vectors(input, (i) => [i + 1, 1]),
    ),
  );
  try {
    const result = await fetchEmbeddings(TEXTS, { url: `${fine.url}?api-version=2024-01`, model: 'm', apiKey: KEY });
    assert.equal(result.size, 3);
    assert.equal(fine.requests[0].url, '/v1/embeddings?api-version=2024-01');
  } finally {
    await fine.close();
  }
});

test('D5, D10: huge vectors, values past float32, zeros and one vector for every text are refused with a reason', async () => {
  const cases: [(i: number) => unknown[], RegExp][] = [
    [() => new Array(200_000).fill(0.5), /200000 numbers; Docsmith reads vectors of 8192 at most/],
    [(i) => [1e39, i], /no finite 32-bit number/],
    [() => [0, 0, 0], /a vector of zeros/],
    [() => [0.25, 0.5, 0.75], /the same vector for every question/],
  ];
  for (const [make, reason] of cases) {
    const bad = await server((input, _request, response) => json(response, vectors(input, make)));
    try {
      assert.match(await failure(bad.url), reason);
    } finally {
      await bad.close();
    }
  }
});

test('D7: cached vectors of mixed dimensions are said, not silently dropped', async () => {
  const fine = await server((input, _request, response) =>
    json(
      response,
      vectors(input, (i) => [i + 1, 1, 2]),
    ),
  );
  const stored = new Map<string, Float32Array>();
  const cache: EmbeddingsCache = { get: (key) => stored.get(key), set: (key, vector) => void stored.set(key, vector) };
  try {
    await fetchEmbeddings(TEXTS, { url: fine.url, model: 'm', cache });
    const [key] = stored.keys();
    stored.set(key, Float32Array.from([1, 2, 3, 4, 5]));
    // Every vector from the cache, none asked: the clustering would have dropped them all without a word.
    assert.match(await failure(fine.url, { cache }), /different dimensions \(5, 3\)[\s\S]*Clear the embeddings cache/);
    assert.equal(fine.requests.length, 1);
  } finally {
    await fine.close();
  }
});

test('D8: a server that does not answer is asked once per batch, not four times more', async () => {
  const silent = await server(() => undefined);
  try {
    const message = await failure(silent.url, { timeoutMs: 300, retries: 4, parallel: 1, batch: 64 });
    assert.match(message, /did not answer within 0.3 s/);
    assert.equal(silent.requests.length, 1);
  } finally {
    await silent.close();
  }
});

test('D8: a wait the server asks for is told before it is waited', async () => {
  let asked = 0;
  const throttling = await server((input, _request, response) => {
    if (asked++ === 0) return void response.writeHead(429, { 'retry-after': '0' }).end('{}');
    json(
      response,
      vectors(input, (i) => [i + 1, 1]),
    );
  });
  const told: string[] = [];
  try {
    await fetchEmbeddings(TEXTS, { url: throttling.url, model: 'm', onRetry: (reason, wait) => told.push(`${reason} ${wait}`) });
    assert.deepEqual(told, ['The embeddings server answered 429. 0']);
  } finally {
    await throttling.close();
  }
});

test('D8: a server that asks to wait an hour is not waited on', async () => {
  const busy = await server((_input, _request, response) => void response.writeHead(429, { 'retry-after': '3600' }).end('{}'));
  try {
    assert.match(await failure(busy.url, { retries: 4 }), /answered 429 and asks to wait 3600 s; Docsmith does not wait more than 60 s/);
    assert.equal(busy.requests.length, 1);
  } finally {
    await busy.close();
  }
});
