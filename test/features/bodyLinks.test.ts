import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-types';
import { featureSite, FEATURE_SITE } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { LineTable } from '../../server/src/service/text/lineTable';

/** Links in page bodies in the editor: completion, definition, hover, document links, rename (`|` is the cursor). */
const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('file:///x', 'mdx', 0, text), edits);
const HEAD = '---\ntitle: Intro\n---\n';

function siteWith(files: Record<string, string>) {
  return featureSite({
    ...FEATURE_SITE,
    'guides/webhooks.mdx':
      '---\ntitle: Webhooks\ndescription: Receive events from Acme.\n---\n\n## Verifying signatures\n\nText.\n\n## Retries\n',
    'images/flow.png': '',
    'snippets/note.mdx': 'A note.',
    ...files,
  });
}

test('completion after ]( lists pages (then files); after # the anchors of the page chosen', async () => {
  const site = siteWith({});
  const position = site.edit('index.mdx', `${HEAD}See [hooks](/gu|`);
  const labels = (await site.service.doComplete(site.uri('index.mdx'), position, NOT_CANCELLED)).items.map((item) => item.label);
  assert.ok(labels.includes('/guides/webhooks') && labels.includes('/guides/pagination'), labels.join());
  assert.ok(labels.indexOf('/guides/webhooks') < labels.indexOf('/images/flow.png'), 'pages before files in a link');
  const anchors = await site.service.doComplete(
    site.uri('index.mdx'),
    site.edit('index.mdx', `${HEAD}See [hooks](/guides/webhooks#ver|`),
    NOT_CANCELLED,
  );
  assert.deepEqual(
    anchors.items.map((item) => [item.label, item.textEdit && 'newText' in item.textEdit ? item.textEdit.newText : undefined]),
    [
      ['#verifying-signatures', 'verifying-signatures'],
      ['#retries', 'retries'],
    ],
  );
});

test('completion in src= puts images first; in an import, snippet paths; after <, components; in a tag, its props', async () => {
  const site = siteWith({});
  const src = await site.service.doComplete(site.uri('index.mdx'), site.edit('index.mdx', `${HEAD}<img src="/|`), NOT_CANCELLED);
  assert.equal(src.items[0].label, '/images/flow.png');
  const imports = await site.service.doComplete(
    site.uri('index.mdx'),
    site.edit('index.mdx', `${HEAD}import Note from '/sn|`),
    NOT_CANCELLED,
  );
  assert.deepEqual(
    imports.items.map((item) => item.label),
    ['/snippets/note.mdx'],
  );
  const tags = await site.service.doComplete(site.uri('index.mdx'), site.edit('index.mdx', `${HEAD}<Acc|`), NOT_CANCELLED);
  assert.ok(
    tags.items.some((item) => item.label === 'Accordion'),
    'components',
  );
  const props = await site.service.doComplete(site.uri('index.mdx'), site.edit('index.mdx', `${HEAD}<Card title="x" |`), NOT_CANCELLED);
  const card = props.items.find((item) => item.label === 'iconType');
  assert.ok(card && /"solid"/.test(String(card.detail)), 'documented props with their values');
});

test('definition on a link opens the target page at its heading; hover shows its title and description', async () => {
  const site = siteWith({});
  const position = site.edit('index.mdx', `${HEAD}See [hooks](/guides/web|hooks#retries).`);
  assert.deepEqual(await site.service.findDefinition(site.uri('index.mdx'), position, NOT_CANCELLED), [
    { uri: 'file:///site/guides/webhooks.mdx', range: { start: { line: 9, character: 0 }, end: { line: 9, character: 0 } } },
  ]);
  const hover = await site.service.doHover(site.uri('index.mdx'), position, NOT_CANCELLED);
  const value = hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
  assert.match(value, /\*\*Webhooks\*\*/);
  assert.match(value, /Receive events from Acme\./);
  assert.match(value, /guides\/webhooks\.mdx/);
  const links = await site.service.findDocumentLinks(site.uri('index.mdx'), NOT_CANCELLED);
  assert.deepEqual(links, [
    { range: { start: { line: 3, character: 12 }, end: { line: 3, character: 36 } }, target: 'file:///site/guides/webhooks.mdx#L10' },
  ]);
});

test('moving a page rewrites the links to it in every page body, keeping anchors', async () => {
  const site = siteWith({ 'index.mdx': `${HEAD}[a](/guides/webhooks#retries) [b](./guides/webhooks) [c](/guides/pagination)\n` });
  const plan = await site.service.planRename(
    [{ oldUri: site.uri('guides/webhooks.mdx'), newUri: site.uri('events/hooks.mdx') }],
    NOT_CANCELLED,
  );
  const edits = plan.edit.changes!['file:///site/index.mdx'];
  assert.equal(
    apply(site.workspace.files.get(site.uri('index.mdx'))!, edits),
    `${HEAD}[a](/events/hooks#retries) [b](/events/hooks) [c](/guides/pagination)\n`,
  );
  assert.ok(plan.edit.changes!['file:///site/docs.json'], 'navigation follows too');
});

test('a page that moves keeps its relative links right: they are written from the root', async () => {
  const site = siteWith({ 'guides/webhooks.mdx': `${HEAD}[p](./pagination#x) [q](../index) [r](/guides/pagination)\n` });
  const plan = await site.service.planRename(
    [{ oldUri: site.uri('guides/webhooks.mdx'), newUri: site.uri('events/hooks.mdx') }],
    NOT_CANCELLED,
  );
  assert.equal(
    apply(site.workspace.files.get(site.uri('guides/webhooks.mdx'))!, plan.edit.changes!['file:///site/guides/webhooks.mdx']),
    `${HEAD}[p](/guides/pagination#x) [q](/index) [r](/guides/pagination)\n`,
  );
});

test('renaming a heading updates the anchors that link to it, here and in other pages', async () => {
  const page = '---\ntitle: Webhooks\n---\n\n## Retries\n\nSee [retries](#retries).\n';
  const site = siteWith({
    'guides/webhooks.mdx': page,
    'index.mdx': `${HEAD}[r](/guides/webhooks#retries) [o](/guides/pagination#retries)\n`,
  });
  const position = { line: 4, character: 5 };
  const prepared = await site.service.prepareRename(site.uri('guides/webhooks.mdx'), position, NOT_CANCELLED);
  assert.deepEqual(prepared, { range: { start: { line: 4, character: 3 }, end: { line: 4, character: 10 } }, placeholder: 'Retries' });
  const edit = await site.service.rename(site.uri('guides/webhooks.mdx'), position, 'Retry policy', NOT_CANCELLED);
  assert.equal(
    apply(page, edit!.changes!['file:///site/guides/webhooks.mdx']),
    page.replace('## Retries', '## Retry policy').replace('(#retries)', '(#retry-policy)'),
  );
  assert.equal(
    apply(site.workspace.files.get(site.uri('index.mdx'))!, edit!.changes!['file:///site/index.mdx']),
    `${HEAD}[r](/guides/webhooks#retry-policy) [o](/guides/pagination#retries)\n`,
  );
  assert.equal(
    await site.service.prepareRename(site.uri('guides/webhooks.mdx'), { line: 6, character: 2 }, NOT_CANCELLED),
    null,
    'not on prose',
  );
});

test('renaming the first of two headings of one title: links to the second follow its new anchor; a link in the title is kept right', async () => {
  const page = '---\ntitle: Webhooks\n---\n\n## Setup[](#setup "Direct link")\n\n## Setup\n\nSee [one](#setup) and [two](#setup-2).\n';
  const site = siteWith({ 'guides/webhooks.mdx': page, 'index.mdx': `${HEAD}[a](/guides/webhooks#setup) [b](/guides/webhooks#setup-2)\n` });
  const position = { line: 4, character: 5 };
  const prepared = await site.service.prepareRename(site.uri('guides/webhooks.mdx'), position, NOT_CANCELLED);
  const edit = await site.service.rename(site.uri('guides/webhooks.mdx'), position, `${prepared!.placeholder} again`, NOT_CANCELLED);
  // The first is now "setup-again"; the second, alone with its title, "setup" (it was "setup-2").
  assert.equal(
    apply(page, edit!.changes!['file:///site/guides/webhooks.mdx']),
    '---\ntitle: Webhooks\n---\n\n## Setup[](#setup-again "Direct link") again\n\n## Setup\n\nSee [one](#setup-again) and [two](#setup).\n',
  );
  assert.equal(
    apply(site.workspace.files.get(site.uri('index.mdx'))!, edit!.changes!['file:///site/index.mdx']),
    `${HEAD}[a](/guides/webhooks#setup-again) [b](/guides/webhooks#setup)\n`,
  );
});

test('quick fixes on a broken link: did-you-mean and create the page', async () => {
  const site = siteWith({});
  site.edit('index.mdx', `${HEAD}See [hooks](/guides/webhoks).\n`);
  const diagnostics = (await site.service.getDiagnostics(site.uri('index.mdx'), NOT_CANCELLED))!.filter(
    (d) => d.code === 'links/page-not-found',
  );
  assert.equal(diagnostics.length, 1);
  const actions = await site.service.getCodeActions(site.uri('index.mdx'), diagnostics[0].range, diagnostics, NOT_CANCELLED);
  assert.deepEqual(
    actions.map((action) => action.title),
    ['Change to /guides/webhooks', 'Create guides/webhoks.mdx'],
  );
});

test('on a site served under /docs, a link written /docs/... opens its page, and renaming its heading rewrites it', async () => {
  const config = JSON.parse(FEATURE_SITE['docs.json']);
  const page = '---\ntitle: Webhooks\n---\n\n## Retries\n';
  const site = siteWith({
    'docs.json': JSON.stringify({ ...config, seo: { metatags: { canonical: 'https://example.com/docs' } } }),
    'guides/webhooks.mdx': page,
    'index.mdx': `${HEAD}See [hooks](/docs/guides/webhooks#retries).\n`,
  });
  const position = site.edit('index.mdx', `${HEAD}See [hooks](/docs/guides/web|hooks#retries).\n`);
  assert.deepEqual(await site.service.findDefinition(site.uri('index.mdx'), position, NOT_CANCELLED), [
    { uri: 'file:///site/guides/webhooks.mdx', range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } } },
  ]);
  const edit = await site.service.rename(site.uri('guides/webhooks.mdx'), { line: 4, character: 5 }, 'Retry policy', NOT_CANCELLED);
  assert.equal(
    apply(site.workspace.files.get(site.uri('index.mdx'))!, edit!.changes!['file:///site/index.mdx']),
    `${HEAD}See [hooks](/docs/guides/webhooks#retry-policy).\n`,
  );
});

test('definition and hover of a link to a generated API page, a folder, and the home page of a site without index', async () => {
  const site = siteWith({ 'index.mdx': `${HEAD}[list](/api-reference/list-users) [folder](/guides) [home](/)\n` });
  const at = (needle: string) => {
    const text = site.workspace.files.get(site.uri('index.mdx'))!;
    return new LineTable(text).positionAt(text.indexOf(needle) + 1);
  };
  const spec = site.workspace.files.get(site.uri('openapi.json'))!;
  const line = spec.split('\n').findIndex((text) => text.includes('"get": {'));
  assert.deepEqual(await site.service.findDefinition(site.uri('index.mdx'), at('/api-reference/list-users'), NOT_CANCELLED), [
    { uri: site.uri('openapi.json'), range: { start: { line, character: 6 }, end: { line, character: 6 } } },
  ]);
  const hover = await site.service.doHover(site.uri('index.mdx'), at('/api-reference/list-users'), NOT_CANCELLED);
  assert.match(
    (hover!.contents as { value: string }).value,
    /^\*\*List users\*\*\n\nAPI page of `GET \/users`, generated from `openapi.json`$/,
  );
  // A folder without an index page: the first of its pages the navigation lists (guides/quikstart is missing).
  assert.deepEqual(await site.service.findDefinition(site.uri('index.mdx'), at('/guides)'), NOT_CANCELLED), [
    { uri: site.uri('guides/webhooks.mdx'), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
  ]);
  // The home page is index.mdx when there is one; without it, the navigation's first page.
  assert.deepEqual(
    (await site.service.findDefinition(site.uri('index.mdx'), at('/)'), NOT_CANCELLED)).map((l) => l.uri),
    [site.uri('index.mdx')],
  );
  site.workspace.set('home.mdx', site.workspace.files.get(site.uri('index.mdx'))!);
  site.workspace.delete('index.mdx');
  site.service.didChange(site.uri('index.mdx'), 'deleted');
  site.service.didChange(site.uri('home.mdx'), 'created');
  const text = site.workspace.files.get(site.uri('home.mdx'))!;
  const home = new LineTable(text).positionAt(text.indexOf('/)') + 1);
  assert.deepEqual(
    (await site.service.findDefinition(site.uri('home.mdx'), home, NOT_CANCELLED)).map((l) => l.uri),
    [site.uri('guides/webhooks.mdx')],
  );
});

test("docs.json's variables in the editor: a link through one opens its page; editing them rechecks the page", async () => {
  const docs = JSON.parse(FEATURE_SITE['docs.json']);
  const withVariables = (base: string) => JSON.stringify({ ...docs, variables: { base, product: 'Acme Cloud' } }, null, 2);
  const site = siteWith({
    'docs.json': withVariables('/guides'),
    'guides/webhooks.mdx': '---\ntitle: Webhooks\n---\n\n## Install {{product}}\n',
  });
  const text = `${HEAD}See [hooks]({{base}}/webhooks#install-acme-cloud) and {{product}}.\n`;
  site.edit('index.mdx', text);
  const uri = site.uri('index.mdx');
  const links = await site.service.findDocumentLinks(uri, NOT_CANCELLED);
  const link = links.find((item) => item.target?.includes('webhooks'));
  assert.ok(link, JSON.stringify(links));
  const lines = new LineTable(text);
  assert.equal(text.slice(lines.offsetAt(link.range.start), lines.offsetAt(link.range.end)), '{{base}}/webhooks#install-acme-cloud');
  assert.deepEqual(
    (await site.service.getDiagnostics(uri, NOT_CANCELLED))!.filter((d) => d.severity! <= 2),
    [],
  );
  // Another value of `base`: the same link now names no page.
  site.edit('docs.json', withVariables('/elsewhere'));
  const after = (await site.service.getDiagnostics(uri, NOT_CANCELLED))!.filter((d) => d.code === 'links/page-not-found');
  assert.equal(after.length, 1);
  assert.match(
    after[0].message,
    /^Link "\{\{base\}\}\/webhooks#install-acme-cloud" \(read as "\/elsewhere\/webhooks#install-acme-cloud"\) names no page/,
  );
});

test("renaming a heading that holds one of docs.json's variables: its links follow the anchor the value gives it", async () => {
  const docs = JSON.parse(FEATURE_SITE['docs.json']);
  const page = '---\ntitle: Webhooks\n---\n\n## Install {{product}}\n';
  const site = siteWith({
    'docs.json': JSON.stringify({ ...docs, variables: { product: 'Acme Cloud' } }, null, 2),
    'guides/webhooks.mdx': page,
    'index.mdx': `${HEAD}[i](/guides/webhooks#install-acme-cloud)\n`,
  });
  const edit = await site.service.rename(site.uri('guides/webhooks.mdx'), { line: 4, character: 5 }, 'Set up {{product}}', NOT_CANCELLED);
  assert.equal(
    apply(site.workspace.files.get(site.uri('index.mdx'))!, edit!.changes!['file:///site/index.mdx']),
    `${HEAD}[i](/guides/webhooks#set-up-acme-cloud)\n`,
  );
});
