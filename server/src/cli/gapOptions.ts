/** Option values of `gaps` and `mock-server`, kept apart so the CLI entry loads nothing heavy. */
export const GAP_FORMATS = ['text', 'json', 'markdown', 'csv'] as const;
export type GapFormat = (typeof GAP_FORMATS)[number];
export { DEFAULT_BASE_URL } from '../analytics';
