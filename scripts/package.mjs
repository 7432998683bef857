// npm run package: a production build (minified, no source maps) packaged by @vscode/vsce into
// docsmith-<version>.vsix, holding only what .vscodeignore lets through. It builds in a staging folder,
// so dist/ (which the tests use) is left alone. vsce is a development dependency: packaging installs
// nothing on the system (keytar, which vsce loads only to keep a publisher's token, is overridden by an
// empty package in package.json, so no install script downloads its binary).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const vsce = join(root, 'node_modules/.bin/vsce');
if (!existsSync(vsce)) {
  console.error('@vscode/vsce is not installed: run npm install first.');
  process.exit(1);
}
// A staging folder of its own, outside the clone, removed at the end.
const staging = mkdtempSync(join(tmpdir(), 'docsmith-package-'));
process.on('exit', () => rmSync(staging, { recursive: true, force: true }));
for (const item of ['package.json', 'README.md', 'LICENSE', '.vscodeignore', 'schemas', 'assets', 'docs'])
  cpSync(join(root, item), join(staging, item), { recursive: true });
// The npm tarball's `files` list is not for the .vsix (vsce refuses it beside .vscodeignore).
const manifest = JSON.parse(readFileSync(join(staging, 'package.json'), 'utf8'));
delete manifest.files;
writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
run('node', ['esbuild.mjs', '--production', `--outdir=${join(staging, 'dist')}`]);
// Every bundle the build makes ships: one left out by .vscodeignore (a worker, say) would only show at run time.
const listed = spawnSync(vsce, ['ls', '--no-dependencies'], { cwd: staging, encoding: 'utf8' }).stdout.split(/\r?\n/);
const missing = readdirSync(join(staging, 'dist'), { recursive: true })
  .filter((file) => file.endsWith('.js'))
  .filter((file) => !listed.includes(`dist/${file}`));
if (missing.length) {
  console.error(`.vscodeignore leaves out of the package: ${missing.map((file) => `dist/${file}`).join(', ')}`);
  process.exit(1);
}
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const out = join(root, `${name}-${version}.vsix`);
run(vsce, ['package', '--no-dependencies', '--out', out], { cwd: staging });
const size = statSync(out).size;
console.log(`${out}: ${(size / 1024 / 1024).toFixed(2)} MB`);
// 3 MB: the browser build's server (github.dev, vscode.dev) carries in one file what the node bundles
// load apart (the MDX reference parser, the word lists): 0.8 MB of the package zipped.
if (size > 3 * 1024 * 1024) {
  console.error('The package is over 3 MB.');
  process.exit(1);
}
