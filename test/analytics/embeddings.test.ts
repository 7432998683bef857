import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EmbeddingsError, fetchEmbeddings, type EmbeddingsCache } from '../../server/src/analytics/embeddings';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { DIMENSION, startFakeEmbeddings, vectorOf, type EmbeddingsFault } from '../helpers/fakeEmbeddings';
import { gapQuestion as q } from '../helpers/gapFixtures';

const TEXTS = ['How do I rotate a key?', 'Can I pay by card?', 'webhook retries', 'Is there an SLA?', 'SSO with Okta'];
const fast = { retries: 2, retryMinMs: 1, timeoutMs: 1000 };

async function withServer<T>(
  fault: EmbeddingsFault,
  run: (server: Awaited<ReturnType<typeof startFakeEmbeddings>>) => Promise<T>,
): Promise<T> {
  const server = await startFakeEmbeddings(fault);
  try {
    return await run(server);
  } finally {
    await server.close();
  }
}

function memoryCache(): EmbeddingsCache & { size: () => number } {
  const map = new Map<string, Float32Array>();
  return { get: (key) => map.get(key), set: (key, vector) => void map.set(key, vector), size: () => map.size };
}

test('vectors for each distinct text, read by index, in batches with the key as a bearer token; the cache sends only what is new', () =>
  withServer('none', async (server) => {
    const cache = memoryCache();
    const vectors = await fetchEmbeddings([...TEXTS, TEXTS[0]], {
      url: server.url,
      model: 'm1',
      apiKey: 'sk-secret',
      batch: 2,
      cache,
      ...fast,
    });
    assert.equal(vectors.size, TEXTS.length);
    for (const text of TEXTS)
      assert.deepEqual([...vectors.get(text)!], Float32Array.from(vectorOf(text)).map((x) => x) && [...Float32Array.from(vectorOf(text))]);
    assert.equal(server.requests.length, 3, '5 texts in batches of 2');
    assert.ok(server.requests.every((request) => request.authorization === 'Bearer sk-secret' && request.model === 'm1'));
    assert.equal(cache.size(), TEXTS.length);
    await fetchEmbeddings([...TEXTS, 'a new question'], { url: server.url + '/', model: 'm1', batch: 2, cache, ...fast });
    assert.deepEqual(
      server.requests.slice(3).map((request) => request.input),
      [['a new question']],
    );
    assert.equal(server.requests[3].authorization, undefined, 'no key set, none sent');
    // Another model is another cache entry.
    await fetchEmbeddings([TEXTS[0]], { url: server.url, model: 'm2', cache, ...fast });
    assert.equal(server.requests.length, 5);
  }));

test('a 429 is retried; a rejected key, a redirect and a server error are said, never retried past the limit and never echoed raw', async () => {
  await withServer('429-once', async (server) => {
    const vectors = await fetchEmbeddings(TEXTS.slice(0, 1), { url: server.url, model: 'm', ...fast });
    assert.equal(vectors.size, 1);
    assert.equal(server.requests.length, 2);
  });
  await withServer('401', async (server) => {
    await assert.rejects(fetchEmbeddings(TEXTS, { url: server.url, model: 'm', apiKey: 'sk-x', ...fast }), (error: Error) => {
      assert.ok(error instanceof EmbeddingsError);
      assert.match(error.message, /refused the key \(401\)/);
      assert.ok(!error.message.includes('<script>') && !error.message.includes('sk-x'));
      return true;
    });
    assert.equal(server.requests.length, 1, 'not retried');
  });
  await withServer('redirect', async (server) => {
    await assert.rejects(
      fetchEmbeddings(TEXTS, { url: server.url, model: 'm', apiKey: 'sk-x', ...fast }),
      /redirected \(307\); Docsmith does not follow it/,
    );
  });
  await withServer('500', async (server) => {
    await assert.rejects(fetchEmbeddings(TEXTS.slice(0, 1), { url: server.url, model: 'm', ...fast }), /answered 500/);
    assert.equal(server.requests.length, 3, 'the first try and 2 retries');
  });
});

test('malformed JSON, vectors of another dimension, a slow server, a huge body and a cancel each end in a clear error', async () => {
  await withServer('malformed', (server) =>
    assert.rejects(
      fetchEmbeddings(TEXTS.slice(0, 2), { url: server.url, model: 'm', ...fast, retries: 0 }),
      /not an embeddings list: it is not JSON/,
    ),
  );
  await withServer('wrong-dimension', (server) =>
    assert.rejects(fetchEmbeddings(TEXTS.slice(0, 3), { url: server.url, model: 'm', ...fast }), /its vectors are of different dimensions/),
  );
  await withServer('slow', (server) =>
    assert.rejects(
      fetchEmbeddings(TEXTS.slice(0, 1), { url: server.url, model: 'm', retries: 0, timeoutMs: 200 }),
      /did not answer within 0.2 s/,
    ),
  );
  await withServer('huge', (server) =>
    // The size cap is what is tested, not the time: 32 MB may take more than a second on a busy machine.
    assert.rejects(
      fetchEmbeddings(TEXTS.slice(0, 1), { url: server.url, model: 'm', ...fast, timeoutMs: 60_000 }),
      /sent more than 32 MB for 1 texts/,
    ),
  );
  await withServer('slow', async (server) => {
    const controller = new AbortController();
    const asked = fetchEmbeddings(TEXTS.slice(0, 1), { url: server.url, model: 'm', signal: controller.signal, timeoutMs: 10000 });
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(asked, /cancelled/);
  });
  await assert.rejects(fetchEmbeddings(['x'], { url: 'file:///etc/passwd', model: 'm' }), /must be http or https/);
});

test('with embeddings, questions that share no word but mean one thing join; the same vectors give the same clusters', async () => {
  const questions = [
    q('a', 'How do I cancel my plan?'),
    q('b', 'Stop the subscription'),
    q('c', 'Where are the audit logs kept?'),
    q('d', 'retention of activity records'),
  ];
  // The model's view (the fake's): a and b mean billing, c and d mean logs.
  const topic: Record<string, string> = { a: 'billing', b: 'billing', c: 'logs', d: 'logs' };
  const embeddings = new Map(
    questions.map((question) => [question.query, Float32Array.from(vectorOf(`${question.query} topic:${topic[question.id]}`))]),
  );
  assert.equal(embeddings.get(questions[0].query)!.length, DIMENSION);
  const words = clusterGaps(questions).map((cluster) => [...cluster.conversationIds].sort());
  assert.ok(!words.some((cluster) => cluster.includes('a') && cluster.includes('b')), 'by words alone, a and b share nothing');
  const meaning = clusterGaps(questions, { embeddings }).map((cluster) => [...cluster.conversationIds].sort());
  assert.deepEqual(meaning.sort(), [
    ['a', 'b'],
    ['c', 'd'],
  ]);
  assert.deepEqual(clusterGaps(questions, { embeddings }), clusterGaps([...questions].reverse(), { embeddings }));
  // A question without a vector: the embeddings are not used at all (never half of them).
  const partial = new Map([...embeddings].slice(1));
  assert.deepEqual(clusterGaps(questions, { embeddings: partial }), clusterGaps(questions));
});
