import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { makeDiagnostic } from '../../check/diagnostics';
import type { FixData } from '../../check/fixData';
import { bodyLinkPath, type LinkPath } from '../../links/linkPath';
import type { LinkTargets } from '../../links/linkTargets';
import type { BodyLink } from '../../mdx/bodyScan';
import type { AnchorIds } from '../../links/linkedAnchors';
import { cleanHeadingId } from '../../mdx/slug';
import { checkWhereShown } from './snippetLinks';
import { anchorFacts, anchorVerdict, ownAnchorFacts } from './anchorVerdict';
import { isPageLink } from './linkChecks';
import { closestMatch, isTypo } from '../../check/suggest';
import { describeMissingLink } from '../../links/missingLink';
import type { PageContext } from '../pageContext';

/**
 * Links, images and URL attributes of the body reach something on the published site: a page (as
 * the platform serves it: `x.mdx`, `x.md`, `x/index.mdx`, a page generated from an OpenAPI spec, or
 * a redirect that ends on one), or a file of the docs root (exact path and case). A `#anchor` names
 * a heading, custom id, component id or field of the page it points into. External URLs, `mailto:`
 * and the like are not checked; code, inline code and comments hold no links.
 */
export async function linkRule(page: PageContext): Promise<void> {
  const { links, references } = page.document.body();
  if (links.length === 0) return;
  // A snippet is checked where it is shown: one no page shows is never served (snippetUseRule says so).
  const shownIn = page.snippet ? await page.snippetUsersOf(page.relative) : undefined;
  if (shownIn?.length === 0) return;
  const targets = page.linkTargets();
  for (const link of links) {
    // A definition no reference uses renders nothing: nobody can follow it.
    if (link.kind === 'definition' && link.label !== undefined && !references.has(link.label)) continue;
    if (malformedHost(page, link)) continue;
    const path = bodyLinkPath(link.url, page.relative);
    if (!path) continue;
    // A snippet's relative links and `#anchors` are read in each page that shows it.
    if (shownIn && (path.form !== 'root' || path.samePage)) {
      await checkWhereShown(page, link, shownIn);
      continue;
    }
    if (path.samePage) {
      if (path.anchor) await checkSamePageAnchor(page, link, path.anchor);
      continue;
    }
    const target = await page.resolveLink(path);
    if (!target) {
      if (isPageLink(link, path.path) && (await page.mayBeGenerated(path.path))) continue;
      await reportMissing(page, targets, link, path);
      continue;
    }
    // As the platform's checker: no anchor check through a redirect, or into generated pages and files.
    if (path.anchor && target.kind === 'page' && target.file !== page.relative) checkAnchorLater(page, link, path.anchor, target.file);
    else if (path.anchor && target.kind === 'page') await checkSamePageAnchor(page, link, path.anchor);
  }
}

/**
 * `//docs/how-to/x`: protocol-relative, so a browser goes to the host `docs`, which no host is (no dot,
 * no port, not localhost). Almost always a path written with one `/` too many: reported as a link to
 * nothing, with the path as the fix. Returns whether the link was such a one.
 */
function malformedHost(page: PageContext, link: BodyLink): boolean {
  const match = /^\/\/([^/?#]*)([/?#].*)?$/.exec(link.url.trim());
  if (!match || /[.:[]/.test(match[1]) || match[1].toLowerCase() === 'localhost') return false;
  const meant = `/${match[1]}${match[2] ?? ''}`;
  page.report(
    'links/page-not-found',
    link.offset,
    link.length,
    `Link "${link.url}" starts with "//", so a browser goes to a host named "${match[1]}", which is no host. For a page of this site, write "${meant}".`,
    { data: { replace: meant, replaceLabel: meant } },
  );
  return true;
}

async function reportMissing(page: PageContext, targets: LinkTargets, link: BodyLink, path: LinkPath): Promise<void> {
  // A link written with docs.json's variables is read with their values: the message shows both, and
  // no fix writes a path in place of the variables.
  const written = page.document.variables && page.text.slice(link.offset, link.offset + link.length);
  const throughVariables = written !== undefined && written.includes('{{');
  const subject = {
    url: link.url,
    shown: throughVariables ? `"${written}" (read as "${link.url}")` : `"${link.url}"`,
    page: isPageLink(link, path.path),
    media: link.kind === 'image' || link.attribute === 'src',
  };
  const missing = await describeMissingLink(page, targets, subject, path);
  if (throughVariables && missing.data) for (const key of ['replace', 'replaceLabel', 'fixAll', 'also'] as const) delete missing.data[key];
  if (missing.anchorCheck && !throughVariables) suggestWithAnchor(page, link, missing.anchorCheck, missing.data!, missing.anchorCheck.text);
  else page.report(missing.code, link.offset, link.length, missing.message, { data: missing.data });
}

/**
 * A link with an `#anchor` to a page that does not exist, whose did-you-mean is another page: the
 * suggestion is only as good as that page's anchors, known once every page is read. When it lacks the
 * anchor, the fix names the closest one it has, or goes to the page's top.
 */
function suggestWithAnchor(
  page: PageContext,
  link: BodyLink,
  suggestion: { page: string; file: string; only: boolean; anchor: string },
  written: FixData,
  text: (hint: string) => string,
): void {
  const range = page.lines.rangeOf(link.offset, link.length);
  // Kept until every page is read: the link's URL is no slice of the page's text (PageDocument.body()),
  // and nothing else here is read from it.
  const url = link.url;
  const { page: target, file, anchor } = suggestion;
  const message = text('');
  const only = suggestion.only;
  const data: FixData = { ...written };
  const facts = anchorFacts(page);
  page.later(async () => {
    // A suggestion is no finding: the page is not parsed again to be sure (it costs a parse per link).
    const verdict = await anchorVerdict(facts, file, cleanHeadingId(anchor), url, false);
    let hint = ` Did you mean "/${target}"?`;
    const closest = verdict && 'missing' in verdict ? closestMatch(anchor, verdict.missing) : undefined;
    // Said missing only when the scan of the page is sure of its anchors.
    if (verdict && 'missing' in verdict && (closest!.best !== undefined || !verdict.unsure)) {
      const { best, only: onlyAnchor } = closest!;
      const fix = best === undefined ? `/${target}` : `/${target}#${best}`;
      Object.assign(data, { replace: replaceFragment(data.replace!, best), replaceLabel: fix });
      if (!(only && onlyAnchor && best !== undefined && isTypo(anchor, best))) delete data.fixAll;
      hint =
        best === undefined ? ` Did you mean "/${target}"? It has no "#${anchor}": the fix links to its top.` : ` Did you mean "${fix}"?`;
    }
    return [makeDiagnostic('links/page-not-found', range, message + hint, data)];
  });
}

async function checkSamePageAnchor(page: PageContext, link: BodyLink, anchor: string): Promise<void> {
  const id = cleanHeadingId(anchor);
  if (id === '') return;
  const verdict = await anchorVerdict(ownAnchorFacts(page), page.relative, id, link.url);
  if (!verdict) return;
  const { offset, length, exact } = anchorPlace(link, page.text);
  if ('unchecked' in verdict) {
    page.report('links/anchor-unchecked', offset, length, uncheckedMessage(anchor, 'this page', verdict.unchecked));
    return;
  }
  const message = anchorMessage(anchor, 'this page', verdict.missing);
  page.report('links/anchor-not-found', offset, length, message.text, { data: exact ? message.data : undefined });
}

/** Another page's anchors are known once every page was read: the check keeps only what it needs. */
function checkAnchorLater(page: PageContext, link: BodyLink, linkAnchor: string, file: string): void {
  // Kept until every page is read: all three are read from the link's URL, no slice of the page's text.
  const anchor = linkAnchor;
  const id = cleanHeadingId(anchor);
  const url = link.url;
  if (id === '') return;
  const place = anchorPlace(link, page.text);
  const range = page.lines.rangeOf(place.offset, place.length);
  const fixable = place.exact;
  const facts = anchorFacts(page);
  page.later(async () => {
    const verdict = await anchorVerdict(facts, file, id, url);
    if (!verdict) return [];
    if ('unchecked' in verdict) return [makeDiagnostic('links/anchor-unchecked', range, uncheckedMessage(anchor, file, verdict.unchecked))];
    return [anchorDiagnostic(range, anchor, file, verdict.missing, fixable)];
  });
}

/**
 * An anchor into a page whose content the platform renders from an OpenAPI operation or schema: its
 * parameter, field and response anchors come from the spec, which Docsmith does not render. Or into a
 * page that stands for another site's (`url:`). Said so, once per link.
 */
function uncheckedMessage(anchor: string, where: string, source: string): string {
  if (source.startsWith('url '))
    return `"#${anchor}" points into ${where}, which stands for another page: its sidebar entry opens ${source.slice(5, -1)} (its front matter \`url\`), whose anchors Docsmith cannot check. Link to that URL with the anchor if it is there.`;
  return `"#${anchor}" points into ${where}, whose content the platform renders from the OpenAPI ${source}: its anchors come from the spec when the page is built, so Docsmith cannot check this one.`;
}

function anchorDiagnostic(range: Range, anchor: string, file: string, anchors: AnchorIds, fixable: boolean): Diagnostic {
  const message = anchorMessage(anchor, file, anchors);
  return makeDiagnostic('links/anchor-not-found', range, message.text, fixable ? message.data : undefined);
}

function anchorMessage(anchor: string, where: string, anchors: AnchorIds): { text: string; data?: FixData } {
  // `#c++` for a Tab "C++", whose id is its encoded slug: the link written encoded reaches it.
  const encoded = encodedAnchor(anchor);
  const { best: suggestion, only } = encoded && anchors.has(encoded) ? { best: encoded, only: true } : closestMatch(anchor, anchors);
  const hint = suggestion
    ? ` Did you mean "#${suggestion}"?`
    : anchors.size
      ? ` Its anchors come from its headings, custom ids (\`## Title {#id}\`), component ids and fields.`
      : ` It has no headings or ids to link to.`;
  return {
    text: `"#${anchor}" is not an anchor of ${where}.${hint}`,
    data: suggestion
      ? {
          replace: `#${suggestion}`,
          replaceLabel: `#${suggestion}`,
          ...(only && (suggestion === encoded || isTypo(anchor, suggestion)) && { fixAll: true }),
        }
      : undefined,
  };
}

/**
 * The `#anchor` part of a link's URL as written; the whole link when it cannot be found there (the URL
 * was read through escapes or docs.json's variables), and then no fix may replace it with an anchor.
 */
function anchorPlace(link: BodyLink, text: string): { offset: number; length: number; exact: boolean } {
  const hash = link.url.indexOf('#');
  if (hash < 0) return { offset: link.offset, length: link.length, exact: false };
  if (link.length === link.url.length) return { offset: link.offset + hash, length: link.length - hash, exact: true };
  const end = link.offset + link.length;
  const written = text.lastIndexOf('#', end - 1);
  if (written >= link.offset && text.slice(written, end) === link.url.slice(hash))
    return { offset: written, length: end - written, exact: true };
  return { offset: link.offset, length: link.length, exact: false };
}

/** A fix's URL with its `#anchor` replaced (`anchor`), or removed (undefined). */
function replaceFragment(url: string, anchor: string | undefined): string {
  const hash = url.indexOf('#');
  return (hash < 0 ? url : url.slice(0, hash)) + (anchor === undefined ? '' : `#${anchor}`);
}

/** The anchor percent-encoded (undefined when that changes nothing, or it cannot be). */
function encodedAnchor(anchor: string): string | undefined {
  try {
    const encoded = encodeURIComponent(anchor);
    return encoded === anchor ? undefined : encoded;
  } catch {
    return undefined; // a lone surrogate
  }
}
