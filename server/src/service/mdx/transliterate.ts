import builtinReplacements from '#slug-replacements/transliterate';
import overridableReplacements from '#slug-replacements/slugify';

/**
 * @sindresorhus/transliterate as @sindresorhus/slugify calls it (the platform's slugger), with the
 * same result: its table of about 1,900 replacements (and slugify's `&`, `🦄`, `♥`) applied in order,
 * each to the text the ones before left, then diacritics removed. The library builds a regular
 * expression for every entry on every call (about 0.6 ms); here each call applies only the entries
 * whose first character is in the text, or was brought in by an entry applied before it.
 */
const TABLE: readonly [string, string][] = [...new Map([...builtinReplacements, ...overridableReplacements])];

/** The entries of {@link TABLE} by the first character (code point) of their key, in table order. */
const BY_FIRST = new Map<string, number[]>();
TABLE.forEach(([key], index) => {
  const first = String.fromCodePoint(key.codePointAt(0)!);
  const list = BY_FIRST.get(first);
  if (list) list.push(index);
  else BY_FIRST.set(first, [index]);
});

export function transliterate(input: string): string {
  let text = input.normalize();
  const queued = new Set<number>();
  const pending: number[] = [];
  // The entries that may match from now on: those whose key starts with a character of `added`, after `after`.
  const enqueue = (added: string, after: number) => {
    let grew = false;
    for (const character of new Set(added))
      for (const index of BY_FIRST.get(character) ?? [])
        if (index > after && !queued.has(index)) {
          queued.add(index);
          pending.push(index);
          grew = true;
        }
    if (grew) pending.sort((a, b) => b - a); // the smallest last: popped first
  };
  enqueue(text, -1);
  while (pending.length) {
    const index = pending.pop()!;
    const [key, value] = TABLE[index];
    if (!text.includes(key)) continue;
    // replaceAll with a string reads `$` in the value as a global RegExp replace does (the library's way).
    text = text.replaceAll(key, value);
    if (value) enqueue(value, index);
  }
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .normalize();
}
