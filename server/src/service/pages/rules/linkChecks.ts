import type { AnchorIds } from '../../links/linkedAnchors';
import { extensionOf } from '../../links/linkTargets';
import type { BodyLink } from '../../mdx/bodyScan';

/** Elements whose `src` is a file to show or play (any element's `href` is a link). */
const PAGE_EXTENSIONS = new Set(['', '.md', '.mdx']);
/** Something that reads as a file extension (`.png`, `.pdf`, `.json`), as opposed to `v1.2` in a page path. */
const FILE_EXTENSION = /^\.[a-z][a-z\d]{0,5}$/i;

/**
 * Whether a link's anchor names one of a page's ids: as the page shows it (`id`, cleaned), or as a
 * browser writes it in the URL, percent-encoded: a Tab keeps the encoded slug of its title as its id
 * (`%F0%9F%A7%91...-oauth-app-setup`), which `#🧑‍💻-oauth-app-setup` reaches.
 */
export function reaches(anchors: AnchorIds, id: string, anchor: string): boolean {
  if (anchors.has(id)) return true;
  try {
    return /[^\x20-\x7e]/.test(anchor) && anchors.has(encodeURIComponent(anchor));
  } catch {
    return false; // a lone surrogate
  }
}

/** A link (not an image) to a path that reads as a page rather than a file. */
export function isPageLink(link: BodyLink, path: string): boolean {
  if (link.kind === 'image' || (link.kind === 'attribute' && link.attribute === 'src')) return false;
  const extension = extensionOf(path);
  return PAGE_EXTENSIONS.has(extension.toLowerCase()) || !FILE_EXTENSION.test(extension);
}
