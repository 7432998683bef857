import { trimSlashes } from '../../common/text';
import type { Redirect } from './redirects';

/**
 * The base paths the platform hosts sites under (`example.com/docs`), as its own list of managed base
 * paths gives them: one folder, or more (`ai/docs`), the longest first.
 */
const HOSTED_BASE_PATHS = [
  'docs/rest-api/reference',
  'ai/docs',
  'docs',
  'help',
  'guides',
  'wiki',
  'developers',
  'academy',
  'connect',
  'go',
  'blog',
];

/** The hosted base paths a path starts with (`ai/docs/guide` → `ai/docs`), the longest first. */
function hostedBasesOf(path: string): string[] {
  return HOSTED_BASE_PATHS.filter((base) => path.startsWith(`${base}/`));
}
/** Redirects whose destinations all start with one base path: at least this many say the site is served under it. */
const REDIRECTS_THAT_TELL = 3;

/**
 * The base path a site is served under (`docs` for `example.com/docs`), as its docs.json tells it:
 * the path of `seo.metatags.canonical` (none when it is a domain's root); or else, when every redirect that sends to a path of the
 * site (three or more) sends under one of the base paths the platform hosts sites under (`/docs/...`)
 * and the docs root has no such folder, that one. Undefined when neither says.
 *
 * The platform serves such a site's pages under the base path, and removes it from the front of an
 * image's path (`/docs/images/a.png` is the file `images/a.png`); a browser follows a link written
 * `/docs/guides/setup` to the page `guides/setup` there, and a redirect to it too. So a path from
 * the root that names nothing as written is read again without it.
 */
export function basePathOf(
  config: Record<string, unknown>,
  redirects: readonly Redirect[],
  isFolder: (path: string) => boolean,
): string | undefined {
  const canonical = canonicalPath(config);
  if (canonical !== undefined) return canonical === '' ? undefined : canonical;
  return redirectsBase(redirects, isFolder);
}

/** The path of the canonical URL (`''` at a domain's root); undefined when docs.json gives none. */
function canonicalPath(config: Record<string, unknown>): string | undefined {
  const seo = config.seo;
  const metatags = seo && typeof seo === 'object' ? (seo as Record<string, unknown>).metatags : undefined;
  const canonical = metatags && typeof metatags === 'object' ? (metatags as Record<string, unknown>).canonical : undefined;
  if (typeof canonical !== 'string' || !URL.canParse(canonical.trim())) return undefined;
  const url = new URL(canonical.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  let path: string;
  try {
    path = trimSlashes(decodeURIComponent(url.pathname));
  } catch {
    return undefined;
  }
  return path;
}

function redirectsBase(redirects: readonly Redirect[], isFolder: (path: string) => boolean): string | undefined {
  // The hosted base paths every redirect to a path of the site starts with (`docs` and `docs/rest-api/reference` may both).
  let bases: string[] | undefined;
  let count = 0;
  for (const redirect of redirects) {
    if (URL.canParse(redirect.destination)) continue;
    const here = hostedBasesOf(redirect.destinationPath);
    bases = bases === undefined ? here : bases.filter((base) => here.includes(base));
    if (bases.length === 0) return undefined;
    count++;
  }
  return count >= REDIRECTS_THAT_TELL ? bases?.find((base) => !isFolder(base)) : undefined;
}

/** A path from the root (`docs/images/a.png`) without the base path (`images/a.png`); undefined when it does not start with it. */
export function withoutBasePath(path: string, basePath: string): string | undefined {
  if (path === basePath) return '';
  return path.startsWith(`${basePath}/`) ? path.slice(basePath.length + 1) : undefined;
}

/**
 * A path from the root without the base path the platform hosts sites under that it starts with
 * (`docs/images/a.png` → `images/a.png`), each such base the longest first (`docs/rest-api/reference/x`
 * is `x` under one, `rest-api/reference/x` under `docs`).
 */
export function withoutHostedBases(path: string): { base: string; rest: string }[] {
  return hostedBasesOf(path).map((base) => ({ base, rest: path.slice(base.length + 1) }));
}

/** Why a path that starts with a base path names nothing: the site is not known to be served under it. */
export function baseNote(base: string, known: string | undefined): string {
  const named = known === undefined ? 'names none' : `names "/${known}"`;
  return `The platform drops a leading "/${base}" only on a site served under that base path, and docs.json's \`seo.metatags.canonical\` ${named}.`;
}
