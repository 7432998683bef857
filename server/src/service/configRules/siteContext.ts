import type { SiteLinks } from '../links/siteLinks';
import type { SiteBasics } from '../site/siteBasics';

/** Everything a docs.json rule (or a page rule, through its page) may look at. Rules report into `sink` and read nothing else. */
export interface SiteContext extends SiteBasics {
  /** What links can reach on this site, and the anchors and exports of its pages. */
  links: SiteLinks;
}
