import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction } from 'vscode-languageserver-types';
import { featureSite, FEATURE_SITE, type FeatureSite } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** `source.fixAll.docsmith`: the fixes safe to apply together, unasked (editor.codeActionsOnSave). */
const WHOLE = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

async function fixAll(site: FeatureSite, path: string, only = ['source.fixAll']): Promise<CodeAction | undefined> {
  const actions = await site.service.getCodeActions(site.uri(path), WHOLE, [], NOT_CANCELLED, only);
  return actions.find((action) => action.kind === 'source.fixAll.docsmith');
}

/** Applies the action to the file, tells the service, and returns the new text. */
function apply(site: FeatureSite, path: string, action: CodeAction): string {
  const uri = site.uri(path);
  const before = site.workspace.files.get(uri)!;
  const after = TextDocument.applyEdits(TextDocument.create(uri, 'json', 0, before), action.edit!.changes![uri]);
  site.edit(path, after);
  return after;
}

const codes = async (site: FeatureSite, path: string) =>
  (await site.service.getDiagnostics(site.uri(path), NOT_CANCELLED))!.map((d) => String(d.code)).sort();

test('fix-all in docs.json: the did-you-mean with one candidate, a leading slash, a method in lower case; not the duplicate', async () => {
  const site = featureSite();
  const action = await fixAll(site, 'docs.json');
  assert.ok(action, 'a fix-all action');
  assert.match(action.title, /^Fix all safe Docsmith problems \(3\)$/);
  const after = apply(site, 'docs.json', action);
  assert.ok(after.includes('"guides/quickstart"') && !after.includes('quikstart'));
  assert.ok(after.includes('"guides/pagination"') && !after.includes('"/guides/pagination"'));
  assert.ok(after.includes('"POST /users"') && !after.includes('"post /users"'));
  // The duplicate entry stays: which of the two to remove is the author's call.
  assert.equal(after.match(/"guides\/webhooks"/g)?.length, 2);
  const left = await codes(site, 'docs.json');
  for (const fixed of ['nav/page-not-found', 'nav/leading-slash']) assert.ok(!left.includes(fixed), `${fixed} left: ${left}`);
  assert.ok(left.includes('nav/duplicate-page'));
  assert.equal(await fixAll(site, 'docs.json'), undefined, 'nothing left to fix');
});

test('fix-all leaves a did-you-mean with more than one close candidate, and fixes an extension', async () => {
  const docs = JSON.parse(FEATURE_SITE['docs.json']);
  docs.navigation.tabs[0].groups[0].pages = ['index', 'guides/setup-a', 'guides/setup', 'guides/webhooks.mdx'];
  const site = featureSite({
    ...FEATURE_SITE,
    'docs.json': JSON.stringify(docs, null, 2),
    'guides/setup-a.mdx': '---\ntitle: A\n---\n',
    'guides/setup-b.mdx': '---\ntitle: B\n---\n',
    'guides/setup-c.mdx': '---\ntitle: C\n---\n',
  });
  // guides/setup is close to setup-a, setup-b and setup-c: the quick fix offers one, fix-all writes none.
  const quick = await site.service.getDiagnostics(site.uri('docs.json'), NOT_CANCELLED);
  assert.ok(quick!.some((d) => d.code === 'nav/page-not-found' && /Did you mean/.test(d.message)));
  const after = apply(site, 'docs.json', (await fixAll(site, 'docs.json'))!);
  assert.ok(after.includes('"guides/setup"'));
  assert.ok(after.includes('"guides/webhooks"') && !after.includes('webhooks.mdx'));
});

test('fix-all in a page: a link and an anchor with one candidate each, the method of `api`', async () => {
  const site = featureSite({
    ...FEATURE_SITE,
    'guides/webhooks.mdx': '---\ntitle: Webhooks\n---\n## Verifying signatures\n\nText.\n',
    'guides/pagination.mdx':
      '---\ntitle: Pagination\napi: get /users\n---\nSee [hooks](/guides/webhoks) and [sign](/guides/webhooks#verifying-signature).\n',
  });
  const action = await fixAll(site, 'guides/pagination.mdx');
  assert.ok(action);
  const after = apply(site, 'guides/pagination.mdx', action);
  assert.equal(
    after,
    '---\ntitle: Pagination\napi: GET /users\n---\nSee [hooks](/guides/webhooks) and [sign](/guides/webhooks#verifying-signatures).\n',
  );
});

test('fix-all is offered only when asked for by kind; quick fixes only when their kind is asked for', async () => {
  const site = featureSite();
  const diagnostic = (await site.service.getDiagnostics(site.uri('docs.json'), NOT_CANCELLED))!.find(
    (d) => d.code === 'nav/leading-slash',
  )!;
  const kinds = async (only?: string[]) =>
    (await site.service.getCodeActions(site.uri('docs.json'), diagnostic.range, [diagnostic], NOT_CANCELLED, only)).map((a) => a.kind);
  assert.deepEqual(await kinds(), ['quickfix']);
  assert.deepEqual(await kinds(['quickfix']), ['quickfix']);
  assert.deepEqual(await kinds(['source']), ['source.fixAll.docsmith']);
  assert.deepEqual(await kinds(['source.fixAll.docsmith']), ['source.fixAll.docsmith']);
  assert.deepEqual(await kinds(['source.organizeImports']), []);
});

test('fix-all skips codes turned off and overlapping fixes keep the more severe one', async () => {
  const docs = JSON.parse(FEATURE_SITE['docs.json']);
  docs.navigation.tabs[0].groups[0].pages = ['index', '/guides/quikstart'];
  const site = featureSite({ ...FEATURE_SITE, 'docs.json': JSON.stringify(docs, null, 2) });
  // The entry has a leading slash (warning) and names no page (error): the error's fix wins.
  const after = apply(site, 'docs.json', (await fixAll(site, 'docs.json'))!);
  assert.ok(after.includes('"/guides/quickstart"'), 'the missing page fixed first');
  const newTexts = async () => ((await fixAll(site, 'docs.json'))?.edit?.changes?.[site.uri('docs.json')] ?? []).map((e) => e.newText);
  assert.ok((await newTexts()).includes('"guides/quickstart"'), 'the leading slash next');
  site.service.updateSettings({ diagnostics: { 'nav/leading-slash': 'off' } });
  assert.ok(!(await newTexts()).includes('"guides/quickstart"'), 'a code turned off is not fixed');
});

test('fix-all writes only typos of a name in its folder: another folder, a number or a name further off is a quick fix only', async () => {
  const site = featureSite({
    ...FEATURE_SITE,
    'ja/guides/setup.mdx': '---\ntitle: Setup\n---\n## Step 2\n\nText.\n',
    'sdk/unreal/connect.mdx': '---\ntitle: Connect\n---\n',
    'reference/post-files-id-copy.mdx': '---\ntitle: Copy\n---\n',
    'reference/upload-session.mdx': '---\ntitle: Upload\n---\n',
    'v2/intro.mdx': '---\ntitle: Intro\n---\n',
    'guides/pagination.mdx':
      '---\ntitle: Pagination\n---\n' +
      // Each has one candidate, and each is only suggested:
      '[a](/es/guides/setup) [b](/sdk/unity/connect) [c](/reference/post-hubs-id-copy) [d](/v1/intro) [e](/ja/guides/setup#step-3)\n' +
      // Each is a typo, and fixed: `_` for `-`, a letter, a number the heading has that the link left out.
      '[f](/reference/upload_session) [g](/ja/guides/stup) [h](/ja/guides/setup#step)\n',
  });
  const quick = (await site.service.getDiagnostics(site.uri('guides/pagination.mdx'), NOT_CANCELLED))!.filter((d) =>
    /Did you mean/.test(d.message),
  );
  assert.equal(quick.length, 8, quick.map((d) => d.message).join('\n'));
  const after = apply(site, 'guides/pagination.mdx', (await fixAll(site, 'guides/pagination.mdx'))!);
  assert.equal(
    after.split('\n')[3],
    '[a](/es/guides/setup) [b](/sdk/unity/connect) [c](/reference/post-hubs-id-copy) [d](/v1/intro) [e](/ja/guides/setup#step-3)',
  );
  assert.equal(after.split('\n')[4], '[f](/reference/upload-session) [g](/ja/guides/setup) [h](/ja/guides/setup#step-2)');
});

test('a finding grouped from its repeats is fixed in every place, by fix-all and by the quick fix', async () => {
  const link = '[setup](/guides/webhooks#verifying-signature)';
  const page = `---\ntitle: Pagination\n---\n${link}\n\n${link} and ${link}\n`;
  const site = featureSite({
    ...FEATURE_SITE,
    'guides/webhooks.mdx': '---\ntitle: Webhooks\n---\n## Verifying signatures\n\nText.\n',
    'guides/pagination.mdx': page,
  });
  const [grouped] = (await site.service.getDiagnostics(site.uri('guides/pagination.mdx'), NOT_CANCELLED))!.filter(
    (d) => d.code === 'links/anchor-not-found',
  );
  assert.match(grouped.message, /3 times in this file/);
  const [quick] = await site.service.getCodeActions(site.uri('guides/pagination.mdx'), grouped.range, [grouped], NOT_CANCELLED);
  assert.equal(quick.title, 'Change to #verifying-signatures (3 places)');
  const fixed = page.replaceAll('#verifying-signature)', '#verifying-signatures)');
  const uri = site.uri('guides/pagination.mdx');
  assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'mdx', 0, page), quick.edit!.changes![uri]), fixed);
  assert.equal(apply(site, 'guides/pagination.mdx', (await fixAll(site, 'guides/pagination.mdx'))!), fixed);
});
