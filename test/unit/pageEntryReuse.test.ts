import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLanguageService } from '../../server/src/service';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { docsJson } from '../helpers/check';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * Issue 40 bug 3: an edit of one navigation page entry changes what two pages' checks read (whether
 * navigation lists them), so those two are checked again and every other page keeps its diagnostics:
 * no re-read of the site's pages after each keystroke in docs.json.
 */
test('after a one-entry docs.json edit, only the old and the new page of the entry are read and checked again', async () => {
  const pages = Array.from({ length: 200 }, (_, i) => `page-${i}`);
  const files: Record<string, string> = { 'docs.json': docsJson({ groups: [{ group: 'G', pages: pages.slice(0, 199) }] }) };
  for (const page of pages) files[`${page}.mdx`] = `---\ntitle: ${page}\n---\n\nSee [the next](/${page}#nowhere).\n`;
  const workspace = new MemoryWorkspace(files);
  const service = createLanguageService({ workspace });
  const codes = async (page: string) =>
    ((await service.getDiagnostics(`${ROOT}/${page}.mdx`, NOT_CANCELLED)) ?? []).map((d) => String(d.code)).sort();
  for (const page of pages) await codes(page);
  assert.deepEqual(await codes('page-199'), ['links/anchor-not-found', 'nav/orphan-page']);

  // page-5's entry becomes page-199 (as typing would leave it): page-5 is now the orphan.
  workspace.set('docs.json', files['docs.json'].replace('"page-5"', '"page-199"'));
  service.didChange(`${ROOT}/docs.json`, 'changed');
  workspace.reads.length = 0;
  const after = new Map<string, string[]>();
  for (const page of pages) after.set(page, await codes(page));
  const pageReads = workspace.reads.filter((uri) => uri.endsWith('.mdx')).map((uri) => uri.slice(ROOT.length + 1));
  assert.deepEqual([...new Set(pageReads)].sort(), ['page-199.mdx', 'page-5.mdx']);
  assert.deepEqual(after.get('page-5'), ['links/anchor-not-found', 'nav/orphan-page']);
  assert.deepEqual(after.get('page-199'), ['links/anchor-not-found']);
  assert.deepEqual(after.get('page-6'), ['links/anchor-not-found']);

  // A full load (a change that is no page-entry edit) checks every page again, as before.
  workspace.set('docs.json', files['docs.json'].replace('"name": "R"', '"name": "S"').replace('"page-5"', '"page-199"'));
  service.didChange(`${ROOT}/docs.json`, 'changed');
  workspace.reads.length = 0;
  for (const page of pages) await codes(page);
  assert.equal(new Set(workspace.reads.filter((uri) => uri.endsWith('.mdx'))).size, 200);
});

test('on a 10,000-page site, an entry typed, added or removed re-reads only the pages whose listing changed', async () => {
  const pages = Array.from({ length: 10_000 }, (_, i) => `s${i % 10}/page-${i}`);
  const groups = Array.from({ length: 10 }, (_, g) => ({ group: `G${g}`, pages: pages.filter((page) => page.startsWith(`s${g}/`)) }));
  const files: Record<string, string> = { 'docs.json': JSON.stringify({ ...JSON.parse(docsJson({ groups })) }, null, 2) };
  files['s3/unlisted.mdx'] = '---\ntitle: Unlisted\n---\n';
  for (const page of pages) files[`${page}.mdx`] = `---\ntitle: ${page}\n---\n\nSee [home](/s0/page-0).\n`;
  const workspace = new MemoryWorkspace(files);
  const service = createLanguageService({ workspace });
  const all = [...pages, 's3/unlisted'];
  const check = async () => {
    workspace.reads.length = 0;
    const codes = new Map<string, string[]>();
    for (const page of all)
      codes.set(
        page,
        ((await service.getDiagnostics(`${ROOT}/${page}.mdx`, NOT_CANCELLED)) ?? []).map((d) => String(d.code)),
      );
    const read = new Set(workspace.reads.filter((uri) => uri.endsWith('.mdx')).map((uri) => uri.slice(ROOT.length + 1, -4)));
    return { codes, read: [...read].sort() };
  };
  const edit = async (text: string) => {
    workspace.set('docs.json', text);
    service.didChange(`${ROOT}/docs.json`, 'changed');
    return check();
  };
  assert.equal((await check()).codes.get('s3/unlisted')?.includes('nav/orphan-page'), true);
  let text = files['docs.json'];

  // Typed: s3/page-13 becomes s3/unlisted.
  text = text.replace('"s3/page-13"', '"s3/unlisted"');
  let after = await edit(text);
  assert.deepEqual(after.read, ['s3/page-13', 's3/unlisted']);
  assert.deepEqual(after.codes.get('s3/page-13'), ['nav/orphan-page']);
  assert.deepEqual(after.codes.get('s3/unlisted'), []);

  // Added back beside it, on a line of its own.
  text = text.replace('"s3/unlisted",', '"s3/unlisted",\n        "s3/page-13",');
  after = await edit(text);
  assert.deepEqual(after.read, ['s3/page-13']);
  assert.deepEqual(after.codes.get('s3/page-13'), []);

  // Removed again, with its comma.
  text = text.replace('"s3/unlisted",\n        "s3/page-13",', '"s3/unlisted",');
  after = await edit(text);
  assert.deepEqual(after.read, ['s3/page-13']);
  assert.deepEqual(after.codes.get('s3/page-13'), ['nav/orphan-page']);
});
