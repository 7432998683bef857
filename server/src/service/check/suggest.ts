import { distance as levenshtein } from 'fastest-levenshtein';
import { distancesWithin } from './editDistance';
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

/**
 * {@link closest}, telling also whether no other candidate was close enough to be meant. A caller
 * that has already looked `word` up ignoring case among the candidates, and found none, says so
 * (`caseChecked`): the scan then skips lowering every candidate (a string made per candidate, most
 * of the cost of a scan over a site's pages).
 */
export function closestMatch(word: string, candidates: Iterable<string>, caseChecked = false): Match {
  const lower = word.toLowerCase();
  const limit = word.length <= 3 ? 1 : Math.min(4, Math.max(2, Math.ceil(word.length / 3)));
  const index = indexOf(candidates);
  if (index) {
    const same = index.byLowerCase.get(lower);
    if (same !== undefined && same !== word) return { best: same, only: true };
  }
  let best: string | undefined;
  let bestDistance = Infinity;
  const close = new Set<string>();
  // An array read by index: `for…of` over the arrays, sets and generators callers pass is several
  // times slower per candidate, and a full scan of a site's pages reads thousands for each missing page.
  const list = index ? index.near(word, limit) : Array.isArray(candidates) ? (candidates as string[]) : [...candidates];
  // One word against many: its tables built once (see editDistance.ts); against a few (a spec's paths
  // of one method, asked once per spec), pair by pair, which costs nothing to set up.
  const distance = list.length >= BATCHED_FROM ? distancesWithin(word, limit) : (candidate: string) => levenshtein(word, candidate);
  for (let at = 0; at < list.length; at++) {
    const candidate = list[at];
    if (candidate === word) continue;
    if (!index && !caseChecked && candidate.toLowerCase() === lower) return { best: candidate, only: true };
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = distance(candidate);
    if (d <= limit) close.add(candidate);
    if (d < bestDistance || (d === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? { best, only: close.size === 1 } : { best: undefined, only: false };
}

/** Lists of candidates this long are compared with {@link distancesWithin}. */
const BATCHED_FROM = 64;

/** Candidate sets this large are indexed (once per set) rather than compared whole with every word. */
const INDEXED_FROM = 200;
/**
 * Did-you-mean is a help, not a check: the work one large set answers is bounded (a hostile page of
 * 5,000 near-identical headings, linked 5,000 times with a typo, would cost 25 million comparisons),
 * and past the bound a word gets a suggestion only when it matches a candidate ignoring case.
 */
const COMPARISONS_PER_SET = 10_000_000;
const indexes = new WeakMap<object, CandidateIndex>();

function indexOf(candidates: Iterable<string>): CandidateIndex | undefined {
  // Sets only: a page's anchors are one set, asked for every link into the page; a list is usually made for one question.
  if (!(candidates instanceof Set) || candidates.size < INDEXED_FROM) return undefined;
  let index = indexes.get(candidates as object);
  if (!index) indexes.set(candidates as object, (index = new CandidateIndex([...candidates])));
  return index;
}

/**
 * Candidates by their pairs of letters: an edit breaks at most two pairs, so a candidate within `k`
 * edits of a word holds at least `d - 2k` of the word's `d` distinct pairs, and a word is compared only with the candidates that share that
 * many with it, the same answer as comparing all (5,000 missing anchors into a page of 5,000 headings
 * took 32 s).
 */
class CandidateIndex {
  readonly byLowerCase = new Map<string, string>();
  private readonly byPair = new Map<string, number[]>();
  /** Work done for this set so far (lists read, candidates compared): past {@link COMPARISONS_PER_SET}, only a match ignoring case is suggested. */
  private spent = 0;

  constructor(private readonly candidates: string[]) {
    candidates.forEach((candidate, at) => {
      const lower = candidate.toLowerCase();
      if (!this.byLowerCase.has(lower)) this.byLowerCase.set(lower, candidate);
      for (const pair of new Set(pairsOf(candidate))) {
        const list = this.byPair.get(pair);
        if (list) list.push(at);
        else this.byPair.set(pair, [at]);
      }
    });
  }

  /** The candidates that may be within `limit` edits of `word` (all of them, for a word too short to filter). */
  near(word: string, limit: number): string[] {
    if (this.spent >= COMPARISONS_PER_SET) return [];
    const pairs = new Set(pairsOf(word));
    const needed = pairs.size - 2 * limit;
    if (needed <= 0) {
      this.spent += this.candidates.length;
      return this.candidates;
    }
    const shared = new Map<number, number>();
    for (const pair of pairs) {
      const list = this.byPair.get(pair) ?? [];
      this.spent += list.length; // reading the lists is work too
      for (const at of list) shared.set(at, (shared.get(at) ?? 0) + 1);
    }
    const found: string[] = [];
    for (const [at, count] of shared) if (count >= needed) found.push(this.candidates[at]);
    this.spent += found.length;
    return found;
  }
}

function pairsOf(text: string): string[] {
  const pairs: string[] = [];
  for (let at = 0; at + 1 < text.length; at++) pairs.push(text.slice(at, at + 2));
  return pairs;
}

/**
 * Whether a did-you-mean is a slip of typing, sure enough to be written unasked (fix all on save):
 * at most two edits apart once case and `_`/`-` are set aside, and the numbers written kept (a number
 * the author left out may be added: `#event-ingestion` for the heading "1. Event ingestion"). A name
 * that differs more (`hubs-id-copy` for `files-id-copy`, `events` for `get-events`), or by a number
 * written (`step-2` for `step-3`, `v1` for `v2`), may be another thing the author meant to name: it is
 * only suggested.
 */
export function isTypo(written: string, meant: string): boolean {
  const plain = (text: string) => text.toLowerCase().replace(/_/g, '-');
  const numbers = (text: string) => text.match(/\d+/g)?.join(' ') ?? '';
  const kept = numbers(written) === '' || numbers(written) === numbers(meant);
  return kept && levenshtein(plain(written), plain(meant)) <= 2;
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
