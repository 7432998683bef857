import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
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

test('a fresh clone (every file new) reuses each page by the hash of its bytes; a byte-order mark or bytes not UTF-8 are checked again', async () => {
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir, ['index', 'a', 'b', 'c', 'accents', 'bom', 'latin1']);
  writeFileSync(join(dir, 'accents.mdx'), '---\ntitle: Café\n---\n\nCrème brûlée, 東京.\n');
  writeFileSync(join(dir, 'bom.mdx'), '\ufeff---\ntitle: Bom\n---\n\nText.\n');
  writeFileSync(join(dir, 'latin1.mdx'), Buffer.from('---\ntitle: Latin\n---\n\nCaf\xe9.\n', 'latin1'));
  await cachedCheck(dir, cache);
  // As a checkout sets them: every file's times new, its content the same.
  const later = new Date(Date.now() + 60_000);
  for (const file of ['docs.json', 'index.mdx', 'a.mdx', 'b.mdx', 'c.mdx', 'accents.mdx', 'bom.mdx', 'latin1.mdx', 'snippets/tip.mdx'])
    utimesSync(join(dir, file), later, later);
  const run = await cachedCheck(dir, cache);
  assert.equal(run.reused, 6, 'four pages, the snippet and the page in UTF-8 beyond ASCII; not the two others');
  // Each MDX file is read once for its import lines (which files import which decides what is a page
  // and what a snippet, issue 66.3); only the two are read again, to be checked.
  const reads = run.reads.map((path) => path.slice(dir.length + 1)).filter((path) => path.endsWith('.mdx'));
  const twice = reads.filter((path, index) => reads.indexOf(path) !== index);
  assert.deepEqual(twice, ['bom.mdx', 'latin1.mdx']);
  assert.equal(new Set(reads).size, 8);
  assert.deepEqual(run.findings, (await cachedCheck(dir)).findings);
  assert.ok(
    run.findings.some((line) => line.startsWith('latin1.mdx:') && line.includes('page/replacement-character')),
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

test('a site unchanged since a check of every page is reused whole: no folder listed, no file read', async () => {
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir);
  writeFileSync(join(dir, 'c.mdx'), '---\ntitle: C\n---\n\nSee [nowhere](/nowhere) and [A](/a#gone).\n');
  const later = Date.now() + 3_600_000; // every file and folder written before this run counts as settled
  const first = await cachedCheck(dir, cache, later);
  assert.equal(first.listings, 1);
  const whole = await cachedCheck(dir, cache, later);
  assert.deepEqual([whole.listings, whole.reads, whole.reused], [0, [], 5]);
  assert.deepEqual(whole.findings, first.findings);
  assert.deepEqual(whole.findings, (await cachedCheck(dir)).findings);
  assert.equal(whole.findings.length, 2, whole.findings.join('\n'));

  // A page added in a folder: its folder's times changed, so the site is listed and the page checked.
  mkdirSync(join(dir, 'guides'));
  writeFileSync(join(dir, 'guides/new.mdx'), '---\ntitle: New\n---\n\nSee [missing](/missing).\n');
  const added = await cachedCheck(dir, cache, later);
  assert.equal(added.listings, 1);
  assert.deepEqual(added.findings, (await cachedCheck(dir)).findings);
  assert.ok(
    added.findings.some((line) => line.startsWith('guides/new.mdx:')),
    added.findings.join('\n'),
  );
  assert.equal((await cachedCheck(dir, cache, later)).listings, 0, 'the next run is whole again');

  // A page whose anchors another page reads: the reader's finding changes with it.
  writeFileSync(join(dir, 'a.mdx'), '---\ntitle: A\n---\n\n## Gone\n\nRead [setting up](/b#setup).\n');
  const edited = await cachedCheck(dir, cache, later);
  assert.equal(edited.listings, 1);
  assert.deepEqual(edited.findings, (await cachedCheck(dir)).findings);
  assert.ok(!edited.findings.some((line) => line.includes('#gone')), edited.findings.join('\n'));

  // A file removed from a folder.
  rmSync(join(dir, 'guides/new.mdx'));
  const removed = await cachedCheck(dir, cache, later);
  assert.equal(removed.listings, 1);
  assert.deepEqual(removed.findings, (await cachedCheck(dir)).findings);
});

test('the site is not reused whole when a folder was just modified, or a folder could not be listed', async () => {
  // A folder modified just before the run that stored it (a file added 2 s or less before it started,
  // where the pages are older): its times are not trusted yet, as a coarse clock could hide a change.
  const dir = tempDir();
  const cache = join(tempDir(), 'cache.json');
  writeSite(dir);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60);
  writeFileSync(join(dir, 'logo.png'), '');
  const folder = statSync(dir);
  const justAfter = Math.max(folder.mtimeMs, folder.ctimeMs) + 2000 - 20;
  await cachedCheck(dir, cache, justAfter);
  const later = Date.now() + 3_600_000;
  const racy = await cachedCheck(dir, cache, later);
  assert.deepEqual([racy.listings, racy.reused], [1, 5]);
  assert.equal((await cachedCheck(dir, cache, later)).listings, 0, 'settled, and stored so by the run before');

  // A symlink loop: a folder not walked, so the folders' times do not tell whether something was added.
  const looped = tempDir();
  writeSite(looped);
  symlinkSync('.', join(looped, 'loop'));
  const loopCache = join(tempDir(), 'cache.json');
  await cachedCheck(looped, loopCache, later);
  const loopRun = await cachedCheck(looped, loopCache, later);
  assert.deepEqual([loopRun.listings, loopRun.reused], [1, 5]);
});

test('a cache file inside the docs root: its folder is compared by what it holds (writing the file sets its times)', async () => {
  const later = Date.now() + 3_600_000;
  for (const place of ['.docsmith-cache.json', '.docsmith/cache.json']) {
    const dir = tempDir();
    writeSite(dir);
    const cache = join(dir, place);
    // The first run writes the file (and perhaps its folder); the second notes the folder as listed.
    await cachedCheck(dir, cache, later);
    await cachedCheck(dir, cache, later);
    const written = statSync(cache).mtimeMs;
    const whole = await cachedCheck(dir, cache, later);
    assert.deepEqual([whole.listings, whole.reused], [0, 5], place);
    assert.equal(statSync(cache).mtimeMs, written, `${place}: not written again`);
    // A page added beside the cache file: its folder holds something new.
    writeFileSync(join(dir, place.includes('/') ? '.docsmith/new.mdx' : 'new.mdx'), '---\ntitle: New\n---\n\nSee [x](/nowhere).\n');
    const added = await cachedCheck(dir, cache, later);
    assert.equal(added.listings, 1, place);
    assert.deepEqual(added.findings, (await cachedCheck(dir)).findings, place);
    assert.equal((await cachedCheck(dir, cache, later)).listings, 0, `${place}: whole again`);
  }
});

test('64.6: the default cache is one file in the user cache folder, whatever the folder checked hashes to', async () => {
  const { createHash } = await import('node:crypto');
  const { basename, dirname, join: joinPath } = await import('node:path');
  const { defaultCacheLocation } = await import('../../server/src/cli/checkCache');
  // A folder whose base64 hash holds a `/`: the cache was written as check-<a>/<b>.json, a folder.
  let dir = '';
  for (let i = 0; !dir; i++) {
    const candidate = `/srv/sites/docs-${i}`;
    if (createHash('sha1').update(candidate).digest('base64').slice(0, 16).includes('/')) dir = candidate;
  }
  const location = defaultCacheLocation(dir, { XDG_CACHE_HOME: '/home/u/.cache' });
  assert.equal(dirname(location), joinPath('/home/u/.cache', 'docsmith'));
  assert.match(basename(location), /^check-[\w-]{16}\.json$/);
});
