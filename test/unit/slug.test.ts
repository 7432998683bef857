import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import slugifyLibrary, { slugifyWithCounter } from '@sindresorhus/slugify';
import { newSlugger, slugify, slugifyTitle } from '../../server/src/service/mdx/slug';

/**
 * Docsmith's fast port of @sindresorhus/slugify (for plain ASCII) gives what the library gives, on
 * every input, as the platform calls it: after its own encoding of a heading title, and on raw
 * titles and field names; and the counting slugger numbers repeats the same way.
 */
const titles = fc.oneof(
  fc.string(),
  fc.stringMatching(/^[\w '&^`~!*().:-]{0,30}$/),
  fc.constantFrom(
    "Don't panic",
    'API Keys',
    'GET /users/{id}',
    'Étape 1',
    '日本語の見出し',
    'What is X?',
    'a -- b',
    'FOOBar2 XMLHttp',
    "it's",
    'Tom & Jerry',
    'Setup',
    'Setup 2',
    'Setup-2-3',
    'setup-2',
  ),
);

test('slugify: the fast path agrees with the library', () => {
  fc.assert(
    fc.property(
      titles,
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom<string[][]>([], ['_'], ['%', '_']),
      (input, lowercase, decamelize, preserveCharacters) => {
        assert.equal(
          slugify(input, { lowercase, decamelize, preserveCharacters }),
          slugifyLibrary(input, { lowercase, decamelize, preserveCharacters }),
          JSON.stringify(input),
        );
      },
    ),
    { numRuns: 2000 },
  );
});

test('heading slugs with a counter: the same sequence as slugifyWithCounter', () => {
  fc.assert(
    fc.property(fc.array(titles, { maxLength: 12 }), (list) => {
      const mine = newSlugger();
      const theirs = slugifyWithCounter();
      for (const title of [...list, ...list])
        assert.equal(
          slugifyTitle(title, mine),
          slugifyTitle(title, (input, options) => theirs(input, options)),
          JSON.stringify(title),
        );
    }),
    { numRuns: 500 },
  );
});
