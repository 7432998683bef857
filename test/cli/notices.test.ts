import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tempDir } from '../helpers/tempDir';

/**
 * The build writes the notices of every package its bundles hold (dist/THIRD_PARTY_NOTICES.md,
 * shipped with them), and stops on a package whose licence a bundle cannot meet by carrying its
 * notice: the platform's own packages (Elastic-2.0) are for the differential tests only.
 */
type Notices = {
  writeNotices(metafiles: { inputs: Record<string, unknown> }[], outdir: string): { name: string; license: string }[];
};
const notices = (): Promise<Notices> => import(pathToFileURL(resolve(__dirname, '../../scripts/notices.mjs')).href) as Promise<Notices>;

test('dist/THIRD_PARTY_NOTICES.md names the packages the bundles hold, with their licence texts; no platform package', () => {
  const text = readFileSync(resolve(__dirname, '../../dist/THIRD_PARTY_NOTICES.md'), 'utf8');
  for (const name of ['xss', 'json-p3', 'js-yaml', 'acorn', 'vscode-languageserver', 'micromark'])
    assert.match(text, new RegExp(`^## ${name} \\d`, 'm'), `${name} is listed`);
  assert.doesNotMatch(text, /^## @mintlify\//m);
  assert.match(text, /Copyright/);
});

test('a bundled package under a licence the bundle cannot meet stops the build; one without a licence file is named from package.json', async () => {
  const { writeNotices } = await notices();
  const root = tempDir();
  const add = (name: string, manifest: Record<string, unknown>, license?: string) => {
    const folder = join(root, 'node_modules', name);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name, version: '1.0.0', ...manifest }));
    if (license) writeFileSync(join(folder, 'LICENSE'), license);
    return `${folder}/index.js`;
  };
  const ok = add('free', { license: 'MIT' }, 'MIT License\n\nCopyright (c) Someone');
  const old = add('older', { licenses: [{ type: 'MIT' }], author: 'An Author <a@b.c>' });
  const dual = add('dual', { license: '(MIT OR GPL-3.0)' });
  const entries = writeNotices([{ inputs: { [ok]: {}, [old]: {}, [dual]: {}, 'server/src/x.ts': {} } }], root);
  assert.deepEqual(
    entries.map((entry) => [entry.name, entry.license]),
    [
      ['dual', '(MIT OR GPL-3.0)'],
      ['free', 'MIT'],
      ['older', 'MIT'],
    ],
  );
  const text = readFileSync(join(root, 'THIRD_PARTY_NOTICES.md'), 'utf8');
  assert.match(text, /Copyright \(c\) Someone/);
  assert.match(text, /its author: An Author <a@b\.c>/);
  const platform = add('@mintlify/common', { license: 'Elastic-2.0' }, 'Elastic License 2.0');
  assert.throws(
    () => writeNotices([{ inputs: { [platform]: {} } }], root),
    /@mintlify\/common@1\.0\.0 .* "Elastic-2\.0", which is not one of MIT/,
  );
});
