import { replaceWith, type FixData } from '../../fixData';
import { closest } from '../../suggest';
import { resolvePageId, type IgnoreReason, type SiteFiles } from '../../siteFiles';
import type { SiteContext } from '../../siteContext';
import type { PageEntry } from '../navigation';

/** Why a file that exists is still no page of the site, for the message. */
const NOT_PUBLISHED: Record<IgnoreReason, (file: string) => string> = {
  mintignore: (file) =>
    `is excluded by .mintignore (${file}), so the platform does not build it. Remove it from navigation or from .mintignore.`,
  default: (file) =>
    `is a file the platform never publishes (${file}: node_modules, README.md, LICENSE.md, ` +
    `CHANGELOG.md and CONTRIBUTING.md are left out of every build). Rename the file, or remove the entry.`,
  repository: (file) =>
    `is a file the platform never publishes (${file}: README, ` +
    `LICENSE and CONTRIBUTING Markdown files describe the repository, not the docs). Rename it to .mdx, or remove the entry.`,
  snippet: (file) =>
    `is a snippet (${file}), which the platform includes into pages but never publishes as one. Import it into a page, or move it out of the snippets folder.`,
};

/** Above this many pages, did-you-mean only compares pages of the same folder or the same file name. */
const FULL_SCAN_LIMIT = 5000;

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
    const why = NOT_PUBLISHED[files.ignoredWhy.get(ignored) ?? 'default'](ignored);
    sink.atNode('nav/page-not-found', entry.node, `Page "${normalised.id}" ${why}`, { subject: entry });
    return;
  }
  const suggestion = pageSuggester(files).suggest(normalised.id);
  const prefix = normalised.leading ?? '';
  const data: FixData = { createPage: `${normalised.id}.mdx` };
  if (suggestion) Object.assign(data, replaceWith(prefix + suggestion, suggestion));
  const hint = suggestion ? ` Did you mean "${suggestion}"?` : ` Create ${normalised.id}.mdx or fix the entry.`;
  sink.atNode(
    'nav/page-not-found',
    entry.node,
    `Page "${normalised.id}" does not exist (no ${normalised.id}.mdx or .md in the docs root).${hint}`,
    { data, subject: entry },
  );
}

/** One suggester per file index: its maps depend on the files only, not on docs.json. */
const suggesters = new WeakMap<SiteFiles, PageSuggester>();

function pageSuggester(files: SiteFiles): PageSuggester {
  let suggester = suggesters.get(files);
  if (!suggester) suggesters.set(files, (suggester = new PageSuggester([...files.pages.keys()])));
  return suggester;
}

class PageSuggester {
  private readonly byLowerCase = new Map<string, string>();
  private readonly byFolder = new Map<string, string[]>();
  private readonly byName = new Map<string, string[]>();

  constructor(private readonly pages: string[]) {
    for (const page of pages) {
      this.byLowerCase.set(page.toLowerCase(), page);
      push(this.byFolder, folderOf(page), page);
      push(this.byName, nameOf(page), page);
    }
  }

  suggest(id: string): string | undefined {
    const sameCase = this.byLowerCase.get(id.toLowerCase());
    if (sameCase) return sameCase;
    const near = [...(this.byFolder.get(folderOf(id)) ?? []), ...(this.byName.get(nameOf(id)) ?? [])];
    const found = closest(id, near);
    if (found) return found;
    const movedFile = this.byName.get(nameOf(id));
    if (movedFile?.length === 1) return movedFile[0];
    return this.pages.length <= FULL_SCAN_LIMIT ? closest(id, this.pages) : undefined;
  }
}

function folderOf(page: string): string {
  const slash = page.lastIndexOf('/');
  return slash < 0 ? '' : page.slice(0, slash);
}

function nameOf(page: string): string {
  return page.slice(page.lastIndexOf('/') + 1);
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
