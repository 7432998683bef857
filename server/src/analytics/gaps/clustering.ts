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
  const links = nearestLinks(inputs);
  const n = inputs.length;
  const size = inputs.map((input) => input.weight);
  const members: number[][] = inputs.map((_, index) => [index]);
  const alive = inputs.map(() => true);
  // Each group's most alike neighbour, scored at the neighbour's size then. The heap holds one entry
  // per group and change. A neighbour that grew since only lowers that score (its links' sum is the same,
  // its size larger), so the entry still bounds the group's best from above: it is looked at again
  // when it comes out on top, and every other entry stays exact.
  const bestTo = new Int32Array(n).fill(-1);
  const bestScore = new Float64Array(n);
  const bestSize = new Float64Array(n);
  const version = new Uint32Array(n);
  const heap = new PairHeap();
  const score = (a: number, b: number, sum: number) => sum / (size[a] * size[b]);
  const setBest = (c: number, to: number, value: number) => {
    bestTo[c] = to;
    bestScore[c] = value;
    bestSize[c] = to >= 0 ? size[to] : 0;
    version[c]++;
    if (to >= 0 && value >= threshold) heap.push(pairOf(c, to, value, version[c]));
  };
  const findBest = (c: number) => {
    let to = -1;
    let value = 0;
    for (const [d, sum] of links[c]) {
      const alike = score(c, d, sum);
      if (to < 0 || ahead(alike, c, d, value, c, to)) {
        to = d;
        value = alike;
      }
    }
    setBest(c, to, value);
  };
  for (let c = 0; c < n; c++) findBest(c);
  for (;;) {
    const top = heap.pop();
    if (!top || top.score < threshold) break;
    const c = top.owner;
    if (!alive[c] || top.version !== version[c]) continue;
    const other = top.a === c ? top.b : top.a;
    if (size[other] !== bestSize[c]) {
      findBest(c);
      continue;
    }
    const { a, b } = top;
    // Merge b into a: b's links move to a.
    alive[b] = false;
    members[a] = members[a].concat(members[b]);
    members[b] = [];
    size[a] += size[b];
    const grown: number[] = [];
    for (const [d, sum] of links[b]) {
      if (d === a) continue;
      const merged = (links[a].get(d) ?? 0) + sum;
      links[a].set(d, merged);
      links[d].delete(b);
      links[d].set(a, merged);
      grown.push(d);
    }
    links[a].delete(b);
    links[b] = new Map();
    setBest(b, -1, 0);
    findBest(a);
    // b's neighbours: their link to a grew, and their best may have been b.
    for (const d of grown) {
      if (bestTo[d] === a || bestTo[d] === b) findBest(d);
      else {
        const value = score(d, a, links[d].get(a)!);
        if (bestTo[d] < 0 || ahead(value, d, a, bestScore[d], d, bestTo[d])) setBest(d, a, value);
      }
    }
  }
  return members
    .filter((list, index) => alive[index] && list.length)
    .map((list) => list.sort((x, y) => x - y))
    .sort((x, y) => x[0] - y[0]);
}

/**
 * For each input, the summed weighted similarity to its closest inputs (those sharing a term, at most
 * {@link NEIGHBOURS} per input, kept both ways). Terms are numbered and their postings held in typed
 * arrays: the loop that accumulates dot products touches no Map.
 */
function nearestLinks(inputs: readonly ClusterInput[]): Map<number, number>[] {
  const n = inputs.length;
  const ids = new Map<string, number>();
  const termsOf: Int32Array[] = [];
  const weightsOf: Float64Array[] = [];
  const lists: { docs: number[]; weights: number[] }[] = [];
  /** For each input and each of its terms, its place in that term's postings. */
  const placeOf: Int32Array[] = [];
  inputs.forEach((input, index) => {
    const terms = new Int32Array(input.vector.size);
    const weights = new Float64Array(input.vector.size);
    const places = new Int32Array(input.vector.size);
    let k = 0;
    for (const [term, weight] of input.vector) {
      let id = ids.get(term);
      if (id === undefined) {
        ids.set(term, (id = lists.length));
        lists.push({ docs: [], weights: [] });
      }
      terms[k] = id;
      weights[k] = weight;
      places[k] = lists[id].docs.push(index) - 1;
      lists[id].weights.push(weight);
      k++;
    }
    termsOf.push(terms);
    weightsOf.push(weights);
    placeOf.push(places);
  });
  const postings = lists.map((list) => ({ docs: Int32Array.from(list.docs), weights: Float64Array.from(list.weights) }));
  const commonLimit = Math.max(100, n * COMMON_TERM_SHARE);
  const links: Map<number, number>[] = inputs.map(() => new Map());
  const dot = new Float64Array(n);
  const shared = new Uint16Array(n);
  const touched: number[] = [];
  const near: number[] = [];
  const alike = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // Dot products with every later input sharing a term, accumulated term by term.
    const terms = termsOf[i];
    for (let k = 0; k < terms.length; k++) {
      const { docs, weights } = postings[terms[k]];
      if (docs.length > commonLimit) continue;
      const weight = weightsOf[i][k];
      for (let p = placeOf[i][k] + 1; p < docs.length; p++) {
        const j = docs[p];
        if (shared[j] === 0) touched.push(j);
        shared[j]++;
        dot[j] += weight * weights[p];
      }
    }
    for (const j of touched) {
      alike[j] = shared[j] === 1 ? dot[j] * SINGLE_SHARED : dot[j];
      if (alike[j] >= MIN_PAIR) near.push(j);
      dot[j] = 0;
      shared[j] = 0;
    }
    touched.length = 0;
    // The closest neighbours only: enough for average linkage to find every group worth merging.
    if (near.length > NEIGHBOURS) keepClosest(near, alike, NEIGHBOURS);
    for (const j of near) {
      const sum = alike[j] * inputs[i].weight * inputs[j].weight;
      links[i].set(j, sum);
      links[j].set(i, sum);
    }
    near.length = 0;
  }
  return links;
}

/**
 * Leaves in `list` its `count` closest inputs (most alike first in the order of comparison: higher
 * similarity, then lower index), in no particular order: a selection, not a sort of every candidate.
 */
function keepClosest(list: number[], alike: Float64Array, count: number): void {
  const closer = (x: number, y: number) => alike[x] > alike[y] || (alike[x] === alike[y] && x < y);
  let low = 0;
  let high = list.length - 1;
  while (low < high) {
    const pivot = list[(low + high) >> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (closer(list[i], pivot)) i++;
      while (closer(pivot, list[j])) j--;
      if (i <= j) {
        [list[i], list[j]] = [list[j], list[i]];
        i++;
        j--;
      }
    }
    if (count - 1 <= j) high = j;
    else if (count - 1 >= i) low = i;
    else break;
  }
  list.length = count;
}

/** True when pair (a1, b1) at `s1` comes before pair (a2, b2) at `s2`: higher first, then lower indexes. */
function ahead(s1: number, a1: number, b1: number, s2: number, a2: number, b2: number): boolean {
  if (s1 !== s2) return s1 > s2;
  const x1 = Math.min(a1, b1);
  const x2 = Math.min(a2, b2);
  return x1 < x2 || (x1 === x2 && Math.max(a1, b1) < Math.max(a2, b2));
}

function pairOf(owner: number, other: number, score: number, version: number): Pair {
  return { a: Math.min(owner, other), b: Math.max(owner, other), owner, score, version };
}

interface Pair {
  a: number;
  b: number;
  /** The group whose best neighbour this is: the entry is stale once that group's best changes. */
  owner: number;
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
