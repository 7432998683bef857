import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildGapReport } from '../../server/src/analytics/gapReport';
import { pageDraft } from '../../server/src/analytics/gaps/drafts';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { gapQuestions, toReportClusters } from '../../server/src/analytics/gaps/reportClusters';
import { createUrlMapper } from '../../server/src/analytics/pageMapping';
import { generateConversations } from '../../server/src/mock/conversations';
import { createLanguageService } from '../../server/src/service';
import { pathToUri, relativeUri } from '../../server/src/service/uri';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { tempDir } from '../helpers/tempDir';
import { checkSite, docsJson } from '../helpers/check';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { applyWorkspaceEdit } from '../helpers/workspaceEdit';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** "Draft a new page" of the Docs Gaps view, on the example site and the mock export the demo shows. */
const EXAMPLE = resolve(__dirname, '../../examples/site');

function exampleSite(): MemoryWorkspace {
  const files: Record<string, string> = {};
  for (const name of readdirSync(EXAMPLE, { recursive: true, encoding: 'utf8' }) as string[])
    if (/\.(?:mdx?|json|ya?ml|svg)$/.test(name)) files[name] = readFileSync(join(EXAMPLE, name), 'utf8');
  return new MemoryWorkspace(files);
}

const key = (found: { file: string; code: string; message: string }) => `${found.file} ${found.code} ${found.message}`;

test('a drafted page for each of the largest clusters joins its neighbour’s group and adds no problem to docs check', async () => {
  const site = exampleSite();
  const service = createLanguageService({ workspace: site });
  const baseline = new Set((await checkSite(site)).map(key));
  const [index, siteMap] = await Promise.all([
    service.getPageIndex(`${ROOT}/docs.json`, NOT_CANCELLED),
    service.getSiteMap(`${ROOT}/docs.json`, NOT_CANCELLED),
  ]);
  assert.ok(index && siteMap && index.pages.length >= 5, 'the example site is indexed');
  const conversations = generateConversations({ seed: 5, count: 400 });
  const report = buildGapReport(
    conversations,
    createUrlMapper(
      siteMap,
      conversations.flatMap((c) => c.sources.map((s) => s.url)),
    ),
  );
  const clusters = toReportClusters(clusterGaps(gapQuestions(report), { ranker: createPageRanker(index.pages) }));
  const queries = new Map(report.conversations.map((c) => [c.id, c.query]));
  let drafted = 0;
  for (const cluster of clusters.filter((c) => c.suggestion).slice(0, 3)) {
    const near = index.pages.find((page) => page.file === cluster.suggestion!.file)!;
    const taken = new Set([...site.files.keys()].map((uri) => relativeUri(ROOT, uri)!.replace(/\.mdx?$/, '')));
    const draft = pageDraft(
      cluster.label,
      cluster.conversationIds.map((id) => queries.get(id)!),
      near.file,
      taken,
    );
    const edit = await service.getDraftPageEdit(ROOT, { pageId: draft.pageId, content: draft.content, nearPageId: near.id }, NOT_CANCELLED);
    assert.ok(edit, `an edit for ${draft.pageId}`);
    const touched = applyWorkspaceEdit(site, edit);
    assert.deepEqual(touched, [`${draft.pageId}.mdx`, 'docs.json']);
    // The new page sits in the group of the page it was drafted beside.
    const docs = JSON.parse(site.files.get(`${ROOT}/docs.json`)!);
    const groups = docs.navigation.tabs.flatMap((tab: { groups: { pages: string[] }[] }) => tab.groups);
    const holding = groups.filter((group: { pages: string[] }) => group.pages.includes(draft.pageId));
    assert.equal(holding.length, 1, `${draft.pageId} listed once`);
    assert.ok(
      holding[0].pages.some((page: string) => page.replace(/^\//, '') === near.id),
      `${draft.pageId} beside ${near.id}`,
    );
    drafted++;
  }
  assert.ok(drafted >= 2, `drafted ${drafted} pages`);
  const after = (await checkSite(site)).map(key).filter((found) => !baseline.has(found));
  assert.deepEqual(after, [], 'no new finding after the drafts');
  // The same page again is refused: it exists now.
  const again = pageDraft(clusters[0].label, [], undefined, new Set());
  site.set(`${again.pageId}.mdx`, '---\ntitle: x\n---\n');
  assert.equal(
    await createLanguageService({ workspace: site }).getDraftPageEdit(ROOT, { pageId: again.pageId, content: 'x' }, NOT_CANCELLED),
    undefined,
  );
});

test('a draft page id that leaves the docs root (a hostile client) gets no edit', async () => {
  const site = new MemoryWorkspace({ 'docs.json': docsJson({ groups: [{ group: 'A', pages: ['index'] }] }), 'index.mdx': '# Home' });
  const service = createLanguageService({ workspace: site });
  for (const pageId of ['../outside', 'guides/../../x', '/etc/passwd', 'a\\..\\b', 'C:/x', '', 'ok/./x'])
    assert.equal(await service.getDraftPageEdit(ROOT, { pageId, content: 'x' }, NOT_CANCELLED), undefined, pageId);
  assert.equal(
    await service.getDraftPageEdit(ROOT, { pageId: 'guides/new-page', content: 'x', extension: '.js' }, NOT_CANCELLED),
    undefined,
  );
  assert.ok(await service.getDraftPageEdit(ROOT, { pageId: 'guides/new-page', content: 'x' }, NOT_CANCELLED));
});

test('65 D20: a draft page is not created through a folder of the root that links out of it', async () => {
  const root = tempDir('docsmith-draft-');
  const outside = tempDir('docsmith-draft-outside-');
  writeFileSync(join(root, 'docs.json'), docsJson({ groups: [{ group: 'A', pages: ['index'] }] }));
  writeFileSync(join(root, 'index.mdx'), '# Home');
  mkdirSync(join(root, 'guides'));
  symlinkSync(outside, join(root, 'linked'));
  const service = createLanguageService({ workspace: new FsWorkspace() });
  const rootUri = pathToUri(root);
  assert.equal(await service.getDraftPageEdit(rootUri, { pageId: 'linked/new-page', content: 'x' }, NOT_CANCELLED), undefined);
  assert.equal(await service.getDraftPageEdit(rootUri, { pageId: 'linked/deeper/new-page', content: 'x' }, NOT_CANCELLED), undefined);
  assert.ok(await service.getDraftPageEdit(rootUri, { pageId: 'guides/new-page', content: 'x' }, NOT_CANCELLED));
  assert.ok(await service.getDraftPageEdit(rootUri, { pageId: 'new-folder/new-page', content: 'x' }, NOT_CANCELLED));
});

test('with nothing to sit beside, the author picks the group: places ranked by folder, the chosen group lists the page', async () => {
  const site = new MemoryWorkspace({
    'docs.json': docsJson({
      groups: [
        { group: 'Get started', pages: ['index', 'quickstart'] },
        { group: 'Guides', pages: ['guides/billing', 'guides/invoices', 'guides/refunds'] },
        { group: 'API', pages: ['api/users', 'api/teams'] },
      ],
    }),
    'index.mdx': '# Home',
    'quickstart.mdx': '# Start',
    'guides/billing.mdx': '# Billing',
    'guides/invoices.mdx': '# Invoices',
    'guides/refunds.mdx': '# Refunds',
    'api/users.mdx': '# Users',
    'api/teams.mdx': '# Teams',
  });
  const service = createLanguageService({ workspace: site });
  const places = await service.getDraftPlaces(ROOT, 'guides/download-my-invoices', NOT_CANCELLED);
  assert.deepEqual(
    places.map((place) => [place.label, place.folder]),
    [
      ['Guides', 'guides'],
      ['Get started', ''],
      ['API', 'api'],
    ],
    'the group of the page’s folder first, then the rest in order',
  );
  // The author picks the API group for a page with no folder of its own: it goes there, in api/.
  const api = places.find((place) => place.label === 'API')!;
  const draft = pageDraft('Download my invoices', ['How do I download my invoices?'], `${api.folder}/index.mdx`, new Set());
  assert.equal(draft.pageId, 'api/download-my-invoices');
  const edit = await service.getDraftPageEdit(ROOT, { pageId: draft.pageId, content: draft.content, group: api.group }, NOT_CANCELLED);
  applyWorkspaceEdit(site, edit!);
  const docs = JSON.parse(site.files.get(`${ROOT}/docs.json`)!);
  assert.deepEqual(docs.navigation.groups[2].pages, ['api/users', 'api/teams', 'api/download-my-invoices']);
});
