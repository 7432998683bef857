import { trimEndOf } from '../../common/text';
import { pageId, resolvePageId, type SiteFiles } from '../site/siteFiles';
import { applyRedirect, RedirectTable, type Redirect } from './redirects';
import { isServedPath } from './servedPaths';
import type { GeneratedPage } from './generatedPages';
/** A redirect chain longer than this is taken as a loop. */
const MAX_REDIRECTS = 20;

/** What a link's path reaches on the published site. */
export type LinkTarget =
  /** A page of the site: its id and file. */
  | { kind: 'page'; id: string; file: string }
  /** A page the platform generates from an OpenAPI operation (no file), and the operation (none for the home page). */
  | { kind: 'generated'; page?: GeneratedPage }
  /** A file that is no page (an image, a PDF, a spec). */
  | { kind: 'file'; file: string }
  /** A path the platform serves for every site, with no file behind it (`llms.txt`, `mcp`, a changelog's `rss.xml`). */
  | { kind: 'served'; path: string }
  /** A folder of the docs root without an index page: the platform's link checker takes it as an alias of its pages. */
  | { kind: 'folder'; folder: string }
  /** A redirect source whose chain ends on something that exists (or on an external URL). */
  | { kind: 'redirect'; redirect: Redirect; target: LinkTarget | { kind: 'external' } };

/**
 * What the links of one site state can reach: its published pages (a path, its `.md`/`.mdx` form, or
 * a folder's index page), the pages generated from OpenAPI specs, its other files (exact path and
 * case, as a web server matches them), and its redirects, followed to their end.
 */
export class LinkTargets {
  private byLowerCase: Map<string, string> | undefined;
  private pagesByLowerCase: Map<string, string> | undefined;
  private folders: Set<string> | undefined;
  private table: RedirectTable | undefined;

  constructor(
    readonly files: SiteFiles,
    /** Page paths the platform generates from OpenAPI operations (lower case). */
    private readonly generated: ReadonlyMap<string, GeneratedPage>,
    readonly redirects: readonly Redirect[],
  ) {}

  /** The redirects, indexed for lookup by path. */
  get redirectTable(): RedirectTable {
    return (this.table ??= new RedirectTable(this.redirects));
  }

  /** What a path (from the root, without a leading `/`) reaches; undefined when nothing does. */
  resolve(path: string): LinkTarget | undefined {
    return this.resolveFollowing(path, new Set());
  }

  /** What a path reaches without following redirects: a page, a generated page, or a file. */
  resolveDirect(path: string): LinkTarget | undefined {
    const page = this.page(path);
    if (page) return page;
    // The home page is always served: the root `index`, or else the first page of the navigation.
    if (path === '') return { kind: 'generated' };
    const generated = this.generated.get(path.toLowerCase());
    if (generated) return { kind: 'generated', page: generated };
    if (this.exists(path)) return { kind: 'file', file: path };
    if (isServedPath(path, (page) => this.page(page) !== undefined)) return { kind: 'served', path };
    const folder = trimEndOf(path, '/');
    if (this.isFolder(folder)) return { kind: 'folder', folder };
    return undefined;
  }

  /** A folder that holds a file the platform publishes. */
  isFolder(path: string): boolean {
    if (!this.folders) {
      this.folders = new Set();
      for (const file of this.files.files) {
        if (this.files.isIgnored(file)) continue;
        for (let slash = file.lastIndexOf('/'); slash > 0; slash = file.lastIndexOf('/', slash - 1)) {
          const folder = file.slice(0, slash);
          if (this.folders.has(folder)) break;
          this.folders.add(folder);
        }
      }
    }
    return this.folders.has(path);
  }

  private resolveFollowing(path: string, seen: Set<string>): LinkTarget | undefined {
    const direct = this.resolveDirect(path);
    if (direct) return direct;
    const redirected = this.redirectFor(path);
    if (!redirected || seen.has(path) || seen.size >= MAX_REDIRECTS) return undefined;
    seen.add(path);
    const { redirect, destination } = redirected;
    if (destination === undefined) return { kind: 'redirect', redirect, target: { kind: 'external' } };
    const target = this.resolveFollowing(destination, seen);
    return target && { kind: 'redirect', redirect, target };
  }

  /** The published page a path names: `guide`, `guide.mdx`, `guide.md`, or `guide/index.mdx`. */
  page(path: string): { kind: 'page'; id: string; file: string } | undefined {
    const id = resolvePageId(this.files.pages, path) ?? resolvePageId(this.files.pages, pageId(path) ?? '\0');
    return id === undefined ? undefined : { kind: 'page', id, file: this.files.pages.get(id)! };
  }

  /** A published page whose id differs from this path's (`guides/Setup`, `guides/setup/index`) in letter case only. */
  pageCaseVariant(path: string): string | undefined {
    if (!this.pagesByLowerCase) {
      this.pagesByLowerCase = new Map();
      for (const id of this.files.pages.keys()) {
        const lower = id.toLowerCase();
        if (!this.pagesByLowerCase.has(lower)) this.pagesByLowerCase.set(lower, id);
        if (lower.endsWith('/index') && !this.pagesByLowerCase.has(lower.slice(0, -6)))
          this.pagesByLowerCase.set(lower.slice(0, -6), id.slice(0, -6));
      }
    }
    const variant = this.pagesByLowerCase.get(path.toLowerCase());
    return variant !== undefined && variant !== path ? variant : undefined;
  }

  /** A file of the site whose path differs from this one in letter case only. */
  caseVariant(path: string): string | undefined {
    this.byLowerCase ??= new Map([...this.files.files].map((file) => [file.toLowerCase(), file]));
    const variant = this.byLowerCase.get(path.toLowerCase());
    return variant !== undefined && variant !== path && this.exists(variant) ? variant : undefined;
  }

  /** A file of the site the platform publishes (exact path and case). */
  exists(path: string): boolean {
    return this.files.files.has(path) && !this.files.isIgnored(path);
  }

  /**
   * The redirect whose source matches the path (an exact source first, then wildcards in order), with
   * where it sends it: a path from the root, or undefined for an external URL.
   */
  redirectFor(path: string): { redirect: Redirect; destination: string | undefined } | undefined {
    const redirect = this.redirectTable.find(path);
    if (!redirect) return undefined;
    return { redirect, destination: URL.canParse(redirect.destination) ? undefined : applyRedirect(path, redirect) };
  }
}

export function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(dot) : '';
}

/** Extensions of a path that names a page (none, `.md`, `.mdx`). */
const PAGE_EXTENSIONS = new Set(['', '.md', '.mdx']);
/** Something that reads as a file extension (`.png`, `.pdf`, `.json`), as opposed to `v1.2` in a page path. */
const FILE_EXTENSION = /^\.[a-z][a-z\d]{0,5}$/i;

/** Whether a path reads as a page's rather than a file's (`guides/setup`, `v1.2`; not `logo.png`). */
export function readsAsPage(path: string): boolean {
  const extension = extensionOf(path);
  return PAGE_EXTENSIONS.has(extension.toLowerCase()) || !FILE_EXTENSION.test(extension);
}
