import { bodyLinkPath } from '../../links/linkPath';
import type { BodyLink } from '../../mdx/bodyScan';
import { cleanHeadingId } from '../../mdx/slug';
import type { PageContext } from '../pageContext';
import { isPageLink } from './linkChecks';
import { anchorFacts, anchorVerdict } from './anchorVerdict';

/** Pages named in a message about a snippet's link; the count says how many there are in all. */
const PAGES_NAMED = 3;

/**
 * A snippet's relative link (`./x`, `../x`, bare `x/y`) or `#anchor`, checked in each page that shows
 * it, as a reader of that page follows it: the platform resolves `./` and `../` against the page that
 * imports the snippet, a browser resolves a bare link against the page's URL, and `#anchor` names a
 * heading of the page, its own or one of a snippet it shows (this one included). Reported once, on
 * the snippet's line, naming the pages where it names nothing.
 */
export async function checkWhereShown(page: PageContext, link: BodyLink, pages: readonly string[]): Promise<void> {
  const missing: string[] = [];
  let anchorLink = false;
  for (const user of pages) {
    const path = bodyLinkPath(link.url, user);
    if (!path) continue;
    if (path.samePage) {
      anchorLink = true;
      if (path.anchor && !(await hasAnchor(page, user, path.anchor, link.url))) missing.push(user);
      continue;
    }
    if (await page.resolveLink(path)) continue;
    if (isPageLink(link, path.path) && (await page.mayBeGenerated(path.path))) continue;
    missing.push(user);
  }
  if (missing.length === 0) return;
  const where =
    missing.length === pages.length
      ? pages.length === 1
        ? 'the page that shows this snippet'
        : `all ${pages.length} pages that show this snippet`
      : `${missing.length} of the ${pages.length} pages that show this snippet`;
  const named =
    missing.slice(0, PAGES_NAMED).join(', ') + (missing.length > PAGES_NAMED ? ` and ${missing.length - PAGES_NAMED} more` : '');
  if (anchorLink)
    page.report(
      'links/anchor-not-found',
      link.offset,
      link.length,
      `"${link.url}" is no anchor of ${where} (${named}): the snippet's own headings are, and the headings of each page that shows it. Link to a heading they all have, or to one page's anchor from the root.`,
    );
  else
    page.report(
      isPageLink(link, bodyLinkPath(link.url, missing[0])?.path ?? '') ? 'links/page-not-found' : 'links/file-not-found',
      link.offset,
      link.length,
      `Link "${link.url}" names nothing from ${where} (${named}): a relative link in a snippet is resolved from each page that shows it (from ${missing[0]} it is "/${bodyLinkPath(link.url, missing[0])?.path ?? ''}"). Write it from the root ("/...") to name one target everywhere.`,
    );
}

async function hasAnchor(page: PageContext, user: string, anchor: string, url: string): Promise<boolean> {
  const id = cleanHeadingId(anchor);
  if (id === '') return true;
  // Gone, made from a spec, or there (the reference parser asked where the scan is unsure): nothing to say.
  const verdict = await anchorVerdict(anchorFacts(page), user, id, url);
  return !verdict || 'unchecked' in verdict;
}
