import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { parsePageDocument } from '../../server/src/service/documents/pageDocument';
import { bodyLinkPath, isExternal } from '../../server/src/service/links/linkPath';
import { cleanHeadingId } from '../../server/src/service/mdx/slug';
import type { PageAnchors } from '../../server/src/service/mdx/anchors';
import { resolveImport } from '../../server/src/service/mdx/importPath';
import { createLanguageService } from '../../server/src/service/languageService';
import { pathToUri, uriToPath } from '../../server/src/service/uri';
import { textOf } from '../helpers/check';
import { corpusSites, CORPUS, sitePageBytes } from '../helpers/corpus';
import { oracleUnavailable, platformBrokenLinks, type PlatformBrokenLink, type PlatformPageRead } from '../helpers/oracle';
import { hasCurrentRecord, recordedOrLive, recordKey } from '../helpers/oracleRecords';
import { judged } from './disagreements';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * Docsmith's link findings against the platform's link checker (@mintlify/link-rot, the engine of
 * `mint broken-links --check-anchors --check-snippets`) on every corpus site where it completes:
 * every broken link and redirect it reports, Docsmith reports; whatever Docsmith reports beyond it is
 * judged one by one in disagreements.json (`links`). Where the checker stops on an MDX syntax error,
 * Docsmith must report that page as `mdx/syntax`. And page by page, the body scanner agrees with the
 * platform's MDX parser on every page the checker read (`scanner` in disagreements.json).
 */
const LINK_CODES = new Set([
  'links/page-not-found',
  'links/file-not-found',
  'links/anchor-not-found',
  // "Cannot be checked" (an anchor into a page rendered from a spec) answers a broken anchor the checker reports.
  'links/anchor-unchecked',
  'snippets/not-found',
  // An import the platform drops, of names the page never uses: the checker calls it broken too.
  'snippets/unused-import',
  'nav/page-not-found',
  'redirects/destination-not-found',
  'redirects/loop',
]);

interface Finding {
  file: string;
  code: string;
  /** The text the diagnostic covers, quotes taken off (a URL, an `#anchor`, an import source...). */
  text: string;
  diagnostic: Diagnostic;
}

const unavailable = oracleUnavailable();
/**
 * The link checker takes about 10 s per megabyte of pages: over all 106 corpus sites (200 MB) that is
 * half an hour on two cores, more than the whole CI run may take. `npm test` compares with its
 * recorded answers (test/differential/records/links, see helpers/oracleRecords.ts) on every site that
 * has a current one, and runs it live on the other sites with up to {@link QUICK_SITE_BYTES} of pages;
 * `npm run test:differential` (DOCSMITH_DIFFERENTIAL=all) runs it live on every site, and checks each
 * current record against it. The sites left out are listed as not run, with the reason.
 */
const QUICK_SITE_BYTES = 1.5 * 1024 * 1024;
const everySite = process.env.DOCSMITH_DIFFERENTIAL === 'all';
const WORKER = join(__dirname, '../helpers/linkRotWorker.mjs');
const keys = new Map<string, string>();
const keyOf = (site: string): string => {
  let key = keys.get(site);
  if (key === undefined) keys.set(site, (key = recordKey(WORKER, join(CORPUS, site))));
  return key;
};
const sized = unavailable
  ? []
  : corpusSites().map((site) => ({
      site,
      bytes: everySite || hasCurrentRecord('links', site, () => keyOf(site)) ? 0 : sitePageBytes(join(CORPUS, site)),
    }));
const sites = sized.filter((entry) => entry.bytes <= QUICK_SITE_BYTES).map((entry) => entry.site);
for (const { site, bytes } of sized.filter((entry) => entry.bytes > QUICK_SITE_BYTES))
  test(`link findings agree with the platform's link checker: ${site} (${(bytes / 1024 / 1024).toFixed(1)} MB of pages)`, (t) =>
    t.skip(
      `NOT RUN in the quick pass: the sites over ${QUICK_SITE_BYTES / 1024 / 1024} MB of pages with no current record of the link checker's answer (npm run test:differential checks every site)`,
    ));
/** The link checker takes seconds per site: two sites are checked side by side, ahead of the tests that read them. */
const CHECKERS = 2;

if (unavailable || sites.length === 0) {
  test('link findings agree with the platform on the corpus', (t) => t.skip(`NOT RUN: ${unavailable ?? `no corpus at ${CORPUS}`}`));
} else {
  const checks = inParallel(sites, CHECKERS, (site) =>
    recordedOrLive('links', site, keyOf(site), () => platformBrokenLinks(join(CORPUS, site))),
  );
  for (const [index, site] of sites.entries()) {
    test(`link findings agree with the platform's link checker: ${site}`, async (t) => {
      const root = join(CORPUS, site);
      const ours = await docsmithFindings(root);
      const answer = await checks[index];
      const theirs = answer.result;
      t.diagnostic(`the link checker's answer: ${answer.source === 'recorded' ? 'recorded (current)' : 'run now'}`);
      assert.notEqual(answer.verified, false, `the recorded answer of the link checker for ${site} differs from its answer now`);
      const scanner = compareScanner(root, theirs.pages);
      t.diagnostic(`${theirs.pages.length} pages read by both: ${scanner.certain} vouched for by the scanner alone`);
      assert.deepEqual(
        scanner.disagreements.filter((line) => !judged('scanner', site, line)),
        [],
        'the scanner and the platform parser disagree on pages',
      );
      if ('error' in theirs) {
        // The checker stops at the first page that does not parse; Docsmith reports every such page.
        t.diagnostic(`the platform's link checker did not complete: ${theirs.error.slice(0, 200)}`);
        assert.ok(
          ours.syntax > 0,
          `the link checker failed (${theirs.error.slice(0, 200)}) but Docsmith reports no mdx/syntax error on the site`,
        );
        return;
      }
      const matched = new Set<Finding>();
      const missed: string[] = [];
      for (const link of theirs.links) {
        const found = ours.findings.filter((finding) => finding.file === link.file && sameLink(finding, link));
        // Where the checker and the rendered page differ, the page is the judge (see isRenderedAnchor).
        if (found.length === 0 && isRenderedAnchor(root, link)) continue;
        if (found.length === 0) missed.push(`missed: ${link.file} ${link.url}`);
        for (const finding of found) matched.add(finding);
      }
      for (const redirect of theirs.redirects) {
        const found = ours.findings.filter(
          (finding) => finding.code.startsWith('redirects/') && finding.diagnostic.message.includes(`"${redirect.source}"`),
        );
        if (found.length === 0) missed.push(`missed redirect: ${redirect.source} -> ${redirect.destination}`);
        for (const finding of found) matched.add(finding);
      }
      // "Cannot be checked" claims nothing is broken: never a disagreement when the checker is silent.
      const extra = ours.findings
        .filter((finding) => !matched.has(finding) && finding.code !== 'nav/page-not-found' && finding.code !== 'links/anchor-unchecked')
        .map(
          (finding) =>
            `extra: ${finding.code} ${finding.file}:${finding.diagnostic.range.start.line + 1} ${finding.text} | ${finding.diagnostic.message}`,
        );
      t.diagnostic(
        `link checker: ${theirs.links.length} links, ${theirs.redirects.length} redirects; Docsmith: ${ours.findings.length} findings`,
      );
      assert.deepEqual(
        [...missed, ...extra].filter((line) => !judged('links', site, line)),
        [],
      );
    });
  }
}

/** Runs `work` on every item, at most `limit` at a time; the promises in the items' order. */
function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R>[] {
  const started: Promise<R>[] = [];
  const slots: Promise<unknown>[] = [];
  for (const [index, item] of items.entries()) {
    // Item i starts when item i - limit has settled.
    const turn = index >= limit ? slots[index - limit] : Promise.resolve();
    const result = turn.then(() => work(item));
    started.push(result);
    slots.push(result.catch(() => undefined));
  }
  return started;
}

async function docsmithFindings(root: string): Promise<{ findings: Finding[]; syntax: number }> {
  const service = createLanguageService({ workspace: new FsWorkspace() });
  const result = await service.checkSite(pathToUri(root), { token: NOT_CANCELLED });
  const findings: Finding[] = [];
  let syntax = 0;
  for (const [uri, diagnostics] of result.diagnostics) {
    const path = uriToPath(uri);
    const file = path.slice(root.length + 1);
    let content: string | undefined;
    for (const diagnostic of diagnostics) {
      const code = String(diagnostic.code);
      if (code === 'mdx/syntax') syntax++;
      if (!LINK_CODES.has(code)) continue;
      content ??= readFileSync(path, 'utf8');
      findings.push({ file, code, text: textOf(content, diagnostic).replace(/^["']|["']$/g, ''), diagnostic });
    }
  }
  return { findings, syntax };
}

/**
 * Page by page, Docsmith's reading against the platform parser's (as the link checker read it): a
 * page the scanner vouches for parses; Docsmith reports an MDX syntax error exactly where the parser
 * fails; both find the same internal URLs (Markdown links and images, <img>/<source> src, <a>/<Card>
 * href, imports) and the same anchors.
 */
function compareScanner(root: string, pages: PlatformPageRead[]): { certain: number; disagreements: string[] } {
  const disagreements: string[] = [];
  let certain = 0;
  for (const page of pages) {
    const text = readFileSync(join(root, page.file), 'utf8');
    const document = parsePageDocument(pathToUri(join(root, page.file)), text);
    const scan = document.body();
    if (!scan.uncertain) certain++;
    if ('error' in page) {
      if (!scan.uncertain && !scan.error)
        disagreements.push(`vouched for a page the parser rejects: ${page.file} (${page.error.slice(0, 120)})`);
      else if (!document.syntaxError())
        disagreements.push(`no mdx/syntax where the parser fails: ${page.file} (${page.error.slice(0, 120)})`);
      // An error the scanner is sure of, without the parser: the platform's own words.
      else if (!scan.uncertain && !page.error.startsWith(scan.error!.message.slice(0, 200)))
        disagreements.push(`the scanner's error is not the parser's: ${page.file} (${scan.error!.message.slice(0, 120)})`);
      continue;
    }
    const error = document.syntaxError();
    if (error) {
      disagreements.push(`mdx/syntax where the parser succeeds: ${page.file} (${error.message.slice(0, 120)})`);
      continue;
    }
    const ours = [
      ...scan.links
        .filter(
          (link) =>
            link.kind === 'link' ||
            link.kind === 'image' ||
            (link.attribute === 'src' && (link.element === 'img' || link.element === 'source')) ||
            (link.attribute === 'href' && (link.element === 'a' || link.element === 'Card')),
        )
        .map((link) => link.url),
      ...scan.imports.map((item) => item.source),
    ];
    // External URLs (GFM autolinks, emails) are never checked: only what can break inside the site is compared.
    const internal = (url: string) => !isExternal(url.trim());
    const [onlyOurs, onlyTheirs] = multisetDifference(ours.filter(internal), page.urls.filter(internal));
    if (onlyOurs.length || onlyTheirs.length)
      disagreements.push(`links of ${page.file}: Docsmith only ${JSON.stringify(onlyOurs)}, parser only ${JSON.stringify(onlyTheirs)}`);
    const scanned = document.anchors();
    const anchors = scanned.exact ? scanned.anchors : (document.exactAnchors() ?? new Set<string>());
    // A heading whose slug is empty (only emoji or punctuation) gives no anchor a link can name.
    // Ids of HTML elements in text are anchors of the rendered page that the platform's table of
    // contents leaves out (its link checker's blind spot; see disagreements.json `$comment`).
    const theirs = page.anchors.filter((anchor) => anchor !== '');
    const [anchorsOurs, anchorsTheirs] = multisetDifference(
      [...anchors].filter((anchor) => !scanned.elementIds.has(anchor) || theirs.includes(anchor)),
      theirs,
    );
    if (anchorsOurs.length || anchorsTheirs.length)
      disagreements.push(
        `anchors of ${page.file}: Docsmith only ${JSON.stringify(anchorsOurs)}, parser only ${JSON.stringify(anchorsTheirs)}`,
      );
  }
  return { certain, disagreements };
}

/**
 * A broken `#anchor` by the platform's checker that the rendered page has, by one of the rules where
 * the checker and the page differ (judged once, in disagreements.json's `$comment`): the id of an HTML
 * element in text (`<a id="x">`, `<h2 id="x">` with text on its line), which the checker's table of
 * contents leaves out; a heading of a snippet the page shows, which the platform inlines before it
 * builds the page; a Tab's id, the percent-encoded slug of its title, which a link written with the
 * title's characters reaches once the browser encodes it.
 */
function isRenderedAnchor(root: string, link: PlatformBrokenLink): boolean {
  if (!link.url.includes('#')) return false;
  const path = bodyLinkPath(link.url, link.file);
  if (!path?.anchor) return false;
  const candidates = path.samePage ? [link.file] : ['.mdx', '.md', '/index.mdx', '/index.md'].map((suffix) => `${path.path}${suffix}`);
  const id = cleanHeadingId(path.anchor);
  let encoded: string | undefined;
  try {
    encoded = encodeURIComponent(path.anchor);
  } catch {
    encoded = undefined;
  }
  return candidates.some((file) => {
    const anchors = anchorsOf(root, file);
    if (!anchors) return false;
    if (anchors.elementIds.has(id) || (encoded !== undefined && anchors.anchors.has(encoded))) return true;
    return shownAnchors(root, file, anchors.shows, 0).has(id);
  });
}

/** The anchors of a page file, read once (a generated page may be the target of thousands of links). */
const anchorsRead = new Map<string, PageAnchors | undefined>();
function anchorsOf(root: string, file: string): PageAnchors | undefined {
  const full = join(root, file);
  if (!anchorsRead.has(full))
    anchorsRead.set(full, existsSync(full) ? parsePageDocument(pathToUri(full), readFileSync(full, 'utf8')).anchors() : undefined);
  return anchorsRead.get(full);
}

/** The headings a page gets from the snippets it shows, 3 deep. */
function shownAnchors(root: string, file: string, shows: readonly string[], depth: number): Set<string> {
  const found = new Set<string>();
  if (depth >= 3) return found;
  for (const source of shows) {
    const snippet = resolveImport(source, file);
    const anchors = snippet === undefined ? undefined : anchorsOf(root, snippet);
    if (!anchors) continue;
    for (const anchor of anchors.anchors) found.add(anchor);
    for (const anchor of shownAnchors(root, snippet!, anchors.shows, depth + 1)) found.add(anchor);
  }
  return found;
}

/** What each list holds that the other does not, counting repeats. */
function multisetDifference(a: readonly string[], b: readonly string[]): [string[], string[]] {
  const rest = [...b];
  const onlyA: string[] = [];
  for (const item of a) {
    const at = rest.indexOf(item);
    if (at >= 0) rest.splice(at, 1);
    else onlyA.push(item);
  }
  return [onlyA, rest];
}

/** The finding is about the link: the same URL (with or without its leading `/`), its `#anchor`, or named in the message. */
function sameLink(finding: Finding, link: PlatformBrokenLink): boolean {
  const { text } = finding;
  if (text !== '' && (text === link.url || `/${text}` === link.url || text === link.url.replace(/^\//, ''))) return true;
  if (text.startsWith('#') && link.url.endsWith(text)) return true;
  return finding.diagnostic.message.includes(`"${link.url}"`);
}
