import type { PageAnchors } from '../mdx/anchors';

/** The anchors of the pages one share checked, by page URI (plain data: it crosses threads). */
export type SharedAnchors = [uri: string, anchors: PageAnchors][];

/**
 * One share of a whole-site check that several threads run at once (the CLI on a large site). Every
 * share loads the site and lists the same pages in the same order; each takes the next page left from
 * a counter they share, so a thread that starts late or meets heavy pages takes fewer. A page's
 * findings do not depend on the share that checked it: only the links into other pages' anchors do,
 * and those are checked after the shares have traded the anchors of the pages they checked.
 *
 * The service knows nothing of threads: the caller gives the counter and the trade.
 */
export interface SiteShares {
  /** This share reports the findings of docs.json and its files (exactly one does). */
  readonly first: boolean;
  /**
   * The index of the next page to check, in check order, or `pageCount` or more when none is left.
   * Called with how many pages there are; a share whose count differs from the others' takes none.
   */
  claim(pageCount: number): number;
  /** Once this share's pages are checked: gives their anchors, resolves with the other shares'. */
  exchange(anchors: SharedAnchors): Promise<SharedAnchors>;
}
