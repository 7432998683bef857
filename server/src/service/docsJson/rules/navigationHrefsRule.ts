import { replaceWith, type FixData } from '../../check/fixData';
import { bodyLinkPath } from '../../links/linkPath';
import { suggestPageMatch } from '../../site/pageLookup';
import { pageId } from '../../site/siteFiles';
import type { SiteContext } from '../../site/siteContext';
import { child, keyOf, properties, stringValue, valueNode, type JsonNode } from '../jsonTree';

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

/** A file name with an extension that is no page's (`.pdf`, `.png`): a file, not a page. */
const FILE_EXTENSION = /\.(?!mdx?$)[a-z0-9]{1,5}$/i;

/**
 * An `href` of navigation (a tab, an anchor, a dropdown, a menu item... `global` ones included) that
 * is a path of the site reaches a page, a file or a redirect, as a link of a page does: the
 * platform's link checker (`mint broken-links`) reads them so, and reports those that reach nothing.
 * URLs are not checked; neither are `#anchors` (docs.json's findings do not follow the pages'
 * contents), nor hrefs that are no path from the root, which the platform drops (`nav/ignored-key`).
 */
export async function navigationHrefsRule({ config, links, files, sink }: SiteContext): Promise<void> {
  for (const { node, href, holder } of navigationHrefs(child(config, 'navigation'))) {
    // Any other form is no valid href: the platform drops it (nav/ignored-key says so).
    if (!href.startsWith('/') || href.startsWith('//')) continue;
    const path = bodyLinkPath(href, 'index.mdx');
    if (!path || path.samePage) continue;
    if (await links.resolveLink(path)) continue;
    if (await links.mayBeGenerated(path.path)) continue;
    const shown = `"${href}"`;
    const where = `in navigation (the \`href\` of ${holder})`;
    const targets = links.targets();
    const rest = href.slice(href.search(/[?#]|$/));
    const written = (to: string): FixData => replaceWith(`/${to}${rest}`, `/${to}`);
    if (FILE_EXTENSION.test(path.path)) {
      const variant = targets.caseVariant(path.path);
      sink.atNode(
        'links/file-not-found',
        node,
        `File ${shown} ${where} is not in the docs root.${variant ? ` ${variant} exists, with other letter case: the platform matches file names exactly.` : ` Add ${path.path} to the docs root, or fix the path.`}`,
        { data: variant ? written(variant) : undefined },
      );
      continue;
    }
    const id = pageId(path.path) ?? path.path;
    const redirect = targets.redirectFor(path.path);
    const cased = redirect ? undefined : targets.pageCaseVariant(id);
    const { best } = redirect || cased !== undefined ? { best: undefined } : suggestPageMatch(files, id);
    const meant = cased ?? best;
    const hint = redirect
      ? ` It is redirected to "${redirect.destination === undefined ? redirect.redirect.destination : `/${redirect.destination}`}" (docs.json \`redirects\`), which is not a page either.`
      : cased !== undefined
        ? ` It differs from the page "/${cased}" in letter case only: the published site's paths are case-sensitive.`
        : best !== undefined
          ? ` Did you mean "/${best}"?`
          : ` Create ${id}.mdx or fix the link.`;
    sink.atNode(
      'links/page-not-found',
      node,
      `Link ${shown} ${where} names no page: there is no ${id}.mdx, ${id}.md or ${id}/index.mdx, no API page generated from a spec, and no redirect from it.${hint}`,
      { data: { createPage: `${id}.mdx`, ...(meant !== undefined && written(meant)) } },
    );
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
