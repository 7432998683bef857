import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findDocsRootAbove } from '../../server/src/service/site/docsRoots';
import { createLanguageService } from '../../server/src/service';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { MemoryWorkspace } from '../helpers/memoryWorkspace';
import { docsJson } from '../helpers/check';

/**
 * Which docs root a file belongs to in the editor: inside a workspace folder, the one `docsmith check`
 * of the folder finds (the outermost docs.json, since it does not look inside a docs root); a nested
 * docs.json (a translation's copy) is a file of the site, as the platform builds it.
 */
const CONFIG = '{"name": "x"}';
const repo = new MemoryWorkspace(
  {
    'docs/docs.json': CONFIG,
    'docs/guide.mdx': '# Guide',
    'docs/ja/docs.json': CONFIG,
    'docs/ja/guides/start.mdx': '# Start',
    'other/page.mdx': '# Other',
  },
  'file:///repo',
);
const uri = (path: string) => `file:///repo/${path}`;

test('inside a workspace folder, a file belongs to the outermost docs root below the folder', async () => {
  for (const folders of [['file:///repo'], ['file:///repo/'], ['file:///repo/docs']]) {
    assert.equal(await findDocsRootAbove(repo, uri('docs/ja/guides/start.mdx'), folders), 'file:///repo/docs', String(folders));
    assert.equal(await findDocsRootAbove(repo, uri('docs/ja/docs.json'), folders), 'file:///repo/docs');
    assert.equal(await findDocsRootAbove(repo, uri('docs/guide.mdx'), folders), 'file:///repo/docs');
  }
  assert.equal(await findDocsRootAbove(repo, uri('other/page.mdx'), ['file:///repo']), undefined);
});

test('a workspace folder inside a site, or no workspace folder: the nearest docs root above', async () => {
  // The user opened the translation's folder: it is the site they check.
  assert.equal(await findDocsRootAbove(repo, uri('docs/ja/guides/start.mdx'), ['file:///repo/docs/ja']), 'file:///repo/docs/ja');
  // A folder below any docs.json: the nearest above it.
  assert.equal(await findDocsRootAbove(repo, uri('docs/ja/guides/start.mdx'), ['file:///repo/docs/ja/guides']), 'file:///repo/docs/ja');
  assert.equal(await findDocsRootAbove(repo, uri('docs/ja/guides/start.mdx')), 'file:///repo/docs/ja');
  // The innermost of nested workspace folders decides; a folder that does not hold the file does not.
  assert.equal(
    await findDocsRootAbove(repo, uri('docs/ja/guides/start.mdx'), ['file:///repo', 'file:///repo/docs/ja']),
    'file:///repo/docs/ja',
  );
  assert.equal(await findDocsRootAbove(repo, uri('docs/ja/guides/start.mdx'), ['file:///repo/other']), 'file:///repo/docs/ja');
  assert.equal(await findDocsRootAbove(repo, uri('docs/ja/guides/start.mdx'), ['file:///repo/do']), 'file:///repo/docs/ja');
});

test("a page of a nested docs.json's folder gets the diagnostics `docsmith check` gives it", async () => {
  const files = {
    'docs.json': docsJson({ groups: [{ group: 'Start', pages: ['index', 'ja/index'] }] }),
    'index.mdx': '---\ntitle: Home\n---\n\nSee [the guide](/ja/guide) and [home](/index).\n',
    // A translation's own docs.json: its pages link from the site's root, as the site serves them.
    'ja/docs.json': docsJson({ groups: [{ group: 'Start', pages: ['index', 'guide'] }] }),
    'ja/index.mdx': '---\ntitle: Home\n---\n\nSee [the guide](/ja/guide) and [missing](/ja/missing).\n',
    'ja/guide.mdx': '---\ntitle: Guide\n---\n\nText.\n',
  };
  const workspace = new MemoryWorkspace(files);
  const service = createLanguageService({ workspace, folders: () => ['file:///site'] });
  const site = await service.checkSite('file:///site', { token: NOT_CANCELLED });
  const checked = (path: string) => (site.diagnostics.get(`file:///site/${path}`) ?? []).map((d) => `${d.range.start.line}:${d.code}`);
  const edited = async (path: string) =>
    ((await service.getDiagnostics(`file:///site/${path}`, NOT_CANCELLED)) ?? []).map((d) => `${d.range.start.line}:${d.code}`);
  assert.deepEqual(checked('ja/index.mdx'), ['4:links/page-not-found'], 'only the missing page');
  assert.deepEqual(await edited('ja/index.mdx'), checked('ja/index.mdx'));
  assert.deepEqual(await edited('ja/docs.json'), [], 'a file of the site, not its configuration');
  // Without the workspace folder (a file opened alone), the nearest docs.json is its root.
  const alone = createLanguageService({ workspace });
  const nearest = ((await alone.getDiagnostics('file:///site/ja/index.mdx', NOT_CANCELLED)) ?? []).map((d) => d.code);
  assert.ok(nearest.filter((code) => code === 'links/page-not-found').length === 2, nearest.join(', '));
});
