/**
 * An author's corrections of the clusters, as the agglomeration reads them: inputs that must share a
 * group (they start merged) and inputs that must never share one (their groups never merge). Groups
 * are named by the input that stands for them in the agglomeration, which tells this class of every
 * merge so the two groups' pairs become one group's.
 */
export interface InputConstraints {
  /** Pairs of input indexes that must share a group. */
  mustLink: readonly (readonly [number, number])[];
  /** Pairs of input indexes that must not. A pair whose inputs must share a group (through other pairs) is left out. */
  cannotLink: readonly (readonly [number, number])[];
}

export class GroupConstraints {
  /** For each group with a cannot-link, the groups it may never merge with. */
  private readonly apart = new Map<number, Set<number>>();

  /** The cannot-link pairs dropped because must-links put their inputs in one group. */
  readonly conflicts: (readonly [number, number])[] = [];

  /**
   * @param groupOf where each input is once the must-links are merged (the caller merges them first).
   */
  constructor(constraints: InputConstraints, groupOf: (input: number) => number) {
    for (const [x, y] of constraints.cannotLink) {
      const a = groupOf(x);
      const b = groupOf(y);
      if (a === b) this.conflicts.push([x, y]);
      else {
        this.setOf(a).add(b);
        this.setOf(b).add(a);
      }
    }
  }

  get any(): boolean {
    return this.apart.size > 0;
  }

  /** Groups a and b may never merge. */
  forbidden(a: number, b: number): boolean {
    return this.apart.get(a)?.has(b) ?? false;
  }

  /** Group b has merged into group a: every group b was kept apart from is now kept apart from a. */
  merged(a: number, b: number): void {
    const kept = this.apart.get(b);
    if (!kept) return;
    this.apart.delete(b);
    const into = this.setOf(a);
    for (const other of kept) {
      const back = this.apart.get(other)!;
      back.delete(b);
      back.add(a);
      into.add(other);
    }
  }

  private setOf(group: number): Set<number> {
    let set = this.apart.get(group);
    if (!set) this.apart.set(group, (set = new Set()));
    return set;
  }
}
