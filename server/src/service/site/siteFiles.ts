import ignore, { type Ignore } from 'ignore';
import type { DocsWorkspace } from '../workspace';
import { joinUri } from '../uri';
import { ImportGraph } from './importGraph';

import { PAGE_EXTENSIONS } from '../docsJson/pageEntry';

export { PAGE_EXTENSIONS };

/**
 * What the platform leaves out of every build without being told: version-control and editor
 * folders, dependencies, its own `.mintlify/` folder (except the configuration files in it), and
 * four Markdown files that describe the repository rather than the docs. The workspace lists dot
 * folders as the platform's lister does (all but `.git`); these rules then leave out the tool folders.
 * Read from the platform's published ignore rules; the differential tests compare the two.
 */
export const DEFAULT_IGNORES = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  '.cursor',
  '.mintlify/**',
  '!.mintlify/**/',
  '!.mintlify/skills/**',
  '!.mintlify/**/*.json',
  '!.mintlify/**/*.yaml',
  '!.mintlify/**/*.yml',
  'node_modules',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
];

/**
 * Why the platform does not publish a page file: a `.mintignore` pattern, its default ignores, a
 * snippet folder, or a Markdown file about the repository (README, LICENSE, CONTRIBUTING).
 */
export type IgnoreReason = 'mintignore' | 'default' | 'snippet' | 'repository';

/** `.md` files the platform never publishes as pages, whatever their folder (compared without case). */
const NOT_PAGE_MARKDOWN = new Set(['readme', 'license', 'contributing', 'contribute']);
/** Folders of fragments included into pages, never pages themselves. */
const SNIPPET_FOLDERS = /^_?snippets\//i;

/**
 * The files of one docs root, listed once per check: page lookups are set lookups, not a stat per
 * navigation entry.
 */
export interface SiteFiles {
  rootUri: string;
  /** Every file, relative to the root with `/`. */
  files: Set<string>;
  /** Page id (path without extension) → file path; `.mdx` wins over `.md`. Only what the platform publishes. */
  pages: Map<string, string>;
  /** Page files the platform does not publish, and why: see {@link IgnoreReason}. */
  ignoredPages: Map<string, string>;
  /** Why each file of {@link ignoredPages} is not published. */
  ignoredWhy: Map<string, IgnoreReason>;
  /** Whether the platform leaves a file out of the build (`.mintignore` or its default ignores). */
  isIgnored(relative: string): boolean;
  /** Which MDX files import which (read on first use, kept with the index): imported pages are snippets on the platform. */
  imports: ImportGraph;
  problems: { uri: string; message: string }[];
}

export function pageId(relativePath: string): string | undefined {
  const extension = PAGE_EXTENSIONS.find((ext) => relativePath.toLowerCase().endsWith(ext));
  return extension ? relativePath.slice(0, -extension.length) : undefined;
}

/** A page file of the site, or a fragment (snippets, repository Markdown) the platform does not publish. */
export function isPublishablePage(relativePath: string): boolean {
  return notAPage(relativePath) === undefined;
}

function notAPage(relativePath: string): IgnoreReason | undefined {
  if (SNIPPET_FOLDERS.test(relativePath)) return 'snippet';
  if (!relativePath.toLowerCase().endsWith('.md')) return undefined;
  const name = relativePath.slice(relativePath.lastIndexOf('/') + 1, -'.md'.length).toLowerCase();
  return NOT_PAGE_MARKDOWN.has(name) ? 'repository' : undefined;
}

/**
 * How a file of the site is checked: a published page (every rule), a snippet (its body: it is MDX
 * included into pages; so is a page file that another file imports), or not at all. Without
 * `waitForImports`, a page is taken for one until the import graph is read (in the background). (not MDX, or a file the platform leaves out).
 */
export async function checkedAs(files: SiteFiles, relative: string, waitForImports = true): Promise<'page' | 'snippet' | undefined> {
  const id = pageId(relative);
  if (id === undefined) return undefined;
  if (files.pages.get(id) === relative) {
    const imported = waitForImports ? await files.imports.importedPage(relative) : files.imports.importedPageNow(relative);
    return imported ? 'snippet' : 'page';
  }
  return files.ignoredPages.get(id) === relative && files.ignoredWhy.get(relative) === 'snippet' ? 'snippet' : undefined;
}

/**
 * What a site check reads as pages: the published pages in id order, then the snippets. With the
 * page files other files import (`imported`), those are checked as the snippets the platform takes them for.
 */
export function checkedPageFiles(
  files: SiteFiles,
  imported: ReadonlySet<string> = new Set(),
): { id: string; relative: string; snippet: boolean }[] {
  const pages = [...files.pages].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return [
    ...pages.map(([id, relative]) => ({ id, relative, snippet: imported.has(relative) })),
    ...snippetFiles(files).map((relative) => ({ id: pageId(relative)!, relative, snippet: true })),
  ];
}

/** The snippet files of the site (MDX and Markdown), sorted. */
export function snippetFiles(files: SiteFiles): string[] {
  return [...files.ignoredPages.values()].filter((file) => files.ignoredWhy.get(file) === 'snippet').sort();
}

/**
 * The page a path reaches, as the platform serves it: `guide` is `guide.mdx`, `guide.md`, or the
 * folder's `guide/index.mdx` (`index.md`); the empty path is the root `index`.
 */
export function resolvePageId(pages: ReadonlyMap<string, string>, id: string): string | undefined {
  if (pages.has(id)) return id;
  const index = id === '' ? 'index' : `${id}/index`;
  return pages.has(index) ? index : undefined;
}

export async function indexSiteFiles(workspace: DocsWorkspace, rootUri: string): Promise<SiteFiles> {
  const listing = await workspace.listFiles(rootUri);
  const files = new Set(listing.files);
  const defaults = ignore().add(DEFAULT_IGNORES);
  const mintignore = await loadMintignore(workspace, rootUri, files);
  // Without a .mintignore, only the default names can match: skip the matcher for other paths.
  const ignoredByDefault = (relative: string) => mayMatchDefaults(relative) && defaults.ignores(relative);
  const matcher = mintignore ?? { ignores: ignoredByDefault };
  const pages = new Map<string, string>();
  const ignoredPages = new Map<string, string>();
  const ignoredWhy = new Map<string, IgnoreReason>();
  for (const relative of files) {
    const id = pageId(relative);
    if (id === undefined) continue;
    const why =
      notAPage(relative) ??
      (matcher.ignores(relative) ? (mintignore && !ignoredByDefault(relative) ? 'mintignore' : 'default') : undefined);
    const target = why ? ignoredPages : pages;
    const existing = target.get(id);
    if (!existing || relative.endsWith('.mdx')) {
      target.set(id, relative);
      if (why) ignoredWhy.set(relative, why);
    }
  }
  const imports = new ImportGraph(
    () => [...pages.values(), ...snippetFiles(index)],
    (relative) => SNIPPET_FOLDERS.test(relative),
    () => pages.values(),
    (relative) => workspace.readFile(joinUri(rootUri, relative)),
    workspace.readsAtOnce,
  );
  const index: SiteFiles = {
    rootUri,
    files,
    pages,
    ignoredPages,
    ignoredWhy,
    isIgnored: (relative) => matcher.ignores(relative),
    imports,
    problems: listing.problems,
  };
  return index;
}

/** A path holding one of the names in {@link DEFAULT_IGNORES}: only those can be ignored by default. */
const DEFAULT_NAMES =
  /(?:^|\/)(?:\.git|\.github|\.claude|\.agents|\.idea|\.vscode|\.cursor|\.mintlify|node_modules|readme\.md|license\.md|changelog\.md|contributing\.md)(?:\/|$)/i;

function mayMatchDefaults(relative: string): boolean {
  return DEFAULT_NAMES.test(relative);
}

/** The site's own `.mintignore` patterns (gitignore syntax), or undefined when it has none. */
async function loadMintignore(workspace: DocsWorkspace, rootUri: string, files: Set<string>): Promise<Ignore | undefined> {
  if (!files.has('.mintignore')) return undefined;
  const text = await workspace.readFile(joinUri(rootUri, '.mintignore')).catch(() => undefined);
  // The platform adds its defaults before the file, so a `!pattern` there can re-include.
  return text ? ignore().add(DEFAULT_IGNORES).add(text) : undefined;
}
