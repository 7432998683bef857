import type { PageContext } from '../pageContext';

/**
 * A snippet no page shows is never served: the platform publishes pages, and a snippet only inside
 * them. One note on it, instead of the findings of its links (which no reader can follow).
 */
export async function snippetUseRule(page: PageContext): Promise<void> {
  if (!page.snippet || (await page.snippetUsersOf(page.relative)).length > 0) return;
  page.report(
    'snippets/unused',
    0,
    0,
    `No page imports ${page.relative}, directly or through another snippet, so the platform never serves it; its links were not checked. Import it where it belongs, or remove it.`,
  );
}
