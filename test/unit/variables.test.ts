import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readVariables, substituteVariables } from '../../server/src/service/mdx/variables';

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
