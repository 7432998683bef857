import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, docsJson, only } from '../helpers/check';

test('a syntax error is reported at its place and the rest of the file is still checked', async () => {
  const text = docsJson({ pages: ['intro'] }).replace('"name": "Test",', '"name": "Test",,').replace('"theme": "mint"', '"theme": "mintt"');
  const found = await checkSite({ 'docs.json': text, 'intro.mdx': '# Intro' });
  const syntax = only(found, 'json/syntax');
  assert.equal(syntax.length, 1);
  assert.equal(syntax[0].file, 'docs.json');
  assert.equal(syntax[0].line, 3);
  const theme = only(found, 'config/invalid-value');
  assert.equal(theme.length, 1, 'the schema still runs after a syntax error');
  assert.match(theme[0].message, /Did you mean "mint"\?/);
});

test('comments and trailing commas are syntax errors (the platform reads strict JSON)', async () => {
  const found = await checkSite({ 'docs.json': '{\n  // comment\n  "name": "x",\n}' });
  const messages = only(found, 'json/syntax').map((f) => f.message);
  assert.ok(messages.some((m) => /Comments are not allowed/.test(m)), messages.join('\n'));
});

test('a valid docs.json with existing pages has no diagnostics', async () => {
  const found = await checkSite({ 'docs.json': docsJson({ groups: [{ group: 'Start', pages: ['intro'] }] }), 'intro.mdx': '---\ntitle: Intro\n---\n' });
  assert.deepEqual(found, []);
});

test('an unreadable docs.json is one clear error', async () => {
  const found = await checkSite({ 'docs.json': null });
  assert.equal(found.length, 1);
  assert.equal(found[0].code, 'json/unreadable');
  assert.match(found[0].message, /cannot be read/);
});
