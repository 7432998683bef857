import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pageDraft, sectionDraft } from '../../server/src/analytics/gaps/drafts';
import { createLanguageService } from '../../server/src/service';
import { relativeUri } from '../../server/src/service/uri';
import { checkSite } from '../helpers/check';
import { CORPUS, CORPUS_LABEL, corpusSites } from '../helpers/corpus';
import { ROOT } from '../helpers/memoryWorkspace';
import { memorySite } from '../helpers/memorySite';
import { applyWorkspaceEdit } from '../helpers/workspaceEdit';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * The Docs Gaps view's drafts on every real site. "Draft a new page" beside a page at the start, the
 * middle and the end of its navigation: the page is created and listed in that page's navigation list
 * (a group's, or one straight under the navigation or a tab). "Draft a section" in about six pages, in
 * the middle section of each: the new heading is where the view puts the cursor. After both,
 * `docsmith check` finds nothing new.
 */
const sites = corpusSites();
console.log(`# gap drafts on real sites: ${CORPUS_LABEL}`);

// A grouped finding names the lines of its places, which a drafted section above them moves: the count is kept, the lines left out.
const key = (found: { file: string; code: string; message: string }) =>
  `${found.file} ${found.code} ${found.message.replace(/(times in this file), on lines? [^)]*\)/, '$1)')}`;
// A label and questions with what a title and a comment must survive: quotes, a colon, `*/`, braces.
const LABEL = 'How do I rotate "API keys": safely?';
const QUESTIONS = ['how do I rotate keys', 'key rotation */ {without} <downtime>'];

for (const name of sites) {
  test(`drafts on ${name}: pages listed beside their neighbour, sections where said, nothing new for docs check`, async () => {
    const site = memorySite(join(CORPUS, name));
    const baseline = new Set((await checkSite(site)).map(key));
    const index = await createLanguageService({ workspace: site }).getPageIndex(`${ROOT}/docs.json`, NOT_CANCELLED);
    assert.ok(index && index.pages.length > 0, 'the site has listed pages');
    // Written pages; an operation's page is its spec, where the view offers no section and drafts a page by folder.
    const written = index.pages.filter((page) => !page.operation);
    const operation = index.pages.find((page) => page.operation);
    const picks = [...new Set([0, Math.floor(written.length / 2), written.length - 1])].map((at) => written[at]);
    for (const near of operation ? [...picks, operation] : picks) {
      const taken = new Set([...site.files.keys()].map((uri) => relativeUri(ROOT, uri)!.replace(/\.mdx?$/, '')));
      const draft = pageDraft(LABEL, QUESTIONS, near.file, taken);
      const service = createLanguageService({ workspace: site });
      const nearPageId = near.operation ? undefined : near.id;
      const edit = await service.getDraftPageEdit(
        ROOT,
        {
          pageId: draft.pageId,
          content: draft.content,
          ...(nearPageId ? { nearPageId } : {}),
        },
        NOT_CANCELLED,
      );
      assert.ok(edit, `an edit for ${draft.pageId} beside ${near.id}`);
      const touched = applyWorkspaceEdit(site, edit);
      assert.equal(touched[0], `${draft.pageId}.mdx`);
      // Listed, in the same navigation list as the page it was drafted beside.
      const listed = (await createLanguageService({ workspace: site }).getPageIndex(`${ROOT}/docs.json`, NOT_CANCELLED))!.pages;
      assert.ok(
        listed.some((page) => page.id === draft.pageId),
        `${draft.pageId} is listed`,
      );
      // Where the neighbour is a plain entry of a pages list, the draft is in that same list.
      const config = JSON.parse(site.files.get(`${ROOT}/${touched[1]}`)!);
      const list = listHolding(config, (entry) => entry === draft.pageId);
      assert.ok(list, `${draft.pageId} is in a pages list of ${touched[1]}`);
      const isNear = (entry: unknown) => typeof entry === 'string' && entry.replace(/^\.?\//, '').replace(/\.mdx?$/, '') === near.id;
      if (listHolding(config, isNear)) assert.ok(list.some(isNear), `${draft.pageId} beside ${near.id}`);
    }
    for (const page of written.filter((_, at) => at % Math.max(1, Math.floor(written.length / 6)) === 0)) {
      const uri = `${ROOT}/${page.file}`;
      const sections = page.sections.filter((section) => section.anchor);
      const text = site.files.get(uri)!;
      const draft = sectionDraft(text, sections[Math.floor(sections.length / 2)]?.line, LABEL, QUESTIONS);
      const drafted = text.slice(0, draft.offset) + draft.text + text.slice(draft.offset);
      assert.match(
        drafted.split('\n')[draft.headingLine],
        /^#{2,6} How do I rotate "API keys": safely\?$/,
        `the drafted heading of ${page.file}`,
      );
      site.files.set(uri, drafted);
    }
    const after = (await checkSite(site)).map(key).filter((found) => !baseline.has(found));
    assert.deepEqual(after, [], 'no new finding after the drafts');
  });
}

/** The first `pages` array with an entry `matches` accepts, anywhere in a parsed navigation file. */
function listHolding(node: unknown, matches: (entry: unknown) => boolean): unknown[] | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = listHolding(item, matches);
      if (found) return found;
    }
    return undefined;
  }
  if (!node || typeof node !== 'object') return undefined;
  const pages = (node as { pages?: unknown }).pages;
  if (Array.isArray(pages) && pages.some(matches)) return pages;
  for (const value of Object.values(node)) {
    const found = listHolding(value, matches);
    if (found) return found;
  }
  return undefined;
}
