import { homedir } from 'node:os';
import { join } from 'node:path';

/** Option values of `gaps` and `mock-server`, kept apart so the CLI entry loads nothing heavy. */
export const GAP_FORMATS = ['text', 'json', 'markdown', 'csv'] as const;
export type GapFormat = (typeof GAP_FORMATS)[number];
export { DEFAULT_BASE_URL } from '../analytics';

/** Where `docsmith gaps` keeps embeddings between runs: the user's cache folder, as the check cache's. */
export function defaultEmbeddingsCache(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'docsmith', 'embeddings');
}
