// Rows of `npm run bench` for the hostile cases of issue 65 that are about scale, each with its target:
// grouping by meaning (10,000 distinct questions of 768 numbers, under 5 s), Ctrl-C while that runs
// (`docsmith gaps` exits 130 within a second), and a docs.json variable of 1 MB used by each of 100
// pages (`docsmith check`, under 2 s). Run from bench.mjs after the build; prints one line per row.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { measureOnce } from './measure.mjs';

const here = resolve(import.meta.dirname);
const cli = resolve(here, '../dist/cli.js');
const example = resolve(here, '../examples/site');
const DIMENSION = 768;

/** Deterministic vectors: each text's topic direction (its number modulo 300) plus noise. */
function vectorOf(text) {
  const number = Number(/(\d+)/.exec(text)?.[1] ?? 0);
  let seed = (number % 300) + 1;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  const topic = Array.from({ length: DIMENSION }, next);
  seed = number + 7919;
  return topic.map((value) => value + 0.8 * next());
}

export async function runHostileScaleBench() {
  const rows = [];
  let ok = true;

  // 1. Grouping by meaning, in process: clusterGaps with embeddings for 10,000 distinct questions.
  // The median of three runs: one run on two cores moves by half a second.
  const runs = [0, 1, 2].map(() => spawnSync(process.execPath, ['--import', 'tsx', join(here, 'meaningSpeed.ts')], { encoding: 'utf8' }));
  const times = runs.map((run) => Number(/: (\d+) ms/.exec(run.stdout)?.[1] ?? NaN)).sort((a, b) => a - b);
  const median = times[1];
  const meaningOk = median < 5000;
  ok &&= meaningOk;
  rows.push(
    `${(runs[0].stdout.trim() || runs[0].stderr.trim()).replace(/: \d+ ms/, `: ${median} ms (median of 3: ${times.join(', ')})`)} (target under 5 s: ${meaningOk ? 'met' : 'MISSED'})`,
  );

  // 2. Ctrl-C while the questions are grouped by meaning: `docsmith gaps` against a local export and embeddings server.
  const count = 5000;
  const conversations = Array.from({ length: count }, (_, i) => ({
    id: `c${String(i).padStart(8, '0')}`,
    timestamp: new Date(Date.now() - 86_400_000 + i * 10).toISOString(),
    query: `How do I set up integration number ${i}?`,
    response: "I'm sorry, I couldn't find an answer.",
    sources: [],
    queryCategory: 'x',
    resolutionStatus: 'unanswered',
  }));
  const exportServer = createServer((request, response) => {
    const url = new URL(request.url, 'http://x');
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const cursor = url.searchParams.get('cursor');
    const start = cursor ? conversations.findIndex((c) => c.id === cursor) + 1 : 0;
    const page = conversations.slice(start, start + limit);
    const more = start + limit < conversations.length;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ conversations: page, nextCursor: more ? page[page.length - 1].id : null, hasMore: more }));
  });
  let embedded = 0;
  let allEmbedded;
  const embeddingsDone = new Promise((done) => (allEmbedded = done));
  const embeddingsServer = createServer(async (request, response) => {
    const chunks = [];
    for await (const chunk of request) chunks.push(chunk);
    const { input } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ data: input.map((text, index) => ({ index, embedding: vectorOf(text) })) }), () => {
      embedded += input.length;
      if (embedded >= count) allEmbedded();
    });
  });
  const listen = (server) => new Promise((done) => server.listen(0, '127.0.0.1', () => done(server.address().port)));
  const [exportPort, embeddingsPort] = [await listen(exportServer), await listen(embeddingsServer)];
  const cache = mkdtempSync(join(tmpdir(), 'docsmith-bench-embeddings-'));
  const child = spawn(
    process.execPath,
    [cli, 'gaps', '--project', 'p', '--base-url', `http://127.0.0.1:${exportPort}`, '--docs', example].concat([
      '--embeddings-url',
      `http://127.0.0.1:${embeddingsPort}/v1`,
      '--embeddings-model',
      'm',
      '--embeddings-cache',
      cache,
    ]),
    { env: { ...process.env, DOCSMITH_API_KEY: 'mint_bench' }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr.resume();
  const exited = new Promise((done) => child.on('exit', (code) => done(code)));
  await embeddingsDone;
  // The vectors are in: the cache is written, then the clustering starts.
  for (let i = 0; i < 100 && readdirSync(cache).length === 0; i++) await new Promise((done) => setTimeout(done, 50));
  await new Promise((done) => setTimeout(done, 300));
  const signalled = process.hrtime.bigint();
  child.kill('SIGINT');
  const code = await exited;
  const afterMs = Number(process.hrtime.bigint() - signalled) / 1e6;
  exportServer.close();
  embeddingsServer.close();
  rmSync(cache, { recursive: true, force: true });
  const sigintOk = code === 130 && afterMs < 1000;
  ok &&= sigintOk;
  rows.push(
    `docsmith gaps, Ctrl-C while ${count} questions are grouped by meaning: exit ${code} after ${afterMs.toFixed(0)} ms (target exit 130 within 1 s: ${sigintOk ? 'met' : 'MISSED'})`,
  );

  // 3. A variable of 1 MB of headings, used once by each of 100 pages (56 s before issue 65).
  const site = mkdtempSync(join(tmpdir(), 'docsmith-bench-variables-'));
  const pages = Array.from({ length: 100 }, (_, i) => `p${i}`);
  writeFileSync(
    join(site, 'docs.json'),
    JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'T',
      colors: { primary: '#000000' },
      variables: { v: '\n\n## h\n'.repeat(140_000) },
      navigation: { groups: [{ group: 'G', pages: ['index', ...pages] }] },
    }),
  );
  writeFileSync(join(site, 'index.mdx'), '---\ntitle: Home\n---\n\n# Home\n');
  mkdirSync(site, { recursive: true });
  for (const page of pages) writeFileSync(join(site, `${page}.mdx`), `---\ntitle: ${page}\n---\n\n{{v}}\n`);
  const variables = measureOnce([cli, 'check', site, '--format', 'json']);
  rmSync(site, { recursive: true, force: true });
  const variablesOk = variables.ms < 2000;
  ok &&= variablesOk;
  rows.push(
    `docsmith check, a 1 MB variable used by each of 100 pages: ${variables.ms.toFixed(0)} ms, peak ${variables.mb.toFixed(0)} MB (target under 2 s: ${variablesOk ? 'met' : 'MISSED'})`,
  );
  return { rows, ok };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, ok } = await runHostileScaleBench();
  console.log(rows.join('\n'));
  process.exitCode = ok ? 0 : 1;
}
