/**
 * Average-linkage agglomerative clustering of sparse unit vectors: the two groups whose questions are
 * most alike on average merge first, until no two groups are alike above the threshold. Average
 * linkage does not chain (one shared word between two groups is not enough), and needs no number of
 * clusters. Similarities are computed only between vectors that share a term, through an inverted
 * index, so the cost follows the pairs that can merge rather than every pair.
 */

export type Vector = ReadonlyMap<string, number>;

export interface ClusterInput {
  vector: Vector;
  /** How many questions this vector stands for (identical questions are one input). */
  weight: number;
}

/** Terms shared by more than this share of the inputs do not make pairs (their weight is low anyway). */
const COMMON_TERM_SHARE = 0.05;
/** Each input keeps links to this many of its closest later inputs at most: memory and time stay linear. */
const NEIGHBOURS = 40;
/** Pairs below this similarity are not kept: they cannot lift an average above any useful threshold. */
const MIN_PAIR = 0.05;

export function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, weight] of small) {
    const other = large.get(term);
    if (other) dot += weight * other;
  }
  return dot;
}

/**
 * Two questions sharing a single word count this much of their cosine. Short questions that share one
 * word ("verify a webhook signature", "replay a webhook delivery") have a high cosine but are rarely
 * one need; two shared words are strong evidence.
 */
const SINGLE_SHARED = 0.5;

/** Groups of input indexes, each sorted, in order of their first input. */
export function clusterVectors(inputs: readonly ClusterInput[], threshold: number): number[][] {
  const n = inputs.length;
  const postings = new Map<string, number[]>();
  inputs.forEach((input, index) => {
    for (const term of input.vector.keys()) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push(index);
    }
  });
  const commonLimit = Math.max(100, n * COMMON_TERM_SHARE);
  // links[i]: neighbour cluster → summed weighted similarity between the two clusters.
  const links: Map<number, number>[] = inputs.map(() => new Map());
  const dot = new Float64Array(n);
  const shared = new Uint16Array(n);
  const touched: number[] = [];
  for (let i = 0; i < n; i++) {
    // Dot products with every later input sharing a term, accumulated term by term.
    for (const [term, weight] of inputs[i].vector) {
      const list = postings.get(term)!;
      if (list.length > commonLimit) continue;
      for (const j of list) {
        if (j <= i) continue;
        if (shared[j] === 0) touched.push(j);
        shared[j]++;
        dot[j] += weight * inputs[j].vector.get(term)!;
      }
    }
    // The closest neighbours only: enough for average linkage to find every group worth merging.
    const near = touched
      .map((j) => ({ j, alike: shared[j] === 1 ? dot[j] * SINGLE_SHARED : dot[j] }))
      .filter((pair) => pair.alike >= MIN_PAIR)
      .sort((a, b) => b.alike - a.alike || a.j - b.j)
      .slice(0, NEIGHBOURS);
    for (const j of touched) {
      dot[j] = 0;
      shared[j] = 0;
    }
    touched.length = 0;
    for (const { j, alike } of near) {
      const sum = alike * inputs[i].weight * inputs[j].weight;
      links[i].set(j, sum);
      links[j].set(i, sum);
    }
  }
  const size = inputs.map((input) => input.weight);
  const members: number[][] = inputs.map((_, index) => [index]);
  const alive = inputs.map(() => true);
  const heap = new PairHeap();
  for (let i = 0; i < n; i++)
    for (const [j, sum] of links[i]) if (i < j) heap.push({ a: i, b: j, score: sum / (size[i] * size[j]), version: 0 });
  const version = inputs.map(() => 0);
  const versionOf = (a: number, b: number) => version[a] + version[b];
  for (;;) {
    const top = heap.pop();
    if (!top || top.score < threshold) break;
    const { a, b } = top;
    if (!alive[a] || !alive[b] || top.version !== versionOf(a, b)) continue;
    // Merge b into a.
    alive[b] = false;
    members[a] = members[a].concat(members[b]);
    members[b] = [];
    size[a] += size[b];
    for (const [c, sum] of links[b]) {
      if (c === a) continue;
      links[a].set(c, (links[a].get(c) ?? 0) + sum);
      links[c].delete(b);
    }
    links[a].delete(b);
    links[b] = new Map();
    version[a]++;
    for (const [c, sum] of links[a]) {
      links[c].set(a, sum);
      if (alive[c]) heap.push({ a: Math.min(a, c), b: Math.max(a, c), score: sum / (size[a] * size[c]), version: versionOf(a, c) });
    }
  }
  return members
    .filter((list, index) => alive[index] && list.length)
    .map((list) => list.sort((x, y) => x - y))
    .sort((x, y) => x[0] - y[0]);
}

interface Pair {
  a: number;
  b: number;
  score: number;
  version: number;
}

/** A binary max-heap of pairs by score; ties go to the lower indexes, so the result never depends on timing. */
class PairHeap {
  private readonly items: Pair[] = [];

  push(pair: Pair): void {
    const items = this.items;
    items.push(pair);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  pop(): Pair | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0];
    const last = items.pop()!;
    if (items.length) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let best = i;
        if (left < items.length && before(items[left], items[best])) best = left;
        if (right < items.length && before(items[right], items[best])) best = right;
        if (best === i) break;
        [items[i], items[best]] = [items[best], items[i]];
        i = best;
      }
    }
    return top;
  }
}

function before(x: Pair, y: Pair): boolean {
  return x.score > y.score || (x.score === y.score && (x.a < y.a || (x.a === y.a && x.b < y.b)));
}
