import type { SharedPageAnchors } from '../links/linkedAnchors';

/** The anchors of the pages one share checked, by page URI (plain data: it crosses threads). */
export type SharedAnchors = [uri: string, anchors: SharedPageAnchors][];

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
  /**
   * Once this share's pages are checked: gives their anchors, resolves with the other shares'. The
   * anchors are asked for only when there is another share to give them to (a check that ends up on
   * one thread keeps no second copy of every page's anchors).
   */
  exchange(anchors: () => SharedAnchors): Promise<SharedAnchors>;
}
