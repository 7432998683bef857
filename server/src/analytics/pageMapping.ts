import { trimEndOf, trimStartOf } from '../common/text';
import type { SiteMap } from '../service';

/** What URL mapping reads of a site: its pages and its specs' operations (a {@link SiteMap}). */
export type MappableSite = Pick<SiteMap, 'pages' | 'specs'>;

export interface MappedUrl {
  /** The page (or spec) file, relative to the docs root; null when nothing local matches. */
  file: string | null;
  /** The `#anchor` of the URL, a heading slug. */
  anchor?: string;
  /** 1-based line in `file` (the operation, for a spec). */
  line?: number;
}

/**
 * Maps cited URLs to local files: strips the site's origin, the base path its URLs share (or the one
 * of `siteUrl`), the query and the `#anchor`; `/` is `index`. A URL of a page generated from an
 * OpenAPI operation maps to the spec at that operation when its last part is the operation's page
 * name (as the service makes it, by the platform's rule).
 */
export function createUrlMapper(site: MappableSite, urls: string[], siteUrl?: string): (url: string) => MappedUrl {
  const pages = new Map(site.pages);
  const lowerPages = new Map([...pages.keys()].map((id) => [id.toLowerCase(), id]));
  // Each generated page's name (the service's, by the platform's rule) names the first operation that has it.
  const operations = new Map<string, { spec: string; line: number }>();
  for (const spec of site.specs)
    for (const operation of spec.operations) {
      const name = comparableName(operation.page);
      if (name && !operations.has(name)) operations.set(name, { spec: spec.file, line: operation.line });
    }
  const configuredBase = siteUrl ? pathOf(siteUrl).replace(/\/$/, '') : undefined;
  const base =
    configuredBase ?? sharedBase([...new Set(urls)].map(pathOf), (candidate) => matchPage(candidate, pages, lowerPages) !== undefined);

  const map = (url: string): MappedUrl => {
    let parsed: URL;
    try {
      parsed = new URL(url, 'https://unknown.invalid');
    } catch {
      return { file: null };
    }
    const anchor = parsed.hash ? decodeURIComponent(parsed.hash.slice(1)) : undefined;
    const path = decodePath(parsed.pathname);
    const stripped = base && (path === base || path.startsWith(base + '/')) ? path.slice(base.length) : path;
    const page = matchPage(stripped, pages, lowerPages) ?? matchPage(path, pages, lowerPages);
    if (page) return { file: pages.get(page)!, anchor };
    const last = stripped.split('/').filter(Boolean).pop();
    const operation = last ? operations.get(comparableName(last)) : undefined;
    if (operation) return { file: operation.spec, line: operation.line, anchor };
    return { file: null, anchor };
  };
  // An export cites the same few URLs thousands of times: each is mapped once (a copy is returned).
  const known = new Map<string, MappedUrl>();
  return (url: string) => {
    let mapped = known.get(url);
    if (!mapped) known.set(url, (mapped = map(url)));
    return { ...mapped };
  };
}

function pathOf(url: string): string {
  try {
    return decodePath(new URL(url, 'https://unknown.invalid').pathname);
  } catch {
    return '/';
  }
}

function decodePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The page id a URL path names, if any: `/guides/quickstart/` → `guides/quickstart`, `/` → `index`. */
function matchPage(path: string, pages: Map<string, string>, lower: Map<string, string>): string | undefined {
  const id = trimEndOf(trimStartOf(path, '/'), '/') || 'index';
  if (pages.has(id)) return id;
  if (pages.has(`${id}/index`)) return `${id}/index`;
  return lower.get(id.toLowerCase());
}

/**
 * The base path the site is served under (`/docs` when its URLs are `/docs/guides/...`): the leading
 * segments that, once stripped, make the most URLs name a local page.
 */
const MAX_BASE_SEGMENTS = 8;

function sharedBase(paths: string[], isPage: (path: string) => boolean): string {
  const votes = new Map<string, number>();
  for (const path of new Set(paths)) {
    const segments = path.split('/').filter(Boolean);
    // A site is served a few folders deep at most: a URL of 40,000 segments is not tried 40,000 ways.
    for (let drop = 0; drop < Math.min(segments.length, MAX_BASE_SEGMENTS + 1); drop++) {
      if (isPage('/' + segments.slice(drop).join('/'))) {
        const base = drop === 0 ? '' : '/' + segments.slice(0, drop).join('/');
        votes.set(base, (votes.get(base) ?? 0) + 1);
        break;
      }
    }
  }
  let best = '';
  let bestVotes = 0;
  for (const [base, count] of votes)
    if (count > bestVotes || (count === bestVotes && base.length < best.length)) [best, bestVotes] = [base, count];
  return best;
}

/**
 * A generated page's name as a URL may carry it: the platform names the page file `list-users-&-teams`
 * and serves it as `list-users-teams`, so characters other than letters, digits, `_` and `-` are left
 * out and runs of `-` made one, on both sides of the comparison.
 */
function comparableName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_-]+/gu, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
}
