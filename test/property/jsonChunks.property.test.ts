import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { jsonChunks } from '../../server/src/cli/jsonChunks';

/**
 * `docsmith gaps --format json` writes its report in pieces; joined, they must be exactly
 * JSON.stringify(report, null, 2), at every depth the pieces are cut to, whatever the data holds.
 */
const data = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.jsonValue({ maxDepth: 2 }),
    fc.constant(undefined),
    fc.date({ noInvalidDate: true }),
    fc.array(tie('value'), { maxLength: 5 }),
    fc.dictionary(fc.string(), tie('value'), { maxKeys: 5 }),
  ),
}));

test('joined, the pieces are JSON.stringify(value, null, 2) at any depth', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string(), data.value, { maxKeys: 6 }), fc.integer({ min: 0, max: 4 }), (value, depth) => {
      assert.equal([...jsonChunks(value, depth)].join(''), JSON.stringify(value, null, 2));
    }),
    { numRuns: 500 },
  );
});

test('compact, the joined pieces are JSON.stringify(value) at any depth (the check cache is written so)', () => {
  fc.assert(
    fc.property(fc.dictionary(fc.string(), data.value, { maxKeys: 6 }), fc.integer({ min: 0, max: 5 }), (value, depth) => {
      assert.equal([...jsonChunks(value, depth, true)].join(''), JSON.stringify(value));
    }),
    { numRuns: 500 },
  );
});

test('a report of many conversations comes in many pieces, none holding the whole list', () => {
  const report = {
    conversations: Array.from({ length: 1000 }, (_, i) => ({
      id: `c${i}`,
      query: `question ${i}\nwith "quotes"`,
      sources: [{ url: null }],
    })),
    unanswered: 1000,
    dropped: undefined,
  };
  const pieces = [...jsonChunks(report)];
  assert.equal(pieces.join(''), JSON.stringify(report, null, 2));
  assert.ok(pieces.length > 1000);
  assert.ok(Math.max(...pieces.map((piece) => piece.length)) < 200);
});
