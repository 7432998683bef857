import type { PageEntry } from '../navigation';
import type { SiteContext } from '../../siteContext';

/**
 * A page listed twice in the same language/version/product passes the platform unnoticed, but the
 * sidebar then highlights only one of the places. The same page in two languages or versions is fine.
 */
export function duplicatePageRule({ navigation, sink }: SiteContext): void {
  const first = new Map<string, PageEntry>();
  for (const entry of navigation.pages) {
    if (entry.isRoot) continue;
    const { id, climbsOut } = entry.page;
    if (climbsOut || id === '') continue;
    const key = `${entry.scope}\u0000${id}`;
    const original = first.get(key);
    if (!original) {
      first.set(key, entry);
      continue;
    }
    sink.atNode(
      'nav/duplicate-page',
      entry.node,
      `Page "${id}" is already listed in navigation${entry.scope ? ` (${entry.scope.slice(0, -1)})` : ''}; ` +
        `the sidebar highlights only one place. Remove this entry or the other one.`,
      {
        data: { removeEntry: true },
        related: [{ node: original.node, message: `First listing of "${id}"` }],
      },
    );
  }
}
