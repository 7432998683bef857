import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem } from 'vscode-languageserver-types';
import { featureSite, FEATURE_SITE, replaced } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** Completion in docs.json, on the language service over an in-memory site (`|` is the cursor). */
const docs = FEATURE_SITE['docs.json'];

async function complete(marked: string) {
  const site = featureSite();
  return site.service.doComplete(site.uri('docs.json'), site.edit('docs.json', marked), NOT_CANCELLED);
}

const summary = (item: CompletionItem) => [item.label, item.detail, item.sortText, (item.textEdit as { newText: string }).newText];

test('a page entry: matching pages, unlisted ones first, then every local spec operation with its file', async () => {
  const list = await complete(replaced(docs, '"guides/quikstart"', '"guides/quikstart", "gu|"'));
  assert.equal(list.isIncomplete, false);
  assert.deepEqual(list.items.map(summary), [
    ['guides/old-setup', 'not in navigation yet', '0guides/old-setup', '"guides/old-setup"'],
    ['guides/quickstart', 'not in navigation yet', '0guides/quickstart', '"guides/quickstart"'],
    ['api-reference/get-user', 'in navigation', '1api-reference/get-user', '"api-reference/get-user"'],
    ['guides/pagination', 'in navigation', '1guides/pagination', '"guides/pagination"'],
    ['guides/webhooks', 'in navigation', '1guides/webhooks', '"guides/webhooks"'],
    ['openapi.json GET /users', 'List users', '3openapi.json GET /users', '"openapi.json GET /users"'],
    ['openapi.json GET /users/{userId}', 'Get a user', '3openapi.json GET /users/{userId}', '"openapi.json GET /users/{userId}"'],
  ]);
  // The whole string, quotes included, is replaced: line 15 is the edited pages array.
  assert.deepEqual(list.items[0].textEdit, {
    range: { start: { line: 15, character: 34 }, end: { line: 15, character: 38 } },
    newText: '"guides/old-setup"',
  });
});

test('under a group with openapi: the operations of that spec in scope, before the spec-file forms', async () => {
  const list = await complete(replaced(docs, '"GET /users"', '"GET /users", "u|"'));
  assert.deepEqual(list.items.filter((item) => item.sortText!.startsWith('2')).map(summary), [
    ['DELETE /users/{userId}', 'Delete a user', '2DELETE /users/{userId}', '"DELETE /users/{userId}"'],
    ['GET /users', 'List users', '2GET /users', '"GET /users"'],
    ['GET /users/{userId}', 'Get a user', '2GET /users/{userId}', '"GET /users/{userId}"'],
    ['POST /users', 'Create a user', '2POST /users', '"POST /users"'],
  ]);
});

test('more matches than an answer holds: the list says it is incomplete, and the editor asks again', async () => {
  const files = { ...FEATURE_SITE };
  for (let i = 0; i < 1200; i++) files[`many/page-${i}.mdx`] = '';
  const site = featureSite(files);
  const list = await site.service.doComplete(
    site.uri('docs.json'),
    site.edit('docs.json', replaced(docs, '"index"', '"index", "many|"')),
    NOT_CANCELLED,
  );
  assert.equal(list.isIncomplete, true);
  assert.equal(list.items.length, 1000);
});

test('an enum value: each allowed value, with the description of the key', async () => {
  const list = await complete(replaced(docs, '"theme": "mint"', '"theme": "|"'));
  const range = { start: { line: 1, character: 11 }, end: { line: 1, character: 13 } };
  assert.deepEqual(
    list.items,
    ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'].map((theme) => ({
      label: `"${theme}"`,
      kind: 20,
      documentation: { kind: 'markdown', value: 'The layout theme of the site.' },
      textEdit: { range, newText: `"${theme}"` },
    })),
  );
});

test('a key: the schema snippet of an integration, and no key the object already has', async () => {
  const list = await complete(replaced(docs, '"sessionRecodring": true\n    }', '"sessionRecodring": true\n    },\n    "mix|"'));
  assert.deepEqual(
    list.items.find((item) => item.label === 'mixpanel'),
    {
      label: 'mixpanel',
      kind: 10,
      documentation: { kind: 'markdown', value: 'Mixpanel (product analytics). Needs `projectToken`; `region` is optional.' },
      detail: 'Mixpanel integration',
      insertTextFormat: 2,
      textEdit: {
        range: { start: { line: 57, character: 4 }, end: { line: 57, character: 9 } },
        newText: '"mixpanel": {\n  "projectToken": "${1}"\n}',
      },
      filterText: '"mixpanel"',
      sortText: '0mixpanel',
    },
  );
  assert.equal(
    list.items.find((item) => item.label === 'posthog'),
    undefined,
  );
});

test('renaming a key that has a value replaces the key alone', async () => {
  const list = await complete(replaced(docs, '"apiKey": "phc_demo"', '"|": "phc_demo"'));
  assert.deepEqual(
    list.items.map((item) => [item.label, (item.textEdit as { newText: string }).newText]),
    [
      ['apiKey', '"apiKey"'],
      ['apiHost', '"apiHost"'],
      ['sessionRecording', '"sessionRecording"'],
    ],
  );
});

test('a logo or favicon path: the site images; a font source: its font files', async () => {
  const site = featureSite({ ...FEATURE_SITE, 'logo/dark.svg': '', 'images/hero.png': '', 'fonts/inter.woff2': '', 'notes.txt': '' });
  const logo = await site.service.doComplete(
    site.uri('docs.json'),
    site.edit('docs.json', replaced(docs, '"theme"', '"logo": { "light": "|" }, "theme"')),
    NOT_CANCELLED,
  );
  assert.deepEqual(logo.items.map(summary), [
    ['/images/hero.png', 'Image', undefined, '"/images/hero.png"'],
    ['/logo/dark.svg', 'Image', undefined, '"/logo/dark.svg"'],
  ]);
  const font = await site.service.doComplete(
    site.uri('docs.json'),
    site.edit('docs.json', replaced(docs, '"theme"', '"fonts": { "family": "Inter", "source": "/f|" }, "theme"')),
    NOT_CANCELLED,
  );
  assert.deepEqual(font.items.map(summary), [['/fonts/inter.woff2', 'Font file', undefined, '"/fonts/inter.woff2"']]);
});
