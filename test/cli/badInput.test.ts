import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, writeFile, symlink, open } from 'node:fs/promises';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

const docs = (navigation: unknown) => JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation });

async function tempSite(files: Record<string, string | Buffer>): Promise<string> {
  const dir = tempDir('docsmith-bad-');
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

function json(stdout: string) {
  return JSON.parse(stdout) as {
    diagnostics: { file: string; line: number; column: number; code: string; message: string; severity: string }[];
  };
}

test('a binary docs.json is a clear error, not a crash', async () => {
  const dir = await tempSite({ 'docs.json': Buffer.from([0x7b, 0x00, 0x01, 0xff, 0xfe]) });
  const result = await runCli(['check', dir, '--format', 'json']);
  assert.equal(result.code, 1);
  assert.deepEqual(
    json(result.stdout).diagnostics.map((d) => [d.code, d.message]),
    [['json/unreadable', 'docs.json is a binary file, not text.']],
  );
  assert.equal(result.stderr, '');
});

test('files that are not UTF-8 are read as the platform reads them, and the "�" they show is reported', async () => {
  // Windows-1252, where "é" and "è" are one byte each: the platform reads them as UTF-8 and shows "�".
  const latin = (text: string) => Buffer.from(text, 'latin1');
  const dir = await tempSite({
    'docs.json': latin(docs({ groups: [{ group: 'Café', pages: ['index'] }] })),
    'index.mdx': latin('---\ntitle: Café\n---\n\nLe café est très bon. See [x](/nowhere).\n'),
  });
  const result = await runCli(['check', dir, '--format', 'json']);
  const found = json(result.stdout).diagnostics.map((d) => [d.file, d.line, d.column, d.code, d.message.split(':')[0]]);
  assert.deepEqual(found, [
    ['docs.json', 1, 96, 'json/replacement-character', 'The site shows "�" here'],
    ['index.mdx', 2, 11, 'page/replacement-character', 'The page shows "�" here (and 2 more places)'],
    ['index.mdx', 5, 31, 'links/page-not-found', 'Link "/nowhere" names no page'],
  ]);
  // A UTF-8 page that holds "�" means it (a page about encodings): nothing to say.
  writeFileSync(join(dir, 'docs.json'), docs({ groups: [{ group: 'Café', pages: ['index'] }] }));
  writeFileSync(join(dir, 'index.mdx'), '---\ntitle: Encodings\n---\n\nA byte that is not UTF-8 shows as "�".\n');
  const meant = await runCli(['check', dir, '--format', 'json']);
  assert.deepEqual(json(meant.stdout).diagnostics, []);
});

test('a 50 MB docs.json is refused with its size, quickly', async () => {
  const dir = await tempSite({});
  const handle = await open(join(dir, 'docs.json'), 'w');
  await handle.truncate(50 * 1024 * 1024);
  await handle.close();
  const result = await runCli(['check', dir, '--format', 'json']);
  assert.equal(result.code, 1);
  assert.equal(json(result.stdout).diagnostics[0].message, 'docs.json is 50.0 MB; Docsmith reads files up to 20 MB.');
});

test('a docs.json that is a folder is found as unreadable or missing, never a crash', async () => {
  const dir = await tempSite({ 'docs.json/inner.txt': 'x' });
  const result = await runCli(['check', dir]);
  assert.equal(result.code, 2);
  assert.match(result.stderr, /no docs.json found/);
});

test('a docs.json saved with a byte-order mark is an error (the platform JSON.parse refuses it), and a file it references; a spec and a page with one are read', async () => {
  const bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]);
  const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: {} } } });
  const config = JSON.parse(
    docs({
      groups: [
        { group: 'A', pages: ['intro'] },
        { group: 'API', openapi: 'openapi.json', pages: ['GET /users'] },
      ],
    }),
  );
  const dir = await tempSite({
    'docs.json': bom(JSON.stringify({ ...config, footer: { $ref: 'footer.json' } })),
    'footer.json': bom('{"socials": {"github": "https://github.com/x"}}'),
    'openapi.json': bom(spec),
    'intro.mdx': bom('---\ntitle: Intro\n---\n# Intro\n'),
  });
  const result = await runCli(['check', dir, '--format', 'json']);
  assert.equal(result.code, 1);
  const diagnostics = (
    JSON.parse(result.stdout) as { diagnostics: { file: string; line: number; column: number; code: string; message: string }[] }
  ).diagnostics;
  assert.deepEqual(
    diagnostics.map((d) => [d.file, d.line, d.column, d.code]),
    [
      ['docs.json', 1, 1, 'json/syntax'],
      ['footer.json', 1, 1, 'json/syntax'],
    ],
  );
  assert.match(diagnostics[0].message, /^docs\.json starts with a byte-order mark \(U\+FEFF\): the platform reads it with JSON\.parse/);
  assert.match(diagnostics[1].message, /^This file starts with a byte-order mark/);
});

test('a site still configured by mint.json is told how to convert it', async () => {
  const dir = await tempSite({ 'mint.json': '{"name": "X", "navigation": []}', 'intro.mdx': '# Intro' });
  const result = await runCli(['check', dir]);
  assert.equal(result.code, 2);
  assert.match(
    result.stderr,
    /no docs.json found in .*mint\.json is the platform's older configuration, which Docsmith does not read: `npx mint upgrade` converts it to docs\.json\./,
  );
});

test('a symlink loop in the docs root is reported and the check goes on', async () => {
  const dir = await tempSite({
    'docs.json': docs({ pages: ['intro', 'missing'] }),
    'intro.mdx': '---\ntitle: Intro\n---\n',
    'a/page.mdx': '# p',
  });
  await symlink(join(dir, 'a'), join(dir, 'a', 'loop'));
  const result = await runCli(['check', dir, '--format', 'json']);
  const codes = json(result.stdout)
    .diagnostics.map((d) => d.code)
    .sort();
  assert.deepEqual(codes, ['nav/orphan-page', 'nav/page-not-found', 'site/unlisted-folder']);
  assert.match(json(result.stdout).diagnostics.find((d) => d.code === 'site/unlisted-folder')!.message, /symlink loop/);
  assert.equal(result.code, 1);
});

test('a page path that climbs out of the root is an error and nothing outside is read', async () => {
  const dir = await tempSite({ 'docs.json': docs({ pages: ['../../etc/passwd', 'intro'] }), 'intro.mdx': '---\ntitle: Intro\n---\n' });
  const result = await runCli(['check', dir, '--format', 'json']);
  assert.deepEqual(
    json(result.stdout).diagnostics.map((d) => d.code),
    ['nav/page-outside-root'],
  );
});

test('an empty docs.json and one that is not an object get syntax/shape errors', async () => {
  const empty = await runCli(['check', await tempSite({ 'docs.json': '' }), '--format', 'json']);
  assert.equal(empty.code, 1);
  assert.equal(json(empty.stdout).diagnostics[0].code, 'json/syntax');
  const array = await runCli(['check', await tempSite({ 'docs.json': '[1, 2]' }), '--format', 'json']);
  assert.equal(json(array.stdout).diagnostics[0].code, 'config/invalid-value');
  assert.match(json(array.stdout).diagnostics[0].message, /must be an object/);
});

test('a 50 MB OpenAPI spec is not read, and said so (not an error: the platform reads it); the rest of the site is checked', async () => {
  const dir = await tempSite({
    'docs.json': docs({ groups: [{ group: 'API', openapi: 'openapi.yaml', pages: ['GET /users', 'missing'] }] }),
  });
  const handle = await open(join(dir, 'openapi.yaml'), 'w');
  await handle.truncate(50 * 1024 * 1024);
  await handle.close();
  const result = await runCli(['check', dir, '--format', 'json']);
  const found = json(result.stdout).diagnostics.map((d) => [d.code, d.message]);
  assert.deepEqual(
    found.filter(([code]) => code.startsWith('openapi/')),
    [
      [
        'openapi/not-checked',
        'OpenAPI spec "openapi.yaml" cannot be read: openapi.yaml is 50.0 MB; Docsmith reads files up to 20 MB: Docsmith did not check the operations named under it.',
      ],
    ],
    'nothing is said of GET /users, which the spec may hold',
  );
  assert.ok(found.some(([code]) => code === 'nav/page-not-found'));
});

test('a page naming a spec Docsmith cannot read (over 20 MB, or empty) gets no warning: the spec may hold its operation', async () => {
  const spec = { openapi: '3.0.0', info: { title: 'A', version: '1' }, paths: { '/users': { get: { responses: {} } } } };
  const dir = await tempSite({
    'docs.json': docs({ groups: [{ group: 'API', pages: ['large', 'empty', 'other'] }] }),
    'openapi.json': JSON.stringify(spec),
    'empty.json': '',
    'large.mdx': '---\ntitle: L\nopenapi: big.json GET /users\n---\n',
    'empty.mdx': '---\ntitle: E\nopenapi: empty.json POST /users\n---\n',
    'other.mdx': '---\ntitle: O\nopenapi: elsewhere.json GET /users\n---\n',
  });
  const handle = await open(join(dir, 'big.json'), 'w');
  await handle.truncate(21 * 1024 * 1024);
  await handle.close();
  const result = await runCli(['check', dir, '--format', 'json']);
  const found = json(result.stdout).diagnostics.map((d) => [d.file, d.code]);
  // Only the page naming a spec that does not exist is told which spec the platform uses instead.
  assert.deepEqual(found, [['other.mdx', 'frontmatter/spec-not-found']]);
});
