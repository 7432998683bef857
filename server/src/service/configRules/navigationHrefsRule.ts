import type { FixData } from '../check/fixData';
import { bodyLinkPath } from '../links/linkPath';
import { describeMissingLink } from '../links/missingLink';
import { readsAsPage } from '../links/linkTargets';
import type { SiteContext } from './siteContext';
import { child, keyOf, properties, stringValue, valueNode, type JsonNode } from '../json/jsonTree';

/** The navigation items an `href` is found on, by the key that names them. */
const ITEMS: readonly [string, string][] = [
  ['tab', 'tab'],
  ['anchor', 'anchor'],
  ['dropdown', 'dropdown'],
  ['item', 'menu item'],
  ['product', 'product'],
  ['version', 'version'],
  ['language', 'language'],
  ['group', 'group'],
];

/**
 * An `href` of navigation (a tab, an anchor, a dropdown, a menu item... `global` ones included) that
 * is a path of the site reaches a page, a file or a redirect, as a link of a page does: the
 * platform's link checker (`mint broken-links`) reads them so, and reports those that reach nothing.
 * URLs are not checked; neither are `#anchors` (docs.json's findings do not follow the pages'
 * contents), nor hrefs that are no path from the root, which the platform drops (`nav/ignored-key`).
 */
export async function navigationHrefsRule({ config, links, sink }: SiteContext): Promise<void> {
  for (const { node, href, holder } of navigationHrefs(child(config, 'navigation'))) {
    // Any other form is no valid href: the platform drops it (nav/ignored-key says so).
    if (!href.startsWith('/') || href.startsWith('//')) continue;
    const path = bodyLinkPath(href, 'index.mdx');
    if (!path || path.samePage) continue;
    if (await links.resolveLink(path)) continue;
    if (await links.mayBeGenerated(path.path)) continue;
    const subject = {
      url: href,
      shown: `"${href}" in navigation (the \`href\` of ${holder})`,
      page: readsAsPage(path.path),
      media: false,
    };
    const { code, message, data } = await describeMissingLink(links, links.targets(), subject, path);
    // In docs.json the replacement is a JSON string.
    const fix: FixData | undefined = data && { ...data, ...(data.replace !== undefined && { replace: JSON.stringify(data.replace) }) };
    sink.atNode(code, node, message, { data: fix });
  }
}

/** Every string `href` under navigation, with the item it is on (`tab "API"`). */
function navigationHrefs(navigation: JsonNode | undefined): { node: JsonNode; href: string; holder: string }[] {
  const found: { node: JsonNode; href: string; holder: string }[] = [];
  const visit = (node: JsonNode | undefined) => {
    if (!node) return;
    if (node.type === 'array') for (const item of node.children ?? []) visit(item);
    if (node.type !== 'object') return;
    for (const property of properties(node)) {
      const value = valueNode(property);
      const href = keyOf(property) === 'href' ? stringValue(value) : undefined;
      if (value && href !== undefined) found.push({ node: value, href, holder: describe(node) });
      else visit(value);
    }
  };
  visit(navigation);
  return found;
}

function describe(item: JsonNode): string {
  for (const [key, name] of ITEMS) {
    const label = stringValue(child(item, key));
    if (label !== undefined) return `${name} "${label}"`;
  }
  return 'a navigation item';
}
