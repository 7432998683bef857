/**
 * The checks of docs.json values that a schema keyword cannot say, named by `x-check` in
 * schemas/docs.schema.json. Each returns the end of a message ("must be ...") when the value fails,
 * or undefined. They follow the platform's validator: what it accepts passes here.
 */
import { trimEndOf } from '../../common/text';
type Check = (value: any) => string | undefined;

/** Extensions the platform refuses to link to from the footer, whatever the protocol. */
const DANGEROUS_EXTENSIONS = ['.svg', '.exe', '.zip'];

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Trailing slashes and a fragment removed, as the platform reads footer links before checking them. */
function normaliseLink(value: string): string {
  const hash = value.indexOf('#');
  let normalised = hash > 0 ? value.slice(0, hash) : value;
  const url = parseUrl(normalised);
  if (url) {
    if (url.pathname !== '/' && url.pathname.endsWith('/')) {
      url.pathname = trimEndOf(url.pathname, '/');
      normalised = url.toString();
    }
  } else if (!normalised.startsWith('mailto:')) {
    const query = normalised.indexOf('?');
    const [pathPart, queryPart] = query < 0 ? [normalised, ''] : [normalised.slice(0, query), normalised.slice(query)];
    normalised = (pathPart.length > 1 && pathPart.endsWith('/') ? trimEndOf(pathPart, '/') : pathPart) + queryPart;
  }
  return normalised;
}

function isSafeHttps(value: string): boolean {
  const url = parseUrl(value);
  if (!url || url.protocol !== 'https:') return false;
  let pathname = url.pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // keep it encoded
  }
  return !DANGEROUS_EXTENSIONS.some((extension) => pathname.toLowerCase().endsWith(extension));
}

function duplicateOf(values: unknown[]): unknown {
  const seen = new Set<unknown>();
  for (const value of values) {
    if (seen.has(value)) return value;
    seen.add(value);
  }
  return undefined;
}

const checks: Record<string, Check> = {
  /** Any URL with a scheme. */
  url: (value: string) => (parseUrl(value) ? undefined : 'must be a full URL such as "https://example.com"'),
  /** A navigation or navbar link: a path from the site root, a `#fragment`, `mailto:` or a URL. */
  href: (value: string) =>
    value.startsWith('/') || value.startsWith('#') || value.startsWith('mailto:') || parseUrl(value)
      ? undefined
      : 'must be a URL such as "https://example.com" or a path starting with "/"',
  /** A footer link: as `href`, but only `https://` URLs, and no .svg, .exe or .zip file. */
  secureHref: (raw: string) => {
    const value = normaliseLink(raw);
    if (value.startsWith('//')) return 'must not start with "//": write "https://" or a path starting with a single "/"';
    if (value.startsWith('/') || value.startsWith('mailto:') || value.startsWith('#')) return undefined;
    return isSafeHttps(value) ? undefined : 'must be an https:// URL (not a .svg, .exe or .zip file), or a path starting with "/"';
  },
  /** A social profile: an `https://` URL, no .svg, .exe or .zip file. */
  secureUrl: (value: string) =>
    parseUrl(value) && isSafeHttps(normaliseLink(value)) ? undefined : 'must be an https:// URL such as "https://github.com/acme"',
  httpsUrl: (value: string) => (parseUrl(value) && value.startsWith('https://') ? undefined : 'must be an https:// URL'),
  httpsUrlNoQuery: (value: string) => {
    const url = parseUrl(value);
    if (!url || !value.startsWith('https://')) return 'must be an https:// URL';
    return url.search || url.hash ? 'must be an https:// URL without a query or fragment' : undefined;
  },
  /** A spec or font: a path in the docs root, or an http(s) URL. */
  specSource: (value: string) => {
    const url = parseUrl(value.trim());
    if (!url) return undefined; // a path
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? undefined
      : `must be a path in the docs root or an http(s) URL, not a "${url.protocol}" URL`;
  },
  /** A GraphQL schema or SDK artifact: a path in the docs root, or an `https://` URL. */
  httpsOrPath: (value: string) => {
    const url = parseUrl(value.trim());
    return !url || url.protocol === 'https:' ? undefined : 'must be a path in the docs root or an https:// URL';
  },
  fontFormat: (font: { source?: unknown; format?: unknown }) =>
    font.source && !font.format ? 'has a `source` but no `format`: add "format": "woff2" (or "woff")' : undefined,
  uniqueSources: (redirects: { source?: unknown }[]) => {
    const duplicate = duplicateOf(redirects.map((redirect) => redirect.source));
    return duplicate === undefined ? undefined : `has two redirects from "${String(duplicate)}"; the platform rejects a repeated source`;
  },
  uniquePaths: (paths: { path?: unknown }[]) => {
    const duplicate = duplicateOf(paths.map((entry) => entry.path));
    return duplicate === undefined ? undefined : `lists the path "${String(duplicate)}" twice; the platform rejects a repeated path`;
  },
  uniqueIds: (options: { id?: unknown }[]) => {
    const duplicate = duplicateOf(options.map((option) => (typeof option.id === 'string' ? option.id.trim() : option.id)));
    return duplicate === undefined ? undefined : `uses the id "${String(duplicate)}" twice; each variation needs its own id`;
  },
  uniqueOptions: (options: unknown[]) => {
    const duplicate = duplicateOf(options.filter((option) => typeof option === 'string'));
    return duplicate === undefined ? undefined : `lists "${String(duplicate)}" twice; each option may appear once`;
  },
};

export function schemaCheck(name: string, value: unknown): string | undefined {
  const check = checks[name];
  if (!check) throw new Error(`Unknown x-check "${name}" in the docs.json schema.`);
  return check(value);
}
