import type { AnchorIds } from '../../links/linkedAnchors';
import { readsAsPage } from '../../links/linkTargets';
import type { BodyLink } from '../../mdx/bodyScan';

/**
 * Whether a link's anchor names one of a page's ids, as a browser looks for it: the fragment as the
 * URL holds it (written, with spaces and other characters outside ASCII percent-encoded, as a browser
 * encodes them: a Tab keeps the encoded slug of its title as its id, `c%2B%2B` for "C++", which
 * `#c%2B%2B` reaches and `#c++` does not; `%F0%9F%A7%91...-oauth-app-setup`, which
 * `#🧑‍💻-oauth-app-setup` reaches), then decoded and cleaned as the page cleans its heading ids (`id`).
 */
export function reaches(anchors: AnchorIds, id: string, url: string): boolean {
  return anchors.has(id) || anchors.has(fragmentOf(url));
}

/** The fragment of a link's URL as a browser's address holds it: spaces, quotes, `<`, `>`, `` ` `` and characters outside ASCII percent-encoded. */
function fragmentOf(url: string): string {
  const fragment = url.slice(url.indexOf('#') + 1);
  try {
    return fragment.replace(/[^\x21-\x7e]|["<>`]/gu, (char) => encodeURIComponent(char));
  } catch {
    return fragment; // a lone surrogate
  }
}

/** A link (not an image) to a path that reads as a page rather than a file. */
export function isPageLink(link: BodyLink, path: string): boolean {
  if (link.kind === 'image' || (link.kind === 'attribute' && link.attribute === 'src')) return false;
  return readsAsPage(path);
}
