import type { AnchorIds, LinkedAnchors } from '../../links/linkedAnchors';
import type { PageContext } from '../pageContext';
import { reaches } from './linkChecks';

/** What an anchor's verdict reads of the site: other pages' anchors, as scanned and as the reference parser reads them. */
export type AnchorFacts = Pick<PageContext, 'anchorsOf' | 'exactAnchorsOf' | 'shownAnchorsOf'>;

/** The verdict on one `#anchor`: undefined when the page has it (or nobody can tell). */
export type AnchorVerdict = { missing: AnchorIds; unsure?: boolean } | { unchecked: string } | undefined;

/**
 * The one answer to "is `#id` (written `url`) on the page `file`?", for a link into another page, into
 * the page itself, and from a snippet into each page that shows it: the page's own anchors, then those
 * of the snippets it shows, then (when the scan is unsure of the page and `confirm` is set) the reference
 * parser's. Undefined when it is there or cannot be told; the page's anchors (its snippets' included)
 * when it is missing; the source of the page's content when the platform renders it from a spec.
 */
export async function anchorVerdict(facts: AnchorFacts, file: string, id: string, url: string, confirm = true): Promise<AnchorVerdict> {
  const anchors: LinkedAnchors | undefined = await facts.anchorsOf(file);
  if (!anchors || reaches(anchors.anchors, id, url)) return undefined;
  const shown = anchors.shows.length ? await facts.shownAnchorsOf(file, anchors.shows) : undefined;
  if (shown?.has(id)) return undefined;
  // Without `confirm`, a page the scanner is unsure of is not parsed again: the anchor may be there.
  if (!anchors.exact && confirm) {
    const exact = await facts.exactAnchorsOf(file);
    if (!exact || exact.has(id)) return undefined;
  }
  if (anchors.operation) return { unchecked: anchors.operation };
  return { missing: withShown(anchors.anchors, shown), ...(!anchors.exact && { unsure: true }) };
}

/** What a check needs of the page: functions that hold the site's links, not the page (a deferred check keeps them). */
export function anchorFacts(page: PageContext): AnchorFacts {
  const { anchorsOf, exactAnchorsOf, shownAnchorsOf } = page;
  return { anchorsOf, exactAnchorsOf, shownAnchorsOf };
}

/** The facts of the page itself, read from its own parse: a link to `#x` on the page checks its anchors there. */
export function ownAnchorFacts(page: PageContext): AnchorFacts {
  return {
    anchorsOf: async (file) => (file === page.relative ? page.document.anchors() : page.anchorsOf(file)),
    exactAnchorsOf: async (file) => (file === page.relative ? page.document.exactAnchors() : page.exactAnchorsOf(file)),
    shownAnchorsOf: page.shownAnchorsOf,
  };
}

/** A page's own anchors and those it has through the snippets it shows (for the did-you-mean). */
function withShown(anchors: AnchorIds, shown: ReadonlySet<string> | undefined): AnchorIds {
  return shown?.size ? new Set([...anchors, ...shown]) : anchors;
}
