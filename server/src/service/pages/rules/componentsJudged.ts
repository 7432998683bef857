import type { PageContext } from '../pageContext';

/**
 * Whether the platform's build judges the components of this file, as its component validators do:
 * not on a page its parser rejects (the validators never run on it; the page gets its syntax error
 * only), and not in a snippet no page shows (it is never built). A snippet's placement is judged by
 * the pages that show it, where the platform inlines it.
 */
export async function componentsJudged(page: PageContext): Promise<boolean> {
  if (page.document.syntaxError()) return false;
  return !page.snippet || (await page.snippetUsersOf(page.relative)).length > 0;
}
