import { resolvePath } from '../../common/text';

/**
 * Where an internal link points, read as the platform serves it: a URL with a scheme (`https:`,
 * `mailto:`) is external; `./x` and `../x` are resolved from the folder of the page's file (the
 * platform rewrites them so, an `index.mdx` included); `/x` is from the docs root; a bare `x` is left
 * to the browser, which resolves it from the page's URL (`guides/setup` is served at
 * `/guides/setup`, `guides/index.mdx` at `/guides`). The query is dropped, percent-encoding decoded,
 * a trailing `/` removed; `#anchor` alone is the page itself.
 */
export interface LinkPath {
  /** From the docs root, without a leading or trailing `/`: `guides/setup`, `images/a.png`. */
  path: string;
  /** The `#anchor`, decoded, without `#`; undefined when there is none. */
  anchor?: string;
  /** The link names the page it is in (`#anchor`, or an empty path). */
  samePage: boolean;
  /** How the link was written: from the root, from the file's folder (`./`, `../`), or from the page's URL (bare). */
  form: 'root' | 'file' | 'url';
}

/**
 * The path of a link written in a page body, when it is internal: not external, not empty, not
 * protocol-relative (`//cdn...`). `/` (or `/#x`) is the home page (the empty path), not this page.
 */
export function bodyLinkPath(written: string, pageRelative: string): LinkPath | undefined {
  // A browser's URL parser removes every tab and line break (an attribute's value may span lines).
  const url = written.trim().replace(/[\t\n\r]/g, '');
  if (url === '' || url.startsWith('//')) return undefined;
  const path = linkPath(url, pageRelative);
  if (path?.samePage && /^\/(?:[?#]|$)/.test(url)) return { ...path, path: '', samePage: false };
  return path;
}

/** A link from the root with plain characters only (letters, digits, `_`, `-`, `.`, `/`) and a plain `#anchor`. */
const SIMPLE_ROOT_LINK = /^\/[\w.-][\w./-]*(?:#[\w-]*)?$/;

/** The path of an internal link, or undefined for an external one (a scheme, `data:`). */
export function linkPath(url: string, pageRelative: string): LinkPath | undefined {
  // `/guides/setup#install`, the usual link: nothing to resolve, decode or normalise.
  if (SIMPLE_ROOT_LINK.test(url) && !url.includes('//') && !url.includes('/.')) {
    const hash = url.indexOf('#');
    const path = hash < 0 ? url.slice(1) : url.slice(1, hash);
    const anchor = hash < 0 || hash === url.length - 1 ? undefined : url.slice(hash + 1);
    return { path: path.endsWith('/') ? path.slice(0, -1) : path, anchor, samePage: false, form: 'root' };
  }
  if (isExternal(url)) return undefined;
  let path = url.replaceAll('\\', '/');
  const form = path.startsWith('.') ? 'file' : path.startsWith('/') || /^[?#]/.test(path) || path === '' ? 'root' : 'url';
  // A `..` above the root stays at the root, as the platform's rewrite of relative links (a POSIX join
  // from `/`) and a browser both read it.
  if (form === 'file') path = resolvePath(folderOf(pageRelative), path);
  else if (form === 'url') path = resolvePath(folderOf(pageUrl(pageRelative)), path);
  if (path.startsWith('/')) path = path.slice(1);
  let parsed: URL;
  try {
    parsed = new URL(`mintlify:${path}`);
  } catch {
    return { path: normalise(path), samePage: false, form };
  }
  let pathname = decode(parsed.pathname);
  if (pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const anchor = parsed.hash ? decode(parsed.hash.slice(1)) : undefined;
  if (pathname === '') return { path: pageRelative, anchor, samePage: true, form };
  return { path: normalise(pathname), anchor, samePage: false, form };
}

/** The path a page file is served at, without its leading `/`: `guides/index.mdx` → `guides`. */
function pageUrl(pageRelative: string): string {
  const withoutExtension = pageRelative.replace(/\.mdx?$/i, '');
  return withoutExtension === 'index' ? '' : withoutExtension.replace(/\/index$/, '');
}

function folderOf(path: string): string {
  return path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
}

/** A URL that names its scheme (`https:`, `mailto:`, `vscode:`), or a `data:` URL: not checked here. */
export function isExternal(url: string): boolean {
  return URL.canParse(url) || url.startsWith('data:');
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** `a//b/./c` → `a/b/c`. */
function normalise(path: string): string {
  if (!path.includes('//') && !path.includes('./')) return path;
  return resolvePath('', path);
}
