/**
 * Appends every item of `items` to `target`. `target.push(...items)` passes each item as an argument,
 * and an array of about 120,000 items (a hostile docs.json's navigation) overflows the call stack.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The items grouped by key, in the order each key first appears (each group in the items' order). */
export function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): T[][] {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return [...groups.values()];
}

/**
 * Reads each item (`read`, up to `ahead` at once) and hands each result to `use` in the items' order.
 * Where a read waits on something slow (the browser build's files, each a round trip to the editor),
 * the reads overlap; where it does not (the disk, read synchronously), it is a plain loop.
 */
export async function readInOrder<T, R>(
  items: Iterable<T>,
  read: (item: T) => Promise<R>,
  use: (item: T, result: R) => void,
  ahead: number,
): Promise<void> {
  const next = items[Symbol.iterator]();
  const queue: [T, Promise<R>][] = [];
  // Refilled once half has been used, so that the reads go out in groups (a request can carry several).
  const fill = () => {
    if (queue.length > ahead / 2) return;
    while (queue.length < ahead) {
      const item = next.next();
      if (item.done) return;
      const result = read(item.value);
      result.catch(() => undefined); // awaited in turn below
      queue.push([item.value, result]);
    }
  };
  fill();
  while (queue.length) {
    const [item, result] = queue.shift()!;
    use(item, await result);
    fill();
  }
}
