/**
 * Spelling correction of question words against a site's own words. People type questions fast
 * ("faield webhok", "confgure SSO"), and a misspelt word matches neither the site's sections nor the
 * other questions that spell it right. A stem no section uses, of {@link MIN_LENGTH} letters or more,
 * is read as the site's stem one edit away (a letter left out, added, changed, or two swapped) that
 * the most sections use, with the same first letter: people seldom mistype that one, and a name the
 * site does not know often has a word one edit away ("gmail" and "email"). Found through each stem's
 * deletions (one letter left out), as symmetric-delete spellers do, so a lookup costs a few map reads
 * instead of every possible edit. The caller leaves English words as they are (englishWords.ts).
 */
export interface Speller {
  /** The site's stem `stem` most likely misspells, or undefined (known, short, or nothing one edit away). */
  correct(stem: string): string | undefined;
}

/** Shorter stems are too often another real word one edit away ("cron", "node", "bun"). */
const MIN_LENGTH = 5;
/** Longer stems are identifiers or pasted text, not words typed. */
const MAX_LENGTH = 24;
const LETTERS = /^[a-z]+$/;

/**
 * A speller over `stems` (read when first needed), each used in `uses(stem)` sections (0 for a stem
 * the site does not use).
 */
export function createSpeller(stems: () => Iterable<string>, uses: (stem: string) => number): Speller {
  // Each site stem under each of its deletions ("webhook" under "ebhook", "whook", "webhoo"…), made
  // the first time a question holds a stem the site does not use.
  let byDeletion: Map<string, string[]> | undefined;
  const known = new Map<string, string | undefined>();
  return {
    correct(stem) {
      if (stem.length < MIN_LENGTH || stem.length > MAX_LENGTH || uses(stem) > 0 || !LETTERS.test(stem)) return undefined;
      if (known.has(stem)) return known.get(stem);
      byDeletion ??= indexDeletions(stems());
      const candidates = new Set<string>(byDeletion.get(stem)); // a letter left out
      for (const deleted of deletions(stem)) {
        if (uses(deleted) > 0) candidates.add(deleted); // a letter added
        for (const other of byDeletion.get(deleted) ?? []) candidates.add(other); // changed, or two swapped
      }
      let best: string | undefined;
      for (const candidate of candidates) {
        if (candidate[0] !== stem[0] || !oneEditApart(stem, candidate)) continue;
        const better = best === undefined || uses(candidate) > uses(best) || (uses(candidate) === uses(best) && candidate < best);
        if (better) best = candidate;
      }
      known.set(stem, best);
      return best;
    },
  };
}

function indexDeletions(stems: Iterable<string>): Map<string, string[]> {
  const byDeletion = new Map<string, string[]>();
  for (const stem of stems) {
    if (stem.length < MIN_LENGTH - 1 || stem.length > MAX_LENGTH + 1 || !LETTERS.test(stem)) continue;
    for (const deleted of deletions(stem)) {
      const list = byDeletion.get(deleted);
      if (!list) byDeletion.set(deleted, [stem]);
      else if (list[list.length - 1] !== stem) list.push(stem);
    }
  }
  return byDeletion;
}

function deletions(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return out;
}

/** One letter left out, added or changed, or two neighbours swapped (and not the same word). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA + restB <= 1) return true; // one left out or added
  if (restA === 1 && restB === 1) return true; // one changed
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start]; // two swapped
}
