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
