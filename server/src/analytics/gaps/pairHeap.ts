import { grown } from './linkTable';

/**
 * A binary max-heap of scored pairs of groups for the clustering's merge loop. Entries are held in
 * typed arrays, not objects: the loop pushes and pops hundreds of thousands of them, and compact
 * arrays keep that work in the cache and out of the garbage collector.
 *
 * Order: higher score first; at the same score a bound (an entry whose score only bounds its owner's
 * best, to be rescanned) before an exact one, then the pair with the lower indexes. The order is total,
 * so the result never depends on the order of pushes.
 */
export class PairHeap {
  private score = new Float64Array(1024);
  private low = new Int32Array(1024);
  private high = new Int32Array(1024);
  private owners = new Int32Array(1024);
  private versions = new Uint32Array(1024);
  private bounds = new Uint8Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** The top entry's fields; only while the heap is not empty. */
  get topScore(): number {
    return this.score[0];
  }
  get topOwner(): number {
    return this.owners[0];
  }
  get topOther(): number {
    return this.owners[0] === this.low[0] ? this.high[0] : this.low[0];
  }
  get topVersion(): number {
    return this.versions[0];
  }

  push(owner: number, other: number, score: number, version: number, bound: boolean): void {
    if (this.count === this.score.length) this.grow();
    const low = Math.min(owner, other);
    const high = Math.max(owner, other);
    const flag = bound ? 1 : 0;
    let i = this.count++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.ahead(score, flag, low, high, parent)) break;
      this.move(parent, i);
      i = parent;
    }
    this.put(i, score, low, high, owner, version, flag);
  }

  /** Removes the top entry. */
  pop(): void {
    const last = --this.count;
    if (last === 0) return;
    const score = this.score[last];
    const low = this.low[last];
    const high = this.high[last];
    const owner = this.owners[last];
    const version = this.versions[last];
    const flag = this.bounds[last];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      const right = child + 1;
      if (right < last && this.ahead(this.score[right], this.bounds[right], this.low[right], this.high[right], child)) child++;
      if (!comesFirst(this.score[child], this.bounds[child], this.low[child], this.high[child], score, flag, low, high)) break;
      this.move(child, i);
      i = child;
    }
    this.put(i, score, low, high, owner, version, flag);
  }

  /** True when the given entry comes before the entry at `at`. */
  private ahead(score: number, bound: number, low: number, high: number, at: number): boolean {
    return comesFirst(score, bound, low, high, this.score[at], this.bounds[at], this.low[at], this.high[at]);
  }

  private move(from: number, to: number): void {
    this.put(to, this.score[from], this.low[from], this.high[from], this.owners[from], this.versions[from], this.bounds[from]);
  }

  private put(at: number, score: number, low: number, high: number, owner: number, version: number, bound: number): void {
    this.score[at] = score;
    this.low[at] = low;
    this.high[at] = high;
    this.owners[at] = owner;
    this.versions[at] = version;
    this.bounds[at] = bound;
  }

  private grow(): void {
    const length = this.score.length * 2;
    this.score = grown(this.score, length);
    this.low = grown(this.low, length);
    this.high = grown(this.high, length);
    this.owners = grown(this.owners, length);
    this.versions = grown(this.versions, length);
    this.bounds = grown(this.bounds, length);
  }
}

function comesFirst(
  score: number,
  bound: number,
  low: number,
  high: number,
  otherScore: number,
  otherBound: number,
  otherLow: number,
  otherHigh: number,
): boolean {
  if (score !== otherScore) return score > otherScore;
  if (bound !== otherBound) return bound > otherBound;
  return low < otherLow || (low === otherLow && high < otherHigh);
}
