import type { SiteFiles } from '../siteFiles';
import { applyRedirect, type Redirect } from './redirects';

/** Files a link may name besides pages, as the platform's link checker counts them. */
const MEDIA_EXTENSIONS = new Set([
  '.jpeg', '.jpg', '.jfif', '.pjpeg', '.pjp', '.png', '.svg', '.svgz', '.ico', '.webp', '.gif', '.apng', '.avif', '.bmp', '.mp4', '.css', '.xml',
]); // prettier-ignore

/** What links of a site can reach: its files and folders, the pages generated from OpenAPI specs, and its redirects. */
export class LinkTargets {
  /** Every file and folder the platform publishes (relative to the root). */
  private readonly existing = new Set<string>();
  /** Pages and media files by folder and name without extension: `guides\0setup` → `guides/setup.mdx`. */
  private readonly byName = new Map<string, string[]>();

  constructor(
    files: SiteFiles,
    /** Page paths the platform generates from OpenAPI operations. */
    private readonly generated: ReadonlySet<string>,
    readonly redirects: readonly Redirect[],
  ) {
    for (const relative of files.files) {
      if (files.isIgnored(relative)) continue;
      this.existing.add(relative);
      for (let slash = relative.lastIndexOf('/'); slash > 0; slash = relative.lastIndexOf('/', slash - 1))
        this.existing.add(relative.slice(0, slash));
      const extension = extensionOf(relative);
      if (extension === '.mdx' || extension === '.md' || MEDIA_EXTENSIONS.has(extension)) {
        const key = relative.slice(0, relative.length - extension.length);
        const list = this.byName.get(key);
        if (list) list.push(relative);
        else this.byName.set(key, [relative]);
      }
    }
  }

  /**
   * The files a path reaches, as the platform's link checker finds them: itself (a file or folder),
   * or a page or media file of its folder named like it (`guides/setup` → `guides/setup.mdx`).
   */
  filesFor(path: string): string[] {
    const found: string[] = [];
    if (this.existing.has(path)) found.push(path);
    const add = (files: string[] | undefined) => {
      for (const file of files ?? []) if (!found.includes(file)) found.push(file);
    };
    add(this.byName.get(path));
    const extension = extensionOf(path);
    if (extension) add(this.byName.get(path.slice(0, path.length - extension.length)));
    return found;
  }

  /** The file itself exists (a file named with its extension, or a folder). */
  exists(path: string): boolean {
    return this.existing.has(path);
  }

  isGenerated(path: string): boolean {
    return this.generated.has(path);
  }

  /** Where a path is redirected, when a redirect's source matches it and its destination exists. */
  redirectFor(path: string): { redirect: Redirect; destination: string } | undefined {
    for (const redirect of this.redirects) {
      const destination = applyRedirect(path, redirect);
      if (destination === undefined) continue;
      if (this.existing.has(`${destination}.mdx`) || this.existing.has(destination)) return { redirect, destination };
      if (!redirect.wildcard) return undefined;
    }
    return undefined;
  }
}

export function extensionOf(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(dot) : '';
}
