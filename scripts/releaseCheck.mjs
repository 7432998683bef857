// The release workflow's first check: the tag pushed (v0.2.0) is the version of package.json, and
// CHANGELOG.md has a section for it. Usage: node scripts/releaseCheck.mjs v0.2.0 (or --publishing, below)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// --publishing (npm's prepublishOnly): only the release workflow on a tag publishes; a publish typed
// by mistake in a clone is refused.
if (process.argv[2] === '--publishing') {
  if (process.env.GITHUB_WORKFLOW === 'Release' && process.env.GITHUB_REF_TYPE === 'tag') process.exit(0);
  console.error('release: Docsmith is published by the release workflow when a version tag is pushed (docs/release.md), not from a clone.');
  process.exit(1);
}
const tag = process.argv[2] ?? '';
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const problems = [];
if (tag !== `v${version}`)
  problems.push(`the tag is "${tag}" but package.json says version ${version}: tag v${version}, or change the version.`);
if (!new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\]`, 'm').test(readFileSync(join(root, 'CHANGELOG.md'), 'utf8')))
  problems.push(`CHANGELOG.md has no "## [${version}]" section.`);
for (const problem of problems) console.error(`release: ${problem}`);
process.exit(problems.length ? 1 : 0);
