import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CLI, runCli } from '../helpers/cli';
import { docsJson } from '../helpers/check';
import { tempDir } from '../helpers/tempDir';
import { MIN_SUGGESTION_COVERAGE } from '../../server/src/analytics';
import { startFakeEmbeddings } from '../helpers/fakeEmbeddings';

const example = resolve(__dirname, '../../examples/site');
const KEY = 'mint_cli_test_key';
let server: ChildProcess;
let url: string;

before(async () => {
  server = spawn(
    process.execPath,
    [CLI, 'mock-server', '--port', '0', '--key', KEY, '--project', 'acme', '--seed', '4', '--conversations', '300'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  url = await new Promise<string>((done, fail) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      const first = out.split('\n')[0];
      if (!out.includes('\n')) return;
      const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(first)?.[1];
      if (url) done(url);
      else fail(new Error(first));
    });
    server.once('exit', (code) => fail(new Error(`mock-server exited ${code}`)));
  });
});
after(() => {
  server.kill('SIGTERM');
});

const gaps = (args: string[], key: string | null = KEY, env: Record<string, string> = {}) =>
  runCli(['gaps', '--project', 'acme', '--base-url', url, '--docs', example, ...args], { env: { DOCSMITH_API_KEY: key ?? '', ...env } });

test('mock-server prints "listening on http://127.0.0.1:PORT" as its first line', () => {
  assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
});

/** `script` (util-linux) runs a command on a pseudo-terminal, as a person at a terminal runs it. */
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

test(
  'in a terminal, the progress of the export is one overwritten line, cleared before the report',
  { skip: !hasScript && 'NOT RUN: no `script` command (util-linux) to give the CLI a terminal' },
  () => {
    const command = [process.execPath, CLI, 'gaps', '--project', 'acme', '--base-url', url, '--docs', example]
      .map((arg) => JSON.stringify(arg))
      .join(' ');
    const run = spawnSync('script', ['-qec', command, '/dev/null'], {
      encoding: 'utf8',
      env: { ...process.env, DOCSMITH_API_KEY: KEY, NO_COLOR: '1' },
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stdout);
    const output = run.stdout.replace(/\r\n/g, '\n');
    const clear = '\r\x1b[K';
    assert.ok(output.startsWith(`${clear}Fetched 1 page`), JSON.stringify(output.slice(0, 200)));
    const cleared = output.lastIndexOf(clear) + clear.length;
    assert.match(output.slice(cleared), /^\d+ unanswered of 300 conversations/);
  },
);

test('json follows the contract; sources map to local pages; counts add up', async () => {
  const result = await gaps(['--format', 'json']);
  assert.equal(result.code, 0, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.deepEqual(Object.keys(report), ['conversations', 'pages', 'fetched', 'unanswered', 'statusInferred', 'clusters']);
  assert.equal(report.fetched, 300);
  assert.equal(report.unanswered, report.conversations.length);
  assert.ok(report.unanswered > 60 && report.unanswered < 140, `about a third unanswered: ${report.unanswered}`);
  assert.equal(report.statusInferred, false);
  const conversation = report.conversations.find((c: { sources: unknown[] }) => c.sources.length > 0);
  assert.deepEqual(Object.keys(conversation).sort(), [
    'id',
    'query',
    'queryCategory',
    'resolutionStatus',
    'response',
    'sources',
    'timestamp',
  ]);
  const files = new Set(report.pages.map((p: { file: string | null }) => p.file));
  assert.ok(files.has('guides/authentication.mdx'));
  assert.ok(files.has(null), 'the changelog has no local file');
  for (const page of report.pages) assert.equal(page.count, page.conversationIds.length);
  assert.ok(!result.stdout.includes(KEY) && !result.stderr.includes(KEY));
  assert.doesNotMatch(result.stderr, /warning/, 'the site was indexed in the worker thread, with nothing to warn about');
});

test('json clusters: every unanswered conversation in exactly one, files relative to the docs root, a trend with --from', async () => {
  const plain = JSON.parse((await gaps(['--format', 'json'])).stdout);
  const ids = plain.clusters.flatMap((cluster: { conversationIds: string[] }) => cluster.conversationIds).sort();
  assert.deepEqual(ids, plain.conversations.map((c: { id: string }) => c.id).sort());
  assert.equal(new Set(ids).size, ids.length);
  for (const cluster of plain.clusters) {
    assert.deepEqual(Object.keys(cluster), ['id', 'label', 'size', 'conversationIds', 'suggestion', 'cited', 'trend']);
    assert.equal(cluster.size, cluster.conversationIds.length);
    assert.equal(cluster.trend, null, 'no --from, no range before, no trend');
    assert.ok(cluster.label.length > 0 && cluster.label.length <= 36, cluster.label);
    if (cluster.suggestion) {
      assert.deepEqual(Object.keys(cluster.suggestion), ['file', 'heading', 'anchor', 'line', 'score', 'coverage']);
      assert.ok(cluster.suggestion.coverage >= MIN_SUGGESTION_COVERAGE, 'a suggestion below the bar is not shown');
      assert.ok(!cluster.suggestion.file.startsWith('/') && /\.mdx?$/.test(cluster.suggestion.file), cluster.suggestion.file);
      assert.ok(cluster.suggestion.score > 0);
    }
  }
  for (let i = 1; i < plain.clusters.length; i++) assert.ok(plain.clusters[i - 1].size >= plain.clusters[i].size, 'largest first');
  // The demo's webhook questions are three needs, not one.
  const clusterOf = (query: string) =>
    plain.clusters.find((cluster: { conversationIds: string[] }) =>
      cluster.conversationIds.includes(plain.conversations.find((c: { query: string }) => c.query === query)?.id),
    );
  const signature = clusterOf('How do I verify a webhook signature?');
  const retries = clusterOf('How long are failed webhooks retried?');
  if (signature && retries) {
    assert.notEqual(signature.id, retries.id);
    assert.equal(signature.suggestion.file, 'guides/webhooks.mdx');
  }
  const withTrend = JSON.parse((await gaps(['--format', 'json', '--from', '2026-10-01'])).stdout);
  for (const cluster of withTrend.clusters) {
    assert.equal(typeof cluster.trend.previous, 'number');
    assert.equal(cluster.trend.change, cluster.size - cluster.trend.previous);
  }
});

test('a site of 1,000 pages or more is indexed in a worker thread while the export downloads: same contract, suggestions from its pages', async () => {
  const docs = tempDir();
  const ids = Array.from({ length: 1000 }, (_, i) => `topics/topic-${i}`);
  for (const id of ids) {
    mkdirSync(join(docs, dirname(id)), { recursive: true });
    writeFileSync(join(docs, `${id}.mdx`), `---\ntitle: Topic ${id.slice(13)}\n---\n\nA page about area ${id.slice(13)} of the product.\n`);
  }
  writeFileSync(
    join(docs, 'webhook-signatures.mdx'),
    '---\ntitle: Webhook signatures\n---\n\n## Verify the signature\n\nEach webhook request is signed. Verify the signature header with your webhook secret.\n',
  );
  writeFileSync(join(docs, 'docs.json'), docsJson({ groups: [{ group: 'Guides', pages: ['webhook-signatures', ...ids] }] }));
  const result = await runCli(['gaps', '--project', 'acme', '--base-url', url, '--docs', docs, '--format', 'json'], {
    env: { DOCSMITH_API_KEY: KEY },
  });
  assert.equal(result.code, 0, result.stderr);
  assert.doesNotMatch(result.stderr, /warning/, 'the worker thread answered (no fallback)');
  const report = JSON.parse(result.stdout);
  const inClusters = report.clusters.flatMap((cluster: { conversationIds: string[] }) => cluster.conversationIds).sort();
  assert.deepEqual(inClusters, report.conversations.map((c: { id: string }) => c.id).sort());
  const signature = report.clusters.find((cluster: { conversationIds: string[] }) =>
    cluster.conversationIds.includes(
      report.conversations.find((c: { query: string }) => c.query === 'How do I verify a webhook signature?')?.id,
    ),
  );
  assert.ok(signature, 'the demo data asks how to verify a webhook signature');
  assert.equal(signature.suggestion.file, 'webhook-signatures.mdx');
  assert.equal(signature.suggestion.heading, 'Verify the signature');
});

test('--cluster-similarity: a higher bar gives more, smaller clusters, each unanswered conversation still in one; a bad value is a usage error', async () => {
  const clusterIds = (report: { clusters: { conversationIds: string[] }[] }) => report.clusters.map((cluster) => cluster.conversationIds);
  const byDefault = JSON.parse((await gaps(['--format', 'json'])).stdout);
  const explicitDefault = JSON.parse((await gaps(['--format', 'json', '--cluster-similarity', '0.14'])).stdout);
  assert.deepEqual(clusterIds(explicitDefault), clusterIds(byDefault), 'the default is 0.14');
  const larger = JSON.parse((await gaps(['--format', 'json', '--cluster-similarity', '.05'])).stdout);
  const smaller = JSON.parse((await gaps(['--format', 'json', '--cluster-similarity', '0.6'])).stdout);
  assert.ok(larger.clusters.length < byDefault.clusters.length, `${larger.clusters.length} at 0.05, ${byDefault.clusters.length} at 0.14`);
  assert.ok(smaller.clusters.length > byDefault.clusters.length, `${smaller.clusters.length} at 0.6, ${byDefault.clusters.length} at 0.14`);
  for (const report of [larger, smaller]) {
    const ids = clusterIds(report).flat().sort();
    assert.deepEqual(ids, report.conversations.map((c: { id: string }) => c.id).sort());
  }
  for (const bad of ['0', '1.5', 'wide']) {
    const result = await gaps(['--cluster-similarity', bad]);
    assert.equal(result.code, 2, bad);
    assert.match(result.stderr, new RegExp(`--cluster-similarity must be a number above 0 and up to 1, such as 0.2; got "${bad}"`));
  }
  const help = await runCli(['gaps', '--help']);
  assert.match(help.stdout, /--cluster-similarity <s>[\s\S]*default 0\.14/);
});

test('text lists the clusters with their page, then pages, questions without a source and categories', async () => {
  const result = await gaps([]);
  assert.equal(result.code, 0);
  assert.match(
    result.stdout,
    /^\d+ unanswered of 300 conversations\.\n\nGaps by need, largest first, with the page where each answer belongs:\n\s+\d+ {2}\S.* {2}→ \S/,
  );
  assert.match(result.stdout, /\n\nPages cited by unanswered questions:\n\s+\d+ {2}[\w/-]+\.mdx\n\s+- /);
  assert.match(result.stdout, /\nNo source cited \(\d+\):\n/);
  assert.match(result.stdout, /\nBy category:\n(\s+\d+ {2}[\w() -]+\n)+$/);
  // A question asked again is one line with its count, never the same line twice in a list.
  const questions = result.stdout.split('\n').filter((line) => /^\s+- /.test(line));
  assert.ok(
    questions.some((line) => /\(×\d+(?:, \d{4}-\d\d-\d\d)?\)$/.test(line)),
    'a repeated question is counted',
  );
  for (let i = 1; i < questions.length; i++) assert.notEqual(questions[i], questions[i - 1]);
});

test('markdown is ready for a pull request; csv has one row per question', async () => {
  const markdown = await gaps(['--format', 'markdown', '--from', '2026-01-01']);
  assert.match(
    markdown.stdout,
    /^## Docs gaps: \d+ unanswered of \d+ questions \(from 2026-01-01\)\n\n### [^\n]+: \d+ questions?, [^\n]+ the range before\n\nSuggested: (?:`[\w/-]+\.mdx`|no page)[^\n]*\n\n/,
  );
  // Largest cluster first; every question once, as a checklist item, a question asked again counted.
  const sizes = [...markdown.stdout.matchAll(/^### .*: (\d+) questions?/gm)].map((m) => Number(m[1]));
  assert.deepEqual(
    sizes,
    [...sizes].sort((a, b) => b - a),
  );
  const markdownJson = JSON.parse((await gaps(['--format', 'json', '--from', '2026-01-01'])).stdout);
  const items = [...markdown.stdout.matchAll(/^- \[ \] (.*) _\((?:asked (\d+) times, last )?\d{4}-\d\d-\d\d\)_$/gm)];
  assert.equal((markdown.stdout.match(/^- /gm) ?? []).length, items.length);
  assert.equal(
    items.reduce((sum, item) => sum + Number(item[2] ?? 1), 0),
    markdownJson.unanswered,
  );
  assert.ok(
    items.some((item) => item[2]),
    'the demo data repeats questions: one is counted',
  );
  for (const section of markdown.stdout.split(/^### /m).slice(1)) {
    const questions = [...section.matchAll(/^- \[ \] (.*) _\(/gm)].map((item) => item[1].toLowerCase());
    assert.equal(new Set(questions).size, questions.length, `a question is listed twice in:\n${section}`);
  }
  const csv = await gaps(['--format', 'csv']);
  const rows = csv.stdout.trim().split('\r\n');
  assert.equal(rows[0], 'id,timestamp,query,queryCategory,files,urls,statusInferred,clusterId,clusterLabel');
  const json = JSON.parse((await gaps(['--format', 'json'])).stdout);
  assert.equal(rows.length - 1, json.unanswered);
  // Each row names its cluster, as the JSON report groups them (a spreadsheet sorts by need).
  const clusterOfId = new Map<string, string>();
  for (const cluster of json.clusters) for (const id of cluster.conversationIds) clusterOfId.set(id, `${cluster.id},${cluster.label}`);
  const lastCells = (row: string) => row.match(/,([^,]*),("(?:[^"]|"")*"|[^,]*)$/)!;
  for (const row of rows.slice(1)) {
    const [, clusterId, label] = lastCells(row);
    assert.ok(clusterId, `a cluster id on ${row}`);
    assert.equal(clusterOfId.get(row.split(',')[0])?.split(',')[0], clusterId);
    assert.ok(label.length > 0);
  }
});

test('the key comes only from DOCSMITH_API_KEY; a rejected key exits 1 without printing it', async () => {
  const missing = await gaps([], null);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /DOCSMITH_API_KEY/);
  const wrong = await gaps([], 'mint_not_the_key');
  assert.equal(wrong.code, 1);
  assert.match(wrong.stderr, /admin API key was rejected \(401\)/);
  assert.ok(!wrong.stderr.includes('mint_not_the_key') && !wrong.stdout.includes('mint_not_the_key'));
});

test('bad dates and plain http to another host are usage errors, sent nowhere', async () => {
  const dates = await gaps(['--from', '2026-13-45']);
  assert.equal(dates.code, 2);
  assert.match(dates.stderr, /dateFrom "2026-13-45" is not a date/);
  const insecure = await runCli(['gaps', '--project', 'acme', '--base-url', 'http://example.com'], { env: { DOCSMITH_API_KEY: KEY } });
  assert.equal(insecure.code, 2);
  assert.match(insecure.stderr, /not https/);
});

test('mock-server rejects bad options with exit 2', async () => {
  const result = await runCli(['mock-server', '--fault-rate', '2']);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /--fault-rate must be a number from 0 to 1/);
});

test('Ctrl-C during the export exits 130 with no report on stdout', async () => {
  // A server that takes the first request and never answers: the export is under way when the signal comes.
  let asked!: () => void;
  const requested = new Promise<void>((done) => (asked = done));
  const hanging = createServer(() => asked());
  await new Promise<void>((done) => hanging.listen(0, '127.0.0.1', done));
  try {
    const base = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    const child = spawn(process.execPath, [CLI, 'gaps', '--project', 'acme', '--base-url', base, '--docs', example, '--format', 'json'], {
      env: { ...process.env, DOCSMITH_API_KEY: KEY, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk) => (stdout += chunk));
    child.stderr!.on('data', (chunk) => (stderr += chunk));
    const closed = new Promise<number | null>((done) => child.on('close', done));
    await requested;
    child.kill('SIGINT');
    assert.equal(await closed, 130, stderr);
    assert.match(stderr, /cancelled/);
    assert.equal(stdout, '');
  } finally {
    hanging.closeAllConnections();
    hanging.close();
  }
});

test('the corrections in .docsmith/gaps.json are honoured: a question split off its cluster is a cluster of its own', async () => {
  const plain = JSON.parse((await gaps(['--format', 'json'])).stdout);
  const queryOf = new Map<string, string>(plain.conversations.map((c: { id: string; query: string }) => [c.id, c.query]));
  const distinct = (ids: string[]) => [...new Set(ids.map((id) => queryOf.get(id)!.toLowerCase()))];
  const big = plain.clusters.find((cluster: { conversationIds: string[] }) => distinct(cluster.conversationIds).length >= 3);
  assert.ok(big, 'a cluster of three distinct questions');
  const questions = distinct(big.conversationIds);
  // A repository with the docs in docs/ and the file at its root, as the view writes it.
  const repo = tempDir();
  mkdirSync(join(repo, '.git'));
  const docs = join(repo, 'docs');
  cpSync(example, docs, { recursive: true });
  mkdirSync(join(repo, '.docsmith'));
  writeFileSync(
    join(repo, '.docsmith/gaps.json'),
    JSON.stringify({ version: 1, conversations: {}, corrections: { mustLink: [], cannotLink: [[questions[0], questions[1]]] } }),
  );
  const result = await runCli(['gaps', '--project', 'acme', '--base-url', url, '--docs', docs, '--format', 'json'], {
    env: { DOCSMITH_API_KEY: KEY },
  });
  assert.equal(result.code, 0, result.stderr);
  const corrected = JSON.parse(result.stdout);
  const clusterWith = (query: string) =>
    corrected.clusters.findIndex((cluster: { conversationIds: string[] }) => distinct(cluster.conversationIds).includes(query));
  assert.notEqual(clusterWith(questions[0]), clusterWith(questions[1]), 'kept apart');
  // A damaged file is said, and the clusters are made as if it were not there.
  writeFileSync(join(repo, '.docsmith/gaps.json'), '{ "corrections": ');
  const damaged = await runCli(['gaps', '--project', 'acme', '--base-url', url, '--docs', docs, '--format', 'json'], {
    env: { DOCSMITH_API_KEY: KEY },
  });
  assert.equal(damaged.code, 0);
  assert.match(damaged.stderr, /\.docsmith\/gaps\.json could not be read .*; the clusters are made without its corrections/);
  assert.deepEqual(
    JSON.parse(damaged.stdout).clusters.map((c: { conversationIds: string[] }) => c.conversationIds),
    plain.clusters.map((c: { conversationIds: string[] }) => c.conversationIds),
  );
});

test('--embeddings-url and --embeddings-model: the questions are sent there (said on stderr), with DOCSMITH_EMBEDDINGS_KEY; a second run sends nothing new; a failing server falls back to words', async () => {
  const fake = await startFakeEmbeddings();
  const cacheDir = tempDir();
  try {
    const embedded = (model: string, env: Record<string, string> = {}) =>
      gaps(['--format', 'json', '--embeddings-url', fake.url, '--embeddings-model', model, '--embeddings-cache', cacheDir], KEY, env);
    const run = () => embedded('fake-embed', { DOCSMITH_EMBEDDINGS_KEY: 'emb-secret-key' });
    const first = await run();
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /grouping the questions with fake-embed at 127\.0\.0\.1:\d+ \(their texts are sent there\)/);
    const report = JSON.parse(first.stdout);
    const distinct = new Set(report.conversations.map((c: { query: string }) => c.query));
    const sent = fake.requests.flatMap((request) => request.input);
    assert.deepEqual(new Set(sent), distinct, 'each distinct question once, nothing else');
    assert.equal(sent.length, distinct.size);
    assert.ok(fake.requests.every((request) => request.authorization === 'Bearer emb-secret-key'));
    assert.ok(!first.stderr.includes('emb-secret-key') && !first.stdout.includes('emb-secret-key'));
    const asked = fake.requests.length;
    const second = await run();
    assert.equal(second.code, 0);
    assert.equal(fake.requests.length, asked, 'every vector from the cache');
    assert.deepEqual(JSON.parse(second.stdout).clusters, report.clusters, 'the same vectors, the same clusters');
    // A server that fails: said, and the clusters are the words' alone.
    fake.fault = '500';
    const plain = JSON.parse((await gaps(['--format', 'json'])).stdout);
    const failing = await embedded('other-model');
    assert.equal(failing.code, 0);
    assert.match(failing.stderr, /The embeddings server answered 500\. The clusters are made by the words alone\./);
    assert.deepEqual(JSON.parse(failing.stdout).clusters, plain.clusters);
    // A URL without a model is a usage error.
    const usage = await runCli(['gaps', '--project', 'acme', '--base-url', url, '--embeddings-url', fake.url], {
      env: { DOCSMITH_API_KEY: KEY },
    });
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /--embeddings-url needs --embeddings-model/);
  } finally {
    await fake.close();
  }
});
