/**
 * The links between groups while they merge: for each group, its neighbours and the summed similarity
 * to each, in two typed arrays. Every link is held on both sides.
 *
 * Merging touches the neighbours of the smaller group at random places in memory, and that is what
 * costs. So a neighbour's side is updated in place, in its own short arrays: the slot of the group
 * that merged away is renamed to the survivor (the sum is the same) or, when the neighbour already had
 * a link to the survivor, added into that slot and emptied. Groups with many links also keep a map
 * from neighbour to slot, so the survivor finds its own slot without a scan.
 */

/** A group with more slots than this keeps a map from neighbour to slot. */
const INDEX_AT = 48;
const EMPTY = -1;

/** A growing list of scored pairs in typed arrays: the links as first found, each once. */
export class PairList {
  first = new Int32Array(4096);
  second = new Int32Array(4096);
  sums = new Float64Array(4096);
  count = 0;

  add(i: number, j: number, sum: number): void {
    if (this.count === this.first.length) {
      this.first = grown(this.first, this.count * 2);
      this.second = grown(this.second, this.count * 2);
      this.sums = grown(this.sums, this.count * 2);
    }
    this.first[this.count] = i;
    this.second[this.count] = j;
    this.sums[this.count++] = sum;
  }
}

export class LinkTable {
  private readonly neighbours: Int32Array[];
  private readonly sums: Float64Array[];
  /** Slots in use, emptied ones included. */
  private readonly used: Int32Array;
  /** Live links. */
  readonly degree: Int32Array;
  private readonly index: (Map<number, number> | undefined)[];
  /** findSlots' answer (fields, not a fresh object for each of the many calls). */
  private toB = -1;
  private toA = -1;

  /** Each input's links, both ways: the pairs grouped by input (a counting sort), as views of two buffers. */
  constructor(
    n: number,
    pairs: PairList,
    private readonly indexAt = INDEX_AT,
  ) {
    const start = new Int32Array(n + 1);
    for (let p = 0; p < pairs.count; p++) {
      start[pairs.first[p] + 1]++;
      start[pairs.second[p] + 1]++;
    }
    for (let i = 0; i < n; i++) start[i + 1] += start[i];
    const at = start.slice(0, n);
    const other = new Int32Array(2 * pairs.count);
    const sum = new Float64Array(2 * pairs.count);
    for (let p = 0; p < pairs.count; p++) {
      const i = pairs.first[p];
      const j = pairs.second[p];
      other[at[i]] = j;
      sum[at[i]++] = pairs.sums[p];
      other[at[j]] = i;
      sum[at[j]++] = pairs.sums[p];
    }
    this.neighbours = new Array(n);
    this.sums = new Array(n);
    this.used = new Int32Array(n);
    this.degree = new Int32Array(n);
    this.index = new Array(n).fill(undefined);
    for (let i = 0; i < n; i++) {
      this.neighbours[i] = other.subarray(start[i], start[i + 1]);
      this.sums[i] = sum.subarray(start[i], start[i + 1]);
      this.used[i] = this.degree[i] = start[i + 1] - start[i];
    }
  }

  /**
   * Calls `visit` for each live link of c. Slots emptied by merges are dropped here once they are
   * half of c's slots: the arrays are at hand then.
   */
  forEach(c: number, visit: (d: number, sum: number) => void): void {
    const neighbours = this.neighbours[c];
    const sums = this.sums[c];
    const used = this.used[c];
    for (let s = 0; s < used; s++) if (neighbours[s] !== EMPTY) visit(neighbours[s], sums[s]);
    if (used - this.degree[c] > used / 2) this.compact(c);
  }

  /** Any one neighbour of c, or -1. */
  anyNeighbour(c: number): number {
    const neighbours = this.neighbours[c];
    for (let s = 0; s < this.used[c]; s++) if (neighbours[s] !== EMPTY) return neighbours[s];
    return -1;
  }

  /**
   * Moves b's links to a and forgets b. For each neighbour d of b (but a), `visit` gets a's new sum
   * with d and whether a was linked to d before.
   */
  merge(a: number, b: number, visit: (d: number, merged: number, shared: boolean) => void): void {
    this.empty(a, this.slotOf(a, b));
    const neighbours = this.neighbours[b];
    const sums = this.sums[b];
    const used = this.used[b];
    for (let s = 0; s < used; s++) {
      const d = neighbours[s];
      if (d === EMPTY || d === a) continue;
      const sum = sums[s];
      // a's side first (a is the larger, so it is the one likely to have a map), then d's arrays
      // only as far as the slots needed.
      const aToD = this.slotOf(a, d);
      this.findSlots(d, b, aToD >= 0 ? a : EMPTY);
      const { toB, toA } = this;
      if (aToD >= 0) {
        const merged = this.sums[d][toA] + sum;
        this.sums[d][toA] = merged;
        this.empty(d, toB);
        this.sums[a][aToD] = merged;
        visit(d, merged, true);
      } else {
        this.rename(d, toB, b, a);
        this.append(a, d, sum);
        visit(d, sum, false);
      }
    }
    this.neighbours[b] = new Int32Array(0);
    this.sums[b] = new Float64Array(0);
    this.used[b] = this.degree[b] = 0;
    this.index[b] = undefined;
  }

  private slotOf(c: number, d: number): number {
    const index = this.index[c];
    if (index) return index.get(d) ?? -1;
    const neighbours = this.neighbours[c];
    for (let s = 0; s < this.used[c]; s++) if (neighbours[s] === d) return s;
    return -1;
  }

  /**
   * Sets toB and toA to the slots of b and of a in d's arrays, in one scan that stops once both are
   * found; a is EMPTY when d is known not to link it.
   */
  private findSlots(d: number, b: number, a: number): void {
    const index = this.index[d];
    if (index) {
      this.toB = index.get(b) ?? -1;
      this.toA = a === EMPTY ? -1 : (index.get(a) ?? -1);
      return;
    }
    let toB = -1;
    let toA = -1;
    const neighbours = this.neighbours[d];
    const used = this.used[d];
    for (let s = 0; s < used; s++) {
      const at = neighbours[s];
      if (at === b) {
        toB = s;
        if (a === EMPTY || toA >= 0) break;
      } else if (at === a) {
        toA = s;
        if (toB >= 0) break;
      }
    }
    this.toB = toB;
    this.toA = toA;
  }

  private empty(c: number, slot: number): void {
    if (slot < 0) return;
    this.index[c]?.delete(this.neighbours[c][slot]);
    this.neighbours[c][slot] = EMPTY;
    this.degree[c]--;
  }

  private rename(c: number, slot: number, from: number, to: number): void {
    this.neighbours[c][slot] = to;
    const index = this.index[c];
    if (index) {
      index.delete(from);
      index.set(to, slot);
    }
  }

  private append(c: number, d: number, sum: number): void {
    let used = this.used[c];
    if (used === this.neighbours[c].length) {
      if (used - this.degree[c] > used / 2) {
        this.compact(c);
        used = this.used[c];
      }
      if (used === this.neighbours[c].length) {
        this.neighbours[c] = grown(this.neighbours[c], Math.max(8, used * 2));
        this.sums[c] = grown(this.sums[c], Math.max(8, used * 2));
      }
    }
    this.neighbours[c][used] = d;
    this.sums[c][used] = sum;
    this.used[c] = used + 1;
    this.degree[c]++;
    if (this.index[c]) this.index[c]!.set(d, used);
    else if (used + 1 > this.indexAt) this.reindex(c);
  }

  /** Moves c's live links to the front of its arrays. */
  private compact(c: number): void {
    const neighbours = this.neighbours[c];
    const sums = this.sums[c];
    let kept = 0;
    for (let s = 0; s < this.used[c]; s++) {
      if (neighbours[s] === EMPTY) continue;
      neighbours[kept] = neighbours[s];
      sums[kept++] = sums[s];
    }
    this.used[c] = kept;
    if (this.index[c]) this.reindex(c);
  }

  private reindex(c: number): void {
    const index = new Map<number, number>();
    const neighbours = this.neighbours[c];
    for (let s = 0; s < this.used[c]; s++) if (neighbours[s] !== EMPTY) index.set(neighbours[s], s);
    this.index[c] = index;
  }
}

function grown<T extends Int32Array | Float64Array>(from: T, length: number): T {
  const to = new (from.constructor as new (length: number) => T)(length);
  to.set(from.subarray(0, Math.min(from.length, length)));
  return to;
}
