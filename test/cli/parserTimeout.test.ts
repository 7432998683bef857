import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/**
 * `docsmith check --parser-timeout S`: a page the MDX parser would take minutes on (its work on some
 * inline markup grows with the square of a paragraph's length) is stopped after S seconds and reported
 * as not checked by the parser; the rest of the page and the site are checked as without it. A hang
 * would fail by the test's timeout; none of these asserts a duration.
 */
const HANG_GUARD = { timeout: 60_000 };
/** An element left open sends the page to the parser; 80 KB of `*_` take it tens of seconds. */
const SLOW = `---\ntitle: Slow\n---\n\nSee [gone](/gone).\n\n<Note>\n\n${'*_'.repeat(40_000)}\n`;

function site(): string {
  const dir = tempDir('docsmith-parser-timeout-');
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'x',
      colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'A', pages: ['index', 'slow', 'zed'] }] },
    }),
    'index.mdx': '---\ntitle: Home\n---\n\nHi.\n',
    'slow.mdx': SLOW,
    'zed.mdx': '---\ntitle: Zed\n---\n\nSee [nowhere](/nowhere).\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

type Found = { file: string; code: string; message: string; severity: string };
const found = (stdout: string) => (JSON.parse(stdout) as { diagnostics: Found[] }).diagnostics;

test('a page the parser would take minutes on is stopped and reported; the rest is checked', HANG_GUARD, async () => {
  const dir = site();
  const run = await runCli(['check', dir, '--format', 'json', '--parser-timeout', '0.5']);
  assert.equal(run.code, 1, run.stderr);
  const diagnostics = found(run.stdout);
  const notChecked = diagnostics.find((one) => one.code === 'mdx/not-checked');
  assert.equal(notChecked?.file, 'slow.mdx');
  assert.equal(notChecked?.severity, 'info');
  assert.match(notChecked!.message, /the parser was stopped after 0\.5 s .*, as --parser-timeout asks/);
  // The page's links, read by the scanner, and the other pages are checked as usual.
  assert.deepEqual(
    diagnostics.filter((one) => one.code === 'links/page-not-found').map((one) => one.file),
    ['slow.mdx', 'zed.mdx'],
  );
  assert.match(run.stderr, /stopped the MDX parser on a page after 0\.5 s/);

  // The same on two threads, pages shared in turn, so that the slow page is the second thread's (each thread stops its own parser).
  const threads = await runCli(['check', dir, '--format', 'json', '--parser-timeout', '0.5', '--threads', '2'], {
    env: { DOCSMITH_CHECK_SHARES: 'even' },
  });
  assert.deepEqual(found(threads.stdout), diagnostics);
});

test('--parser-timeout takes seconds above 0; the cache keeps findings made with it apart', HANG_GUARD, async () => {
  for (const value of ['0', '-1', 'abc', '4000']) {
    const run = await runCli(['check', '.', '--parser-timeout', value]);
    assert.equal(run.code, 2, value);
    assert.match(run.stderr, /--parser-timeout takes a number of seconds above 0 and up to 3600/);
  }
  const dir = tempDir('docsmith-parser-timeout-');
  writeFileSync(
    join(dir, 'docs.json'),
    JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { pages: ['index'] } }),
  );
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Home\n---\n\nHi.\n');
  const cache = join(tempDir(), 'cache.json');
  await runCli(['check', dir, '--cache-location', cache, '--parser-timeout', '30']);
  const other = await runCli(['check', dir, '--cache-location', cache]);
  assert.match(other.stderr, /with other settings/);
  const same = await runCli(['check', dir, '--cache-location', cache]);
  assert.doesNotMatch(same.stderr, /with other settings/);
});
