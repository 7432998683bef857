import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { ORACLE_DIR, oracleUnavailable } from '../helpers/oracle';
import { readVariables, substituteVariables } from '../../server/src/service/mdx/variables';

/**
 * docs.json's `variables` replaced in a page as the platform replaces them (@mintlify/common's
 * `replaceVariables`, which its build runs on every page and snippet before parsing): the same
 * text, on written cases and on random texts made of variable-like fragments.
 */
type Replace = (content: string, variables: Record<string, string>) => string;

const VARIABLES = {
  product: 'Acme Cloud',
  'product-name': 'Acme',
  'docs.base': '/guides',
  version: '2.1',
  empty: '',
  html: 'x <b>bold</b> & "q" < 3 > 2',
  script: '<script>alert(1)</script>ok',
  image: '<img src=x onerror=1>',
  lines: 'a\nb',
  braces: '{x}',
};

const CASES = [
  '{{product}} {{ product }} {{  product}}',
  '{{product-name}} and {{docs.base}}/setup',
  '{{missing}} and {{ version }}',
  '{{{product}}}',
  '{{ product name }}',
  '{{product}}{{version}}',
  '{{html}} {{script}} {{image}} {{lines}} {{empty}}! {{braces}}',
  '`{{product}}` in code\n\n```bash\nnpm i acme@{{version}}\n```',
  '{{ product',
  '}}{{',
];

test('variables: the text the platform parses, on written cases and random texts', async (t) => {
  const unavailable = oracleUnavailable();
  if (unavailable) return t.skip(unavailable);
  const module = (await import(pathToFileURL(join(ORACLE_DIR, 'node_modules/@mintlify/common/dist/mdx/replaceVariables.js')).href)) as {
    replaceVariables: Replace;
  };
  const variables = readVariables({ variables: VARIABLES })!;
  const ours = (text: string) => substituteVariables(text, variables)?.text ?? text;
  for (const text of CASES) assert.equal(ours(text), module.replaceVariables(text, VARIABLES), JSON.stringify(text));
  const fragment = fc.constantFrom(
    '{{',
    '}}',
    '{',
    '}',
    ' ',
    'product',
    'product-name',
    'docs.base',
    'missing',
    'html',
    '-',
    '.',
    'a',
    '\n',
    '`',
  );
  fc.assert(
    fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => {
      const text = parts.join('');
      assert.equal(ours(text), module.replaceVariables(text, VARIABLES));
    }),
    { numRuns: 2000 },
  );
});
