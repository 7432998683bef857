import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';
import { importsOf } from '../../server/src/service/site/importGraph';
import { createLanguageService } from '../../server/src/service/languageService';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { docsJson } from '../helpers/check';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * Issue 66, item 3: components judged where the platform judges them. The platform inlines a snippet
 * into each page that shows it and validates the page; a page its parser rejects is never validated;
 * a `.mdx` file another file imports is a snippet wherever it lives (its file categories).
 */
const home = { groups: [{ group: 'A', pages: ['index'] }] };
const step = '<Step title="One">\n  Do it.\n</Step>\n';

test('66.3: a page file another file imports is a snippet: no orphan finding, no page checks of its own, no placement warning', async () => {
  const found = await checkSite(
    site(
      home,
      [],
      {},
      {
        'index.mdx': `---\ntitle: Home\n---\nimport First from '/parts/step.mdx';\n\n<Steps>\n  <First />\n</Steps>\n`,
        // A page anywhere else: no title, not in navigation, a lone <Step>. Imported, so a snippet.
        'parts/step.mdx': step,
      },
    ),
  );
  const onPart = found.filter((f) => f.file === 'parts/step.mdx');
  assert.deepEqual(
    onPart.map((f) => f.code),
    [],
  );
  // The same file, imported by nobody, is a page: orphan, no title, and its step out of place.
  const alone = await checkSite(site(home, [], {}, { 'index.mdx': '---\ntitle: Home\n---\n', 'parts/step.mdx': step }));
  const codes = alone.filter((f) => f.file === 'parts/step.mdx').map((f) => f.code);
  assert.ok(codes.includes('nav/orphan-page'), codes.join());
  assert.ok(codes.includes('mdx/component-warning'), codes.join());
});

test('66.3: an import written in a code fence, or not from the root or a relative folder, does not make a snippet of a page', async () => {
  const found = await checkSite(
    site(
      home,
      [],
      {},
      {
        'index.mdx': "---\ntitle: Home\n---\n```mdx\nimport Guide from '/guide.mdx';\n```\n",
        'guide.mdx': '---\ntitle: Guide\n---\n',
      },
    ),
  );
  assert.deepEqual(
    only(found, 'nav/orphan-page').map((f) => f.file),
    ['guide.mdx'],
  );
  assert.deepEqual(importsOf("import A from 'guide.mdx';\nimport B from './b.mdx';\nimport {\n  C,\n} from '../c.md';\n", 'x/page.mdx'), [
    { target: 'x/guide.mdx', local: false },
    { target: 'x/b.mdx', local: true },
    { target: 'c.md', local: true },
  ]);
});

test('66.3: a snippet no page shows gets no component findings; one a page shows inside <Steps> gets no placement warning', async () => {
  const lone = '<Step title="One">x</Step>\n\n<Accordion>no title</Accordion>\n\n<Tab title="">\n  x\n</Tab>\n';
  const unused = await checkSite(site(home, [], {}, { 'index.mdx': '---\ntitle: Home\n---\n', 'snippets/lone.mdx': lone }));
  assert.deepEqual(
    unused.filter((f) => f.file === 'snippets/lone.mdx').map((f) => f.code),
    ['snippets/unused'],
  );
  const shown = await checkSite(
    site(
      home,
      [],
      {},
      {
        'index.mdx': "---\ntitle: Home\n---\nimport Lone from '/snippets/lone.mdx';\n\n<Steps>\n<Lone />\n</Steps>\n",
        'snippets/lone.mdx': lone,
      },
    ),
  );
  // Shown: the accordion without a title and the empty tab title are judged; the step's place is the page's.
  assert.deepEqual(
    shown
      .filter((f) => f.file === 'snippets/lone.mdx')
      .map((f) => f.message.slice(0, 20))
      .sort(),
    ['<Accordion> has no t', '<Tab title=""> has n'],
  );
});

test('66.3: a page the MDX parser rejects gets its syntax error and no component findings', async () => {
  const found = await checkSite(
    site(home, [], {}, { 'index.mdx': '---\ntitle: Home\n---\n<Step title="One">x</Step>\n\n<Accordion>x</Accordion>\n\n{oops\n' }),
  );
  assert.deepEqual(
    found.filter((f) => f.file === 'index.mdx').map((f) => f.code),
    ['mdx/syntax'],
  );
});

test('66.3: in the editor, a page becomes a snippet when another page imports it, and a page again when the import goes', async () => {
  const importing = `---\ntitle: Home\n---\nimport Part from './part.mdx';\n\n<Part />\n`;
  const workspace = new MemoryWorkspace({ 'docs.json': docsJson(home), 'index.mdx': importing, 'part.mdx': step });
  const service = createLanguageService({ workspace });
  const codes = async () => ((await service.getDiagnostics(`${ROOT}/part.mdx`, NOT_CANCELLED)) ?? []).map((d) => String(d.code)).sort();
  assert.deepEqual(await codes(), []);
  workspace.set('index.mdx', '---\ntitle: Home\n---\n');
  service.didChange(`${ROOT}/index.mdx`, 'changed');
  assert.deepEqual(await codes(), ['mdx/component-warning', 'nav/orphan-page']);
  workspace.set('index.mdx', importing);
  service.didChange(`${ROOT}/index.mdx`, 'changed');
  assert.deepEqual(await codes(), []);
});

test('66.9: a bare relative link in a snippet outside the snippet folders is explained from the pages that show it', async () => {
  const found = await checkSite(
    site(
      { groups: [{ group: 'A', pages: ['index', 'en/guide'] }] },
      [],
      {},
      {
        'index.mdx': '---\ntitle: Home\n---\n',
        'en/guide.mdx': "---\ntitle: Guide\n---\nimport Clients from '/en/snippets/clients.mdx';\n\n<Clients />\n",
        'en/snippets/clients.mdx': 'See [the clients](en/Clients/python).\n',
        'en/Clients/python.mdx': '---\ntitle: Python\n---\n',
      },
    ),
  );
  const broken = only(found, 'links/page-not-found');
  assert.equal(broken.length, 1);
  assert.equal(broken[0].file, 'en/snippets/clients.mdx');
  assert.match(broken[0].message, /from en\/guide\.mdx it is "\/en\/en\/Clients\/python"/);
  assert.doesNotMatch(broken[0].message, /snippets\/en/);
});

test('66.3: in the editor, the first diagnostics of a page the navigation lists do not wait for every page to be read for its imports', async () => {
  const pages = Array.from({ length: 300 }, (_, i) => `p${i}`);
  const files: Record<string, string> = { 'docs.json': docsJson({ groups: [{ group: 'G', pages }] }), 'stray.mdx': step };
  for (const page of pages) files[`${page}.mdx`] = `---\ntitle: ${page}\n---\n`;
  const workspace = new MemoryWorkspace(files);
  const service = createLanguageService({ workspace });
  await service.getDiagnostics(`${ROOT}/p7.mdx`, NOT_CANCELLED);
  // The graph is read in the background meanwhile: how far it got depends on the scheduling of the
  // workspace's reads (here each is a few microtasks), not on the page's check waiting for it.
  const pageReads = new Set(workspace.reads.filter((uri) => uri.endsWith('.mdx')));
  assert.ok(pageReads.size < pages.length / 10, `${pageReads.size} of ${pages.length} pages read for one listed page's diagnostics`);
  // A page no entry lists may be an imported part: its check waits for the graph, and it is an orphan here.
  const stray = ((await service.getDiagnostics(`${ROOT}/stray.mdx`, NOT_CANCELLED)) ?? []).map((d) => String(d.code));
  assert.ok(stray.includes('nav/orphan-page'), stray.join());
});

test('66.3: an edit of an importing page that keeps its imports keeps what the graph said: no flip to page while the edit is read', async () => {
  const importing = `---\ntitle: Home\n---\nimport Part from './part.mdx';\n\n<Steps>\n<Part />\n</Steps>\n`;
  const workspace = new MemoryWorkspace({
    'docs.json': docsJson({ groups: [{ group: 'A', pages: ['index', 'part'] }] }),
    'index.mdx': importing,
    'part.mdx': step,
  });
  const service = createLanguageService({ workspace });
  const codes = async () => ((await service.getDiagnostics(`${ROOT}/part.mdx`, NOT_CANCELLED)) ?? []).map((d) => String(d.code));
  await codes();
  // The graph is read in the background for a listed page: wait until it has answered.
  await (await service.getSiteState(ROOT, NOT_CANCELLED)).context!.files.imports.importedPages();
  assert.deepEqual(await codes(), []);
  workspace.set('index.mdx', importing.replace('<Steps>', 'More prose.\n\n<Steps>'));
  service.didChange(`${ROOT}/index.mdx`, 'changed');
  assert.deepEqual(await codes(), [], 'still a snippet, at once');
});
