import { replaceWith } from '../check/fixData';
import type { SiteContext } from './siteContext';
import type { PageEntry } from '../docsJson/navigation';

/** Entries the platform tolerates but that are not written the usual way: `/page`, `./page`, `page.mdx`. */
export function pageFormRule(context: SiteContext): void {
  for (const entry of context.navigation.pages) checkPageForm(entry, context);
}

/** One entry's form; reported with the entry as subject, so an edit of it can be checked alone. */
export function checkPageForm(entry: PageEntry, { sink }: SiteContext): void {
  const normalised = entry.page;
  if (normalised.climbsOut || (!normalised.leading && !normalised.extension)) return; // climbing out: reported by the page-exists rule
  // The platform reads the entry the same either way: safe to rewrite unasked.
  const data = { ...replaceWith(normalised.id), fixAll: true };
  if (normalised.leading) {
    sink.atNode(
      'nav/leading-slash',
      entry.node,
      `Page entries are relative to the docs root: write "${normalised.id}" without the leading "${normalised.leading}".`,
      { data, subject: entry },
    );
  } else if (normalised.extension) {
    sink.atNode(
      'nav/page-extension',
      entry.node,
      `Page entries name pages without their extension: write "${normalised.id}", not "${entry.value}".`,
      { data, subject: entry },
    );
  }
}
