import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFrontMatter } from '../../server/src/service/frontMatter/parseFrontMatter';

const at = (text: string, offset: number, length: number) => text.slice(offset, offset + length);

test('entries carry the exact ranges of their key and value', () => {
  const text = '---\ntitle: "Get a user"\napi: GET /users/{id}\n"og:title": Users\n---\n\nBody';
  const fm = parseFrontMatter(text);
  assert.equal(fm.present, true);
  assert.deepEqual(fm.data, { title: 'Get a user', api: 'GET /users/{id}', 'og:title': 'Users' });
  const api = fm.entries.get('api')!;
  assert.equal(at(text, api.keyOffset, api.keyLength), 'api');
  assert.equal(at(text, api.valueOffset, api.valueLength), 'GET /users/{id}');
  assert.equal(at(text, fm.entries.get('title')!.valueOffset, fm.entries.get('title')!.valueLength), '"Get a user"');
  assert.equal(at(text, fm.entries.get('og:title')!.keyOffset, fm.entries.get('og:title')!.keyLength), '"og:title"');
  assert.equal(text.slice(fm.bodyOffset), '\nBody');
});

test('block values span the lines below their key', () => {
  const text = '---\nkeywords:\n  - api\n  - users\ntitle: T\n---\n';
  const entry = parseFrontMatter(text).entries.get('keywords')!;
  assert.equal(at(text, entry.valueOffset, entry.valueLength), '- api\n  - users');
});

test('multi-line quoted scalars at column 0 parse, as on the platform', () => {
  const text = '---\ntitle: "T"\ndescription: "first line\nsecond line"\n---\n';
  const fm = parseFrontMatter(text);
  assert.equal(fm.error, undefined);
  assert.equal(fm.data.description, 'first line second line');
});

test('a YAML error is reported at its line', () => {
  const text = '---\ntitle: ok\napi: [unclosed\n---\n';
  const fm = parseFrontMatter(text);
  assert.ok(fm.error);
  assert.match(fm.error!.message, /not valid YAML/);
  assert.ok(fm.error!.offset >= text.indexOf('api'));
});

test('an unclosed block, CRLF line ends, a BOM and a missing block', () => {
  // Never closed: no front matter (as the platform reads it); flagged when `key: value` lines follow.
  const unclosed = parseFrontMatter('---\ntitle: x\n');
  assert.deepEqual(
    [unclosed.present, unclosed.bodyOffset, unclosed.error, unclosed.unclosed],
    [false, 0, undefined, { offset: 0, length: 3 }],
  );
  assert.equal(parseFrontMatter('---\n\n<Card title="x">y</Card>\n').unclosed, undefined, 'a thematic break');
  // Spaces after the opening fence: the platform's reader takes nothing from the block.
  const unread = parseFrontMatter('--- \ntitle: x\nbad: [\n---\nBody');
  assert.deepEqual([unread.present, unread.data, unread.error, unread.unread], [true, {}, undefined, { offset: 0, length: 4 }]);
  assert.equal('--- \ntitle: x\nbad: [\n---\nBody'.slice(unread.bodyOffset), 'Body');
  const crlf = parseFrontMatter('\uFEFF---\r\ntitle: "x"\r\napi: GET /a\r\n---\r\nBody');
  assert.deepEqual(crlf.data, { title: 'x', api: 'GET /a' });
  assert.equal(crlf.entries.get('api')!.valueLength, 'GET /a'.length);
  assert.equal(parseFrontMatter('# No front matter').present, false);
  assert.equal(parseFrontMatter('---\n---\nBody').present, true);
});

test('a duplicate key: the last wins, and it is recorded', () => {
  const fm = parseFrontMatter('---\ntitle: a\ntitle: b\n---\n');
  assert.equal(fm.data.title, 'b');
  assert.equal(fm.duplicates.length, 1);
  assert.equal(fm.duplicates[0].key, 'title');
});

test('front matter that is not a mapping is not an error: it is recorded with its place', () => {
  const list = parseFrontMatter('---\n- a\n- b\n---\n');
  assert.equal(list.error, undefined);
  assert.deepEqual(list.notMapping, { value: ['a', 'b'], offset: 4, length: 7 });
  assert.deepEqual(parseFrontMatter('---\nLicensing\n---\n').notMapping?.value, 'Licensing');
});
