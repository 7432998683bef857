import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { FORMAT } from '../../server/src/cli/checkCacheData';
import { cachedCheck } from '../helpers/cachedCheck';
import { runCli } from '../helpers/cli';
import { docsJson } from '../helpers/check';
import { tempDir } from '../helpers/tempDir';

/** A small site with the two things a page reads of others: an anchor of another page, a snippet's export. */
function writeSite(dir: string, pages: string[] = ['index', 'a', 'b', 'c']): void {
  const files: Record<string, string> = {
    'docs.json': docsJson({ groups: [{ group: 'Start', pages }] }),
    'index.mdx': '---\ntitle: Home\n---\n\nSee [A](/a).\n',
    'a.mdx': '---\ntitle: A\n---\n\nimport { Tip1 } from "/snippets/tip.mdx";\n\n<Tip1 />\n\nRead [setting up](/b#setup).\n',
    'b.mdx': '---\ntitle: B\n---\n\n## Setup\n\nSteps.\n',
    'c.mdx': '---\ntitle: C\n---\n\nPlain.\n',
    'snippets/tip.mdx': 'export const Tip1 = () => <p>Tip</p>;\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

/** A cached run must find exactly what a run without the cache finds. */
async function assertSameAsFresh(dir: string, cacheFile: string, started?: number): Promise<number> {
  const cached = await cachedCheck(dir, cacheFile, started);
  const fresh = await cachedCheck(dir);
  assert.deepEqual(cached.findings, fresh.findings);
  return cached.reused;
}

test('the second run reuses every page; editing a heading re-checks the page and the pages linking to it', async () => {
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir);
  const first = await cachedCheck(dir, cache);
  assert.equal(first.reused, 0);
  assert.deepEqual(first.findings, []);
  assert.equal(await assertSameAsFresh(dir, cache), 5, 'four pages and the snippet');

  writeFileSync(join(dir, 'b.mdx'), '---\ntitle: B\n---\n\n## Installation\n\nSteps.\n');
  const afterHeading = await cachedCheck(dir, cache);
  assert.equal(afterHeading.reused, 3, 'index, c and the snippet are unchanged; a read the anchors of b');
  assert.ok(
    afterHeading.findings.some((line) => line.startsWith('a.mdx:') && line.includes('links/anchor-not-found')),
    afterHeading.findings.join('\n'),
  );
  assert.deepEqual(afterHeading.findings, (await cachedCheck(dir)).findings);
});

test("a snippet's exports changing re-checks the pages importing it", async () => {
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir);
  await cachedCheck(dir, cache);
  writeFileSync(join(dir, 'snippets/tip.mdx'), 'export const Tip2 = () => <p>Tip</p>;\n');
  const run = await cachedCheck(dir, cache);
  assert.equal(run.reused, 3, 'index, b and c');
  assert.ok(
    run.findings.some((line) => line.startsWith('a.mdx:') && line.includes('snippets/not-found')),
    run.findings.join('\n'),
  );
  assert.deepEqual(run.findings, (await cachedCheck(dir)).findings);
});

test('a file added or removed, or docs.json edited, re-checks every page', async () => {
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir);
  await cachedCheck(dir, cache);
  rmSync(join(dir, 'c.mdx'));
  assert.equal(await assertSameAsFresh(dir, cache), 0);
  assert.equal(await assertSameAsFresh(dir, cache), 4);
  writeFileSync(join(dir, 'docs.json'), docsJson({ groups: [{ group: 'Start', pages: ['index', 'a', 'b'] }] }));
  assert.equal(await assertSameAsFresh(dir, cache), 0);
  writeFileSync(join(dir, 'images.png'), '');
  assert.equal(await assertSameAsFresh(dir, cache), 0);
});

test("docs.json's findings are kept: an unchanged site does not run its rules or read its specs again", async () => {
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir);
  const spec = { openapi: '3.0.0', info: { title: 'API', version: '1' }, paths: { '/users': { get: { responses: {} } } } };
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec));
  const navigation = {
    groups: [{ group: 'Start', openapi: 'openapi.json', pages: ['index', 'a', 'b', 'c', 'missing', 'GET /users', 'POST /users'] }],
  };
  writeFileSync(join(dir, 'docs.json'), docsJson(navigation));
  const specReads = (run: { reads: string[] }) => run.reads.filter((file) => file.endsWith('openapi.json')).length;
  // Every file written before this run counts as settled: its metadata stands for its content (no read to hash it).
  const later = Date.now() + 3_600_000;
  const first = await cachedCheck(dir, cache, later);
  assert.ok(specReads(first) > 0);
  const expected = (findings: string[]) => findings.filter((line) => line.startsWith('docs.json:')).map((line) => line.split(' ')[1]);
  assert.deepEqual(expected(first.findings), ['nav/page-not-found', 'nav/operation-not-found']);
  const warm = await cachedCheck(dir, cache, later);
  assert.equal(specReads(warm), 0, 'the spec is neither read nor parsed');
  assert.deepEqual(warm.findings, first.findings);
  // The spec changes (the operation is there now): the rules run again.
  spec.paths['/users'] = { get: { responses: {} }, post: { responses: {} } } as never;
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec));
  assert.deepEqual(expected(await cachedCheck(dir, cache, later).then((run) => run.findings)), ['nav/page-not-found']);
  // A page file added: the entry that named it is found.
  writeFileSync(join(dir, 'missing.mdx'), '---\ntitle: Here\n---\n');
  assert.equal(await assertSameAsFresh(dir, cache), 0);
  assert.deepEqual(expected((await cachedCheck(dir, cache)).findings), []);
});

test('with settled files, metadata stands for content; a change that keeps size and time is still seen', async () => {
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir);
  const later = Date.now() + 3_600_000; // every file written before this run counts as settled
  await cachedCheck(dir, cache, later);
  assert.equal(await assertSameAsFresh(dir, cache, later), 5);
  // Same size, same modification time, other content: the change time still differs.
  const path = join(dir, 'b.mdx');
  const before = statSync(path);
  writeFileSync(path, readFileSync(path, 'utf8').replace('## Setup', '## Setuq'));
  utimesSync(path, before.atime, before.mtime);
  const run = await cachedCheck(dir, cache, later + 1);
  assert.equal(run.reused, 3);
  assert.ok(
    run.findings.some((line) => line.includes('links/anchor-not-found')),
    run.findings.join('\n'),
  );
});

test('a corrupt cache file is reported and replaced; a cache inside the docs root is not part of the site', async () => {
  const dir = tempDir();
  writeSite(dir);
  const cache = join(dir, '.docsmith-cache.json');
  writeFileSync(cache, '{ not json');
  const first = await cachedCheck(dir, cache);
  assert.equal(first.reused, 0);
  assert.match(first.warnings.join('\n'), /another version of Docsmith, with other settings, or edited/);
  const second = await cachedCheck(dir, cache);
  assert.equal(second.reused, 5);
  assert.deepEqual(second.warnings, []);
});

test('docsmith check --cache-location: the same report, and a cache a second run reads', async () => {
  const dir = tempDir();
  writeSite(dir);
  writeFileSync(join(dir, 'b.mdx'), '---\ntitle: B\n---\n\nNo headings.\n');
  writeFileSync(join(dir, 'c.mdx'), '---\ntitle: C\n---\n\nSee [nowhere](/nowhere).\n');
  const cache = join(tempDir(), 'ci', 'docsmith.json');
  const first = await runCli(['check', dir, '--cache-location', cache]);
  const second = await runCli(['check', dir, '--cache-location', cache]);
  const plain = await runCli(['check', dir]);
  assert.equal(first.code, 1);
  assert.match(first.stdout, /a\.mdx:\d+:\d+ warning links\/anchor-not-found/);
  assert.match(first.stdout, /c\.mdx:\d+:\d+ error links\/page-not-found/);
  assert.equal(second.stdout, first.stdout);
  assert.equal(plain.stdout, first.stdout);
  assert.equal(second.code, 1);
  const [header, body] = readFileSync(cache, 'utf8').split(/\n(.*)/s);
  assert.match(header, new RegExp(`^docsmith-cache ${FORMAT} [\\w-]+$`));
  assert.equal(JSON.parse(body).format, FORMAT);
});
