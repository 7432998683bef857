/**
 * The export's default bound, shared by the export client and the CLI's `--max-conversations`:
 * 250,000 conversations, above a busy project's quarter, and what keeps an export and its report
 * within the memory the README states. Raised with `--max-conversations`.
 */
export const DEFAULT_MAX_CONVERSATIONS = 250_000;

/** The analytics export API, unless `--base-url` or `docsmith.analytics.baseUrl` says otherwise (package.json's default too: a test compares). */
export const DEFAULT_BASE_URL = 'https://api.mintlify.com';

/** The most conversations one page of the export may hold (the API refuses more); the client asks for that many. */
export const MAX_PAGE_LIMIT = 1000;
