import type { FixData } from '../../fixData';
import { joinUri } from '../../uri';
import type { SiteContext } from './siteContext';

/** Folders whose pages are included into others, never listed in navigation. */
const NOT_PAGES = /^snippets\//;

/** Pages on disk that no navigation entry reaches: reported on the page itself. */
export function orphanPageRule({ navigation, files, sink, rootUri }: SiteContext): void {
  const listed = new Set(navigation.pages.map((entry) => entry.page.id));
  for (const [id, relative] of files.pages) {
    if (listed.has(id) || NOT_PAGES.test(relative)) continue;
    sink.at('nav/orphan-page', joinUri(rootUri, relative), { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, `No navigation entry lists "${id}", so it does not appear in the sidebar (it is still reachable by URL). Add it to a group in docs.json, or to .mintignore if it is not meant to be published.`, {
      data: { addToNavigation: id } satisfies FixData,
    });
  }
}
