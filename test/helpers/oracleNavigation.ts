import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readFile } from 'node:fs/promises';
import { ORACLE_DIR, platformPages, platformResolve, platformValidation } from './oracle';

/** The kinds of division whose items are separate sites to readers: the Navigation view shows one at a time. */
const SCOPING: Record<string, string> = { languages: 'language', versions: 'version', products: 'product' };

interface PrebuildNavigation {
  generateDecoratedDocsNavigationFromPages(pages: Record<string, unknown>, navigation: unknown): Record<string, unknown>;
}
interface CommonNavigation {
  isPage(entry: unknown): boolean;
  getDecoratedNavPageAndSlug(
    path: string,
    content: string,
    openApiFiles: unknown[],
    asyncApiFiles: unknown[],
  ): { slug: string; pageMetadata: Record<string, unknown> };
}

/** A page of the navigation as the platform shows it: its entry as written, and its sidebar label (`sidebarTitle`, else `title`). */
export interface PlatformNavPage {
  page: string;
  label: string;
}

/**
 * The written pages of a site's navigation as the platform's build reads them, in order, per language,
 * version and product (keyed by the path of those items from the top: `language:0/version:1`): the
 * navigation the platform's validator keeps, decorated by its build (`generateDecoratedDocsNavigationFromPages`),
 * walked as its own `getAllPathsInDecoratedNav` walks it (a node's `root`, then its `pages`, else its
 * groups and divisions in the platform's order). Each page is its entry as written, without a leading
 * slash; OpenAPI operation entries (`GET /users`) are left out, as are the pages generated from specs.
 * Undefined when the platform rejects the configuration.
 */
export async function platformNavigationPages(root: string): Promise<Map<string, PlatformNavPage[]> | undefined> {
  const validation = await platformValidation();
  const prebuild = (await import(
    pathToFileURL(join(ORACLE_DIR, 'node_modules/@mintlify/prebuild/dist/index.js')).href
  )) as PrebuildNavigation;
  const common = (await import(pathToFileURL(join(ORACLE_DIR, 'node_modules/@mintlify/common/dist/index.js')).href)) as CommonNavigation;
  const divisions = (validation as unknown as { divisions: string[] }).divisions;
  const result = validation.validateDocsConfig(await platformResolve(root));
  if (!result.success) return undefined;
  const navigation = (result.data as { navigation?: unknown }).navigation;
  if (!navigation) return new Map();
  // Each page's metadata as the build reads it (scanPageMetadata): a page whose front matter it cannot read is left out, and titled from its path.
  const metadata: Record<string, Record<string, unknown>> = {};
  for (const file of (await platformPages(root)).files) {
    try {
      const { slug, pageMetadata } = common.getDecoratedNavPageAndSlug(file, await readFile(join(root, file), 'utf8'), [], []);
      metadata[slug] = pageMetadata;
    } catch {
      // as the build: reported, and the page titled from its path
    }
  }
  const decorated = quietly(() => prebuild.generateDecoratedDocsNavigationFromPages(metadata, navigation));
  const scopes = new Map<string, PlatformNavPage[]>();
  const add = (scope: string, entry: Record<string, unknown>, written: string) => {
    const page = written.replace(/^\//, '');
    if (OPERATION.test(page)) return;
    const label = String(entry.sidebarTitle ?? entry.title);
    scopes.set(scope, [...(scopes.get(scope) ?? []), { page, label }]);
  };
  // The decorated navigation beside the validated one, for each page's entry as written.
  type Node = Record<string, unknown>;
  const visit = (entry: Node, raw: unknown, scope: string) => {
    if (common.isPage(entry)) return add(scope, entry, typeof raw === 'string' ? raw : String(entry.href));
    const written = (raw ?? {}) as Node;
    if (entry.root && typeof entry.root === 'object') visit(entry.root as Node, written.root, scope);
    if (Array.isArray(entry.pages))
      return entry.pages.forEach((page, at) => visit(page, (written.pages as unknown[] | undefined)?.[at], scope));
    for (const division of ['groups', ...divisions]) {
      const items = entry[division];
      if (!Array.isArray(items)) continue;
      items.forEach((item, at) =>
        visit(item, (written[division] as unknown[] | undefined)?.[at], SCOPING[division] ? `${scope}${SCOPING[division]}:${at}/` : scope),
      );
    }
  };
  visit(decorated, navigation, '');
  return scopes;
}

/** `[spec] METHOD /path`: an operation entry, whose page the platform generates from the spec. */
const OPERATION = /^(?:\S+\s+)?(?:get|post|put|patch|delete|head|options|trace|webhook)\s+\S+$/i;

/** Runs platform code with its console output held back (it warns of each page it does not know). */
function quietly<T>(work: () => T): T {
  const saved = { log: console.log, warn: console.warn, error: console.error };
  console.log = console.warn = console.error = () => {};
  try {
    return work();
  } finally {
    Object.assign(console, saved);
  }
}
