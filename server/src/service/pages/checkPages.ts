import { throwIfCancelled, yieldToEventLoop, type Cancellation } from '../cancellation';
import type { SiteContext } from '../docsJson/rules/siteContext';
import { parseFrontMatter } from '../frontMatter/parseFrontMatter';
import { scanFieldTags, type FieldTag } from '../mdx/fieldTags';
import { joinUri } from '../uri';
import { WorkspaceError } from '../workspace';
import type { PageContext, PageRule } from './pageContext';
import { apiRule } from './rules/apiRule';
import { authMethodRule } from './rules/authMethodRule';
import { frontMatterSchemaRule } from './rules/frontMatterSchemaRule';
import { frontMatterSyntaxRule } from './rules/frontMatterSyntaxRule';
import { openapiRule } from './rules/openapiRule';
import { paramFieldsRule } from './rules/paramFieldsRule';
import { siteSpecSources } from './siteSpecs';

const pageRules: PageRule[] = [frontMatterSyntaxRule, frontMatterSchemaRule, apiRule, openapiRule, authMethodRule, paramFieldsRule];

/** Files read at once: enough to keep the disk busy, few enough not to exhaust file handles. */
const CONCURRENCY = 32;

/** Between batches of pages the check yields to the event loop, so a server still hears a cancellation. */
const YIELD_EVERY = 200;

/** Pages that are fragments included into others, not pages of the site. */
const NOT_PAGES = /^snippets\//;

/** Checks every page of the site (not only those in navigation). Returns how many were checked. */
export async function checkPages(site: SiteContext, token?: Cancellation): Promise<number> {
  const inNavigation = new Set(site.navigation.pages.map((entry) => entry.page.id));
  let sources: Promise<string[]> | undefined;
  const pages = [...site.files.pages].filter(([, relative]) => !NOT_PAGES.test(relative));
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < pages.length; index = next++) {
      if (index > 0 && index % YIELD_EVERY === 0) await yieldToEventLoop();
      throwIfCancelled(token);
      const [id, relative] = pages[index];
      await checkPage(site, id, relative, inNavigation, () => (sources ??= siteSpecSources(site)));
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pages.length) }, worker));
  return pages.length;
}

async function checkPage(site: SiteContext, id: string, relative: string, inNavigation: ReadonlySet<string>, specSources: () => Promise<string[]>): Promise<void> {
  const uri = joinUri(site.rootUri, relative);
  const { sink } = site;
  let text: string | undefined;
  try {
    text = await site.workspace.readFile(uri);
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    sink.sources.add(uri, '');
    sink.atOffset('page/unreadable', uri, 0, 0, error.message);
    return;
  }
  if (text === undefined) return; // deleted meanwhile
  const pageText = text;
  const frontMatter = parseFrontMatter(pageText);
  let fields: FieldTag[] | undefined;
  const page: PageContext = {
    uri,
    relative,
    id,
    text: pageText,
    frontMatter,
    fields: () => (fields ??= scanFieldTags(pageText, frontMatter.bodyOffset)),
    site,
    inNavigation,
    siteSpecSources: specSources,
    report(code, offset, length, message, options) {
      if (!sink.sources.has(uri)) sink.sources.add(uri, pageText);
      sink.atOffset(code, uri, offset, length, message, options);
    },
  };
  for (const rule of pageRules) await rule(page);
}
