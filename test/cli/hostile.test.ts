import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CLI, runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/**
 * Hostile sites, each from an adversarial probe's reproduction (issue 15): every one must end as a
 * clear diagnostic or error, with the rest of the site still checked. A hang would fail by the
 * test's timeout; none of these asserts a duration.
 */
const HANG_GUARD = { timeout: 60_000 };
const docs = (navigation: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation, ...extra });

function site(files: Record<string, string>): string {
  const dir = tempDir('docsmith-hostile-');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

type Found = { file: string; code: string; message: string; severity: string };
async function check(dir: string): Promise<{ code: number | null; found: Found[]; stderr: string }> {
  const result = await runCli(['check', dir, '--format', 'json']);
  assert.doesNotMatch(result.stderr, /internal error|RangeError|Maximum call stack/);
  return { code: result.code, found: JSON.parse(result.stdout).diagnostics as Found[], stderr: result.stderr };
}

test('a FIFO behind $ref, behind openapi, and as docs.json: a clear error each, no hang', HANG_GUARD, async () => {
  const viaRef = site({ 'docs.json': docs({ $ref: 'nav.json' }), 'intro.mdx': '# I' });
  execFileSync('mkfifo', [join(viaRef, 'nav.json')]);
  const ref = await check(viaRef);
  assert.equal(ref.code, 1);
  assert.deepEqual(
    ref.found.map((f) => [f.file, f.code]),
    [
      ['docs.json', 'json/unreadable'],
      ['intro.mdx', 'nav/orphan-page'],
    ],
  );
  assert.match(ref.found[0].message, /^`\$ref` "nav.json" cannot be read: nav.json is not a regular file \(a FIFO, socket or device\)/);

  const viaSpec = site({ 'docs.json': docs({ groups: [{ group: 'API', openapi: 'spec.json', pages: ['GET /x'] }] }) });
  execFileSync('mkfifo', [join(viaSpec, 'spec.json')]);
  const spec = await check(viaSpec);
  assert.deepEqual(
    spec.found.map((f) => f.code),
    ['openapi/spec-invalid'],
  );
  assert.match(spec.found[0].message, /cannot be read: spec.json is not a regular file/);

  const asDocsJson = tempDir('docsmith-hostile-');
  execFileSync('mkfifo', [join(asDocsJson, 'docs.json')]);
  const itself = await check(asDocsJson);
  assert.equal(itself.code, 1);
  assert.deepEqual(
    itself.found.map((f) => f.code),
    ['json/unreadable'],
  );
});

test('3,000 nested arrays in docs.json: one json/too-deep error, not a stack overflow', HANG_GUARD, async () => {
  const n = 3000;
  const dir = site({ 'docs.json': `{"x":${'['.repeat(n)}${']'.repeat(n)}}` });
  const result = await check(dir);
  assert.equal(result.code, 1);
  assert.deepEqual(
    result.found.map((f) => f.code),
    ['json/too-deep'],
  );
  assert.match(result.found[0].message, /nests deeper than 512 levels/);
});

test('150,000 navigation entries, all missing: every one reported, no spread overflow', HANG_GUARD, async () => {
  const pages = Array.from({ length: 150_000 }, (_, i) => `p${i}`);
  const result = await check(site({ 'docs.json': docs({ groups: [{ group: 'All', pages }] }) }));
  assert.equal(result.code, 1);
  assert.equal(result.found.filter((f) => f.code === 'nav/page-not-found').length, 150_000);
});

test('a YAML alias bomb in front matter is refused, with a short message', HANG_GUARD, async () => {
  const lines = ['title: Bomb', 'a0: &a0 ["x","x","x","x","x","x","x","x","x"]'];
  for (let n = 1; n <= 7; n++) lines.push(`a${n}: &a${n} [${Array.from({ length: 9 }, () => `*a${n - 1}`).join(',')}]`);
  lines.push('authMethod: *a7', 'playground: *a7', 'title2: *a7');
  const result = await check(site({ 'docs.json': docs({ pages: ['bomb'] }), 'bomb.mdx': `---\n${lines.join('\n')}\n---\n` }));
  const [problem] = result.found.filter((f) => f.file === 'bomb.mdx');
  assert.equal(problem.code, 'frontmatter/yaml-syntax');
  assert.match(problem.message, /expands to more than 100,000 values through YAML aliases/);
  assert.ok(result.found.every((f) => f.message.length <= 2000));
});

test('a front matter line of 200,000 spaces: no catastrophic regex', HANG_GUARD, async () => {
  const result = await check(
    site({ 'docs.json': docs({ pages: ['p'] }), 'p.mdx': `---\ntitle: T\napi: GET${' '.repeat(200_000)}x\n---\n` }),
  );
  assert.deepEqual(
    result.found.map((f) => f.code),
    ['frontmatter/api-format'],
  );
  assert.ok(result.found[0].message.length <= 2000);
});

test('a $ref chain longer than 64 files stops with ref/limit; the rest is checked', HANG_GUARD, async () => {
  const files: Record<string, string> = { 'docs.json': docs({ $ref: 'r0.json' }), 'intro.mdx': '# I' };
  for (let i = 0; i < 200; i++) files[`r${i}.json`] = JSON.stringify(i === 199 ? { pages: ['intro'] } : { $ref: `r${i + 1}.json` });
  const result = await check(site(files));
  // docs.json and r0 ... r62 make 64 files: the $ref in r62 would be the 65th.
  assert.deepEqual(
    result.found.map((f) => [f.file, f.code]),
    [
      ['intro.mdx', 'nav/orphan-page'],
      ['r62.json', 'ref/limit'],
    ],
  );
  assert.match(result.found[1].message, /is the 65th file of a chain of `\$ref`s; Docsmith follows chains up to 64 files/);
});

test('symlinks out of the docs root are not followed: not a $ref target, not a folder to walk', HANG_GUARD, async () => {
  const outside = tempDir('docsmith-outside-');
  writeFileSync(join(outside, 'secret.json'), JSON.stringify({ token: 'TOP-SECRET-TOKEN' }));
  mkdirSync(join(outside, 'pages'));
  writeFileSync(join(outside, 'pages/leaked.mdx'), '---\ntitle: Leaked\n---\n');
  const dir = site({ 'docs.json': docs({ $ref: 'nav.json' }), 'intro.mdx': '# I' });
  execFileSync('ln', ['-s', join(outside, 'secret.json'), join(dir, 'nav.json')]);
  execFileSync('ln', ['-s', join(outside, 'pages'), join(dir, 'linked')]);
  const result = await check(dir);
  const text = JSON.stringify(result.found);
  assert.ok(!text.includes('TOP-SECRET-TOKEN'), 'the content behind the link is never quoted');
  assert.ok(result.found.some((f) => f.code === 'ref/outside-root' && /symlink that leads outside the docs root/.test(f.message)));
  assert.ok(
    result.found.some(
      (f) =>
        f.code === 'site/unlisted-folder' && /linked is a symlink to .*, outside the docs root; Docsmith did not follow it/.test(f.message),
    ),
  );
  assert.ok(!result.found.some((f) => f.file.includes('leaked')));
});

test('check text output shows control characters from file names and values escaped', HANG_GUARD, async () => {
  const dir = site({
    'docs.json': docs({ pages: ['intro'] }),
    'intro.mdx': '---\ntitle: I\n---\n',
    'evil\u001b]0;x\u0007.mdx': '---\ntitle: E\n---\n',
  });
  const result = await runCli(['check', dir]);
  // eslint-disable-next-line no-control-regex
  assert.doesNotMatch(result.stdout, /[\u0000-\u0008\u000b-\u001f\u007f]/);
  assert.match(result.stdout, /evil\\x1b\]0;x\\x07\.mdx/);
});

test(
  'a page, a snippet or a JSON file that is a symlink to a file outside the docs root is not read, and a finding says so',
  HANG_GUARD,
  async () => {
    const outside = tempDir('docsmith-outside-');
    writeFileSync(join(outside, 'SECURITY.md'), '---\ntitle: Security\n---\n\nTOP-SECRET page. [x](/OUTSIDE-LINK)\n');
    writeFileSync(join(outside, 'spec.json'), JSON.stringify({ openapi: '3.0.0', info: { title: 'TOP-SECRET', version: '1' }, paths: {} }));
    const dir = site({
      'docs.json': docs({ groups: [{ group: 'A', pages: ['intro'] }] }),
      'intro.mdx': '---\ntitle: I\n---\n\nimport S from "/snippets/s.mdx";\n\n<S />\n',
      'snippets/.keep': '',
    });
    execFileSync('ln', ['-s', join(outside, 'SECURITY.md'), join(dir, 'security.md')]);
    execFileSync('ln', ['-s', join(outside, 'SECURITY.md'), join(dir, 'snippets/s.mdx')]);
    execFileSync('ln', ['-s', join(outside, 'spec.json'), join(dir, 'spec.json')]);
    const result = await check(dir);
    const unread = result.found.filter((f) => f.code === 'site/unlisted-folder').map((f) => f.message);
    assert.deepEqual(unread.map((message) => message.split(' ')[0]).sort(), ['security.md', 'snippets/s.mdx', 'spec.json']);
    for (const message of unread)
      assert.match(message, /is a symlink to a file outside the docs root; Docsmith does not read files outside/);
    assert.deepEqual(
      result.found.filter((f) => f.code === 'snippets/not-found').map((f) => f.message.slice(0, 32)),
      ['Import "/snippets/s.mdx": there '],
    );
    assert.ok(!/TOP-SECRET|OUTSIDE-LINK/.test(JSON.stringify(result.found)));
  },
);

test(
  "dot folders are listed as the platform's build lists them: a folder symlink is not walked, .agents and .github are left out",
  HANG_GUARD,
  async () => {
    const dir = site({
      'docs.json': docs({ groups: [{ group: 'A', pages: ['index', '.agent/skills/x/a'] }] }),
      'index.mdx': '---\ntitle: I\n---\n\n[a](/.agent/skills/x/a) [b](/.agents/skills/x/a) [c](/.github/c) [d](/real/d)\n',
      '.agents/skills/x/a.mdx': '---\ntitle: A\n---\n\nSkill.\n',
      '.github/c.mdx': '---\ntitle: C\n---\n\nC.\n',
      'real/d.mdx': '---\ntitle: D\n---\n\n[broken](/nowhere)\n',
    });
    mkdirSync(join(dir, '.agent/skills'), { recursive: true });
    execFileSync('ln', ['-s', '../../.agents/skills/x', join(dir, '.agent/skills/x')]);
    execFileSync('ln', ['-s', 'real', join(dir, 'linked')]);
    const result = await check(dir);
    const notFound = result.found.filter((f) => /not-found/.test(f.code)).map((f) => `${f.file} ${f.message.match(/"([^"]+)"/)?.[1]}`);
    // The linked folder's pages are neither checked (linked/d.mdx's broken link) nor link targets.
    assert.deepEqual(notFound.sort(), [
      'docs.json .agent/skills/x/a',
      'index.mdx /.agent/skills/x/a',
      'index.mdx /.agents/skills/x/a',
      'index.mdx /.github/c',
      'real/d.mdx /nowhere',
    ]);
  },
);

test('docsmith check | head -1: the reader going away ends the run quietly, with the check verdict as exit code', HANG_GUARD, async () => {
  const links = [...Array(20_000)].map((_, i) => `[x](/missing-${i})`).join('\n');
  const dir = site({ 'docs.json': docs({ groups: [{ group: 'A', pages: ['index'] }] }), 'index.mdx': `---\ntitle: I\n---\n\n${links}\n` });
  const child = spawn(process.execPath, [CLI, 'check', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.equal(code, 1);
  assert.doesNotMatch(stderr, /EPIPE|Error:|^ {2,}at /m);
});
