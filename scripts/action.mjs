// The GitHub Action's entry (action.yml): `docsmith check` with the action's inputs, from the CLI
// published with the action's own version (npx), or the one DOCSMITH_CLI names (the tests: dist/cli.js).
// Exits as the check does: 0 (no error), 1 (errors), 2 (a usage problem, said on stderr).
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const input = (name) => (process.env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`] ?? '').trim();
const args = ['check', input('path') || '.', '--format', input('format') || 'github'];
if (input('baseline')) args.push('--baseline', input('baseline'));
if (input('changed-since')) args.push('--changed-since', input('changed-since'));
if (input('cache')) args.push('--cache-location', input('cache'));
if (input('parser-timeout')) args.push('--parser-timeout', input('parser-timeout'));
if (input('sarif-file')) args.push('--sarif-file', input('sarif-file'));

// The package the action runs, by name and exact version, from the public registry whatever the docs
// repository's .npmrc says: no other package of that name (a private registry's, a local one) can stand in.
const PACKAGE = 'docsmith';
const REGISTRY = 'https://registry.npmjs.org/';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const [command, commandArgs] = process.env.DOCSMITH_CLI
  ? [process.execPath, [process.env.DOCSMITH_CLI, ...args]]
  : ['npx', ['--yes', `--registry=${REGISTRY}`, `--package=${PACKAGE}@${version}`, '--', 'docsmith', ...args]];
// The command line on stderr: stdout is the check's output (JSON or SARIF may be piped on).
console.error(`docsmith ${args.join(' ')}`);
const run = spawnSync(command, commandArgs, { stdio: 'inherit' });
// The SARIF file as the action's output, for github/codeql-action/upload-sarif.
if (input('sarif-file') && process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `sarif-file=${input('sarif-file')}\n`);
if (run.error) {
  console.error(`::error::docsmith could not be started: ${run.error.message}`);
  process.exit(2);
}
process.exit(run.status ?? 2);
