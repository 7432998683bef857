import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import slugifyLibrary, { slugifyWithCounter } from '@sindresorhus/slugify';
import { newSlugger, slugify, slugifyTitle, titleSlugInput } from '../../server/src/service/mdx/slug';
import replacements from '#slug-replacements/transliterate';
import overridable from '#slug-replacements/slugify';

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

/** Text made of the transliteration table's keys and values (chains, multi-character keys, `$`), accents and any code point. */
const keys = [...replacements, ...overridable].flatMap(([key, value]) => [key, value]);
const unicodeTitles = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc
    .array(fc.oneof(fc.constantFrom(...keys), fc.constantFrom(' ', '-', 'a', 'E', '\u0301', '$&', '%')), { maxLength: 12 })
    .map((parts) => parts.join('')),
);

test('slugify: the port (transliteration included) agrees with the library on any text', () => {
  fc.assert(
    fc.property(unicodeTitles, fc.boolean(), fc.boolean(), (input, lowercase, decamelize) => {
      assert.equal(slugify(input, { lowercase, decamelize }), slugifyLibrary(input, { lowercase, decamelize }), JSON.stringify(input));
    }),
    { numRuns: 3000 },
  );
});

test('heading slugs with a counter: the same sequence as slugifyWithCounter', () => {
  fc.assert(
    fc.property(fc.array(titles, { maxLength: 12 }), (list) => {
      const mine = newSlugger();
      const theirs = slugifyWithCounter();
      for (const title of [...list, ...list])
        assert.equal(slugifyTitle(title, mine), theirs(titleSlugInput(title).input, titleSlugInput(title).options), JSON.stringify(title));
    }),
    { numRuns: 500 },
  );
});
