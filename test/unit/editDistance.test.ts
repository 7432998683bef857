import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { distance } from 'fastest-levenshtein';
import { distancesFrom, distancesWithin } from '../../server/src/service/check/editDistance';

/** The one-word-to-many edit distance of the did-you-means gives the distance of the general algorithm, pair by pair. */
test('distances from one word are the edit distances, for every word length up to 32 and beyond', () => {
  // A small alphabet with a character outside ASCII and one outside the BMP (two UTF-16 units), so that words share much.
  const text = fc.array(fc.constantFrom('a', 'b', 'c', '-', '/', 'é', '😀'), { maxLength: 40 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(text, fc.array(text, { maxLength: 20 }), (word, candidates) => {
      const from = distancesFrom(word);
      for (const candidate of candidates) assert.equal(from(candidate), distance(word, candidate), `${word} / ${candidate}`);
    }),
    { numRuns: 2000, seed: 7 },
  );
});

test('distances from a word of exactly 32 characters, and of 31 and 33', () => {
  for (const length of [31, 32, 33]) {
    const word = 'ab'.repeat(20).slice(0, length);
    const from = distancesFrom(word);
    for (const candidate of ['', word, word.slice(1), `x${word}`, word.replace(/a/g, 'b'), 'ba'.repeat(20)])
      assert.equal(from(candidate), distance(word, candidate), `${length}: ${candidate}`);
  }
});

/** With a limit: the distance when it is within the limit, and a number over it otherwise (never an under-estimate). */
test('distances within a limit are exact up to the limit and over it beyond', () => {
  const text = fc.array(fc.constantFrom('a', 'b', 'c', '-', 'é', '😀'), { maxLength: 36 }).map((parts) => parts.join(''));
  fc.assert(
    fc.property(text, fc.array(text, { maxLength: 20 }), fc.integer({ min: 0, max: 5 }), (word, candidates, limit) => {
      const within = distancesWithin(word, limit);
      for (const candidate of candidates) {
        const real = distance(word, candidate);
        const found = within(candidate);
        if (real <= limit) assert.equal(found, real, `${word} / ${candidate}`);
        else assert.ok(found > limit, `${word} / ${candidate}: ${found} for ${real}`);
      }
    }),
    { numRuns: 2000, seed: 11 },
  );
});
