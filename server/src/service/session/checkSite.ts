import type { PageVariables } from '../mdx/variables';
import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, yieldToEventLoop } from '../cancellation';
import { shareAnchors, sharedAnchors } from '../links/linkedAnchors';
import { linkedPagesOf, type LinkedPages } from '../links/linkedPages';
import { checkPage } from './checkPage';
import type { DeferredCheck } from '../pages/pageContext';
import { applySeverities } from '../settings';
import { loadSiteState, type SiteState, type SiteStateOptions } from './siteState';
import { SpecStore } from '../openapi/specStore';
import { joinUri } from '../uri';
import { checkedPageFiles } from '../site/siteFiles';
import { groupRepeats } from '../check/groupRepeats';
import type { SharedAnchors, SiteShares } from './siteShares';

const NO_DEPENDENCIES: ReadonlySet<string> = new Set();

export interface SiteCheckResult {
  rootUri: string;
  docsJsonUri: string;
  /** Diagnostics per file; files without problems may be absent. */
  diagnostics: Map<string, Diagnostic[]>;
  /** How many files were checked: the configuration files read and the site's pages. */
  filesChecked: number;
  /** How many pages' findings came from the cache, unchanged since the run that kept them. */
  reused: number;
}

/**
 * Findings of earlier whole-site runs, kept by the caller (the CLI keeps them in a file). A page's
 * findings are reused when neither the page, nor any file it read (the anchors of pages it links
 * into, the snippets it imports), nor the site (configuration files, settings, which files exist)
 * has changed since: the cache decides that, the check tells it what each page read.
 */
export interface CheckCache {
  /**
   * Once per docs root, before its pages, with every file of the root (relative paths) and a key of
   * what else decides how its pages are checked (which page files are imported, so checked as snippets).
   */
  open(rootUri: string, files: Iterable<string>, siteKey?: string): Promise<void>;
  /** The findings of a page unchanged since they were kept, or undefined: then the page is checked. */
  reuse(relative: string): Promise<Diagnostic[] | undefined>;
  /** The text of a page the check read, as it read it. */
  seen(relative: string, text: string): void;
  /** A checked page's findings, with the other files they depend on. */
  keep(relative: string, diagnostics: Diagnostic[], dependencies: Iterable<string>): Promise<void>;
  /**
   * The findings of docs.json and its `$ref` files (by URI, in the order kept) when nothing of the
   * site changed since they were kept; undefined: the docs.json rules run.
   */
  reuseConfig?(): Promise<Map<string, Diagnostic[]> | undefined>;
  /** The findings of the configuration files, as the docs.json rules gave them. */
  keepConfig?(diagnostics: ReadonlyMap<string, Diagnostic[]>): Promise<void>;
  /**
   * Every finding of a root, when the cache holds them all, from a check of the whole site, and
   * nothing has changed since: no file added or removed, no file a finding depends on changed (then
   * the root is open, and done). Undefined: the root is opened and its pages checked (and reused one by one).
   */
  reuseSite?(rootUri: string): Promise<WholeSite | undefined>;
  /** A check of the whole site is done: how many pages it covered and files it checked. */
  checkedSite?(whole: Omit<WholeSite, 'diagnostics'>): void;
}

/** A whole site's findings, as a check of every page left them. */
export interface WholeSite {
  diagnostics: Map<string, Diagnostic[]>;
  /** The pages and snippets checked. */
  pages: number;
  /** {@link SiteCheckResult.filesChecked} */
  filesChecked: number;
}

export interface CheckSiteOptions extends SiteStateOptions {
  cache?: CheckCache;
  /**
   * Which pages and snippets to check, given every file of the root (relative paths); undefined: all.
   * docs.json and its rules are checked whatever it says (a pull request's check of changed pages).
   */
  pages?: (files: ReadonlySet<string>) => ReadonlySet<string> | undefined;
  /** This check is one share of several run at once (threads): it checks the pages it claims. */
  shares?: SiteShares;
  /** How far the pages are: called every {@link YIELD_EVERY} pages and once they are all done (every share's count). */
  pagesDone?: (done: number, total: number) => void;
}

/** Between pages the check yields to the event loop this often, so a server still hears a cancellation. */
const YIELD_EVERY = 200;

/** Checks a whole docs root: docs.json, the files it references, and every page (the CLI's job). */
export async function checkSite(rootUri: string, options: CheckSiteOptions): Promise<SiteCheckResult> {
  const { cache, shares } = options;
  /** One check (or one of its shares) reports docs.json and its files. */
  const reportsConfig = !shares || shares.first;
  const whole = reportsConfig && !options.pages ? await reusedWhole(rootUri, cache) : undefined;
  if (whole) return whole;
  // The anchors of every page checked are kept (not the pages): links into them are checked at the end.
  const linkedPages = linkedPagesOf(options.workspace);
  // The docs.json rules run once the cache has said whether it holds their findings.
  const state = await loadSiteState(rootUri, { linkedPages, ...options, rules: options.rules === false ? false : 'deferred' });
  const deferred: { uri: string; check: DeferredCheck }[] = [];
  // Pages in id order, then snippets, so the output of a check is the same from run to run.
  const files = state.context?.files;
  const only = files && options.pages?.(files.files);
  const imported = files ? await files.imports.importedPages() : new Set<string>();
  const checked = (files ? checkedPageFiles(files, imported) : []).filter(({ relative }) => !only || only.has(relative));
  // Which pages are imported (so checked as snippets) is part of what the site is: a change checks every page again.
  if (cache && files) await cache.open(rootUri, files.files, [...imported].sort().join('\n'));
  const config = reportsConfig ? await configFindings(state, files && cache) : undefined;
  const diagnostics = new Map(config?.diagnostics ?? []);
  let reused = 0;
  // The pages checked (not reused), with what they read: kept in the cache once their findings are complete.
  const toKeep: { relative: string; dependencies: ReadonlySet<string> }[] = [];
  // The pages with inline suppressions: applied once their deferred findings are in.
  const suppressed: { uri: string; suppress: (all: Diagnostic[]) => Diagnostic[] }[] = [];
  /** The pages this share checked: their anchors go to the other shares. */
  const own: string[] = [];
  let sequential = 0;
  const claim = shares ? () => shares.claim(checked.length) : () => sequential++;
  let count = 0;
  for (let index = claim(); index < checked.length; index = claim()) {
    const { id, relative, snippet } = checked[index];
    if (++count % YIELD_EVERY === 0) {
      options.pagesDone?.(index + 1, checked.length);
      await yieldToEventLoop();
    }
    throwIfCancelled(options.token);
    const uri = joinUri(rootUri, relative);
    const earlier = await cache?.reuse(relative);
    if (earlier) {
      if (earlier.length) diagnostics.set(uri, earlier);
      reused++;
      continue;
    }
    const found = await checkPage(state, id, relative, uri, { defer: true, snippet });
    if (!found) continue;
    if (found.diagnostics.length) diagnostics.set(uri, found.diagnostics);
    if (found.suppress) suppressed.push({ uri, suppress: found.suppress });
    if (found.document) {
      const anchors = found.document.anchors();
      linkedPages.remember(uri, anchors, state.context?.variables);
      if (shares) own.push(uri);
      if (cache) {
        cache.seen(relative, found.document.text);
        // The set itself: the page's deferred checks add the pages whose anchors they read. A page
        // that read nothing and defers nothing keeps no set of its own (most pages of a large site).
        const reads = found.dependencies.size || found.deferred.length ? found.dependencies : NO_DEPENDENCIES;
        toKeep.push({ relative, dependencies: reads });
      }
    }
    for (const check of found.deferred) deferred.push({ uri, check });
  }
  options.pagesDone?.(checked.length, checked.length);
  if (shares) await exchangeAnchors(shares, linkedPages, own, state.context?.variables);
  await completeFindings(diagnostics, deferred, suppressed, options.token);
  for (const { relative, dependencies } of toKeep)
    await cache!.keep(relative, diagnostics.get(joinUri(rootUri, relative)) ?? [], dependencies);
  if (files && config && !config.reused) await cache?.keepConfig?.(config.diagnostics);
  // Every share claims its pages from one list: the shares together checked them all.
  if (files && reportsConfig && !only)
    cache?.checkedSite?.({ pages: checked.length, filesChecked: state.configFiles.length + checked.length });
  return {
    rootUri,
    docsJsonUri: state.docsJsonUri,
    diagnostics,
    filesChecked: (reportsConfig ? state.configFiles.length : 0) + count,
    reused,
  };
}

/**
 * A check from the cache alone, when it holds every finding of a site where nothing changed since a
 * check of every page: no folder is listed, no page read, docs.json not even parsed.
 */
async function reusedWhole(rootUri: string, cache: CheckCache | undefined): Promise<SiteCheckResult | undefined> {
  const whole = await cache?.reuseSite?.(rootUri);
  if (!whole) return undefined;
  // Grouped as a check groups them (a page's own findings were kept grouped; docs.json's were not).
  for (const [uri, list] of whole.diagnostics) whole.diagnostics.set(uri, groupRepeats(uri, list));
  return {
    rootUri,
    docsJsonUri: joinUri(rootUri, 'docs.json'),
    diagnostics: whole.diagnostics,
    filesChecked: whole.filesChecked,
    reused: whole.pages,
  };
}

/**
 * Once every page is checked: the deferred checks (links into the anchors of pages checked later),
 * then the pages' inline suppressions, then repeats grouped, in place.
 */
async function completeFindings(
  diagnostics: Map<string, Diagnostic[]>,
  deferred: readonly { uri: string; check: DeferredCheck }[],
  suppressed: readonly { uri: string; suppress: (all: Diagnostic[]) => Diagnostic[] }[],
  token: CheckSiteOptions['token'],
): Promise<void> {
  for (const [index, { uri, check }] of deferred.entries()) {
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
    throwIfCancelled(token);
    const found = await check();
    if (found.length) diagnostics.set(uri, [...(diagnostics.get(uri) ?? []), ...found]);
  }
  for (const { uri, suppress } of suppressed) {
    const kept = suppress(diagnostics.get(uri) ?? []);
    if (kept.length) diagnostics.set(uri, kept);
    else diagnostics.delete(uri);
  }
  for (const [uri, list] of diagnostics) diagnostics.set(uri, groupRepeats(uri, list));
}

/** The findings of docs.json and its files: the cache's, when nothing they depend on changed, or the rules'. */
async function configFindings(
  state: SiteState,
  cache: CheckCache | undefined,
): Promise<{ diagnostics: Map<string, Diagnostic[]>; reused: boolean }> {
  const kept = await cache?.reuseConfig?.();
  return kept ? { diagnostics: kept, reused: true } : { diagnostics: await state.runConfigRules(), reused: false };
}

/** The CLI's entry: a whole-site check with the user's severities, without the editor features. */
export async function checkSiteWithSettings(
  rootUri: string,
  options: Omit<CheckSiteOptions, 'specs'> & { specs?: SpecStore },
): Promise<SiteCheckResult> {
  const result = await checkSite(rootUri, { ...options, specs: options.specs ?? new SpecStore(options.workspace) });
  return { ...result, diagnostics: new Map([...result.diagnostics].map(([uri, list]) => [uri, applySeverities(list, options.settings)])) };
}

/** Gives the other shares the anchors of the pages this one checked, and takes theirs. */
async function exchangeAnchors(
  shares: NonNullable<CheckSiteOptions['shares']>,
  linkedPages: LinkedPages,
  own: string[],
  variables: PageVariables | undefined,
): Promise<void> {
  const mine = (): SharedAnchors => own.flatMap((uri) => remembered(linkedPages, uri));
  for (const [uri, anchors] of await shares.exchange(mine)) linkedPages.rememberLinked(uri, sharedAnchors(anchors), variables);
}

function remembered(linkedPages: LinkedPages, uri: string): SharedAnchors {
  const anchors = linkedPages.remembered(uri);
  return anchors ? [[uri, shareAnchors(anchors)]] : [];
}
