/**
 * The export's default bound, shared by the export client and the CLI's `--max-conversations`:
 * 250,000 conversations, above a busy project's quarter, and what keeps an export and its report
 * within the memory the README states. Raised with `--max-conversations`.
 */
export const DEFAULT_MAX_CONVERSATIONS = 250_000;
