import { items, stringValue } from '../docsJson/jsonTree';
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
