import { test } from 'node:test';
import assert from 'node:assert/strict';
import { centred, denseNeighbours } from '../../server/src/analytics/gaps/denseLinks';
import { indexedNeighbours } from '../../server/src/analytics/gaps/denseIndex';

/** Questions of `topics` needs: each vector its topic's direction plus noise. */
function vectors(n: number, dimension: number, topics: number, noise: number): Float32Array[] {
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  const centres = Array.from({ length: topics }, () => Float32Array.from({ length: dimension }, random));
  return centred(
    Array.from({ length: n }, (_, i) => {
      const centre = centres[(i * 7919) % topics];
      return Float32Array.from({ length: dimension }, (_, k) => centre[k] + noise * random());
    }),
  );
}

test("65 D6: the index finds nearly every question's close neighbours, with their exact cosines, the same on every run", () => {
  const input = vectors(1500, 256, 50, 0.8);
  const found = indexedNeighbours(input, 40, 0.1);
  assert.deepEqual(found, indexedNeighbours(input, 40, 0.1), 'deterministic');
  const exact = denseNeighbours(input.slice(0, 1000), 40, 0.1); // every pair, as the clustering does up to 1,000
  assert.equal(exact.length, 1000);
  let close = 0;
  let kept = 0;
  for (let i = 0; i < 1500; i += 5) {
    const scores: [number, number][] = [];
    for (let j = 0; j < 1500; j++) {
      if (j === i) continue;
      let dot = 0;
      for (let k = 0; k < 256; k++) dot += input[i][k] * input[j][k];
      scores.push([j, dot]);
    }
    scores.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    for (const [j, score] of scores.slice(0, 40))
      if (score >= 0.3) {
        close++;
        if (found[i].has(j)) {
          kept++;
          assert.ok(Math.abs(found[i].get(j)! - score) < 1e-5, 'the cosine given is the exact one');
        }
      }
  }
  assert.ok(close > 1000, `${close}`);
  assert.ok(kept / close >= 0.9, `${kept} of ${close} close neighbours found`);
  for (const near of found) assert.ok(near.size <= 40 && [...near.values()].every((score) => score >= 0.1));
});
