import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scanFieldTags, stringAttribute } from '../../server/src/service/mdx/fieldTags';

test('finds ParamField and ResponseField tags with their attributes and offsets', () => {
  const text =
    '# T\n\n<ParamField path="id" type="string" required>\n  The ID.\n</ParamField>\n<ResponseField name=\'email\' type={"string"} required={false} />\n';
  const tags = scanFieldTags(text);
  assert.equal(tags.length, 2);
  assert.equal(tags[0].tag, 'ParamField');
  assert.deepEqual(
    tags[0].attributes.map((a) => [a.name, a.value]),
    [
      ['path', 'id'],
      ['type', 'string'],
      ['required', true],
    ],
  );
  assert.equal(
    text.slice(tags[0].attributes[0].valueOffset, tags[0].attributes[0].valueOffset + tags[0].attributes[0].valueLength),
    '"id"',
  );
  assert.equal(text.slice(tags[0].nameOffset, tags[0].nameOffset + tags[0].nameLength), 'ParamField');
  assert.deepEqual(
    tags[1].attributes.map((a) => [a.name, a.value]),
    [
      ['name', 'email'],
      ['type', { expression: '"string"' }],
      ['required', { expression: 'false' }],
    ],
  );
  assert.equal(stringAttribute(tags[1], 'type'), 'string');
  assert.ok(text.slice(tags[1].offset, tags[1].offset + tags[1].length).endsWith('/>'));
});

test('attributes may span lines and hold braces inside strings', () => {
  const tags = scanFieldTags('<ParamField\n  body="filter"\n  type="object"\n  default={{ a: "}" }}\n>\nx\n</ParamField>');
  assert.deepEqual(
    tags[0].attributes.map((a) => a.name),
    ['body', 'type', 'default'],
  );
});

test('tags inside fenced code, inline code and comments are not fields', () => {
  const text = [
    '```mdx',
    '<ParamField path="shown" type="string" />',
    '```',
    '    ~~~~',
    '    <ParamField path="indented-fence" />',
    '    ~~~~',
    'Write `<ParamField path="inline">` to declare one.',
    '<!-- <ParamField path="html-comment" /> -->',
    '{/* <ResponseField name="jsx-comment" /> */}',
    '<ParamField path="real" type="string" />',
  ].join('\n');
  const tags = scanFieldTags(text);
  assert.deepEqual(
    tags.map((t) => stringAttribute(t, 'path')),
    ['real'],
  );
});

test('a fence closes only with the same marker, at least as long', () => {
  const text = '````\n```\n<ParamField path="in-code" />\n````\n<ParamField path="after" />';
  assert.deepEqual(
    scanFieldTags(text).map((t) => stringAttribute(t, 'path')),
    ['after'],
  );
});

test('a body offset skips the front matter; pages without fields are cheap', () => {
  const text = '---\ntitle: "<ParamField path=x>"\n---\n<ParamField path="y" />';
  assert.deepEqual(
    scanFieldTags(text, text.indexOf('<ParamField path="y"')).map((t) => stringAttribute(t, 'path')),
    ['y'],
  );
  assert.deepEqual(scanFieldTags('# nothing here'), []);
});

test('similar names (ParamFieldGroup) and unterminated tags do not throw', () => {
  assert.deepEqual(scanFieldTags('<ParamFieldGroup a="b">'), []);
  const tags = scanFieldTags('<ParamField path="x');
  assert.equal(tags.length, 1);
  assert.deepEqual(tags[0].attributes, []);
});

test('inline code spans are read as CommonMark reads them', async () => {
  const { codeSpans } = await import('../../server/src/service/mdx/fieldTags');
  const spans = (line: string) => codeSpans(line).map(([start, end]) => line.slice(start, end));
  assert.deepEqual(spans('a `b` c ``d ` e`` f'), ['`b`', '``d ` e``']);
  assert.deepEqual(spans('`` unclosed ` still'), []);
  assert.deepEqual(spans('` a `` b ` c'), ['` a `` b `']);
});
