import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { createLanguageService } from '../../server/src/service/languageService';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { applyWorkspaceEdit } from '../helpers/workspaceEdit';
import type { NavigationEdit } from '../../server/src/service';

/**
 * The Navigation view's service side (issue 62): the tree one level at a time, labelled as the
 * sidebar labels pages, with the language shown and the pages no entry lists; and its edits, each a
 * minimal edit of the file that holds the node, refused when the platform would not take the result.
 */
const page = (title: string, extra = '') => `---\ntitle: ${title}\n${extra}---\n\nText.\n`;
const DOCS = `{
  "name": "Test",
  "theme": "mint",
  "colors":   { "primary" : "#0D9373" },
  "navigation": {
    "languages": [
      {
        "language": "en",
        "groups": [
          {
            "group": "Start",
            "icon": "rocket",
            "pages": [
              "intro",
              "guides/setup",
              "missing-page"
            ]
          },
          {
            "group": "More",
            "pages": ["guides/deploy", { "$ref": "more.json" }]
          }
        ]
      },
      { "language": "es", "default": true, "groups": [{ "group": "Inicio", "pages": ["es/intro"] }] }
    ]
  }
}
`;
const FILES = {
  'docs.json': DOCS,
  'more.json': '{\n  "group": "Nested",\n  "pages": [\n    "guides/advanced"\n  ]\n}\n',
  'intro.mdx': page('Introduction', 'sidebarTitle: Welcome\nicon: house\n'),
  'guides/setup.mdx': page('Set up'),
  'guides/deploy.mdx': page('Deploy'),
  'guides/advanced.mdx': '---\ndescription: no title\n---\n',
  'es/intro.mdx': page('Introducción'),
  'guides/orphan.mdx': page('Lonely'),
};

const setup = () => {
  const workspace = new MemoryWorkspace(FILES);
  const service = createLanguageService({ workspace });
  const level = (params: { parent?: string; scope?: string } = {}) => service.getNavigationLevel(ROOT, params, NOT_CANCELLED);
  const edit = async (request: NavigationEdit) => {
    const answer = await service.getNavigationEdit(ROOT, request, NOT_CANCELLED);
    if ('refused' in answer) return answer.refused;
    const before = new Map(workspace.files);
    const touched = applyWorkspaceEdit(workspace, answer.edit);
    for (const file of touched) service.didChange(`${ROOT}/${file}`, workspace.files.has(`${ROOT}/${file}`) ? 'changed' : 'deleted');
    for (const uri of workspace.files.keys()) if (!before.has(uri)) service.didChange(uri, 'created');
    return answer;
  };
  const text = (path: string) => workspace.files.get(`${ROOT}/${path}`)!;
  return { workspace, service, level, edit, text };
};

test('62: the first level is the default language, with a picker of the languages and the pages not in navigation', async () => {
  const { level } = setup();
  const first = await level();
  assert.deepEqual(
    first.items.map((item) => [item.kind, item.label]),
    [
      ['group', 'Inicio'],
      ['notInNavigation', 'Not in navigation'],
    ],
  );
  assert.deepEqual(
    first.scope?.choices.map((choice) => [choice.label, choice.selected]),
    [
      ['en', false],
      ['es', true],
    ],
  );
  const english = await level({ scope: first.scope!.choices[0].id });
  assert.deepEqual(
    english.items.map((item) => [item.kind, item.label, item.icon]),
    [
      ['group', 'Start', 'rocket'],
      ['group', 'More', undefined],
      ['notInNavigation', 'Not in navigation', undefined],
    ],
  );
  const start = await level({ parent: english.items[0].id });
  assert.deepEqual(
    start.items.map((item) => [item.label, item.icon, item.missing ?? false, item.pageId]),
    [
      ['Welcome', 'house', false, 'intro'],
      ['Set up', undefined, false, 'guides/setup'],
      ['Missing page', undefined, true, 'missing-page'],
    ],
  );
  // The missing page's docs.json error is counted on it and on its group.
  assert.equal(start.items[2].problems.errors, 1);
  assert.equal(english.items[0].problems.errors, 1);
  assert.equal(english.items[1].problems.errors, 0);
  const more = await level({ parent: english.items[1].id });
  const nested = await level({ parent: more.items[1].id });
  // A page without a title is labelled from its file name, as the platform does.
  assert.deepEqual(
    nested.items.map((item) => [item.label, item.location?.uri]),
    [['Advanced', `${ROOT}/more.json`]],
  );
  const orphans = await level({ parent: first.items.at(-1)!.id });
  assert.deepEqual(
    orphans.items.map((item) => [item.label, item.pageId]),
    [['Lonely', 'guides/orphan']],
  );
});

test('62: a page found in the tree from its file, in the language shown', async () => {
  const { service, level } = setup();
  const scope = (await level()).scope!.choices[0].id;
  const path = await service.getNavigationPath(`${ROOT}/guides/setup.mdx`, scope, NOT_CANCELLED);
  assert.deepEqual(path, ['0/0', '0/0/1']);
  assert.deepEqual(await service.getNavigationPath(`${ROOT}/guides/orphan.mdx`, scope, NOT_CANCELLED), ['orphans', 'orphans/0']);
});

test('62: moving a page within its group and to another group touches only its entries, the layout kept', async () => {
  const { edit, text } = setup();
  assert.equal(typeof (await edit({ kind: 'move', id: '0/0/0', parent: '0/0', index: 2 })), 'object');
  assert.match(text('docs.json'), /"pages": \[\n {14}"guides\/setup",\n {14}"intro",\n {14}"missing-page"\n {12}\]/);
  assert.match(text('docs.json'), /"colors": {3}\{ "primary" : "#0D9373" \},/);
  // Across groups: into the one-line list of "More", after its first entry.
  assert.equal(typeof (await edit({ kind: 'move', id: '0/0/0', parent: '0/1/0' })), 'object');
  assert.match(text('docs.json'), /"pages": \["guides\/deploy", "guides\/setup", \{ "\$ref": "more.json" \}\]/);
  assert.doesNotMatch(text('docs.json').split('"More"')[0], /guides\/setup/);
});

test('62: a page moved into a group written in a $ref file is written there', async () => {
  const { edit, text } = setup();
  await edit({ kind: 'move', id: '0/0/1', parent: '0/1/1' });
  assert.equal(text('more.json'), '{\n  "group": "Nested",\n  "pages": [\n    "guides/advanced",\n    "guides/setup"\n  ]\n}\n');
  assert.doesNotMatch(text('docs.json'), /guides\/setup/);
});

test('62: add an orphan, rename a group, remove an entry, create and delete a page', async () => {
  const { edit, text, workspace } = setup();
  await edit({ kind: 'add', pageId: 'guides/orphan', parent: '0/1' });
  assert.match(text('docs.json'), /\{ "\$ref": "more.json" \}, "guides\/orphan"\]/);
  await edit({ kind: 'renameGroup', id: '0/1', name: 'Going "further"' });
  assert.match(text('docs.json'), /"group": "Going \\"further\\""/);
  await edit({ kind: 'remove', id: '0/0/2' });
  assert.doesNotMatch(text('docs.json'), /missing-page/);
  // In the folder most of the group's pages are in.
  const created = await edit({ kind: 'newPage', parent: '0/1', title: 'Rotate API keys' });
  assert.ok(typeof created === 'object' && created.created === `${ROOT}/guides/rotate-api-keys.mdx`, String(created));
  assert.equal(text('guides/rotate-api-keys.mdx'), '---\ntitle: "Rotate API keys"\n---\n\n');
  assert.match(text('docs.json'), /"guides\/orphan", "guides\/rotate-api-keys"\]/);
  await edit({ kind: 'deletePage', pageId: 'guides/deploy', redirectTo: 'guides/setup' });
  assert.ok(!workspace.files.has(`${ROOT}/guides/deploy.mdx`));
  assert.doesNotMatch(text('docs.json'), /"guides\/deploy"/);
  assert.match(text('docs.json'), /"source": "\/guides\/deploy",\s*"destination": "\/guides\/setup"/);
});

test('62: edits the platform would not take, or that would list a page twice or a missing one, are refused with why', async () => {
  const { edit, level } = setup();
  assert.match(String(await edit({ kind: 'add', pageId: 'guides/setup', parent: '0/0' })), /already listed/);
  assert.match(String(await edit({ kind: 'add', pageId: 'nowhere', parent: '0/0' })), /no page nowhere/);
  assert.match(String(await edit({ kind: 'move', id: '0/1', parent: '0/1/1' })), /into itself/);
  // The "en" item lists groups: a page cannot go straight into its `groups`.
  assert.match(String(await edit({ kind: 'move', id: '0/0/0', parent: '0' })), /groups list takes groups/);
  // Listed twice in one language: a duplicate the check finds in the edited site.
  assert.match(String(await edit({ kind: 'add', pageId: 'intro', parent: '0/1' })), /intro/);
  assert.match(String(await edit({ kind: 'renameGroup', id: '0/0', name: '  ' })), /needs a name/);
  // A view drawn before the navigation changed names a node by its place: the key shows it is another now.
  const shown = (await level({ parent: '0/0' })).items[0];
  assert.equal(shown.key, 'page:intro');
  await edit({ kind: 'move', id: '0/0/0', parent: '0/1' });
  assert.match(String(await edit({ kind: 'remove', id: shown.id, keys: { id: shown.key } })), /navigation changed/);
});

test('62: the tree follows docs.json as it is typed in (an entry added, then one renamed)', async () => {
  const { workspace, service, level } = setup();
  const scope = (await level()).scope!.choices[0].id;
  const typed = (text: string) => {
    workspace.set('docs.json', text);
    service.didChange(`${ROOT}/docs.json`, 'changed');
  };
  typed(DOCS.replace('"guides/setup",', '"guides/setup", "guides/orphan",'));
  assert.deepEqual(
    (await level({ parent: '0/0' })).items.map((item) => item.pageId),
    ['intro', 'guides/setup', 'guides/orphan', 'missing-page'],
  );
  typed(DOCS.replace('"guides/setup",', '"guides/deploy",'));
  assert.deepEqual(
    (await level({ parent: '0/0' })).items.map((item) => item.pageId),
    ['intro', 'guides/deploy', 'missing-page'],
  );
  assert.equal((await level({ scope })).items.length, 3);
});
