// The notices of the third-party packages bundled into dist/: each package's name, version, licence
// and licence text, written to dist/THIRD_PARTY_NOTICES.md (shipped with the bundles), from the
// inputs esbuild reports in its metafiles. A bundled package under a licence not listed here stops
// the build: the platform's own packages (Elastic-2.0) are test-only and must never be bundled.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Licences whose terms a bundle can meet by carrying the notice. */
export const ALLOWED_LICENSES = [
  'MIT',
  'ISC',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'Apache-2.0',
  '0BSD',
  'CC0-1.0',
  'Unlicense',
  'BlueOak-1.0.0',
  'Python-2.0',
];

/** The package folders (`node_modules/a`, `node_modules/@s/b`, nested too) of the bundles' inputs. */
export function bundledPackages(metafiles) {
  const folders = new Set();
  for (const metafile of metafiles)
    for (const input of Object.keys(metafile.inputs)) {
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match) folders.add(match[1]);
    }
  return [...folders].sort();
}

function licenseText(folder) {
  const file = readdirSync(folder).find((name) => /^(?:licen[cs]e|copying)(?:\.(?:md|txt|markdown))?$/i.test(name));
  return file ? readFileSync(join(folder, file), 'utf8').trim() : undefined;
}

/** Writes the notices of the bundled packages into `outdir`; throws on a licence not allowed. */
export function writeNotices(metafiles, outdir) {
  const seen = new Map();
  for (const folder of bundledPackages(metafiles)) {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const key = `${manifest.name}@${manifest.version}`;
    if (seen.has(key)) continue;
    // `license` (an SPDX expression, or an old `{ type }`), or the older `licenses` list.
    const license =
      typeof manifest.license === 'string'
        ? manifest.license
        : (manifest.license?.type ?? manifest.licenses?.map((item) => item.type ?? item).join(' OR '));
    const allowed = (license ?? '')
      .replace(/[()]/g, '')
      .split(' OR ')
      .some((item) => ALLOWED_LICENSES.includes(item.trim()));
    if (!allowed)
      throw new Error(`${key} (${folder}) is bundled under the licence "${license}", which is not one of ${ALLOWED_LICENSES.join(', ')}`);
    const author = typeof manifest.author === 'string' ? manifest.author : manifest.author?.name;
    seen.set(key, { name: manifest.name, version: manifest.version, license, text: licenseText(folder), author });
  }
  const entries = [...seen.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const lines = [
    '# Third-party notices',
    '',
    `The bundles in this folder include these ${entries.length} packages, each under its own licence.`,
    '',
  ];
  for (const entry of entries) {
    lines.push(`## ${entry.name} ${entry.version}`, '', `Licence: ${entry.license}`, '');
    lines.push(
      entry.text
        ? ['```text', entry.text.replaceAll('```', "'''"), '```'].join('\n')
        : `The package ships no licence file; its package.json names the licence above${entry.author ? `, and its author: ${entry.author}` : ''}.`,
      '',
    );
  }
  writeFileSync(join(outdir, 'THIRD_PARTY_NOTICES.md'), lines.join('\n'));
  return entries;
}
