/**
 * A count and its noun, as English says it: `1 page`, `2 pages`, `0 errors`, `1,204 conversations`.
 * `plural` is given where adding `s` is wrong (`1 page or snippet file`, `2 page or snippet files` is
 * right; `1 entry`, `2 entries` needs it). Every message that counts goes through this one helper.
 */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : pluralForm}`;
}
