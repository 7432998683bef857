import ignore, { type Ignore } from 'ignore';
import type { DocsWorkspace } from './workspace';
import { joinUri } from './uri';

export const PAGE_EXTENSIONS = ['.mdx', '.md'] as const;

/** What the platform leaves out of every build without being told (dot folders are never listed). */
const DEFAULT_IGNORES = ['node_modules/', 'build/', 'dist/', 'coverage/', 'tmp/', 'temp/', 'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'];

/**
 * The files of one docs root, listed once per check: page lookups are set lookups, not a stat per
 * navigation entry.
 */
export interface SiteFiles {
  rootUri: string;
  /** Every file, relative to the root with `/`. */
  files: Set<string>;
  /** Page id (path without extension) → file path; `.mdx` wins over `.md`. Excludes `.mintignore`d files. */
  pages: Map<string, string>;
  /** Page files excluded by `.mintignore` or the platform's default ignores. */
  ignoredPages: Map<string, string>;
  problems: { uri: string; message: string }[];
}

export function pageId(relativePath: string): string | undefined {
  const extension = PAGE_EXTENSIONS.find((ext) => relativePath.toLowerCase().endsWith(ext));
  return extension ? relativePath.slice(0, -extension.length) : undefined;
}

export async function indexSiteFiles(workspace: DocsWorkspace, rootUri: string): Promise<SiteFiles> {
  const listing = await workspace.listFiles(rootUri);
  const files = new Set(listing.files);
  const matcher = await loadMintignore(workspace, rootUri, files);
  const pages = new Map<string, string>();
  const ignoredPages = new Map<string, string>();
  for (const relative of files) {
    const id = pageId(relative);
    if (id === undefined) continue;
    const target = matcher.ignores(relative) ? ignoredPages : pages;
    const existing = target.get(id);
    if (!existing || relative.endsWith('.mdx')) target.set(id, relative);
  }
  return { rootUri, files, pages, ignoredPages, problems: listing.problems };
}

async function loadMintignore(workspace: DocsWorkspace, rootUri: string, files: Set<string>): Promise<Ignore> {
  const matcher = ignore().add(DEFAULT_IGNORES);
  if (!files.has('.mintignore')) return matcher;
  const text = await workspace.readFile(joinUri(rootUri, '.mintignore')).catch(() => undefined);
  return text ? matcher.add(text) : matcher;
}
