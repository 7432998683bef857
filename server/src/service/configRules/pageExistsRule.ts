import { replaceWith, type FixData } from '../check/fixData';
import { notebookNote, notPublished, suggestPageMatch } from '../site/pageLookup';
import { resolvePageId } from '../site/siteFiles';
import type { SiteContext } from './siteContext';
import type { PageEntry } from '../docsJson/navigation';

/** Every navigation page entry names a `.mdx` or `.md` file inside the docs root. */
export function pageExistsRule(context: SiteContext): void {
  for (const entry of context.navigation.pages) checkPageExists(entry, context);
}

/** One entry; reported with the entry as subject, so an edit of it can be checked alone. */
export function checkPageExists(entry: PageEntry, { files, sink }: SiteContext): void {
  const normalised = entry.page;
  if (normalised.climbsOut) {
    sink.atNode(
      'nav/page-outside-root',
      entry.node,
      `Page "${entry.value}" climbs out of the docs root; navigation can only list pages inside it.`,
      {
        subject: entry,
      },
    );
    return;
  }
  if (normalised.id === '' || resolvePageId(files.pages, normalised.id) !== undefined) return;
  const ignoredId = resolvePageId(files.ignoredPages, normalised.id);
  if (ignoredId !== undefined) {
    const ignored = files.ignoredPages.get(ignoredId)!;
    const why = notPublished(files, ignored, 'the entry');
    sink.atNode('nav/page-not-found', entry.node, `Page "${normalised.id}" ${why}`, { subject: entry });
    return;
  }
  const { best: suggestion, only } = suggestPageMatch(files, normalised.id);
  const prefix = normalised.leading ?? '';
  const data: FixData = { createPage: `${normalised.id}.mdx` };
  if (suggestion) Object.assign(data, replaceWith(prefix + suggestion, suggestion), only && { fixAll: true });
  const hint = suggestion ? ` Did you mean "${suggestion}"?` : ` Create ${normalised.id}.mdx or fix the entry.`;
  // A page a build step makes from a notebook: neither another page nor a new file is the fix.
  const notebook = notebookNote(files, normalised.id);
  sink.atNode(
    'nav/page-not-found',
    entry.node,
    `Page "${normalised.id}" does not exist (no ${normalised.id}.mdx or .md in the docs root).${notebook ?? hint}`,
    { data: notebook ? undefined : data, subject: entry },
  );
}
