import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

const fixtures = resolve(__dirname, '../fixtures/sites');
const example = resolve(__dirname, '../../examples/site');
/** docs.json, every page and every snippet of the example site: each is checked. */
const exampleFiles = 1 + readdirSync(example, { recursive: true, encoding: 'utf8' }).filter((name) => /\.mdx?$/.test(name)).length;

test('a clean site: exit 0 and a summary line', async () => {
  const result = await runCli(['check', resolve(fixtures, 'clean')]);
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, 'No problems: 3 files checked.\n');
});

test('text output reads like a compiler and ends with a summary; errors exit 1', async () => {
  const result = await runCli(['check', example]);
  assert.equal(result.code, 1);
  const lines = result.stdout.trim().split('\n');
  assert.ok(
    lines.includes(
      'docs.json:18:32 error nav/page-not-found Page "guides/quikstart" does not exist (no guides/quikstart.mdx or .md in the docs root). Did you mean "guides/quickstart"?',
    ),
    result.stdout,
  );
  // The summary counts what was printed.
  const count = (severity: string) => lines.filter((line) => / (\w+) [a-z]+\/[a-z0-9-]+ /.exec(line)?.[1] === severity).length;
  assert.equal(
    lines.at(-1),
    `${count('error')} errors, ${count('warning')} warnings, ${count('info')} infos; ${exampleFiles} files checked.`,
  );
  assert.ok(
    lines.some((line) =>
      line.startsWith('api-reference/users/delete-user.mdx:4:13 error frontmatter/invalid-value `authMethod` is "keys"'),
    ),
    result.stdout,
  );
  assert.equal(result.stderr, '', 'no progress noise when stderr is not a terminal');
});

test('json output follows the contract', async () => {
  const result = await runCli(['check', example, '--format', 'json']);
  assert.equal(result.code, 1);
  const report = JSON.parse(result.stdout);
  assert.equal(report.version, 1);
  const count = (severity: string) => report.diagnostics.filter((d: { severity: string }) => d.severity === severity).length;
  assert.deepEqual(report.summary, { errors: count('error'), warnings: count('warning'), infos: count('info'), files: exampleFiles });
  const first = report.diagnostics[0];
  assert.deepEqual(Object.keys(first), ['file', 'line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message']);
  assert.deepEqual(
    { ...first, message: undefined },
    {
      file: 'docs.json',
      line: 18,
      column: 32,
      endLine: 18,
      endColumn: 50,
      severity: 'error',
      code: 'nav/page-not-found',
      message: undefined,
    },
  );
  assert.ok(report.diagnostics.some((d: { file: string }) => d.file === 'guides/old-setup.mdx'));
});

test('files are relative to the folder given, with / separators', async () => {
  const result = await runCli(['check', resolve(fixtures, 'monorepo'), '--format', 'json']);
  const report = JSON.parse(result.stdout);
  assert.deepEqual(
    report.diagnostics.map((d: { file: string; code: string }) => `${d.file} ${d.code}`),
    ['apps/docs/docs.json nav/page-not-found'],
  );
  assert.equal(result.code, 1);
});

test('sarif output is SARIF 2.1.0 with a rule per code and locations', async () => {
  const result = await runCli(['check', example, '--format', 'sarif']);
  const sarif = JSON.parse(result.stdout);
  assert.equal(sarif.version, '2.1.0');
  const run = sarif.runs[0];
  assert.equal(run.tool.driver.name, 'docsmith');
  assert.ok(run.tool.driver.rules.some((rule: { id: string }) => rule.id === 'nav/page-not-found'));
  const result0 = run.results.find((r: { ruleId: string }) => r.ruleId === 'nav/page-not-found');
  assert.equal(result0.level, 'error');
  assert.deepEqual(result0.locations[0].physicalLocation.region, { startLine: 18, startColumn: 32, endLine: 18, endColumn: 50 });
  assert.equal(run.tool.driver.rules[result0.ruleIndex].id, 'nav/page-not-found');
  assert.equal(run.results.find((r: { ruleId: string }) => r.ruleId === 'nav/orphan-page').level, 'note');
});

test('github output writes workflow annotations relative to the working directory', async () => {
  const result = await runCli(['check', 'examples/site', '--format', 'github'], { cwd: resolve(__dirname, '../..') });
  const line = result.stdout.split('\n').find((l) => l.includes('nav/page-not-found'));
  assert.equal(
    line?.startsWith('::error file=examples/site/docs.json,line=18,col=32,endLine=18,endColumn=50,title=nav/page-not-found::Page'),
    true,
    line,
  );
  assert.ok(result.stdout.includes('::notice file=examples/site/guides/old-setup.mdx'));
});

test('a config file changes severities; --no-orphans drops orphans', async () => {
  const { writeFile, cp } = await import('node:fs/promises');
  const dir = tempDir();
  await cp(example, dir, { recursive: true });
  const strict = JSON.parse((await runCli(['check', dir, '--format', 'json'])).stdout);
  await writeFile(
    resolve(dir, '.docsmithrc.json'),
    JSON.stringify({
      diagnostics: {
        'nav/page-not-found': 'warning',
        'nav/operation-not-found': 'off',
        'integrations/invalid-field': 'info',
        'frontmatter/invalid-value': 'warning',
        'links/page-not-found': 'warning',
      },
    }),
  );
  const relaxed = await runCli(['check', dir, '--format', 'json']);
  assert.equal(relaxed.code, 0);
  const report = JSON.parse(relaxed.stdout);
  type Found = { code: string; severity: string };
  const severities = (found: Found[], code: string) => [...new Set(found.filter((d) => d.code === code).map((d) => d.severity))];
  assert.deepEqual(severities(strict.diagnostics, 'nav/page-not-found'), ['error']);
  assert.deepEqual(severities(report.diagnostics, 'nav/page-not-found'), ['warning']);
  assert.deepEqual(severities(report.diagnostics, 'frontmatter/invalid-value'), ['warning']);
  assert.deepEqual(severities(report.diagnostics, 'nav/operation-not-found'), [], 'off');
  assert.ok(severities(strict.diagnostics, 'nav/operation-not-found').length > 0);
  assert.equal(report.summary.errors, 0);
  const noOrphans = JSON.parse((await runCli(['check', dir, '--no-orphans', '--format', 'json'])).stdout);
  assert.ok(report.diagnostics.some((d: Found) => d.code === 'nav/orphan-page'));
  assert.ok(!noOrphans.diagnostics.some((d: Found) => d.code === 'nav/orphan-page'));
  assert.equal(noOrphans.diagnostics.length, report.diagnostics.filter((d: Found) => d.code !== 'nav/orphan-page').length);
  await writeFile(resolve(dir, '.docsmithrc.json'), JSON.stringify({ diagnostics: { 'nav/page-not-found': 'loud' } }));
  const bad = await runCli(['check', dir]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /"nav\/page-not-found" must be one of off, hint, info, warning, error/);
});

test('usage errors exit 2 with a message', async () => {
  const missing = await runCli(['check', '/no/such/folder']);
  assert.equal(missing.code, 2);
  assert.equal(missing.stderr, 'docsmith: /no/such/folder does not exist.\n');
  const none = await runCli(['check', resolve(fixtures, 'monorepo/apps/web')]);
  assert.equal(none.code, 2);
  assert.match(none.stderr, /no docs.json found/);
  const format = await runCli(['check', example, '--format', 'xml']);
  assert.equal(format.code, 2);
  assert.match(format.stderr, /Allowed choices are text, json, sarif, github/);
});
