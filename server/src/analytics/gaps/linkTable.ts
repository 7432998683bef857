/**
 * The links between groups while they merge: for each group, its neighbours and the summed similarity
 * to each, in typed arrays. Every link is held on both sides, and each side knows the other's slot
 * (its twin), as in a half-edge structure.
 *
 * Merging touches the neighbours of the smaller group at random places in memory, and that is what
 * costs. So a neighbour's side is updated in place, found through the twin without a search: the slot
 * of the group that merged away is renamed to the survivor (the sum is the same) or, when the neighbour
 * already had a link to the survivor, added into that slot and emptied. Groups with many links also
 * keep a map from neighbour to slot, so the survivor finds its own slot without a scan.
 */

/** A group with more slots than this keeps a map from neighbour to slot. */
const INDEX_AT = 48;

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
  /** For each slot, the slot of the same link in the neighbour's arrays. */
  private readonly twins: Int32Array[];
  /** Slots in use, emptied ones included. */
  private readonly used: Int32Array;
  /** Live links. */
  readonly degree: Int32Array;
  private readonly index: (Map<number, number> | undefined)[];

  /** Each input's links, both ways: the pairs grouped by input (a counting sort), as views of shared buffers. */
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
    const twin = new Int32Array(2 * pairs.count);
    for (let p = 0; p < pairs.count; p++) {
      const i = pairs.first[p];
      const j = pairs.second[p];
      const si = at[i]++;
      const sj = at[j]++;
      other[si] = j;
      other[sj] = i;
      sum[si] = sum[sj] = pairs.sums[p];
      twin[si] = sj - start[j];
      twin[sj] = si - start[i];
    }
    this.neighbours = new Array(n);
    this.sums = new Array(n);
    this.twins = new Array(n);
    this.used = new Int32Array(n);
    this.degree = new Int32Array(n);
    this.index = new Array(n).fill(undefined);
    for (let i = 0; i < n; i++) {
      this.neighbours[i] = other.subarray(start[i], start[i + 1]);
      this.sums[i] = sum.subarray(start[i], start[i + 1]);
      this.twins[i] = twin.subarray(start[i], start[i + 1]);
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
    for (let s = 0; s < used; s++) if (neighbours[s] >= 0) visit(neighbours[s], sums[s]);
    if (used - this.degree[c] > used / 2) this.compact(c);
  }

  /** Any one neighbour of c, or -1. */
  anyNeighbour(c: number): number {
    const neighbours = this.neighbours[c];
    for (let s = 0; s < this.used[c]; s++) if (neighbours[s] >= 0) return neighbours[s];
    return -1;
  }

  /**
   * Moves b's links to a and forgets b. For each neighbour d of b (but a), `visit` gets a's new sum
   * with d and whether a was linked to d before.
   */
  merge(a: number, b: number, visit: (d: number, merged: number, shared: boolean) => void): void {
    const neighbours = this.neighbours[b];
    const sums = this.sums[b];
    const twins = this.twins[b];
    const used = this.used[b];
    for (let s = 0; s < used; s++) {
      const d = neighbours[s];
      if (d < 0) continue;
      const toB = twins[s];
      if (d === a) {
        this.empty(a, toB);
        continue;
      }
      const sum = sums[s];
      const aToD = this.slotOf(a, d);
      if (aToD >= 0) {
        const merged = this.sums[a][aToD] + sum;
        this.sums[a][aToD] = merged;
        this.sums[d][this.twins[a][aToD]] = merged;
        this.empty(d, toB);
        visit(d, merged, true);
      } else {
        // d's slot for b becomes its slot for a, with the same sum.
        this.neighbours[d][toB] = a;
        this.index[d]?.set(a, toB);
        this.twins[d][toB] = this.append(a, d, sum, toB);
        visit(d, sum, false);
      }
    }
    this.neighbours[b] = new Int32Array(0);
    this.sums[b] = new Float64Array(0);
    this.twins[b] = new Int32Array(0);
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
   * Empties a slot: only ever one of the group that merged away, which nobody looks up again, so its
   * entry in the slot map may stay (deleting it cost more than anything else here) until compaction.
   * The slot keeps the neighbour as ~d (negative), for compaction to delete that entry.
   */
  private empty(c: number, slot: number): void {
    this.neighbours[c][slot] = ~this.neighbours[c][slot];
    this.degree[c]--;
  }

  /** Adds a link of c to d, whose twin is d's slot `twin`; returns its slot. */
  private append(c: number, d: number, sum: number, twin: number): number {
    let used = this.used[c];
    if (used === this.neighbours[c].length) {
      if (used - this.degree[c] > used / 2) {
        this.compact(c);
        used = this.used[c];
      }
      if (used === this.neighbours[c].length) {
        const length = Math.max(8, used * 2);
        this.neighbours[c] = grown(this.neighbours[c], length);
        this.sums[c] = grown(this.sums[c], length);
        this.twins[c] = grown(this.twins[c], length);
      }
    }
    this.neighbours[c][used] = d;
    this.sums[c][used] = sum;
    this.twins[c][used] = twin;
    this.used[c] = used + 1;
    this.degree[c]++;
    if (this.index[c]) this.index[c]!.set(d, used);
    else if (used + 1 > this.indexAt) this.reindex(c);
    return used;
  }

  /**
   * Moves c's live links to the front of its arrays, tells each neighbour its twin's new slot, and
   * brings the slot map up to date in place.
   */
  private compact(c: number): void {
    const neighbours = this.neighbours[c];
    const sums = this.sums[c];
    const twins = this.twins[c];
    const index = this.index[c];
    let kept = 0;
    for (let s = 0; s < this.used[c]; s++) {
      const d = neighbours[s];
      if (d < 0) {
        index?.delete(~d);
        continue;
      }
      if (kept !== s) {
        neighbours[kept] = d;
        sums[kept] = sums[s];
        twins[kept] = twins[s];
        this.twins[d][twins[s]] = kept;
        index?.set(d, kept);
      }
      kept++;
    }
    this.used[c] = kept;
  }

  private reindex(c: number): void {
    const index = new Map<number, number>();
    const neighbours = this.neighbours[c];
    for (let s = 0; s < this.used[c]; s++) if (neighbours[s] >= 0) index.set(neighbours[s], s);
    this.index[c] = index;
  }
}

/** A typed array of `length` holding `from`'s values (as many as fit). */
export function grown<T extends Int32Array | Uint32Array | Uint8Array | Float64Array>(from: T, length: number): T {
  const to = new (from.constructor as new (length: number) => T)(length);
  to.set(from.subarray(0, Math.min(from.length, length)));
  return to;
}
