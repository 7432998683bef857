import type { PageSuggestion } from './pageRanking';

/**
 * The least share of a cluster's query weight a suggested section must hold for the suggestion to
 * be shown (its `coverage`): below it, the cluster says that no page covers its need, and a new page
 * is the way to fill the gap. Chosen on the labelled sets (`npm run bench`, bench/gapSuggestions.ts),
 * with topics the site documents and topics it does not, so that at least 90% of the suggestions
 * shown are the labelled page: a suggestion a team reads as advice must be right most of the time.
 */
export const MIN_SUGGESTION_COVERAGE = 0.55;

/** The suggestion, when it is good enough to show; null when no page covers the need well enough. */
export function shownSuggestion(suggestion: PageSuggestion | undefined, minimum = MIN_SUGGESTION_COVERAGE): PageSuggestion | null {
  return suggestion && suggestion.coverage >= minimum ? suggestion : null;
}
