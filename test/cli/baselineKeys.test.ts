import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyBaseline, baselineKeys, legacyBaselineKeys } from '../../server/src/cli/baseline';
import type { ReportEntry } from '../../server/src/cli/report';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/**
 * Issue 64 item 7: a baseline survives a release that rewords a message. Every finding is keyed by
 * its file, its code and a stable target (the text it points at; `(page)` for a finding about the
 * whole page), never by its message.
 */
const entry = (file: string, code: string, message: string, at: [number, number, number, number] = [1, 1, 1, 1]): ReportEntry => ({
  file,
  code,
  message,
  severity: 'info',
  line: at[0],
  column: at[1],
  endLine: at[2],
  endColumn: at[3],
});

test('64.7: a reworded message keeps its baseline, for page-wide findings and for findings with a range', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'page.mdx'), '---\ntitle: x\n---\nSee [a](/gone).\n');
  const before = [
    entry('page.mdx', 'nav/orphan-page', 'No navigation entry lists "page", so it does not appear in the sidebar.'),
    entry('page.mdx', 'frontmatter/no-title', 'The page has no title.'),
    entry('page.mdx', 'links/page-not-found', 'Link "/gone" names no page.', [4, 9, 4, 14]),
  ];
  const reworded = [
    entry('page.mdx', 'nav/orphan-page', 'Page "page" is in no navigation group: readers find it only by URL.'),
    entry('page.mdx', 'frontmatter/no-title', 'Without a title, the sidebar shows the file name.'),
    entry('page.mdx', 'links/page-not-found', 'Nothing is published at "/gone".', [4, 9, 4, 14]),
  ];
  const baseline = new Map(baselineKeys(dir, before).map((key) => [key, 1]));
  const { fresh, known, fixed } = applyBaseline(reworded, baselineKeys(dir, reworded), baseline);
  assert.deepEqual(fresh, []);
  assert.equal(known, 3);
  assert.equal(fixed, 0);
  assert.ok(
    baselineKeys(dir, before).every((key) => !key.includes('navigation')),
    'no key holds message text',
  );
});

test('64.7: a baseline written by an earlier version, keyed by the message of a page-wide finding, still holds it', () => {
  const dir = tempDir();
  const found = [entry('page.mdx', 'nav/orphan-page', 'No navigation entry lists "page".')];
  const old = new Map([[JSON.stringify(['page.mdx', 'nav/orphan-page', 'No navigation entry lists "page".']), 1]]);
  assert.equal(applyBaseline(found, baselineKeys(dir, found), old, () => true, legacyBaselineKeys(found)).known, 1);
  assert.equal(applyBaseline(found, baselineKeys(dir, found), old).fresh.length, 1, 'without the second chance it would be new');
});

test('64.7: the CLI writes page-wide findings to the baseline by target, not by message', async () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'docs'));
  writeFileSync(
    join(dir, 'docs/docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'B',
      colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'G', pages: ['index'] }] },
    }),
  );
  writeFileSync(join(dir, 'docs/index.mdx'), '---\ntitle: Home\n---\n');
  writeFileSync(join(dir, 'docs/stray.mdx'), '---\ntitle: Stray\n---\n');
  const file = join(dir, 'baseline.json');
  assert.equal((await runCli(['check', join(dir, 'docs'), '--write-baseline', file])).code, 0);
  const written = JSON.parse(readFileSync(file, 'utf8'));
  assert.deepEqual(
    written.findings.filter((finding: { code: string }) => finding.code === 'nav/orphan-page'),
    [{ file: 'stray.mdx', code: 'nav/orphan-page', target: '(page)', count: 1 }],
  );
});
