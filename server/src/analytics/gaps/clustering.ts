/**
 * Average-linkage agglomerative clustering of sparse unit vectors: the two groups whose questions are
 * most alike on average merge first, until no two groups are alike above the threshold. Average
 * linkage does not chain (one shared word between two groups is not enough), and needs no number of
 * clusters. Similarities are computed only between vectors that share a term, through an inverted
 * index, so the cost follows the pairs that can merge rather than every pair.
 */

import { centred, DENSE_WEIGHT, denseNeighbours } from './denseLinks';
import { GroupConstraints, type InputConstraints } from './groupConstraints';
import { LinkTable, PairList } from './linkTable';
import { PairHeap } from './pairHeap';

export type Vector = ReadonlyMap<string, number>;

export interface ClusterInput {
  /** Positive weights (a unit vector for cosine similarity). */
  vector: Vector;
  /**
   * More of the input, beside its words: these add to the similarity like the vector's terms, but two
   * inputs that share one word and context still share a single word ({@link SINGLE_SHARED}).
   */
  context?: Vector;
  /** How many questions this vector stands for (identical questions are one input). */
  weight: number;
  /** The question's sentence embedding, from a model the user runs (opt-in; all inputs have one, or none). */
  dense?: Float32Array;
}

/** Terms shared by more than this share of the inputs do not make pairs (their weight is low anyway). */
const COMMON_TERM_SHARE = 0.05;
/** Each input keeps links to this many of its closest later inputs at most: memory and time stay linear. */
export const NEIGHBOURS = 40;
/** Pairs below this similarity are not kept: they cannot lift an average above any useful threshold. */
export const MIN_PAIR = 0.05;

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
export const SINGLE_SHARED = 0.5;

/**
 * Groups of input indexes, each sorted, in order of their first input. With constraints (an author's
 * corrections), must-linked inputs start in one group and cannot-linked ones never share one.
 */
export function clusterVectors(inputs: readonly ClusterInput[], threshold: number, constraints?: InputConstraints): number[][] {
  return new AverageLinkage(inputs, threshold, constraints).run();
}

/**
 * Average-linkage agglomeration over the inputs' nearest links: the two groups whose average link is
 * highest merge, until none reaches the threshold.
 *
 * Each group's most alike neighbour, and its score, are recorded. The heap holds one live entry per
 * group, whose score is never below the group's best link: exact when its neighbour's size is the one
 * recorded, an upper bound otherwise. A neighbour that grew since only lowers that score (its links'
 * sum is the same, its size larger); a group that merged records a bound (bestSize -1) rather than
 * scanning its links at once. A bound is scanned when it comes out on top, so a group whose links
 * change many times before then is scanned once; exact entries merge.
 */
class AverageLinkage {
  private readonly n: number;
  private readonly links: LinkTable;
  private readonly size: Float64Array;
  /** Each group's members as a linked list: next[m] follows m (-1 ends it), tail[c] is c's last member. */
  private readonly next: Int32Array;
  private readonly tail: Int32Array;
  private readonly alive: boolean[];
  private readonly bestTo: Int32Array;
  private readonly bestScore: Float64Array;
  private readonly bestSize: Float64Array;
  private readonly version: Uint32Array;
  private readonly heap = new PairHeap();
  /** The group each input has merged into, through `find` (a union-find over the merges). */
  private readonly parent: Int32Array;
  private apart: GroupConstraints | undefined;

  constructor(
    inputs: readonly ClusterInput[],
    private readonly threshold: number,
    private readonly constraints?: InputConstraints,
  ) {
    this.links = nearestLinks(inputs);
    this.n = inputs.length;
    this.size = Float64Array.from(inputs, (input) => input.weight);
    this.next = new Int32Array(this.n).fill(-1);
    this.tail = Int32Array.from(inputs, (_, index) => index);
    this.alive = inputs.map(() => true);
    this.bestTo = new Int32Array(this.n).fill(-1);
    this.bestScore = new Float64Array(this.n);
    this.bestSize = new Float64Array(this.n);
    this.version = new Uint32Array(this.n);
    this.parent = Int32Array.from(inputs, (_, index) => index);
  }

  private find(x: number): number {
    const parent = this.parent;
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  }

  /** Must-linked inputs merge before anything else; then the pairs kept apart are known by group. */
  private applyConstraints(): void {
    const { constraints } = this;
    if (!constraints) return;
    for (const [x, y] of constraints.mustLink) {
      const a = this.find(x);
      const b = this.find(y);
      if (a !== b) this.merge(a, b);
    }
    const apart = new GroupConstraints(constraints, (input) => this.find(input));
    if (apart.any) this.apart = apart;
    // Bests found before the groups were kept apart may be forbidden now: found again, skipping them.
    if (this.apart)
      for (let c = 0; c < this.n; c++)
        if (this.alive[c] && this.bestTo[c] >= 0 && this.apart.forbidden(c, this.bestTo[c])) this.findBest(c);
  }

  private forbidden(c: number, d: number): boolean {
    return this.apart !== undefined && this.apart.forbidden(c, d);
  }

  run(): number[][] {
    const { heap, version, alive, size, bestSize } = this;
    for (let c = 0; c < this.n; c++) this.findBest(c);
    this.applyConstraints();
    for (;;) {
      if (heap.size === 0 || heap.topScore < this.threshold) break;
      const c = heap.topOwner;
      const other = heap.topOther;
      const current = heap.topVersion === version[c];
      heap.pop();
      if (!alive[c] || !current) continue;
      if (size[other] !== bestSize[c] || this.forbidden(c, other)) this.findBest(c);
      else this.merge(c, other);
    }
    return this.groups();
  }

  private setBest(c: number, to: number, value: number, exact = true): void {
    this.bestTo[c] = to;
    this.bestScore[c] = value;
    this.bestSize[c] = to >= 0 && exact ? this.size[to] : -1;
    this.version[c]++;
    if (to >= 0 && value >= this.threshold) this.heap.push(c, to, value, this.version[c], !exact);
  }

  private findBest(c: number): void {
    let to = -1;
    let value = 0;
    const sizeC = this.size[c];
    this.links.forEach(c, (d, sum) => {
      if (this.forbidden(c, d)) return;
      const alike = sum / (sizeC * this.size[d]);
      if (to < 0 || ahead(alike, c, d, value, c, to)) {
        to = d;
        value = alike;
      }
    });
    this.setBest(c, to, value);
  }

  /**
   * c's link to `to` is now `value`, and each other link of c is at most c's recorded best. The new
   * link is c's exact best when the recorded best, if exact, does not come before it, or, if a bound,
   * is strictly below it; otherwise the recorded score stays, as a bound.
   */
  private raise(c: number, to: number, value: number): void {
    const { bestTo, bestScore, bestSize } = this;
    const best = bestTo[c] < 0 || (bestSize[c] >= 0 ? !ahead(bestScore[c], c, bestTo[c], value, c, to) : value > bestScore[c]);
    if (best) this.setBest(c, to, value);
    else this.setBest(c, to, bestScore[c], false);
  }

  /** Merges two groups: the one with fewer links into the other (each link moves O(log n) times at most). */
  private merge(c: number, other: number): void {
    const { size, next, tail, alive, bestTo, bestScore } = this;
    const degree = this.links.degree;
    const [a, b] = degree[c] >= degree[other] ? [c, other] : [other, c];
    const oldSize = size[a];
    const oldBest = bestScore[a];
    alive[b] = false;
    this.parent[b] = a;
    this.apart?.merged(a, b);
    next[tail[a]] = b;
    tail[a] = tail[b];
    size[a] += size[b];
    const unchanged = degree[a] - 1;
    let to = -1;
    let value = 0;
    let shared = 0;
    this.links.merge(a, b, (d, merged, linked) => {
      if (linked) shared++;
      const wasBest = bestTo[d] === a || bestTo[d] === b;
      if (this.forbidden(a, d)) {
        // Kept apart from the merged group: d's best, if it was a or b, is now a bound it finds again.
        if (wasBest) this.setBest(d, a, bestScore[d], false);
        return;
      }
      // The same for a and for d (the product of sizes commutes exactly).
      const alike = merged / (size[a] * size[d]);
      if (to < 0 || ahead(alike, a, d, value, a, to)) {
        to = d;
        value = alike;
      }
      // d's link to a grew, and its best may have been b: its best is the new link or a bound.
      if (wasBest || bestTo[d] < 0 || ahead(alike, d, a, bestScore[d], d, bestTo[d])) this.raise(d, a, alike);
    });
    this.setBest(b, -1, 0);
    // a's links that b did not share only fell (a grew): a's old best, scaled, bounds them.
    const bound = ((oldBest * oldSize) / size[a]) * (1 + 1e-12);
    if (unchanged === shared || (to >= 0 && value > bound)) this.setBest(a, to, value);
    else this.setBest(a, to >= 0 ? to : this.links.anyNeighbour(a), bound, false);
  }

  private groups(): number[][] {
    const groups: number[][] = [];
    for (let c = 0; c < this.n; c++) {
      if (!this.alive[c]) continue;
      const list: number[] = [];
      for (let m = c; m >= 0; m = this.next[m]) list.push(m);
      groups.push(list.sort((x, y) => x - y));
    }
    return groups.sort((x, y) => x[0] - y[0]);
  }
}

/**
 * For each input, the summed weighted similarity to its closest inputs (those sharing a term, at most
 * {@link NEIGHBOURS} per input, kept both ways). Terms are numbered and their postings held in typed
 * arrays: the loop that accumulates dot products touches no Map.
 */
function nearestLinks(inputs: readonly ClusterInput[]): LinkTable {
  const n = inputs.length;
  const ids = new Map<string, number>();
  const termsOf: Int32Array[] = [];
  const weightsOf: Float64Array[] = [];
  const lists: { docs: number[]; weights: number[]; word: number }[] = [];
  /** For each input and each of its terms, its place in that term's postings. */
  const placeOf: Int32Array[] = [];
  inputs.forEach((input, index) => {
    const size = input.vector.size + (input.context?.size ?? 0);
    const terms = new Int32Array(size);
    const weights = new Float64Array(size);
    const places = new Int32Array(size);
    let k = 0;
    const add = (term: string, weight: number, word: number) => {
      let id = ids.get(term);
      if (id === undefined) {
        ids.set(term, (id = lists.length));
        lists.push({ docs: [], weights: [], word });
      }
      terms[k] = id;
      weights[k] = weight;
      places[k] = lists[id].docs.push(index) - 1;
      lists[id].weights.push(weight);
      k++;
    };
    for (const [term, weight] of input.vector) add(term, weight, 1);
    // Context terms are numbered apart from words: a context key may be spelled like a word.
    if (input.context) for (const [term, weight] of input.context) add(`\u0000${term}`, weight, 0);
    termsOf.push(terms);
    weightsOf.push(weights);
    placeOf.push(places);
  });
  const postings = lists.map((list) => ({ docs: Int32Array.from(list.docs), weights: Float64Array.from(list.weights), word: list.word }));
  const commonLimit = Math.max(100, n * COMMON_TERM_SHARE);
  // The kept pairs, each once (i < j); the maps are built from them afterwards, one input at a time,
  // which is far quicker than filling thousands of maps at random.
  const pairs = new PairList();
  const dot = new Float64Array(n);
  const shared = new Uint16Array(n);
  // Scratch lists with their lengths: a JS array emptied by `length = 0` lets its store go, and
  // growing it again for each input was most of the memory this allocated.
  const touched = new Int32Array(n);
  const near = new Int32Array(n);
  const alike = new Float64Array(n);
  const dense = denseOf(inputs);
  for (let i = 0; i < n; i++) {
    // Dot products with every later input sharing a term, accumulated term by term.
    const terms = termsOf[i];
    let touches = 0;
    for (let k = 0; k < terms.length; k++) {
      const { docs, weights, word } = postings[terms[k]];
      if (docs.length > commonLimit) continue;
      const weight = weightsOf[i][k];
      for (let p = placeOf[i][k] + 1; p < docs.length; p++) {
        const j = docs[p];
        if (dot[j] === 0) touched[touches++] = j;
        shared[j] += word;
        dot[j] += weight * weights[p];
      }
    }
    let nears = 0;
    if (dense) {
      // The embeddings' closest inputs are candidates too, sharing a word or not.
      for (const j of dense[i].keys()) if (j > i && dot[j] === 0) touched[touches++] = j;
    }
    for (let t = 0; t < touches; t++) {
      const j = touched[t];
      alike[j] = shared[j] === 1 ? dot[j] * SINGLE_SHARED : dot[j];
      if (dense) alike[j] = (1 - DENSE_WEIGHT) * alike[j] + DENSE_WEIGHT * Math.max(0, dense[i].get(j) ?? 0);
      if (alike[j] >= MIN_PAIR) near[nears++] = j;
      dot[j] = 0;
      shared[j] = 0;
    }
    // The closest neighbours only: enough for average linkage to find every group worth merging.
    if (nears > NEIGHBOURS) nears = keepClosest(near, nears, alike, NEIGHBOURS);
    for (let t = 0; t < nears; t++) pairs.add(i, near[t], alike[near[t]] * inputs[i].weight * inputs[near[t]].weight);
  }
  return new LinkTable(n, pairs);
}

/**
 * The embeddings' closest inputs of each input, both ways (j is i's when i is among j's closest too),
 * or undefined when the inputs have no embeddings.
 */
function denseOf(inputs: readonly ClusterInput[]): Map<number, number>[] | undefined {
  if (!inputs.length || !inputs.every((input) => input.dense && input.dense.length === inputs[0].dense!.length)) return undefined;
  const near = denseNeighbours(centred(inputs.map((input) => input.dense!)), NEIGHBOURS, MIN_PAIR / DENSE_WEIGHT);
  near.forEach((list, i) => list.forEach((score, j) => near[j].set(i, score)));
  return near;
}

/**
 * Leaves in the first `length` of `list` its `count` closest inputs (most alike first in the order of
 * comparison: higher similarity, then lower index), in no particular order: a selection, not a sort of
 * every candidate. Returns `count`.
 */
function keepClosest(list: Int32Array, length: number, alike: Float64Array, count: number): number {
  const closer = (x: number, y: number) => alike[x] > alike[y] || (alike[x] === alike[y] && x < y);
  let low = 0;
  let high = length - 1;
  while (low < high) {
    const pivot = list[(low + high) >> 1];
    let i = low;
    let j = high;
    while (i <= j) {
      while (closer(list[i], pivot)) i++;
      while (closer(pivot, list[j])) j--;
      if (i <= j) {
        const swap = list[i];
        list[i] = list[j];
        list[j] = swap;
        i++;
        j--;
      }
    }
    if (count - 1 <= j) high = j;
    else if (count - 1 >= i) low = i;
    else break;
  }
  return count;
}

/** True when pair (a1, b1) at `s1` comes before pair (a2, b2) at `s2`: higher first, then lower indexes. */
function ahead(s1: number, a1: number, b1: number, s2: number, a2: number, b2: number): boolean {
  if (s1 !== s2) return s1 > s2;
  const x1 = Math.min(a1, b1);
  const x2 = Math.min(a2, b2);
  return x1 < x2 || (x1 === x2 && Math.max(a1, b1) < Math.max(a2, b2));
}
