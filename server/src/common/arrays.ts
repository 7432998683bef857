/**
 * Appends every item of `items` to `target`. `target.push(...items)` passes each item as an argument,
 * and an array of about 120,000 items (a hostile docs.json's navigation) overflows the call stack.
 */
export function appendAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
