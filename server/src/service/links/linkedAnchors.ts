import type { PageAnchors } from '../mdx/anchors';

/** A page's anchor ids as links into it read them: whether one is there, how many, and each in order. */
export type AnchorIds = Pick<ReadonlySet<string>, 'has' | 'size'> & Iterable<string>;

/**
 * What links from other pages need of a page's anchors. A whole-site check keeps it for every page
 * until the end (links into pages read later are checked then), so it is kept small: no heading list,
 * and a page's few ids in a list rather than a set (a tenth of the memory).
 */
export interface LinkedAnchors {
  anchors: AnchorIds;
  exact: boolean;
  operation?: string;
  shows: readonly string[];
}

/** Up to this many ids are kept as a list, searched one by one; a page with more keeps its set. */
const LISTED = 32;
const NO_SNIPPETS: readonly string[] = Object.freeze([]);

/** A list of a few ids, in the page's order: a fraction of a set's memory, as fast for so few. */
class AnchorList implements AnchorIds {
  constructor(private readonly ids: readonly string[]) {}

  get size(): number {
    return this.ids.length;
  }

  has(id: string): boolean {
    return this.ids.includes(id);
  }

  [Symbol.iterator](): Iterator<string> {
    return this.ids[Symbol.iterator]();
  }
}

const NO_IDS = new AnchorList([]);

export function linkedAnchors(page: PageAnchors): LinkedAnchors {
  const { size } = page.anchors;
  return linked(size === 0 ? NO_IDS : size <= LISTED ? new AnchorList([...page.anchors]) : page.anchors, page);
}

/** The anchors kept, with the rest of what links read (no key for an operation a page has not). */
function linked(anchors: AnchorIds, { exact, operation, shows }: Omit<LinkedAnchors, 'anchors'>): LinkedAnchors {
  const kept = shows.length ? shows : NO_SNIPPETS;
  return operation === undefined ? { anchors, exact, shows: kept } : { anchors, exact, operation, shows: kept };
}

/** A page's {@link LinkedAnchors} as plain data, to send to another thread. */
export interface SharedPageAnchors {
  ids: string[];
  exact: boolean;
  operation?: string;
  shows: readonly string[];
}

export function shareAnchors({ anchors, exact, operation, shows }: LinkedAnchors): SharedPageAnchors {
  const ids = [...anchors];
  return operation === undefined ? { ids, exact, shows } : { ids, exact, operation, shows };
}

/** The {@link LinkedAnchors} another thread sent: as {@link linkedAnchors} makes them from the page. */
export function sharedAnchors(shared: SharedPageAnchors): LinkedAnchors {
  const { ids } = shared;
  return linked(ids.length === 0 ? NO_IDS : ids.length <= LISTED ? new AnchorList(ids) : new Set(ids), shared);
}
