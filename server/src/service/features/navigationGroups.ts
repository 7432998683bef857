import { child, items, keyOf, properties, stringValue, type JsonNode } from '../docsJson/jsonTree';

export interface NavigationGroup {
  /** "Guides › Get started": the labels of the divisions down to the group. */
  label: string;
  /** The group's `pages` array (in whichever file holds it). */
  pages: JsonNode;
  /** The page ids listed directly in it, to rank groups for a page. */
  pageIds: string[];
  /** True when the group or an enclosing node sets `openapi`, or its label says it is an API reference. */
  isApi: boolean;
}

const LABEL_KEYS = ['group', 'tab', 'anchor', 'dropdown', 'version', 'language', 'product', 'item'];

/** Every group of the navigation with a `pages` array, in document order. */
export function navigationGroups(navigation: JsonNode | undefined): NavigationGroup[] {
  const groups: NavigationGroup[] = [];
  const visit = (node: JsonNode, labels: string[], api: boolean) => {
    if (node.type === 'array') {
      for (const item of items(node)) visit(item, labels, api);
      return;
    }
    if (node.type !== 'object') return;
    const labelKey = LABEL_KEYS.find((key) => stringValue(child(node, key)) !== undefined);
    const label = labelKey ? stringValue(child(node, labelKey))! : undefined;
    const path = label ? [...labels, label] : labels;
    const isApi = api || child(node, 'openapi') !== undefined || (label !== undefined && /\bapi\b/i.test(label));
    const pages = child(node, 'pages');
    if (labelKey === 'group' && pages?.type === 'array') {
      groups.push({
        label: path.join(' › '),
        pages,
        pageIds: items(pages).flatMap((entry) => (entry.type === 'string' ? [String(entry.value)] : [])),
        isApi,
      });
    }
    for (const property of properties(node)) {
      if (['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'versions', 'languages', 'products', 'menu'].includes(keyOf(property)))
        visit(property.children![1], path, isApi);
    }
  };
  if (navigation) visit(navigation, [], false);
  return groups;
}

/** Groups ranked for a page: those holding pages of the same folder first, then the rest in order. */
export function rankGroupsFor(pageId: string, groups: NavigationGroup[]): NavigationGroup[] {
  const folder = pageId.includes('/') ? pageId.slice(0, pageId.lastIndexOf('/') + 1) : '';
  const score = (group: NavigationGroup) => group.pageIds.filter((id) => id.replace(/^\/|^\.\//, '').startsWith(folder)).length;
  return [...groups]
    .map((group, index) => ({ group, index, score: folder ? score(group) : 0 }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map(({ group }) => group);
}
