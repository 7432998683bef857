import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { thousands } from '../../server/src/common/plural';

test('thousands() writes every number as toLocaleString("en-US") does', () => {
  fc.assert(
    fc.property(fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double()), (count) => {
      assert.equal(thousands(count), count.toLocaleString('en-US'));
    }),
    { numRuns: 20000 },
  );
  for (const count of [0, -0, 999, 1000, -1000, 1204, 1e21, Number.MAX_SAFE_INTEGER, NaN, -Infinity, 0.5, 1234.5678])
    assert.equal(thousands(count), count.toLocaleString('en-US'), String(count));
});
