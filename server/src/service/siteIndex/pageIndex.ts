import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../cancellation';
import { parsePageDocument, type PageDocument } from '../documents/pageDocument';
import { indexOperationPages } from './operationPages';
import { SnippetTexts, type ShownText } from './pageSnippets';
import type { SiteState } from '../session/siteState';
import { joinUri } from '../uri';
import type { DocsWorkspace } from '../workspace';
import type { IndexedPage, IndexedSection, PageIndex } from './indexedPage';

export type { IndexedPage, IndexedSection, PageIndex };

/** Yield to the event loop after this many pages, so an index of a big site does not hold up edits. */
const PAGES_PER_SLICE = 100;

/**
 * Every page of a site's navigation (every page, when the navigation lists none) cut into sections at its headings, with its front matter's title
 * and description, and the pages the platform makes of OpenAPI operations: what ranking the pages for a question needs. Pages are read from the workspace
 * (open editors included) and parsed apart from the editor's documents.
 */
export async function buildPageIndex(
  state: SiteState,
  workspace: DocsWorkspace,
  token?: Cancellation,
  /** How a page is parsed: through the service's parse cache, which reuses an open page's parse. */
  parse: (uri: string, text: string) => PageDocument = parsePageDocument,
): Promise<PageIndex> {
  const site = state.context;
  if (!site) return { rootUri: state.rootUri, pages: [] };
  const pages: IndexedPage[] = [];
  let count = 0;
  // A page no navigation entry reaches is no place for an answer: readers do not find it.
  const listed = new Set(site.navigation.pages.map((entry) => entry.page.id));
  const current = new Set(site.navigation.pages.filter((entry) => !entry.otherVersion).map((entry) => entry.page.id));
  const languages = new Map<string, string>();
  for (const { page, language } of site.navigation.pages) if (language && !languages.has(page.id)) languages.set(page.id, language);
  const snippets = new SnippetTexts((relative) => workspace.readFile(joinUri(state.rootUri, relative)));
  for (const [id, file] of [...site.files.pages].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (listed.size && !listed.has(id)) continue;
    if (++count % PAGES_PER_SLICE === 0) {
      await yieldToEventLoop();
      throwIfCancelled(token);
    }
    const uri = joinUri(state.rootUri, file);
    const text = await workspace.readFile(uri);
    if (text === undefined) continue;
    const document = parse(uri, text);
    const page = indexPage(id, file, uri, text, await snippets.shownIn(document, file), document);
    if (listed.has(id) && !current.has(id)) page.otherVersion = true;
    const language = languages.get(id);
    if (language) page.language = language;
    pages.push(page);
  }
  throwIfCancelled(token);
  // Operations' places are read from their specs' files: cancelled meanwhile, the request stops there.
  const operations = await indexOperationPages(state);
  throwIfCancelled(token);
  pages.push(...operations);
  return { rootUri: state.rootUri, pages };
}

/** `shown`: the text of the snippets the page shows, each added to the section where it is shown. */
export function indexPage(
  id: string,
  file: string,
  uri: string,
  text: string,
  shown: readonly ShownText[] = [],
  document = parsePageDocument(uri, text),
): IndexedPage {
  const { data, bodyOffset } = document.frontMatter;
  const title = typeof data.title === 'string' ? data.title : (id.split('/').pop() ?? id).replace(/[-_]/g, ' ');
  const description = typeof data.description === 'string' ? data.description : '';
  const scanned = document.body().headings;
  const headings = document.headings();
  const sections: IndexedSection[] = [];
  // A section's own text, and that of the snippets it shows.
  const textOf = (start: number, end: number) => {
    const own = text.slice(start, end);
    const added = shown.filter((item) => item.offset >= start && item.offset < end);
    return added.length ? [own, ...added.map((item) => item.text)].join('\n') : own;
  };
  const firstEnd = headings.length ? headings[0].offset : text.length;
  sections.push({
    heading: null,
    anchor: null,
    level: 0,
    line: document.lines.positionAt(bodyOffset).line,
    text: textOf(bodyOffset, firstEnd),
  });
  headings.forEach((heading, index) => {
    const end = index + 1 < headings.length ? headings[index + 1].offset : text.length;
    sections.push({
      heading: heading.title,
      // The anchor the rendered page gives the heading (the link rule's), or none (levels 5 and 6).
      anchor: heading.anchor ?? null,
      level: heading.level,
      line: heading.line,
      text: textOf(heading.offset + scanned[index].length, end),
    });
  });
  return { id, file, title, description, sections };
}
