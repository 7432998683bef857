import type { DiagnosticCode } from '../check/diagnosticCodes';
import type { FixData } from '../check/fixData';
import { cleanHeadingId } from '../mdx/slug';
import { notebookNote, notPublished, suggestPageMatch } from '../site/pageLookup';
import { pageId, resolvePageId } from '../site/siteFiles';
import { baseNote } from './basePath';
import type { LinkPath } from './linkPath';
import type { LinkTarget, LinkTargets } from './linkTargets';

/** What a link that reaches nothing is told of the site's base paths. */
export interface BasePaths {
  withoutHostedBase(path: string): Promise<{ base: string; rest: string; target: LinkTarget } | undefined>;
  basePath(): string | undefined;
}

/** A link as the finding about it names it. */
export interface MissingLinkSubject {
  /** As written: `/guides/setup#install`. */
  url: string;
  /** How the message names it: `"/guides/setup"`, or with where it is written. */
  shown: string;
  /** A link to a page (not an image or another file). */
  page: boolean;
  /** An image or a media element's source. */
  media: boolean;
}

/** The finding about a link that reaches nothing, with its fixes (`replace` is the URL to write). */
export interface MissingLink {
  code: DiagnosticCode;
  message: string;
  data?: FixData;
  /**
   * A link with an `#anchor` whose did-you-mean is another page: the suggestion holds only if that page
   * has the anchor, which is known once every page is read (`text` makes the message with a hint).
   */
  anchorCheck?: { page: string; file: string; only: boolean; anchor: string; text: (hint: string) => string };
}

/**
 * Why a link of the site (in a page body, or an `href` of docs.json's navigation) reaches nothing, as
 * the platform serves the site: a missing file (another letter case, or a base path the site is not
 * served under), a page left out of the build, a redirect to nothing, a page of another letter case,
 * a page a notebook becomes, or the nearest page.
 */
export async function describeMissingLink(
  site: BasePaths,
  targets: LinkTargets,
  link: MissingLinkSubject,
  path: LinkPath,
): Promise<MissingLink> {
  const { shown } = link;
  const unprefixed = path.form === 'root' ? await site.withoutHostedBase(path.path) : undefined;
  const basePathNote = unprefixed && baseNote(unprefixed.base, site.basePath());
  if (!link.page) {
    const variant = unprefixed?.rest ?? targets.caseVariant(path.path);
    const what = link.media ? 'Image or media file' : 'File';
    const hint = unprefixed
      ? ` /${unprefixed.rest} is. ${basePathNote} Write "/${unprefixed.rest}".`
      : variant
        ? ` ${variant} exists, with other letter case: the platform matches file names exactly.`
        : ` Add ${path.path} to the docs root, or fix the path.`;
    return {
      code: 'links/file-not-found',
      message: `${what} ${shown} is not in the docs root.${hint}`,
      data: variant ? { replace: replacePath(link.url, variant), replaceLabel: `/${variant}` } : undefined,
    };
  }
  const files = targets.files;
  const id = pageId(path.path) ?? path.path;
  const ignoredId = resolvePageId(files.ignoredPages, id);
  if (ignoredId !== undefined)
    return {
      code: 'links/page-not-found',
      message: `Link ${shown} ${notPublished(files, files.ignoredPages.get(ignoredId)!, 'the link')}`,
    };
  const redirect = targets.redirectFor(path.path);
  if (redirect) {
    const to = redirect.destination === undefined ? redirect.redirect.destination : `/${redirect.destination}`;
    return {
      code: 'links/page-not-found',
      message: `Link ${shown} is redirected to "${to}" (docs.json \`redirects\`), which is not a page either.`,
    };
  }
  const cased = targets.pageCaseVariant(id);
  if (cased !== undefined)
    return {
      code: 'links/page-not-found',
      message: `Link ${shown} differs from the page "/${cased}" in letter case only: the published site's paths are case-sensitive, so it names no page. Write "/${cased}".`,
      data: { replace: replacePath(link.url, cased), replaceLabel: `/${cased}`, fixAll: true },
    };
  const notebook = notebookNote(files, id);
  const unprefixedPage = unprefixed?.target.kind === 'page' ? unprefixed.target.id : undefined;
  const { best: suggestion, only } = unprefixedPage !== undefined ? { best: unprefixedPage, only: false } : suggestPageMatch(files, id);
  const data: FixData = { createPage: `${id}.mdx` };
  if (suggestion)
    Object.assign(data, { replace: replacePath(link.url, suggestion), replaceLabel: `/${suggestion}`, ...(only && { fixAll: true }) });
  const text = (hint: string) =>
    `Link ${shown} names no page: there is no ${id}.mdx, ${id}.md or ${id}/index.mdx, no API page generated from a spec, ` +
    `and no redirect from it.${hint}` +
    (basePathNote ? ` ${basePathNote}` : '');
  const message = text(notebook ?? (suggestion ? ` Did you mean "/${suggestion}"?` : ` Create ${id}.mdx or fix the link.`));
  if (notebook) return { code: 'links/page-not-found', message };
  const suggestedFile = suggestion !== undefined && unprefixedPage === undefined ? files.pages.get(suggestion) : undefined;
  const anchorCheck =
    suggestedFile !== undefined && path.anchor && cleanHeadingId(path.anchor) !== ''
      ? { page: suggestion!, file: suggestedFile, only, anchor: path.anchor, text }
      : undefined;
  return { code: 'links/page-not-found', message, data, ...(anchorCheck && { anchorCheck }) };
}

/** The URL with its path replaced by another (`/guides/setup`), its `#anchor` and `?query` kept. */
export function replacePath(url: string, path: string): string {
  return `/${path}${url.slice(url.search(/[?#]|$/))}`;
}
