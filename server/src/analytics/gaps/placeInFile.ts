import type { PageSuggestion } from './pageRanking';

/**
 * What a suggestion names within its file: the operation of a spec (`GET /users`), else the heading
 * (null for the page's opening). A module of its own: the CLI's report formats need it without the ranking.
 */
export function placeInFile(suggestion: Pick<PageSuggestion, 'heading' | 'operation'>): string | null {
  return suggestion.operation ?? suggestion.heading;
}
