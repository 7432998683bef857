import type { FixData } from '../../check/fixData';
import type { PageContext } from '../pageContext';

/** A page on disk that no navigation entry reaches: reported on the page itself, as info. */
export function orphanRule(page: PageContext): void {
  if (page.site.settings.orphans === false || page.navigationUnknown || page.inNavigation.has(page.id)) return;
  page.report(
    'nav/orphan-page',
    0,
    0,
    `No navigation entry lists "${page.id}", so it does not appear in the sidebar (it is still reachable by URL). ` +
      `Add it to a group in docs.json, or to .mintignore if it is not meant to be published.`,
    {
      data: { addToNavigation: page.id } satisfies FixData,
    },
  );
}
