import { distance } from 'fastest-levenshtein';
import { replaceWith, type FixData } from './fixData';

/**
 * The candidate closest to `word`, when it is close enough to be a plausible typo: an exact match
 * ignoring case, or an edit distance of at most a third of the word's length, rounded up (1 for
 * words of up to 3 characters, at most 4), so that a swapped pair of letters is found.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  return closestMatch(word, candidates).best;
}

/** A did-you-mean, and whether it was the only candidate close enough (then a fix-all may write it). */
export interface Match {
  best: string | undefined;
  only: boolean;
}

/** {@link closest}, telling also whether no other candidate was close enough to be meant. */
export function closestMatch(word: string, candidates: Iterable<string>): Match {
  const lower = word.toLowerCase();
  const limit = word.length <= 3 ? 1 : Math.min(4, Math.max(2, Math.ceil(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  const close = new Set<string>();
  for (const candidate of candidates) {
    if (candidate === word) continue;
    if (candidate.toLowerCase() === lower) return { best: candidate, only: true };
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = distance(word, candidate);
    if (d <= limit) close.add(candidate);
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? { best, only: close.size === 1 } : { best: undefined, only: false };
}

export function didYouMean(suggestion: string | undefined, quote = '`'): string {
  return suggestion === undefined ? '' : ` Did you mean ${quote}${suggestion}${quote}?`;
}

/**
 * For a value that is not one of `allowed`: the closest allowed one, as the end of the message
 * (` Did you mean "x"?`) and as the fix that writes it; nothing when none is close.
 */
export function suggestValue(value: unknown, allowed: readonly string[]): { hint: string; data?: FixData } {
  const match = typeof value === 'string' ? closestMatch(value, allowed) : undefined;
  const suggestion = match?.best;
  return suggestion === undefined
    ? { hint: '' }
    : { hint: didYouMean(suggestion, '"'), data: { ...replaceWith(suggestion), ...(match!.only && { fixAll: true }) } };
}
