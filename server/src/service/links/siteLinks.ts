import type { PageVariables } from '../mdx/variables';
import type { LinkedPages, SnippetFacts } from './linkedPages';
import type { LinkedAnchors } from './linkedAnchors';
import type { SiteSpecs } from '../openapi/spec';
import { DEFAULT_API_DIRECTORY, generatedPagePaths } from './generatedPages';
import { LinkTargets, type LinkTarget } from './linkTargets';
import type { LinkPath } from './linkPath';
import { basePathOf, withoutBasePath, withoutHostedBases } from './basePath';
import { readRedirect, type Redirect } from './redirects';
import { trimSlashes } from '../../common/text';
import { joinUri } from '../uri';
import { resolveImport } from '../mdx/importPath';
import type { SiteFiles } from '../site/siteFiles';
import type { GeneratorKind, NavigationModel } from '../docsJson/navigation';
import type { DocsWorkspace } from '../workspace';

/** Snippets that show snippets are followed this deep. */
const SHOWN_DEPTH = 3;

/** What the links of a site are made from (a site's context has it all). */
export interface LinkedSite {
  rootUri: string;
  value: Record<string, any>;
  navigation: NavigationModel;
  files: SiteFiles;
  workspace: DocsWorkspace;
  /** docs.json's `variables`: the pages are read with them. */
  variables: PageVariables | undefined;
}

/**
 * What the link rules of one site state read: the targets links may reach (files, folders, generated
 * API pages, redirects), and the anchors of the pages they point into.
 */
export class SiteLinks {
  private plain: LinkTargets | undefined;
  private withGenerated: Promise<LinkTargets> | undefined;
  private unknownSpecPages: Promise<boolean | string[]> | undefined;
  private base: { path: string | undefined } | undefined;

  constructor(
    private readonly context: LinkedSite,
    private readonly siteSpecs: () => Promise<SiteSpecs>,
    private readonly linkedPages: LinkedPages,
  ) {}

  /** The site's files, pages and redirects (without the pages generated from specs: see {@link resolve}). */
  targets(): LinkTargets {
    return (this.plain ??= new LinkTargets(this.context.files, new Map(), redirectsOf(this.context.value.redirects)));
  }

  /**
   * What a path reaches. The site's specs are read only when a path is no page, file or redirect
   * (it may be a page generated from an operation).
   */
  async resolve(path: string): Promise<LinkTarget | undefined> {
    return this.targets().resolve(path) ?? (await (this.withGenerated ??= this.buildTargets())).resolve(path);
  }

  /**
   * What a link reaches, as a reader of the published site follows it: a link from the root that
   * names nothing as written is read again without the site's base path (see {@link basePathOf}).
   */
  async resolveLink(path: LinkPath): Promise<LinkTarget | undefined> {
    const target = await this.resolve(path.path);
    if (target || path.form !== 'root') return target;
    const base = this.basePath();
    const stripped = base === undefined ? undefined : withoutBasePath(path.path, base);
    return stripped === undefined ? undefined : this.resolve(stripped);
  }

  /**
   * A path from the root that names nothing, read without a first folder that is a base path the
   * platform hosts sites under (`docs/images/a.png` → `images/a.png`): what it reaches then, for the
   * message that says why it names nothing here. Undefined when it reaches nothing either.
   */
  async withoutHostedBase(path: string): Promise<{ base: string; rest: string; target: LinkTarget } | undefined> {
    for (const stripped of withoutHostedBases(path)) {
      const target = await this.resolve(stripped.rest);
      if (target) return { ...stripped, target };
    }
    return undefined;
  }

  /** The base path the site is served under, as docs.json tells it; undefined when it names none. */
  basePath(): string | undefined {
    if (!this.base) {
      const targets = this.targets();
      this.base = { path: basePathOf(this.context.value, targets.redirects, (folder) => targets.isFolder(folder)) };
    }
    return this.base.path;
  }

  /** What a path reaches without following redirects (a page generated from a spec included). */
  async resolveDirect(path: string): Promise<LinkTarget | undefined> {
    return this.targets().resolveDirect(path) ?? (await (this.withGenerated ??= this.buildTargets())).resolveDirect(path);
  }

  private async buildTargets(): Promise<LinkTargets> {
    const { local } = await this.siteSpecs();
    const bySource = new Map(local.map((spec) => [specKey(spec.uri, this.context.rootUri), spec]));
    const generated = generatedPagePaths(this.context.value.navigation, (source) => bySource.get(sourceKey(source)));
    return new LinkTargets(this.context.files, generated, this.targets().redirects);
  }

  /**
   * Whether a spec Docsmith cannot read (a URL it does not fetch, a file that is missing or invalid)
   * could generate a page at this path: under `api-reference/` or the `directory` docs.json gives it.
   * Not anywhere else, even when navigation lists operations: an operation's `x-mint.href` could put
   * its page at any path, but taking every missing path of the site for such a page hid every broken
   * link of a site with one remote spec (the platform's link checker finds them; the `openapi/not-checked`
   * info on the node says what is not checked). Nor are AsyncAPI specs, GraphQL schemas and SDK
   * artifacts read: the pages generated from them may be anywhere under the folder of each.
   */
  async mayBeGenerated(path: string): Promise<boolean> {
    const where = await (this.unknownSpecPages ??= this.findUnknownSpecPages());
    if (typeof where === 'boolean') return where;
    const lower = path.toLowerCase();
    return where.some((directory) => directory === '' || lower.startsWith(`${directory}/`));
  }

  /**
   * Where specs Docsmith cannot read may generate pages, worked out once per site state: nowhere
   * (false), anywhere (true), or under these folders (lower case).
   */
  private async findUnknownSpecPages(): Promise<boolean | string[]> {
    const { remote, unreadable } = await this.siteSpecs();
    // Only specs the navigation names generate pages (docs.json's `api.openapi` serves `openapi:` pages only).
    const inNavigation = new Set(this.context.navigation.specRefs.map((ref) => sourceKey(ref.source)));
    const unknown = [...remote, ...unreadable].filter((source) => inNavigation.has(sourceKey(source)));
    const generated = generatedDirectories(this.context.value.navigation);
    if (unknown.length === 0 && generated.length === 0) return false;
    const directories = openapiDirectories(this.context.value.navigation);
    return [
      ...(unknown.length ? [DEFAULT_API_DIRECTORY] : []),
      ...unknown.flatMap((source) => directories.get(trimSlashes(source)) ?? []),
      ...generated,
    ].map((directory) => directory.toLowerCase());
  }

  /** The anchors of a page file of the site (undefined for anything that is no page, or is gone). */
  async anchorsOf(relative: string): Promise<LinkedAnchors | undefined> {
    if (!/\.mdx?$/i.test(relative)) return undefined;
    return this.linkedPages.anchors(joinUri(this.context.rootUri, relative), this.context.variables);
  }

  /** The anchors of a page as the reference parser reads them: to confirm an anchor the scan did not find. */
  async exactAnchorsOf(relative: string): Promise<Set<string> | undefined> {
    return this.linkedPages.exactAnchors(joinUri(this.context.rootUri, relative), this.context.variables);
  }

  /** The pages that show a snippet file (directly or through other snippets), sorted; read once per file index. */
  snippetUsers(relative: string): Promise<string[]> {
    return this.context.files.imports.usersOf(relative);
  }

  /**
   * The anchors a page has through the snippets it shows (`shows`, as its imports name them): the
   * platform inlines them, headings and all, before it builds the page. Followed 3 snippets deep.
   */
  async shownAnchors(
    relative: string,
    shows: readonly string[],
    read = (file: string) => this.anchorsOf(file),
    depth = 0,
  ): Promise<Set<string>> {
    const found = new Set<string>();
    if (depth >= SHOWN_DEPTH) return found;
    for (const source of shows) {
      const snippet = resolveImport(source, relative);
      const anchors = snippet === undefined ? undefined : await read(snippet);
      if (!anchors) continue;
      for (const anchor of anchors.anchors) found.add(anchor);
      for (const anchor of await this.shownAnchors(snippet!, anchors.shows, read, depth + 1)) found.add(anchor);
    }
    return found;
  }

  /** What a snippet file of the site exports (undefined when it does not exist). */
  async snippetOf(relative: string): Promise<SnippetFacts | undefined> {
    if (!this.context.files.files.has(relative)) return undefined;
    return this.linkedPages.snippet(joinUri(this.context.rootUri, relative), this.context.variables);
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

/**
 * Where navigation has the platform generate pages from sources Docsmith does not read, by key, with
 * the folder each writes to when the value names none: an AsyncAPI spec (a page per channel, the
 * platform's `generateAsyncApiFromDocsConfig`), a GraphQL schema (per query, mutation and type,
 * `generateGraphqlDivisions`), an SDK generator's artifact (`generateSdkDivisions`).
 */
const GENERATED_IN: Record<GeneratorKind, string> = { asyncapi: DEFAULT_API_DIRECTORY, graphql: 'graphql-reference', sdk: 'sdk-reference' };

/**
 * The folders those generators of navigation write their pages to: a node's `asyncapi`, `graphql` or
 * `sdk` (a path, a list of paths, or an object with `source` and perhaps `directory`).
 */
function generatedDirectories(navigation: unknown): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    for (const [key, fallback] of Object.entries(GENERATED_IN)) {
      const generator = record[key];
      if (typeof generator === 'string' || (Array.isArray(generator) && generator.length > 0)) found.add(fallback);
      else if (generator && typeof generator === 'object' && typeof (generator as { source?: unknown }).source === 'string') {
        const directory = (generator as { directory?: unknown }).directory;
        found.add(typeof directory === 'string' ? trimSlashes(directory) : fallback);
      }
    }
    Object.values(record).forEach(visit);
  };
  visit(navigation);
  return [...found];
}

/** A spec as navigation names it, as a key: `/specs/a.json`, `./specs/a.json` and `specs/a.json` are one. */
function sourceKey(source: string): string {
  const trimmed = source.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : trimSlashes(trimmed.replace(/^(?:\.\/)+/, ''));
}

function specKey(specUri: string, rootUri: string): string {
  return trimSlashes(specUri.startsWith(rootUri) ? specUri.slice(rootUri.length) : specUri);
}
