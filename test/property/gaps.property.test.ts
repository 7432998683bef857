import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { clusterVectors, MIN_PAIR, NEIGHBOURS, SINGLE_SHARED, type ClusterInput } from '../../server/src/analytics/gaps/clustering';
import type { InputConstraints } from '../../server/src/analytics/gaps/groupConstraints';
import { LinkTable, PairList } from '../../server/src/analytics/gaps/linkTable';
import { terms } from '../../server/src/analytics/gaps/terms';
import { Vocabulary } from '../../server/src/analytics/gaps/vocabulary';

/**
 * The clustering's merge loop keeps bounds instead of exact scores, skips links to merged groups
 * instead of deleting them, and merges the group with fewer links into the other. None of that may
 * change the result: on random inputs small enough that no neighbour is cut, it must give what plain
 * average linkage gives, merging the most alike pair of groups until none is above the threshold.
 */
function pairSum(inputs: readonly ClusterInput[], i: number, j: number): number {
  {
    let dot = 0;
    let shared = 0;
    for (const [term, weight] of inputs[i].vector) {
      const other = inputs[j].vector.get(term);
      if (other === undefined) continue;
      dot += weight * other;
      shared++;
    }
    const alike = shared === 1 ? dot * SINGLE_SHARED : dot;
    return shared && alike >= MIN_PAIR ? alike * inputs[i].weight * inputs[j].weight : 0;
  }
}

function naiveAverageLinkage(inputs: readonly ClusterInput[], threshold: number, constraints?: InputConstraints): number[][] {
  const n = inputs.length;
  const sums = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : pairSum(inputs, i, j))));
  let groups = inputs.map((input, index) => ({ members: [index], size: input.weight }));
  // Must-linked inputs start together; a cannot-linked pair inside one such group is dropped.
  for (const [x, y] of constraints?.mustLink ?? []) {
    const a = groups.findIndex((group) => group.members.includes(x));
    const b = groups.findIndex((group) => group.members.includes(y));
    if (a === b) continue;
    const merged = { members: [...groups[a].members, ...groups[b].members], size: groups[a].size + groups[b].size };
    groups = [...groups.filter((_, index) => index !== a && index !== b), merged];
  }
  const cannot = (constraints?.cannotLink ?? []).filter(
    ([x, y]) => !groups.some((group) => group.members.includes(x) && group.members.includes(y)),
  );
  const apart = (a: number[], b: number[]) => cannot.some(([x, y]) => (a.includes(x) && b.includes(y)) || (a.includes(y) && b.includes(x)));
  for (;;) {
    let best: [number, number] | undefined;
    let bestScore = -1;
    for (let a = 0; a < groups.length; a++)
      for (let b = a + 1; b < groups.length; b++) {
        if (apart(groups[a].members, groups[b].members)) continue;
        let sum = 0;
        for (const i of groups[a].members) for (const j of groups[b].members) sum += sums[i][j];
        const score = sum / (groups[a].size * groups[b].size);
        if (sum > 0 && score > bestScore) [best, bestScore] = [[a, b], score];
      }
    if (!best || bestScore < threshold) break;
    const [a, b] = best;
    const merged = { members: [...groups[a].members, ...groups[b].members], size: groups[a].size + groups[b].size };
    groups = [...groups.filter((_, index) => index !== a && index !== b), merged];
  }
  return groups.map((group) => group.members.sort((x, y) => x - y)).sort((x, y) => x[0] - y[0]);
}

/** Inputs over a vocabulary of `terms` words. */
const inputOver = (terms: number) =>
  fc.record({
    terms: fc.uniqueArray(fc.integer({ min: 0, max: terms - 1 }), { minLength: 1, maxLength: 5 }),
    raw: fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 5, maxLength: 5 }),
    weight: fc.integer({ min: 1, max: 4 }),
  });
const inputArbitrary = inputOver(10);

function toInput({ terms, raw, weight }: { terms: number[]; raw: number[]; weight: number }): ClusterInput {
  const norm = Math.sqrt(terms.reduce((total, _, k) => total + raw[k] * raw[k], 0));
  return { vector: new Map(terms.map((term, k) => [`t${term}`, raw[k] / norm])), weight };
}

test('the merge loop gives what plain average linkage gives (random inputs, no neighbour cut)', () => {
  fc.assert(
    fc.property(
      fc.array(inputArbitrary, { minLength: 1, maxLength: 30 }),
      fc.double({ min: 0.05, max: 0.6, noNaN: true }),
      (raw, threshold) => {
        const inputs = raw.map(toInput);
        assert.deepEqual(clusterVectors(inputs, threshold), naiveAverageLinkage(inputs, threshold));
      },
    ),
    { numRuns: 3000, seed: 20261123 },
  );
});

test('with corrections: must-linked inputs start together, cannot-linked ones never share a group, as plain average linkage under the same constraints', () => {
  const pair = (n: number) => fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })).filter(([x, y]) => x !== y);
  fc.assert(
    fc.property(
      fc.array(inputArbitrary, { minLength: 2, maxLength: 30 }).chain((raw) =>
        fc.record({
          raw: fc.constant(raw),
          mustLink: fc.array(pair(raw.length), { maxLength: 4 }),
          cannotLink: fc.array(pair(raw.length), { maxLength: 6 }),
        }),
      ),
      fc.double({ min: 0.05, max: 0.6, noNaN: true }),
      ({ raw, mustLink, cannotLink }, threshold) => {
        const inputs = raw.map(toInput);
        const constraints = { mustLink, cannotLink };
        const groups = clusterVectors(inputs, threshold, constraints);
        assert.deepEqual(groups, naiveAverageLinkage(inputs, threshold, constraints));
        const groupOf = (input: number) => groups.findIndex((group) => group.includes(input));
        for (const [x, y] of mustLink) assert.equal(groupOf(x), groupOf(y), `must-link ${x} ${y}`);
      },
    ),
    { numRuns: 3000, seed: 20261127 },
  );
});

test('the same on larger inputs whose groups gather many links (sparse words, still no neighbour cut)', () => {
  fc.assert(
    fc.property(
      fc.array(inputOver(40), { minLength: 60, maxLength: 140 }),
      fc.double({ min: 0.03, max: 0.3, noNaN: true }),
      (raw, threshold) => {
        const inputs = raw.map(toInput);
        // Only inputs where no input has more later neighbours than the clustering keeps.
        fc.pre(inputs.every((_, i) => inputs.filter((__, j) => j > i && pairSum(inputs, i, j) > 0).length <= NEIGHBOURS));
        assert.deepEqual(clusterVectors(inputs, threshold), naiveAverageLinkage(inputs, threshold));
      },
    ),
    { numRuns: 60, seed: 20261123 },
  );
});

test('context terms add to the similarity but are not shared words', () => {
  const one = (vector: Record<string, number>, context: Record<string, number>) => ({
    vector: new Map(Object.entries(vector)),
    context: new Map(Object.entries(context)),
    weight: 1,
  });
  // One shared word and one shared context term: 0.5 + 0.5 = 1, halved for the single shared word.
  const a = one({ x: Math.SQRT1_2, y: Math.SQRT1_2 }, { s: Math.SQRT1_2 });
  const b = one({ x: Math.SQRT1_2, z: Math.SQRT1_2 }, { s: Math.SQRT1_2 });
  assert.deepEqual(clusterVectors([a, b], 0.49), [[0, 1]]);
  assert.deepEqual(clusterVectors([a, b], 0.51), [[0], [1]], 'counted as two shared words it would be 1');
  // Context alone: no shared word, no halving.
  const c = one({ w: 1 }, { s: 1 });
  const d = one({ v: 1 }, { s: 1 });
  assert.deepEqual(clusterVectors([c, d], 0.99), [[0, 1]]);
  // A context key spelled like a word is not that word.
  assert.deepEqual(clusterVectors([one({ s: 1 }, {}), one({}, { s: 1 })], 0.01), [[0], [1]]);
});

test('every input is in exactly one group, groups sorted, on inputs large enough to cut neighbours', () => {
  fc.assert(
    fc.property(fc.array(inputArbitrary, { minLength: 50, maxLength: 300 }), (raw) => {
      const groups = clusterVectors(raw.map(toInput), 0.14);
      const seen = groups.flat().sort((x, y) => x - y);
      assert.deepEqual(
        seen,
        raw.map((_, index) => index),
      );
      for (const group of groups)
        assert.deepEqual(
          group,
          [...group].sort((x, y) => x - y),
        );
      assert.deepEqual(
        groups.map((group) => group[0]),
        groups.map((group) => group[0]).sort((x, y) => x - y),
      );
    }),
    { numRuns: 40, seed: 20261123 },
  );
});

test('an ASCII text has the same terms read on the ASCII fast path as on the Unicode path', () => {
  // A trailing accented letter sends the text down the Unicode path and adds no term (one letter).
  const piece = fc.constantFrom(
    ..."Single Sign-On,log in,sign-on,e-mail,opted out,read only,text message,client libraries,2FA,two-factor,multi factor,customer's,we've,o'reilly,webhook,retries,API,v2,OAuth2,\"quoted\",(brackets),a,I,x86_64,-,has_more,DATABASE_URL,__init__,a__b,x_,_y,customer's_id".split(
      ',',
    ),
  );
  fc.assert(
    fc.property(fc.array(fc.oneof(piece, fc.string({ unit: 'grapheme-ascii', maxLength: 12 })), { maxLength: 12 }), (parts) => {
      const text = parts.join(' ');
      assert.deepEqual(terms(`${text} é`), terms(text), text);
    }),
    { numRuns: 500, seed: 20261123 },
  );
});

test('the link table agrees with a map of maps through any merges (with and without its slot maps)', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 2, max: 40 }),
      fc.array(fc.tuple(fc.nat(), fc.nat(), fc.double({ min: 0.01, max: 1, noNaN: true })), { maxLength: 300 }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 40 }),
      fc.constantFrom(2, 4, 48),
      (n, rawPairs, merges, indexAt) => {
        const model = Array.from({ length: n }, () => new Map<number, number>());
        const pairs = new PairList();
        for (const [x, y, sum] of rawPairs) {
          const [i, j] = [Math.min(x % n, y % n), Math.max(x % n, y % n)];
          if (i === j || model[i].has(j)) continue;
          pairs.add(i, j, sum);
          model[i].set(j, sum);
          model[j].set(i, sum);
        }
        const table = new LinkTable(n, pairs, indexAt);
        const alive = new Set(model.keys());
        const read = (c: number) => {
          const links = new Map<number, number>();
          table.forEach(c, (d, sum) => links.set(d, sum));
          return links;
        };
        for (const [x, y] of merges) {
          const live = [...alive];
          const [a, b] = [live[x % live.length], live[y % live.length]];
          if (a === b) continue;
          const visited = new Map<number, [number, boolean]>();
          table.merge(a, b, (d, merged, shared) => visited.set(d, [merged, shared]));
          // The model: b's links move to a, summed where a had them.
          const expected = new Map<number, [number, boolean]>();
          for (const [d, sum] of model[b]) {
            if (d === a) continue;
            const had = model[a].get(d);
            const merged = (had ?? 0) + sum;
            expected.set(d, [merged, had !== undefined]);
            model[a].set(d, merged);
            model[d].delete(b);
            model[d].set(a, merged);
          }
          model[a].delete(b);
          model[b].clear();
          alive.delete(b);
          assert.deepEqual(visited, expected);
          for (const c of alive) {
            assert.deepEqual(read(c), model[c], `links of ${c} after merging ${b} into ${a}`);
            assert.equal(table.degree[c], model[c].size);
          }
        }
      },
    ),
    { numRuns: 300, seed: 20261123 },
  );
});

test('the vocabulary counts the stems that terms() reads, through its word table as it grows', () => {
  // Many distinct words (the table starts with room for 2,048) and texts that repeat them.
  const word = fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/);
  fc.assert(
    fc.property(
      fc.array(fc.array(fc.oneof(word, fc.constantFrom("customer's", 'Sign-In', 'E-mail', 'the', 'A', '42')), { maxLength: 40 }), {
        minLength: 1,
        maxLength: 200,
      }),
      (texts) => {
        const vocabulary = new Vocabulary();
        const names = () => new Map([...vocabulary.ids].map(([stem, id]) => [id, stem]));
        for (const parts of texts) {
          const text = parts.join(' ');
          const counted = vocabulary.count(text);
          const byName = names();
          const expected = new Map<string, number>();
          const stems = terms(text).map((term) => term.stem);
          for (const stem of stems) expected.set(stem, (expected.get(stem) ?? 0) + 1);
          const got = new Map([...counted.ids].map((id, k) => [byName.get(id)!, counted.counts[k]]));
          assert.deepEqual(got, expected, text);
          assert.equal(counted.length, stems.length);
        }
      },
    ),
    { numRuns: 60, seed: 20261123 },
  );
});
