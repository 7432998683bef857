import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { featureSite, FEATURE_SITE, replaced } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** Quick fixes, built from the diagnostics' data; each is applied to the text to show what it does. */
const docs = FEATURE_SITE['docs.json'];

async function fixesFor(
  code: string,
  path = 'docs.json',
  files = FEATURE_SITE,
  about = '',
): Promise<{ diagnostic: Diagnostic; actions: CodeAction[] }> {
  const site = featureSite(files);
  const diagnostic = (await site.service.getDiagnostics(site.uri(path), NOT_CANCELLED))!.find(
    (d) => d.code === code && d.message.includes(about),
  )!;
  assert.ok(diagnostic, `no ${code}`);
  return { diagnostic, actions: await site.service.getCodeActions(site.uri(path), diagnostic.range, [diagnostic], NOT_CANCELLED) };
}

function apply(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 0, text), edits);
}

const summary = (action: CodeAction) => [action.title, action.isPreferred ?? false];

test('a missing page: the closest page (preferred), or create it', async () => {
  const { diagnostic, actions } = await fixesFor('nav/page-not-found');
  assert.deepEqual(actions.map(summary), [
    ['Change to guides/quickstart', true],
    ['Create guides/quikstart.mdx', false],
  ]);
  assert.deepEqual(actions[0].diagnostics, [diagnostic]);
  const fixed = JSON.parse(apply(docs, actions[0].edit!.changes!['file:///site/docs.json']));
  assert.deepEqual(fixed.navigation.tabs[0].groups[0].pages, ['index', 'guides/quickstart']);
  assert.deepEqual(actions[1].edit, {
    documentChanges: [
      { kind: 'create', uri: 'file:///site/guides/quikstart.mdx', options: { ignoreIfExists: true } },
      {
        textDocument: { uri: 'file:///site/guides/quikstart.mdx', version: null },
        edits: [
          {
            range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
            newText: '---\ntitle: "Quikstart"\ndescription: ""\n---\n\n',
          },
        ],
      },
    ],
  });
});

test('a missing page under an API group is created as an endpoint page', async () => {
  const files = { ...FEATURE_SITE, 'docs.json': replaced(docs, '"api-reference/get-user"', '"api-reference/list-users"') };
  const { actions } = await fixesFor('nav/page-not-found', 'docs.json', files, 'list-users');
  const create = actions.find((action) => action.title.startsWith('Create'))!;
  assert.equal(create.title, 'Create api-reference/list-users.mdx (endpoint page)');
  const content = (create.edit!.documentChanges![1] as { edits: TextEdit[] }).edits[0].newText;
  assert.match(content, /^---\ntitle: "List users"\napi: "GET \/list-users"\n---\n\nDescribe what this endpoint does\./);
});

test('a duplicate entry: removed with its comma', async () => {
  const { actions } = await fixesFor('nav/duplicate-page');
  assert.deepEqual(actions.map(summary), [['Remove this duplicate entry', true]]);
  const after = apply(docs, actions[0].edit!.changes!['file:///site/docs.json']);
  assert.deepEqual(JSON.parse(after).navigation.tabs[0].groups[1].pages, ['guides/webhooks', '/guides/pagination']);
});

test('an unknown integration key: the known one it resembles, or remove it', async () => {
  const { actions } = await fixesFor('integrations/unknown-field');
  assert.deepEqual(actions.map(summary), [
    ['Change to sessionRecording', true],
    ['Remove "sessionRecodring"', false],
  ]);
  assert.deepEqual(JSON.parse(apply(docs, actions[0].edit!.changes!['file:///site/docs.json'])).integrations.posthog, {
    apiKey: 'phc_demo',
    sessionRecording: true,
  });
  assert.deepEqual(JSON.parse(apply(docs, actions[1].edit!.changes!['file:///site/docs.json'])).integrations.posthog, {
    apiKey: 'phc_demo',
  });
});

test('a leading slash: the entry as the platform reads it', async () => {
  const { actions } = await fixesFor('nav/leading-slash');
  assert.deepEqual(actions.map(summary), [['Change to guides/pagination', true]]);
  assert.deepEqual(actions[0].edit!.changes!['file:///site/docs.json'], [
    { range: { start: { line: 22, character: 14 }, end: { line: 22, character: 34 } }, newText: '"guides/pagination"' },
  ]);
});

test('a page no navigation lists: add it to a group, those with pages of its folder first, in the style of the list', async () => {
  const { actions } = await fixesFor('nav/orphan-page', 'guides/old-setup.mdx');
  assert.deepEqual(
    actions.map((action) => action.title),
    ['Add to navigation: Guides › Going further', 'Add to navigation: Guides › Get started', 'Add to navigation: API reference › Users'],
  );
  const after = apply(docs, actions[0].edit!.changes!['file:///site/docs.json']);
  assert.deepEqual(JSON.parse(after).navigation.tabs[0].groups[1].pages, [
    'guides/webhooks',
    '/guides/pagination',
    'guides/webhooks',
    'guides/old-setup',
  ]);
  assert.ok(after.includes('"guides/webhooks",\n              "guides/old-setup"\n'), 'one entry per line, indented as its neighbours');
});

test('a page no navigation lists, on a site whose navigation is one list of pages: add it to that list', async () => {
  const files = {
    'docs.json':
      '{\n  "name": "Flat",\n  "theme": "mint",\n  "colors": { "primary": "#0D9373" },\n  "navigation": {\n    "pages": ["index", "faq"]\n  }\n}\n',
    'index.mdx': '---\ntitle: Home\n---\n',
    'faq.mdx': '---\ntitle: FAQ\n---\n',
    'setup.mdx': '---\ntitle: Setup\n---\n',
  };
  const { actions } = await fixesFor('nav/orphan-page', 'setup.mdx', files);
  assert.deepEqual(actions.map(summary), [['Add to navigation: top level', false]]);
  assert.deepEqual(JSON.parse(apply(files['docs.json'], actions[0].edit!.changes!['file:///site/docs.json'])).navigation.pages, [
    'index',
    'faq',
    'setup',
  ]);
});

test('a path parameter without a ParamField: insert one', async () => {
  const page = '---\ntitle: Delete\napi: "DELETE /users/{userId}"\n---\n\nDeletes a user.\n';
  const { actions } = await fixesFor('fields/missing-path-param', 'api-reference/delete-user.mdx', {
    ...FEATURE_SITE,
    'api-reference/delete-user.mdx': page,
  });
  assert.deepEqual(actions.map(summary), [['Add <ParamField path="userId" type="string" required>', true]]);
  assert.match(
    apply(page, actions[0].edit!.changes!['file:///site/api-reference/delete-user.mdx']),
    /<ParamField path="userId" type="string" required>/,
  );
});

test('an operation in lower case: rewrite the method in upper case, where the cursor is', async () => {
  const site = featureSite();
  const at = { line: 37, character: 17 };
  const actions = await site.service.getCodeActions(site.uri('docs.json'), { start: at, end: at }, [], NOT_CANCELLED);
  assert.deepEqual(actions, [
    {
      title: 'Write the method in upper case (POST)',
      kind: 'quickfix',
      edit: {
        changes: {
          'file:///site/docs.json': [{ range: { start: { line: 37, character: 15 }, end: { line: 37, character: 19 } }, newText: 'POST' }],
        },
      },
    },
  ]);
});

test('fix data a client sent back broken is ignored, not trusted', async () => {
  const site = featureSite();
  const range = { start: { line: 15, character: 14 }, end: { line: 15, character: 32 } };
  const broken = { range, message: 'x', source: 'docsmith', data: { insert: { offset: 'NaN', text: 3 }, replace: 7, removeEntry: 'yes' } };
  assert.deepEqual(await site.service.getCodeActions(site.uri('docs.json'), range, [broken as unknown as Diagnostic], NOT_CANCELLED), []);
});

test('a component a snippet of the site exports, used without its import: import it, from the copy of the page language', async () => {
  const button = 'export const PreviewButton = ({ children }) => <a>{children}</a>;\n';
  const files = {
    ...FEATURE_SITE,
    'snippets/previewbutton.jsx': button,
    'snippets/es/previewbutton.jsx': button,
    'snippets/other/preview-button.jsx': 'export const Other = () => null;\n',
    'es/guides/webhooks.mdx': '---\ntitle: Webhooks\n---\n<PreviewButton>Abrir</PreviewButton>\n',
    'guides/webhooks.mdx': '---\ntitle: Webhooks\n---\nimport { Note } from "/snippets/note.mdx";\n\n<PreviewButton>Open</PreviewButton>\n',
    'snippets/note.mdx': 'export const Note = () => null;\n',
  };
  for (const [path, expected] of [
    [
      'es/guides/webhooks.mdx',
      '---\ntitle: Webhooks\n---\n\nimport { PreviewButton } from "/snippets/es/previewbutton.jsx";\n\n<PreviewButton>Abrir</PreviewButton>\n',
    ],
    [
      'guides/webhooks.mdx',
      '---\ntitle: Webhooks\n---\nimport { Note } from "/snippets/note.mdx";\nimport { PreviewButton } from "/snippets/previewbutton.jsx";\n\n<PreviewButton>Open</PreviewButton>\n',
    ],
  ]) {
    const { diagnostic, actions } = await fixesFor('mdx/unknown-component', path, files);
    assert.match(diagnostic.message, /exports it: import \{ PreviewButton \}/);
    assert.equal(actions.length, 1);
    const fixed = apply(files[path as keyof typeof files], actions[0].edit!.changes![`file:///site/${path}`]);
    assert.equal(fixed, expected);
    const site = featureSite({ ...files, [path]: fixed });
    const after = (await site.service.getDiagnostics(site.uri(path), NOT_CANCELLED))!.map((d) => d.code);
    assert.ok(
      !after.includes('mdx/unknown-component') && !after.includes('mdx/syntax') && !after.includes('snippets/not-found'),
      `${after}`,
    );
  }
  // No file of the site exports it: the message says how to make one, with no fix.
  const { diagnostic, actions } = await fixesFor('mdx/unknown-component', 'guides/webhooks.mdx', {
    ...files,
    'snippets/previewbutton.jsx': 'export const X = 1;\n',
    'snippets/es/previewbutton.jsx': '',
  });
  assert.match(diagnostic.message, /Import it from a snippet/);
  assert.deepEqual(actions, []);
});
