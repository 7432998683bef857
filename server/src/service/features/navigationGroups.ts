import { items, stringValue } from '../json/jsonTree';
import type { NavigationGroup } from '../docsJson/navigation';
import { trimStartOf } from '../../common/text';

/** Groups ranked for a page: those holding pages of the same folder first, then the rest in order. */
export function rankGroupsFor(pageId: string, groups: readonly NavigationGroup[]): NavigationGroup[] {
  const folder = pageId.includes('/') ? pageId.slice(0, pageId.lastIndexOf('/') + 1) : '';
  const score = (group: NavigationGroup) =>
    items(group.pages).filter((entry) => trimStartOf(stringValue(entry) ?? '', './').startsWith(folder) && entry.type === 'string').length;
  return [...groups]
    .map((group, index) => ({ group, index, score: folder ? score(group) : 0 }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ group }) => group);
}

/** A navigation group a new page can be listed in, as the author picks one. */
export interface DraftPlace {
  /** Its index among the navigation's `pages` arrays (what a draft request names). */
  group: number;
  /** "Guides › Get started". */
  label: string;
  /** The folder most of its pages are in ('' for the root): where a new page listed there goes. */
  folder: string;
}

/** Every group that can take a new page, the best guess first (see {@link rankGroupsFor}). */
export function draftPlacesFor(pageId: string, groups: readonly NavigationGroup[]): DraftPlace[] {
  return rankGroupsFor(pageId, groups).map((group) => ({ group: groups.indexOf(group), label: group.label, folder: mainFolder(group) }));
}

/** The folder most of a group's pages are in. */
export function mainFolder(group: Pick<NavigationGroup, 'pages'>): string {
  const counts = new Map<string, number>();
  for (const entry of items(group.pages)) {
    const id = trimStartOf(stringValue(entry) ?? '', './');
    if (entry.type !== 'string' || id === '') continue;
    const folder = id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : '';
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  let best = '';
  let most = 0;
  for (const [folder, count] of counts) if (count > most) [best, most] = [folder, count];
  return best;
}
