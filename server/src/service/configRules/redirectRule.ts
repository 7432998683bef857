import type { FixData } from '../check/fixData';
import { replaceWith } from '../check/fixData';
import { applyRedirect, readRedirect, type Redirect, type RedirectTable } from '../links/redirects';
import { suggestPage } from '../site/pageLookup';
import { pageId } from '../site/siteFiles';
import { baseNote, withoutBasePath } from '../links/basePath';
import type { SiteContext } from './siteContext';
import { child, items, stringValue } from '../json/jsonTree';

/** Browsers follow at most this many redirects in a row (Chrome and Firefox: 20), then give up. */
const MAX_CHAIN = 20;

/**
 * Every redirect ends somewhere: its destination is a page (as links reach one: a file, a folder's
 * index, a page generated from a spec), a file, an external URL, or another redirect that ends so
 * (wildcards such as `:slug*` followed); redirects that come back to a path they passed are a loop.
 * A destination that reuses what a wildcard matched cannot be checked without a path and is skipped,
 * as the platform's checker does. A source with `#anchor` or `?query` never matches.
 */
export async function redirectRule(context: SiteContext): Promise<void> {
  const targets = context.links.targets();
  if (targets.redirects.length === 0) return;
  const redirects = targets.redirectTable;
  const nodes = items(child(context.config, 'redirects'));
  for (const node of nodes) {
    const source = stringValue(child(node, 'source'));
    const destination = stringValue(child(node, 'destination'));
    if (source === undefined || destination === undefined) continue;
    const sourceNode = child(node, 'source')!;
    const destinationNode = child(node, 'destination')!;
    if (/[#?]/.test(source)) {
      context.sink.atNode(
        'redirects/invalid-source',
        sourceNode,
        `The source "${source}" has a ${source.includes('#') ? '`#anchor`' : '`?query`'}: the platform matches paths only, so this redirect never applies. ` +
          `Write the path alone ("${source.split(/[#?]/)[0]}").`,
      );
      continue;
    }
    const redirect = readRedirect(source, destination);
    if (URL.canParse(destination) || /[:*]/.test(redirect.destinationPath) || redirect.destinationPath === '') continue;
    const end = await follow(context, redirect, redirects);
    if (end.kind === 'loop') {
      context.sink.atNode(
        'redirects/loop',
        destinationNode,
        `These redirects go round in a loop: ${end.chain.map((path) => `"/${path}"`).join(' → ')}. Readers who follow them never arrive; send one of them to a page.`,
      );
    } else if (end.kind === 'too-long') {
      context.sink.atNode(
        'redirects/loop',
        destinationNode,
        `The redirect from "${source}" starts a chain of more than ${MAX_CHAIN} redirects ("/${end.chain[0]}" → "/${end.chain[1]}" → … → "/${end.chain[end.chain.length - 1]}"): browsers give up after ${MAX_CHAIN} (too many redirects). Send it to the page at the end of the chain.`,
      );
    } else if (end.kind === 'missing') {
      const via =
        end.chain.length > 2
          ? `, which redirects on to ${end.chain
              .slice(2)
              .map((path) => `"/${path}"`)
              .join(' → ')}`
          : '';
      const id = pageId(end.path) ?? end.path;
      const unprefixed = await context.links.withoutHostedBase(end.path);
      const suggestion = unprefixed ? (pageId(unprefixed.rest) ?? unprefixed.rest) : suggestPage(context.files, id);
      const note = unprefixed ? ` ${baseNote(unprefixed.base, context.links.basePath())}` : '';
      const data: FixData | undefined = suggestion && end.chain.length === 2 ? replaceWith(`/${suggestion}`) : undefined;
      context.sink.atNode(
        'redirects/destination-not-found',
        destinationNode,
        `The redirect from "${source}" goes to "${destination}"${via}, which is no page: there is no ${id}.mdx, ${id}.md or ${id}/index.mdx, ` +
          `no API page generated from a spec and no file.${suggestion ? ` Did you mean "/${suggestion}"?` : ''}${note}`,
        { data },
      );
    }
  }
}

/** Where a redirect's destination ends: on something that exists, on nothing, or back where it passed. */
async function follow(
  context: SiteContext,
  redirect: Redirect,
  redirects: RedirectTable,
): Promise<{ kind: 'found' } | { kind: 'missing'; path: string; chain: string[] } | { kind: 'loop' | 'too-long'; chain: string[] }> {
  const base = context.links.basePath();
  const chain = [redirect.sourcePath];
  const passed = new Set(chain);
  let path = redirect.destinationPath;
  for (;;) {
    if (passed.has(path)) return { kind: 'loop', chain: [...chain, path] };
    if (chain.length > MAX_CHAIN) return { kind: 'too-long', chain: [...chain, path] };
    chain.push(path);
    passed.add(path);
    if (await context.links.resolveDirect(path)) return { kind: 'found' };
    // On a site served under a base path, `/docs/guides/setup` is the page `guides/setup`.
    const unprefixed = base === undefined ? undefined : withoutBasePath(path, base);
    if (unprefixed !== undefined && (await context.links.resolveDirect(unprefixed))) return { kind: 'found' };
    const next = redirects.find(path);
    // A page generated from a source Docsmith does not read (a spec at a URL, an AsyncAPI spec, a
    // GraphQL schema) may be there.
    if (!next) return (await context.links.mayBeGenerated(path)) ? { kind: 'found' } : { kind: 'missing', path, chain };
    if (URL.canParse(next.destination)) return { kind: 'found' };
    const destination = applyRedirect(path, next)!;
    if (/[:*]/.test(destination)) return { kind: 'found' };
    path = destination;
  }
}
