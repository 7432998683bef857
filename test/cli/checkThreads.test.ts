import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli';
import { sitesIn, VENDORED } from '../helpers/corpus';
import { tempDir } from '../helpers/tempDir';
import { MIN_REMAINING_MS, threadsFor } from '../../server/src/cli/checkThreads';

/**
 * `docsmith check --threads 2` (issue 41): the pages are checked by two threads, and the output is
 * the one thread's, byte for byte, in every format. The vendored real sites are always present; the
 * whole corpus is compared in-process, share by share, in test/corpus/shares.test.ts.
 */
const sites = sitesIn(VENDORED);
/** Every thread checks every other page, whenever it starts (else the main thread may take them all on a small site). */
const EVEN = { env: { DOCSMITH_CHECK_SHARES: 'even' } };

for (const [index, site] of sites.entries()) {
  test(`--threads 2 prints what --threads 1 prints: ${site}`, async () => {
    // Every format on two sites; JSON (every finding, every field) on the others.
    for (const format of index < 2 ? ['json', 'text', 'sarif'] : ['json']) {
      const one = await runCli(['check', join(VENDORED, site), '--format', format, '--threads', '1']);
      const two = await runCli(['check', join(VENDORED, site), '--format', format, '--threads', '2'], EVEN);
      assert.equal(two.stderr, one.stderr);
      assert.equal(two.code, one.code);
      assert.equal(two.stdout, one.stdout, `${site} --format ${format}`);
    }
  });
}

/** A cache file's pages, by path, with what they read and found (independent of the order the run met files in). */
function cachedPages(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const data = JSON.parse(text.slice(text.indexOf('\n') + 1)) as {
    roots: Record<string, { paths: string[]; hashes: string[]; pages: [number, (number | string)[], unknown[]][] }>;
  };
  return Object.values(data.roots).flatMap((root) =>
    root.pages
      .map(([at, read, found]) =>
        JSON.stringify([
          root.paths[at],
          root.hashes[at],
          read.map((one) => (typeof one === 'number' ? root.paths[one] : one)).sort(),
          found,
        ]),
      )
      .sort(),
  );
}

test('the cache written by two threads holds every page, as one thread writes it, and a later run reuses it', async () => {
  const site = join(VENDORED, sites[0]);
  const folder = tempDir();
  const one = join(folder, 'one.json');
  const two = join(folder, 'two.json');
  const first = await runCli(['check', site, '--format', 'json', '--threads', '1', '--cache-location', one]);
  const second = await runCli(['check', site, '--format', 'json', '--threads', '2', '--cache-location', two], EVEN);
  assert.equal(second.stdout, first.stdout);
  const pages = cachedPages(one);
  assert.ok(pages.length > 10, `${pages.length} pages cached`);
  assert.deepEqual(cachedPages(two), pages);
  const again = await runCli(['check', site, '--format', 'json', '--threads', '2', '--cache-location', two], EVEN);
  assert.equal(again.stdout, first.stdout);
  assert.deepEqual(cachedPages(two), pages);
});

test('--threads takes a number from 1 to 64 or auto', async () => {
  for (const wrong of ['0', 'two', '65', '1.5']) {
    const run = await runCli(['check', join(VENDORED, sites[0]), '--threads', wrong]);
    assert.equal(run.code, 2, wrong);
    assert.match(run.stderr, /--threads takes a number from 1 to 64, or auto/);
  }
});

test('auto: a second thread only on 4 cores or more, when the pages left would take longer than a worker costs', () => {
  assert.equal(threadsFor('auto', 100_000, 0, undefined, 8), 1, 'nothing measured yet');
  assert.equal(threadsFor('auto', 3_000, 500, 100, 8), 1, 'fast pages: 0.5 s left');
  assert.equal(threadsFor('auto', 25_000, 500, 500 * 0.26, 8), 2, '25,000 pages at 0.26 ms each: 6.4 s left');
  assert.equal(threadsFor('auto', 25_000, 500, 500 * 0.26, 2), 1, 'two cores: the second is busy with the collector');
  assert.equal(threadsFor('auto', 500 + (MIN_REMAINING_MS - 1), 500, 500, 8), 1, 'just under the bound');
  assert.equal(threadsFor(4, 3), 3, 'never more threads than pages');
  assert.equal(threadsFor(3, 1000), 3, 'a number given is taken');
});
