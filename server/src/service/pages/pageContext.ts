import type { DiagnosticCode } from '../check/diagnosticCodes';
import type { DiagnosticOptions } from '../check/diagnostics';
import type { SiteContext } from '../configRules/siteContext';
import type { FrontMatter, FrontMatterEntry } from '../frontMatter/parseFrontMatter';
import type { LineTable } from '../text/lineTable';
import type { FieldTag } from '../mdx/fieldTags';
import type { ListedPages } from '../site/listedPages';
import type { SiteSpecs } from '../openapi/spec';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { PageDocument } from '../documents/pageDocument';
import type { LinkTarget, LinkTargets } from '../links/linkTargets';
import type { LinkPath } from '../links/linkPath';
import type { SnippetFacts } from '../links/linkedPages';
import type { LinkedAnchors } from '../links/linkedAnchors';

/** Everything a page rule may look at. */
export interface PageContext {
  uri: string;
  /** Path relative to the docs root, and the page id (without extension). */
  relative: string;
  id: string;
  text: string;
  /** The file is a snippet, included into pages: only its body is checked, and its relative links depend on the page. */
  snippet: boolean;
  /** Offsets to lines and back. */
  lines: LineTable;
  frontMatter: FrontMatter;
  /** The `<ParamField>`/`<ResponseField>` tags of the body (scanned on first use). */
  fields(): FieldTag[];
  /** The page as parsed: its body scan, anchors and MDX syntax verdict (each on first use). */
  document: PageDocument;
  /** The site's files, pages and redirects, as links reach them. */
  linkTargets(): LinkTargets;
  /** What a link's path reaches (a page generated from a spec included; a link from the root without the site's base path). */
  resolveLink(path: LinkPath): Promise<LinkTarget | undefined>;
  /** The base path the site is served under, as docs.json tells it (`docs`); undefined when it names none. */
  basePath(): string | undefined;
  /** What a path from the root reaches without a first folder that is a base path the platform hosts sites under (`docs/`). */
  withoutHostedBase(path: string): Promise<{ base: string; rest: string; target: LinkTarget } | undefined>;
  /** Whether a spec Docsmith cannot read could generate a page at this path (then a link to it is not judged). */
  mayBeGenerated(path: string): Promise<boolean>;
  /** The anchors of another page of the site, by file (the page's diagnostics then depend on it). */
  anchorsOf(relative: string): Promise<LinkedAnchors | undefined>;
  /** The same, read by the reference parser: to confirm an anchor the body scan did not find. */
  exactAnchorsOf(relative: string): Promise<Set<string> | undefined>;
  /** The anchors a page has through the snippets it shows (`shows` of its anchors); the diagnostics then depend on those snippets. */
  shownAnchorsOf(relative: string, shows: readonly string[]): Promise<Set<string>>;
  /** The pages that show a snippet file (the snippet's diagnostics then depend on them); [] when none does. */
  snippetUsersOf(relative: string): Promise<string[]>;
  /** What a snippet file of the site exports (the page's diagnostics then depend on it); undefined when it does not exist. */
  snippetOf(relative: string): Promise<SnippetFacts | undefined>;
  /**
   * A check that needs other pages (their anchors): a whole-site run does it once every page has been
   * read, the editor at once. It must hold no reference to this context (a run keeps thousands).
   */
  later(check: DeferredCheck): void;
  site: SiteContext;
  /** Page ids that navigation lists. */
  inNavigation: ListedPages;
  /** docs.json does not parse, so what navigation lists is not known: rules about it stay silent. */
  navigationUnknown: boolean;
  /** The site's OpenAPI specs (discovered once per site state). */
  siteSpecs(): Promise<SiteSpecs>;
  report(code: DiagnosticCode, offset: number, length: number, message: string, options?: DiagnosticOptions): void;
}

export type PageRule = (page: PageContext) => void | Promise<void>;

/** A page check run later: the diagnostics it finds, built with {@link makeDiagnostic} from ranges taken now. */
export type DeferredCheck = () => Promise<Diagnostic[]>;

/** Reports at a front matter entry's value (or key, when asked). */
export function reportAtEntry(
  page: PageContext,
  code: DiagnosticCode,
  entry: FrontMatterEntry,
  message: string,
  options?: DiagnosticOptions & { at?: 'key' | 'value' },
): void {
  if (options?.at === 'key' || entry.valueLength === 0) page.report(code, entry.keyOffset, entry.keyLength, message, options);
  else page.report(code, entry.valueOffset, entry.valueLength, message, options);
}
