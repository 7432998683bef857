// The same question asked again, word for word: real exports repeat the common ones many times, and a
// list that shows each copy buries the others. Lists fold the copies into one line with a count.
import { groupBy } from '../../common/arrays';
import { oneLine, trimEndOf } from '../../common/text';

/** What makes two questions the same: their text without case, spacing or final punctuation. */
export function questionKey(query: string): string {
  let key = keys.get(query);
  if (key === undefined) {
    // A scan, not a regular expression: the text is a user's, and a trailing pattern backtracks.
    key = trimEndOf(oneLine(query).toLowerCase(), FINAL);
    if (keys.size >= KEYS_MAX) keys.clear();
    keys.set(query, key);
  }
  return key;
}

/** Keys already made: an export repeats its questions, and the view rebuilds its tree on every change. */
const keys = new Map<string, string>();
/** Emptied past this many questions, so a stream of distinct ones cannot grow it without end. */
const KEYS_MAX = 50_000;

/** Spaces and final punctuation, Chinese and Japanese too. */
const FINAL = ' ?.!\u3002\uff1f\uff01';

/** The items grouped by question, in the order each question first appears (each group in the items' order). */
export function groupRepeats<T>(items: Iterable<T>, query: (item: T) => string): T[][] {
  return groupBy(items, (item) => questionKey(query(item)));
}

export interface AskedQuestion<T> {
  /** Every conversation that asked it, in the given order. */
  copies: T[];
  /** The one asked last. */
  latest: T;
}

/** The distinct questions of some conversations, the most asked first, then the most recently asked. */
export function mostAsked<T extends { query: string; timestamp: string }>(conversations: Iterable<T>): AskedQuestion<T>[] {
  return groupRepeats(conversations, (conversation) => conversation.query)
    .map((copies) => ({ copies, latest: copies.reduce((a, b) => (b.timestamp > a.timestamp ? b : a)) }))
    .sort(byMostAsked);
}

/** The most asked question first, then the most recently asked. */
export function byMostAsked<T extends { timestamp: string }>(a: AskedQuestion<T>, b: AskedQuestion<T>): number {
  return (
    b.copies.length - a.copies.length || (a.latest.timestamp < b.latest.timestamp ? 1 : a.latest.timestamp > b.latest.timestamp ? -1 : 0)
  );
}
