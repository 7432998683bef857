import type { PageAnchors } from '../mdx/anchors';
import type { PageDocument } from '../documents/pageDocument';
import type { SiteContext } from '../siteContext';
import type { SiteSpecs } from '../siteSpecs';
import { generatedPagePaths } from './generatedPages';
import { LinkTargets } from './linkTargets';
import { readRedirect, type Redirect } from './redirects';
import { trimSlashes } from '../../common/text';

/**
 * The anchors of the pages others link to, read on demand: a CLI run keeps what it read; the editor
 * reads a page again when its version changed.
 */
export interface AnchorSource {
  /** The anchors of a page file (from the body scan); undefined when it is gone or unreadable. */
  anchors(relative: string): Promise<PageAnchors | undefined>;
  /** The same, read by the reference parser (exact), to confirm an anchor the scan did not find. */
  exactAnchors(relative: string): Promise<Set<string> | undefined>;
}

/**
 * An anchor source over a way to read a page: what it read is kept (anchors only, not the text: a run
 * over 25,000 pages keeps a few MB). The editor's source is made anew for each state of the site.
 */
export function anchorSource(read: (relative: string) => Promise<PageDocument | undefined>): AnchorSource {
  const kept = new Map<string, Promise<PageAnchors | undefined>>();
  return {
    anchors(relative) {
      let found = kept.get(relative);
      if (!found) kept.set(relative, (found = read(relative).then((document) => document?.anchors())));
      return found;
    },
    exactAnchors: async (relative) => (await read(relative))?.exactAnchors(),
  };
}

/**
 * What the link rules of one site state read: the targets links may reach (files, folders, generated
 * API pages, redirects), and the anchors of the pages they point into.
 */
export class SiteLinks {
  private targetsPromise: Promise<LinkTargets> | undefined;

  constructor(
    private readonly context: SiteContext,
    private readonly siteSpecs: () => Promise<SiteSpecs>,
    private readonly pages: AnchorSource,
  ) {}

  targets(): Promise<LinkTargets> {
    return (this.targetsPromise ??= this.buildTargets());
  }

  private async buildTargets(): Promise<LinkTargets> {
    const { local } = await this.siteSpecs();
    const directories = openapiDirectories(this.context.value.navigation);
    const generated = generatedPagePaths(
      local.map((spec) => ({ spec, directories: directories.get(specKey(spec.uri, this.context.rootUri)) ?? [] })),
    );
    return new LinkTargets(this.context.files, generated, redirectsOf(this.context.value.redirects));
  }

  /** The anchors of a page of the site (undefined for anything that is no page, or is gone). */
  async anchorsOf(relative: string): Promise<PageAnchors | undefined> {
    if (!/\.mdx?$/i.test(relative)) return undefined;
    return this.pages.anchors(relative);
  }

  /** The anchors of a page as the reference parser reads them: to confirm an anchor the scan did not find. */
  async exactAnchorsOf(relative: string): Promise<Set<string> | undefined> {
    return this.pages.exactAnchors(relative);
  }
}

function redirectsOf(value: unknown): Redirect[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    entry && typeof entry === 'object' && typeof entry.source === 'string' && typeof entry.destination === 'string'
      ? [readRedirect(entry.source, entry.destination)]
      : [],
  );
}

/** The spec (relative to the root, without a leading `/`) of each `openapi: { source, directory }` in navigation. */
function openapiDirectories(navigation: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    const openapi = record.openapi;
    for (const entry of Array.isArray(openapi) ? openapi : [openapi]) {
      if (entry && typeof entry === 'object' && typeof entry.source === 'string' && typeof entry.directory === 'string') {
        const key = trimSlashes(entry.source);
        found.set(key, [...(found.get(key) ?? []), trimSlashes(entry.directory)]);
      }
    }
    Object.values(record).forEach(visit);
  };
  visit(navigation);
  return found;
}

function specKey(specUri: string, rootUri: string): string {
  return trimSlashes(specUri.startsWith(rootUri) ? specUri.slice(rootUri.length) : specUri);
}
