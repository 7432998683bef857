import type { FixData } from '../../fixData';
import type { SiteContext } from '../../siteContext';

/** Entries the platform tolerates but that are not written the usual way: `/page`, `./page`, `page.mdx`. */
export function pageFormRule({ navigation, sink }: SiteContext): void {
  for (const entry of navigation.pages) {
    const normalised = entry.page;
    if (normalised.climbsOut) continue; // reported by the page-exists rule
    const data: FixData = { replace: JSON.stringify(normalised.id), replaceLabel: normalised.id };
    if (normalised.leading) {
      sink.atNode(
        'nav/leading-slash',
        entry.node,
        `Page entries are relative to the docs root: write "${normalised.id}" without the leading "${normalised.leading}".`,
        { data },
      );
    } else if (normalised.extension) {
      sink.atNode(
        'nav/page-extension',
        entry.node,
        `Page entries name pages without their extension: write "${normalised.id}", not "${entry.value}".`,
        { data },
      );
    }
  }
}
