/**
 * A count and its noun, as English says it: `1 page`, `2 pages`, `0 errors`, `1,204 conversations`.
 * `plural` is given where adding `s` is wrong (`1 page or snippet file`, `2 page or snippet files` is
 * right; `1 entry`, `2 entries` needs it). Every message that counts goes through this one helper.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${thousands(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * An integer with commas between thousands, as `toLocaleString('en-US')` writes it (`1,204`), without
 * loading the locale data, which costs a command-line run about 12 ms on its first call. Other numbers
 * go to `toLocaleString`.
 */
export function thousands(count: number): string {
  if (!Number.isSafeInteger(count) || Object.is(count, -0)) return count.toLocaleString('en-US');
  const digits = String(Math.abs(count));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return count < 0 ? `-${grouped}` : grouped;
}

/** Bytes for a message: `1.0 MB`, `0.25 MB`. */
export function megabytes(bytes: number): string {
  const value = bytes / 1024 / 1024;
  return `${value >= 1 ? value.toFixed(1) : value.toFixed(2)} MB`;
}
