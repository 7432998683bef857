import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, docsJson, only } from '../helpers/check';

const nav = JSON.stringify({ groups: [{ group: 'Start', pages: ['intro'] }] }, null, 2);

test('a $ref is resolved relative to the referencing file, and its pages are checked', async () => {
  const found = await checkSite({
    'docs.json': docsJson({ $ref: './config/navigation.json' }),
    'config/navigation.json': JSON.stringify({ groups: [{ group: 'Start', pages: ['intro', 'missing'] }] }, null, 2),
    'intro.mdx': '---\ntitle: Intro\n---\n',
  });
  const missing = only(found, 'nav/page-not-found');
  assert.equal(missing.length, 1);
  assert.equal(missing[0].file, 'config/navigation.json', 'reported in the referenced file');
  assert.equal(missing[0].text, '"missing"');
});

test('nested $refs resolve relative to their own file', async () => {
  const found = await checkSite({
    'docs.json': docsJson({ $ref: 'config/navigation.json' }),
    'config/navigation.json': JSON.stringify({ groups: [{ $ref: 'groups/start.json' }] }),
    'config/groups/start.json': JSON.stringify({ group: 'Start', pages: ['intro'] }),
    'intro.mdx': '---\ntitle: Intro\n---\n',
  });
  assert.deepEqual(found, []);
});

test('sibling keys override the referenced object', async () => {
  const found = await checkSite({
    'docs.json': docsJson({ $ref: 'nav.json', groups: [{ group: 'Own', pages: ['intro'] }] }),
    'nav.json': JSON.stringify({ groups: [{ group: 'Ref', pages: ['not-there'] }] }),
    'intro.mdx': '---\ntitle: Intro\n---\n',
  });
  assert.deepEqual(only(found, 'nav/page-not-found'), [], 'the sibling groups replace the referenced ones');
});

test('a schema problem inside a referenced file is reported in that file', async () => {
  const found = await checkSite({
    'docs.json': docsJson({ $ref: 'nav.json' }),
    'nav.json': JSON.stringify({ groups: [{ pages: ['intro'] }] }, null, 2),
    'intro.mdx': '---\ntitle: Intro\n---\n',
  });
  const problem = only(found, 'nav/missing-property');
  assert.equal(problem.length, 1);
  assert.equal(problem[0].file, 'nav.json');
  assert.match(problem[0].message, /group .* is missing `group`/i);
});

test('a missing $ref file is an error at the $ref value, without cascading schema errors', async () => {
  const found = await checkSite({ 'docs.json': docsJson({ $ref: 'nav/fr.json' }) });
  assert.deepEqual(
    found.map((f) => f.code),
    ['ref/not-found'],
  );
  assert.equal(found[0].text, '"nav/fr.json"');
});

test('a circular $ref is an error that shows the loop', async () => {
  const found = await checkSite({
    'docs.json': docsJson({ $ref: 'a.json' }),
    'a.json': JSON.stringify({ groups: [{ $ref: 'b.json' }] }),
    'b.json': JSON.stringify({ group: 'B', pages: [{ $ref: 'a.json' }] }),
  });
  const circular = only(found, 'ref/circular');
  assert.equal(circular.length, 1);
  assert.match(circular[0].message, /a\.json → b\.json → a\.json/);
});

test('a $ref that escapes the docs root is an error', async () => {
  const found = await checkSite({ 'docs.json': docsJson({ $ref: '../../etc/passwd' }) });
  assert.deepEqual(
    found.map((f) => f.code),
    ['ref/outside-root'],
  );
});

test('a syntax error in a referenced file is reported in that file', async () => {
  const found = await checkSite({ 'docs.json': docsJson({ $ref: 'nav.json' }), 'nav.json': '{"groups": [' });
  const syntax = only(found, 'json/syntax');
  assert.ok(syntax.length >= 1);
  assert.ok(syntax.every((f) => f.file === 'nav.json'));
});

test('a $ref to an array replaces the value; siblings are ignored', async () => {
  const found = await checkSite({
    'docs.json': docsJson({ groups: { $ref: 'groups.json' } }),
    'groups.json': nav.replace(/^\{\s*"groups": /, '').replace(/\}\s*$/, ''),
    'intro.mdx': '---\ntitle: Intro\n---\n',
  });
  assert.deepEqual(found, []);
});

test('a $ref key without a value is a syntax problem and an invalid $ref, never a crash', async () => {
  for (const navigation of ['{ "$ref" }', '{ "$ref": }', '{ "groups": [{ "$ref" , "group": "A" }] }']) {
    const text = `{"theme":"mint","name":"R","colors":{"primary":"#000000"},"navigation":${navigation}}`;
    const found = await checkSite({ 'docs.json': text });
    const invalid = only(found, 'ref/invalid');
    assert.equal(invalid.length, 1, `one ref/invalid for ${navigation}`);
    assert.equal(invalid[0].file, 'docs.json');
    assert.match(invalid[0].text, /\$ref/);
  }
});
