import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pagesToCheck } from '../../server/src/cli/changedSince';
import { tempDir } from '../helpers/tempDir';

/**
 * `--changed-since` on a pull request that edits half of a large site (issue 39 item 9): each page's
 * text is read once for every changed name at a time (it used to be searched once per changed name,
 * 13 s for 2,000 of 4,000 pages, more than a full check).
 */
test('pages that name a changed page are found in one pass per page, however many pages changed', () => {
  const root = tempDir();
  mkdirSync(join(root, 'guides'));
  writeFileSync(join(root, 'docs.json'), '{}');
  const files = new Set<string>();
  for (let i = 0; i < 4_000; i++) {
    const file = `guides/page-${i}.mdx`;
    files.add(file);
    // Each page links the next one, as `/guides/page-N`, `(./page-N.mdx#x)` or `"page-N"`.
    const next = `page-${(i + 1) % 4_000}`;
    const link = [`[n](/guides/${next})`, `[n](./${next}.mdx#part)`, `<Card href="${next}" />`][i % 3];
    writeFileSync(join(root, file), `---\ntitle: ${i}\n---\n\nText ${link} and more text about page-${i}-extra.\n`);
  }
  const changed = new Set([...Array(2_000)].map((_, i) => join(root, `guides/page-${i * 2}.mdx`)));
  const selection = pagesToCheck(root, { ref: 'main', files: changed }, files);
  assert.equal(selection.kind, 'some');
  if (selection.kind !== 'some') return;
  // The changed pages, and every page linking to one of them (the page before each even page).
  const expected = new Set([...Array(4_000)].map((_, i) => `guides/page-${i}.mdx`).filter((_, i) => i % 2 === 0 || (i + 1) % 2 === 0));
  assert.equal(selection.pages.size, expected.size);
  // A name that only starts like a changed one (`page-2-extra`) does not select a page by itself.
  const one = pagesToCheck(root, { ref: 'main', files: new Set([join(root, 'guides/page-7.mdx')]) }, files);
  assert.deepEqual([...(one.kind === 'some' ? one.pages : [])].sort(), ['guides/page-6.mdx', 'guides/page-7.mdx']);
});
