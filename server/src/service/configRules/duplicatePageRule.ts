import type { PageEntry } from '../docsJson/navigation';
import type { SiteContext } from './siteContext';

/**
 * A page listed twice in the same language/version/product passes the platform unnoticed, but the
 * sidebar then highlights only one of the places. The same page in two languages or versions is fine;
 * in two tabs (anchors, dropdowns, menu items) it is usually deliberate cross-listing: an info.
 */
export function duplicatePageRule(context: SiteContext): void {
  reportDuplicates(context);
}

/** What makes two entries duplicates: the same page in the same scope. Undefined for entries never compared. */
export function duplicateKey(entry: PageEntry): string | undefined {
  const { id, climbsOut } = entry.page;
  if (entry.isRoot || climbsOut || id === '') return undefined;
  return `${entry.scope}\u0000${id}`;
}

/**
 * Reports every entry after the first with the same key; with `only`, for those keys alone (an edit
 * changed an entry's key: its old and new groups are checked again). The key is the subject.
 */
export function reportDuplicates({ navigation, sink }: SiteContext, only?: ReadonlySet<string>): void {
  // First listing per scope, then per page id: no key string is built for an entry that is no duplicate.
  const first = new Map<string, Map<string, PageEntry>>();
  // With `only`, most entries are passed over by their id.
  const ids = only && [...only].map((key) => key.slice(key.indexOf('\u0000') + 1));
  for (const entry of navigation.pages) {
    const { id, climbsOut } = entry.page;
    if (entry.isRoot || climbsOut || id === '' || (ids && !ids.includes(id))) continue;
    let inScope = first.get(entry.scope);
    if (!inScope) first.set(entry.scope, (inScope = new Map()));
    const original = inScope.get(id);
    if (!original) {
      inScope.set(id, entry);
      continue;
    }
    const key = duplicateKey(entry)!;
    if (only && !only.has(key)) continue;
    if (original.section !== entry.section) {
      // Listed in two tabs (or anchors, dropdowns): deliberate, and each tab shows it; a note only.
      sink.atNode(
        'nav/cross-listed-page',
        entry.node,
        `Page "${id}" is also listed under ${describe(original.section)}; here it is under ${describe(entry.section)}. ` +
          `Both places show it, and the sidebar highlights the place a reader came from only when it is in the current tab.`,
        { related: [{ node: original.node, message: `Listing of "${id}" under ${describe(original.section)}` }], subject: key },
      );
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
        subject: key,
      },
    );
  }
}

/** `tabs:Guides/anchors:SDK/` → `tab "Guides" › anchor "SDK"`; '' → the top of the navigation. */
function describe(section: string): string {
  if (section === '') return 'the top of the navigation';
  return section
    .slice(0, -1)
    .split('/')
    .map((part) => {
      const colon = part.indexOf(':');
      const kind = part.slice(0, colon);
      return `${kind === 'menu' ? 'menu item' : kind.slice(0, -1)} "${part.slice(colon + 1)}"`;
    })
    .join(' › ');
}
