import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readVariables, substituteVariables } from '../../server/src/service/mdx/variables';
import { checkSite, only, site } from '../helpers/check';

const variables = readVariables({ variables: { a: 'Acme', long: 'a much longer value', e: '', n: 5 } })!;

test('readVariables: string values only; none is undefined', () => {
  assert.deepEqual([...variables.values.keys()], ['a', 'long', 'e']);
  assert.equal(readVariables({}), undefined);
  assert.equal(readVariables({ variables: [] }), undefined);
  assert.equal(readVariables({ variables: { n: 1 } }), undefined);
});

test('substituteVariables: from an offset on (the body), defined names only; none used is undefined', () => {
  assert.equal(substituteVariables('{{a}} {{zz}}', undefined), undefined);
  assert.equal(substituteVariables('no braces', variables), undefined);
  assert.equal(substituteVariables('{{zz}}', variables), undefined);
  assert.equal(
    substituteVariables('title: {{a}}\n---\n{{a}} {{ long }}', variables, 12)!.text,
    'title: {{a}}\n---\nAcme a much longer value',
  );
});

test('toWritten: text outside the values keeps its place; a value maps to its whole variable', () => {
  const text = 'x {{a}} y {{ long }} z {{e}}!';
  const sub = substituteVariables(text, variables)!;
  assert.equal(sub.text, 'x Acme y a much longer value z !');
  const at = (needle: string) => sub.text.indexOf(needle);
  assert.equal(sub.toWritten(0, 'start'), 0);
  assert.equal(sub.toWritten(at('y'), 'start'), text.indexOf('y'));
  assert.equal(sub.toWritten(at('z'), 'start'), text.indexOf('z'));
  assert.equal(sub.toWritten(at('!'), 'start'), text.indexOf('!'));
  assert.equal(sub.toWritten(at('cme'), 'start'), text.indexOf('{{a}}'));
  assert.equal(sub.toWritten(at('cme'), 'end'), text.indexOf('{{a}}') + 5);
  assert.equal(sub.toWritten(sub.text.length, 'end'), text.length);
});

test('toWritten is monotone and maps each character outside a value to the same character', () => {
  const fragment = fc.constantFrom('{{a}}', '{{ long }}', '{{e}}', '{{zz}}', 'x', ' ', '\n', '{', '}');
  fc.assert(
    fc.property(fc.array(fragment, { maxLength: 25 }), (parts) => {
      const text = parts.join('');
      const sub = substituteVariables(text, variables);
      if (!sub) return;
      let previous = 0;
      for (let offset = 0; offset <= sub.text.length; offset++) {
        const start = sub.toWritten(offset, 'start');
        const end = sub.toWritten(offset, 'end');
        assert.ok(start >= previous && end >= start && end <= text.length);
        previous = start;
      }
      // Every "x" of the substituted text is an "x" of the written one (no value holds an x).
      for (let offset = sub.text.indexOf('x'); offset >= 0; offset = sub.text.indexOf('x', offset + 1))
        assert.equal(text[sub.toWritten(offset, 'start')], 'x');
    }),
    { numRuns: 500 },
  );
});

test('a value used many times grows the text by 1 MB (or double) at most; the rest stay as written', () => {
  const big = readVariables({ variables: { big: 'x'.repeat(100_000) } })!;
  const text = '{{big}} '.repeat(100_000);
  const sub = substituteVariables(text, big)!;
  assert.ok(sub.text.length <= text.length + 1_000_000, `${sub.text.length}`);
  assert.ok(sub.text.includes('{{big}}') && sub.text.startsWith('x'.repeat(100_000)));
  // Offsets after the last value replaced still map back.
  const rest = sub.text.indexOf('{{big}}');
  assert.equal(text.slice(sub.toWritten(rest, 'start'), sub.toWritten(rest, 'start') + 7), '{{big}}');
});

test('65 D1: the growth is bounded per site, shared by its pages: a 1 MB value in each of 100 pages is not read 100 times', async () => {
  const value = '\n\n## h\n'.repeat(140_000);
  const page = '---\ntitle: P\n---\n\n{{v}}\n';
  const few = readVariables({ variables: { v: value } }, 3)!;
  const many = readVariables({ variables: { v: value } }, 101)!;
  assert.ok(substituteVariables(page, few), 'a few pages may each grow by 1 MB');
  assert.equal(substituteVariables(page, many), undefined);
  // However many pages, what they may grow by together stays bounded (4 MB, or double their own text).
  for (const pages of [1, 2, 7, 100, 5_000, 200_000])
    assert.ok(readVariables({ variables: { v: 'x' } }, pages)!.growth * pages <= 4_000_000, `${pages}`);
  // On a site, such a page is read as written: its variable is not called undefined, its other links are checked.
  const files: Record<string, string> = { 'index.mdx': '---\ntitle: Home\n---\n' };
  const ids = [...Array(100)].map((_, i) => `p${i}`);
  for (const id of ids) files[`${id}.mdx`] = `${page}\n[gone](/gone-${id})\n`;
  const found = await checkSite(site({ groups: [{ group: 'A', pages: ['index', ...ids] }] }, [], { variables: { v: value } }, files));
  assert.equal(only(found, 'links/page-not-found').length, 100);
  assert.deepEqual(only(found, 'mdx/undefined-variable'), []);
});

test('65 D15, D16: an undefined name before a defined one is reported once; a variable named __proto__ is a variable', async () => {
  const variables = JSON.parse('{"product": "Acme Cloud", "__proto__": "P", "constructor": "C"}');
  const found = await checkSite(
    site(
      { groups: [{ group: 'A', pages: ['index'] }] },
      [],
      { variables },
      {
        'index.mdx': '---\ntitle: Home\n---\n\n{{produkt}} {{ product }}\n\n{{__proto__}} {{constructor}}\n',
      },
    ),
  );
  assert.deepEqual(
    only(found, 'mdx/undefined-variable').map((f) => f.text),
    ['{{produkt}}'],
  );
});
