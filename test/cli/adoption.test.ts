import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { docsJson } from '../helpers/check';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/** A site where `a` links into `b` with an anchor, `c` has a broken link, and `legacy/old` another. */
function writeSite(dir: string): void {
  const files: Record<string, string> = {
    'docs.json': docsJson({ groups: [{ group: 'Start', pages: ['index', 'a', 'b', 'c', 'legacy/old'] }] }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'a.mdx': '---\ntitle: A\n---\n\nRead [setting up](/b#setup).\n',
    'b.mdx': '---\ntitle: B\n---\n\n## Setup\n\nSteps.\n',
    'c.mdx': '---\ntitle: C\n---\n\nSee [nowhere](/nowhere).\n',
    'legacy/old.mdx': '---\ntitle: Old\n---\n\nSee [gone](/gone).\n',
  };
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
}

const codes = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter((line) => / (?:error|warning|info) /.test(line))
    .map((line) => line.split(' ').slice(0, 3).join(' '));

test('--write-baseline records the findings; --baseline then reports only new ones, by target, not by line', async () => {
  const dir = tempDir();
  writeSite(dir);
  const baseline = join(tempDir(), 'baseline.json');
  const write = await runCli(['check', dir, '--write-baseline', baseline]);
  assert.equal(write.code, 0, 'writing a baseline accepts what is there');
  assert.match(write.stderr, /wrote a baseline of 2 findings/);
  const stored = JSON.parse(readFileSync(baseline, 'utf8'));
  assert.deepEqual(
    stored.findings.map((f: { file: string; code: string; target: string }) => `${f.file} ${f.code} ${f.target}`),
    ['c.mdx links/page-not-found /nowhere', 'legacy/old.mdx links/page-not-found /gone'],
  );
  // Lines added above the known finding, a new broken link, the other known one fixed.
  writeFileSync(join(dir, 'c.mdx'), '---\ntitle: C\n---\n\nNew intro.\n\nMore.\n\nSee [nowhere](/nowhere) and [new](/new-gone).\n');
  writeFileSync(join(dir, 'legacy/old.mdx'), '---\ntitle: Old\n---\n\nFixed.\n');
  const checked = await runCli(['check', dir, '--baseline', baseline]);
  assert.equal(checked.code, 1);
  assert.deepEqual(codes(checked.stdout), ['c.mdx:9:35 error links/page-not-found']);
  assert.match(checked.stdout, /1 known finding from the baseline .* not shown; 1 of its findings fixed\./);
  const json = JSON.parse((await runCli(['check', dir, '--baseline', baseline, '--format', 'json'])).stdout);
  assert.deepEqual(json.summary.baseline, { known: 1, fixed: 1 });
  const bad = await runCli(['check', dir, '--baseline', join(dir, 'missing.json')]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /cannot read the baseline/);
});

test('ignore globs in .docsmithrc.json drop the findings of the files they match; a glob that drops nothing is reported', async () => {
  const dir = tempDir();
  writeSite(dir);
  writeFileSync(join(dir, '.docsmithrc.json'), JSON.stringify({ ignore: ['legacy/**', 'drafts/*.mdx'] }));
  const result = await runCli(['check', dir]);
  assert.deepEqual(codes(result.stdout), ['c.mdx:5:15 error links/page-not-found']);
  assert.match(result.stderr, /the "ignore" glob "drafts\/\*\.mdx" matches no file with findings; remove it/);
  assert.doesNotMatch(result.stderr, /"legacy\/\*\*"/);
  writeFileSync(join(dir, '.docsmithrc.json'), JSON.stringify({ ignore: 'legacy' }));
  const bad = await runCli(['check', dir]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /"ignore" must be a list of globs/);
});

test('a misspelt code in .docsmithrc.json is warned about with a did-you-mean', async () => {
  const dir = tempDir();
  writeSite(dir);
  writeFileSync(join(dir, '.docsmithrc.json'), JSON.stringify({ diagnostics: { 'links/anchor-not-fond': 'off' } }));
  const result = await runCli(['check', dir]);
  assert.match(
    result.stderr,
    /unknown diagnostic code "links\/anchor-not-fond"; see docs\/diagnostics\.md\. Did you mean "links\/anchor-not-found"\?/,
  );
});

test('an inline suppression in a page hides its finding in the CLI', async () => {
  const dir = tempDir();
  writeSite(dir);
  writeFileSync(
    join(dir, 'c.mdx'),
    '---\ntitle: C\n---\n\n{/* docsmith-ignore-next-line links/page-not-found */}\nSee [nowhere](/nowhere).\n',
  );
  const result = await runCli(['check', dir]);
  assert.deepEqual(codes(result.stdout), ['legacy/old.mdx:5:12 error links/page-not-found']);
});

function gitRepo(dir: string): (...args: string[]) => string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' });
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'test@example.com');
  git('config', 'user.name', 'Test');
  git('add', '.');
  git('commit', '-q', '-m', 'site');
  return git;
}

test('--baseline with --changed-since: the findings of pages not checked are neither known nor fixed; --write-baseline refuses it', async () => {
  const dir = tempDir();
  writeSite(dir);
  const baseline = join(dir, 'baseline.json');
  assert.equal((await runCli(['check', dir, '--write-baseline', baseline])).code, 0);
  const git = gitRepo(dir);
  git('checkout', '-q', '-b', 'change');
  // Two broken links added to a; c's and legacy/old's old findings are on pages this check does not read.
  writeFileSync(join(dir, 'a.mdx'), '---\ntitle: A\n---\n\nRead [setting up](/b#setup), [x](/gone-1) and [y](/gone-2).\n');
  const result = await runCli(['check', dir, '--changed-since', 'main', '--baseline', baseline]);
  assert.deepEqual(codes(result.stdout), ['a.mdx:5:34 error links/page-not-found', 'a.mdx:5:51 error links/page-not-found']);
  assert.match(result.stdout, /0 known findings from the baseline .* not shown; 0 of its findings fixed\./);
  const partial = await runCli(['check', dir, '--changed-since', 'main', '--write-baseline', baseline]);
  assert.equal(partial.code, 2);
  assert.match(partial.stderr, /--write-baseline records every finding of the site, but --changed-since checks only some pages/);
});

test('--changed-since checks the pages changed since a ref and those linking to them, plus docs.json', async () => {
  const dir = tempDir();
  writeSite(dir);
  const git = gitRepo(dir);
  git('checkout', '-q', '-b', 'change');
  // b's heading renamed: a links to it and is checked; c and legacy/old are not (their broken links are old).
  writeFileSync(join(dir, 'b.mdx'), '---\ntitle: B\n---\n\n## Installation\n\nSteps.\n');
  const result = await runCli(['check', dir, '--changed-since', 'main']);
  assert.deepEqual(codes(result.stdout), ['a.mdx:5:21 warning links/anchor-not-found']);
  assert.match(result.stderr, /--changed-since main: 1 page or snippet file changed; checking docs.json and 2 pages/);
  // An untracked new page with a broken link is checked too.
  writeFileSync(join(dir, 'd.mdx'), '---\ntitle: D\n---\n\n[x](/nope)\n');
  assert.ok(codes((await runCli(['check', dir, '--changed-since', 'main'])).stdout).includes('d.mdx:5:5 error links/page-not-found'));
  // docs.json changed: every page.
  writeFileSync(join(dir, 'docs.json'), `${readFileSync(join(dir, 'docs.json'), 'utf8')}\n`);
  const all = await runCli(['check', dir, '--changed-since', 'main']);
  assert.match(all.stderr, /docs\.json changed, so every page .* is checked/);
  assert.ok(codes(all.stdout).includes('c.mdx:5:15 error links/page-not-found'));
  const bad = await runCli(['check', dir, '--changed-since', 'no-such-branch']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /"no-such-branch" is not a commit of this repository/);
});
