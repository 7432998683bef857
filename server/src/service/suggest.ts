import { distance } from 'fastest-levenshtein';
import { replaceWith, type FixData } from './fixData';

/**
 * The candidate closest to `word`, when it is close enough to be a plausible typo: an exact match
 * ignoring case, or an edit distance of at most a third of the word's length, rounded up (1 for
 * words of up to 3 characters, at most 4), so that a swapped pair of letters is found.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const lower = word.toLowerCase();
  const limit = word.length <= 3 ? 1 : Math.min(4, Math.max(2, Math.ceil(word.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === word) continue;
    if (candidate.toLowerCase() === lower) return candidate;
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = distance(word, candidate);
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

export function didYouMean(suggestion: string | undefined, quote = '`'): string {
  return suggestion === undefined ? '' : ` Did you mean ${quote}${suggestion}${quote}?`;
}

/**
 * For a value that is not one of `allowed`: the closest allowed one, as the end of the message
 * (` Did you mean "x"?`) and as the fix that writes it; nothing when none is close.
 */
export function suggestValue(value: unknown, allowed: readonly string[]): { hint: string; data?: FixData } {
  const suggestion = typeof value === 'string' ? closest(value, allowed) : undefined;
  return suggestion === undefined ? { hint: '' } : { hint: didYouMean(suggestion, '"'), data: replaceWith(suggestion) };
}
