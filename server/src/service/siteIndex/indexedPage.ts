/** What the gap page index holds of a site: plain data, it crosses the LSP and the worker's port. */

/** One section of a page: the text under a heading (or before the first heading, `heading` null). */
export interface IndexedSection {
  heading: string | null;
  /** The heading's `#anchor`; null for the text before the first heading. */
  anchor: string | null;
  /** The heading's level (1-6); 0 for the text before the first heading. */
  level: number;
  /** 0-based line of the heading (of the body's start for the first section). */
  line: number;
  text: string;
}

/** What finding where an answer belongs reads of a page. Plain data: it crosses the LSP. */
export interface IndexedPage {
  /** Page id: the path relative to the docs root without extension. */
  id: string;
  /** Relative to the docs root, with extension. */
  file: string;
  title: string;
  description: string;
  sections: IndexedSection[];
  /** Listed only under versions other than the default: readers land on another version's pages. */
  otherVersion?: boolean;
  /** A page the platform makes of an OpenAPI operation (`GET /users`): `file` is its spec, at the operation's line. */
  operation?: string;
  /** The navigation language it is listed under (`es`, `zh-Hant`), on a site whose navigation lists languages. */
  language?: string;
}

export interface PageIndex {
  rootUri: string;
  pages: IndexedPage[];
}
