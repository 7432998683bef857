/**
 * The page ids navigation lists. Built on first use (a docs.json diagnostic needs none of it; pages
 * and completion do); an edit of entries changes it in place, with counts (built on the first such
 * edit) saying whether another entry still lists a page.
 */
export class ListedPages {
  private ids: Set<string> | undefined;
  private counts: Map<string, number> | undefined;
  /** Goes up with every change, so what is derived from the set can be kept until then. */
  version = 0;

  /** `entries` gives the listed id of every entry, as navigation has them when it is called. */
  constructor(private readonly entries: () => Iterable<string>) {}

  private set(): Set<string> {
    return (this.ids ??= new Set(this.entries()));
  }

  has(id: string): boolean {
    return this.set().has(id);
  }

  get size(): number {
    return this.set().size;
  }

  /** One entry now lists `newId` instead of `oldId`. Call it before the entry changes. */
  replace(oldId: string, newId: string): void {
    if (oldId === newId) return;
    this.remove(oldId);
    this.add(newId);
  }

  /** An entry listing `id` is added. Call it before navigation has the entry. */
  add(id: string): void {
    const ids = this.set();
    const counts = this.counted();
    this.version++;
    counts.set(id, (counts.get(id) ?? 0) + 1);
    ids.add(id);
  }

  /** An entry listing `id` goes. Call it before navigation loses the entry. */
  remove(id: string): void {
    const ids = this.set();
    const counts = this.counted();
    this.version++;
    const left = (counts.get(id) ?? 1) - 1;
    if (left > 0) counts.set(id, left);
    else {
      counts.delete(id);
      ids.delete(id);
    }
  }

  private counted(): Map<string, number> {
    return (this.counts ??= countOf(this.entries()));
  }
}

function countOf(ids: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}
