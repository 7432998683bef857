import { plainNumber } from '../../common/text';

/**
 * The average cosine similarity above which two groups of questions are one need, unless the caller
 * chooses another (`docsmith gaps --cluster-similarity`, the `docsmith.gaps.clusterSimilarity` setting).
 * Chosen on two labelled sets over two sites (test/fixtures/gaps-labelled and gaps-labelled-harbor):
 * their mean pairwise F1 is best here and within 0.03 of it from 0.12 to 0.18, the middle of that
 * plateau, so another set of questions does not fall off an edge
 * (`node --import tsx bench/gapQuality.ts DIR --sweep`). A third set written afterwards and measured
 * before any change (gaps-labelled-tally) is best at 0.12 and within 0.01 of that here, and the mean
 * of all three is still best here. The best of each set alone lies apart (0.18, 0.08 and 0.12), which
 * is why a site's authors may choose. A module of its own, so the CLI's entry can name it without
 * loading the clustering.
 */
export const DEFAULT_THRESHOLD = 0.14;

/** True for a usable cluster similarity: a number above 0 and up to 1. */
export function isClusterSimilarity(value: unknown): value is number {
  return typeof value === 'number' && value > 0 && value <= 1;
}

/** A cluster similarity as an author writes it (`0.2`, `.2`, `1`); undefined when it is none. */
export function parseClusterSimilarity(text: string): number | undefined {
  const value = plainNumber(text.trim());
  return isClusterSimilarity(value) ? value : undefined;
}
