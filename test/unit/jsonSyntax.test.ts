import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, docsJson, only } from '../helpers/check';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

test("a syntax error is reported at its place, and nothing that only follows from the parser's recovery", async () => {
  const text = docsJson({ pages: ['intro'] })
    .replace('"name": "Test",', '"name": "Test",,')
    .replace('"theme": "mint"', '"theme": "mintt"');
  const found = await checkSite({ 'docs.json': text, 'intro.mdx': '# Intro' });
  assert.deepEqual(
    found.map((f) => [f.file, f.line, f.code]),
    [['docs.json', 3, 'json/syntax']],
  );
});

test('one deleted closing quote in a pages array is one problem: no "page does not exist", no shape errors, no orphans', async () => {
  const pages = ['intro', 'guide', 'setup', 'x', 'y'];
  const text = docsJson({
    tabs: [
      { tab: 'A', groups: [{ group: 'G', pages: ['intro', 'guide', 'setup'] }] },
      { tab: 'B', pages: ['x'] },
      { tab: 'C', pages: ['y'] },
    ],
  });
  const files = Object.fromEntries([
    ['docs.json', text.replace('"guide"', '"guide')],
    ...pages.map((page) => [`${page}.mdx`, '---\ntitle: T\n---\n']),
  ]);
  const found = await checkSite(files);
  assert.deepEqual(
    found.map((f) => [f.code, f.message]),
    [['json/syntax', 'Unterminated string.']],
  );
});

test('syntax errors far apart are each reported', async () => {
  const found = await checkSite({ 'docs.json': '{\n  // one\n  "name": "x",\n\n\n\n  // two\n  "theme": "mint"\n}' });
  assert.equal(only(found, 'json/syntax').length, 2);
});

test('comments and trailing commas are syntax errors (the platform reads strict JSON)', async () => {
  const found = await checkSite({ 'docs.json': '{\n  // comment\n  "name": "x",\n}' });
  const messages = only(found, 'json/syntax').map((f) => f.message);
  assert.ok(
    messages.some((m) => /Comments are not allowed/.test(m)),
    messages.join('\n'),
  );
});

test('a valid docs.json with existing pages has no diagnostics', async () => {
  const found = await checkSite({
    'docs.json': docsJson({ groups: [{ group: 'Start', pages: ['intro'] }] }),
    'intro.mdx': '---\ntitle: Intro\n---\n',
  });
  assert.deepEqual(found, []);
});

test('an unreadable docs.json is one clear error', async () => {
  const found = await checkSite({ 'docs.json': null });
  assert.equal(found.length, 1);
  assert.equal(found[0].code, 'json/unreadable');
  assert.match(found[0].message, /cannot be read/);
});

test('while docs.json has a syntax error, pages are checked against the last docs.json that parsed', async () => {
  const { createLanguageService } = await import('../../server/src/service');
  const { MemoryWorkspace, ROOT } = await import('../helpers/memoryWorkspace');
  const good = docsJson({ groups: [{ group: 'G', pages: ['intro'] }] });
  const workspace = new MemoryWorkspace({ 'docs.json': good, 'intro.mdx': '---\ntitle: I\n---\n', 'other.mdx': '---\ntitle: O\n---\n' });
  const service = createLanguageService({ workspace });
  const codesOf = async (file: string) => ((await service.getDiagnostics(`${ROOT}/${file}`, NOT_CANCELLED)) ?? []).map((d) => d.code);
  assert.deepEqual(await codesOf('intro.mdx'), []);
  assert.deepEqual(await codesOf('other.mdx'), ['nav/orphan-page']);
  workspace.set('docs.json', good.replace('"intro"', '"intro'));
  service.didChange(`${ROOT}/docs.json`, 'changed');
  assert.deepEqual(await codesOf('docs.json'), ['json/syntax']);
  assert.deepEqual(await codesOf('intro.mdx'), [], 'intro is still in navigation: no orphan while the file is being edited');
  assert.deepEqual(await codesOf('other.mdx'), ['nav/orphan-page']);
});
