import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordKey } from '../helpers/oracleRecords';
import { tempDir } from '../helpers/tempDir';

/** The recorded answers of the link checker stand for it only while nothing it reads has changed. */
test("a record's key changes with any file of the site, a file's name, and the worker", () => {
  const site = tempDir();
  mkdirSync(join(site, 'guides'));
  writeFileSync(join(site, 'docs.json'), '{"navigation":{"pages":["guides/a"]}}');
  writeFileSync(join(site, 'guides/a.mdx'), '# A\n\n[B](/guides/b)\n');
  const worker = join(site, '..', `${site.split('/').pop()}-worker.mjs`);
  writeFileSync(worker, '// the worker');
  const keys = new Set<string>();
  const key = () => recordKey(worker, site);
  keys.add(key());
  assert.equal(key(), [...keys][0], 'the same files give the same key');
  writeFileSync(join(site, 'guides/a.mdx'), '# A\n\n[B](/guides/c)\n');
  keys.add(key());
  writeFileSync(join(site, 'guides/b.mdx'), '');
  keys.add(key());
  writeFileSync(join(site, 'docs.json'), '{"navigation":{"pages":["guides/a","guides/b"]}}');
  keys.add(key());
  writeFileSync(worker, '// the worker, changed');
  keys.add(key());
  assert.equal(keys.size, 5);
});
