import { test } from 'node:test';
import assert from 'node:assert/strict';
import { featureSite, FEATURE_SITE, replaced } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** Completion in an MDX page: front matter keys and values, ParamField names (`|` is the cursor). */
const PAGE = 'api-reference/get-user.mdx';
const page = FEATURE_SITE[PAGE];

async function complete(marked: string) {
  const site = featureSite();
  return site.service.doComplete(site.uri(PAGE), site.edit(PAGE, marked), NOT_CANCELLED);
}

test('a front matter key: every key the page does not set yet', async () => {
  const list = await complete(replaced(page, 'authMethod: "key"\n', 'authMethod: "key"\npla|\n'));
  assert.deepEqual(
    list.items.map((item) => item.label),
    [
      'description',
      'sidebarTitle',
      'icon',
      'iconType',
      'tag',
      'mode',
      'url',
      'hidden',
      'noindex',
      'deprecated',
      'keywords',
      'timestamp',
      'openapi',
      'openapi-schema',
      'playground',
      'canonical',
      'robots',
      'hideFooterPagination',
      'hideApiMarker',
      'searchable',
      'isPublic',
      'groups',
      'contentType',
      'asyncapi',
      'graphql',
      'authors',
      'createdDate',
      'lastUpdatedDate',
      'contextual',
    ],
  );
});

test('authMethod: its values, with the key description', async () => {
  const list = await complete(replaced(page, 'authMethod: "key"', 'authMethod: "|'));
  const documentation = {
    kind: 'markdown',
    value:
      'How the playground authenticates this endpoint: `bearer`, `basic`, `key` (a header named by `api.mdx.auth.name`), `cobo`, or `none` (no authentication on this page). **Overrides** `api.mdx.auth.method` in docs.json: the page wins.',
  };
  const range = { start: { line: 3, character: 13 }, end: { line: 3, character: 13 } };
  assert.deepEqual(list, {
    isIncomplete: false,
    items: ['bearer', 'basic', 'key', 'cobo', 'none'].map((label) => ({
      label,
      kind: 20,
      documentation,
      textEdit: { range, newText: label },
    })),
  });
});

test('api: the methods first, then the paths of the local specs for that method', async () => {
  const methods = await complete(replaced(page, 'api: "GET /users/{userId}"', 'api: "G|'));
  assert.deepEqual(
    methods.items.map((item) => [item.label, (item.textEdit as { newText: string }).newText, item.command?.command]),
    ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'].map((method) => [
      method,
      `${method} `,
      'editor.action.triggerSuggest',
    ]),
  );
  const paths = await complete(replaced(page, 'api: "GET /users/{userId}"', 'api: "GET /us|'));
  const range = { start: { line: 2, character: 10 }, end: { line: 2, character: 13 } };
  assert.deepEqual(paths, {
    isIncomplete: false,
    items: ['/users', '/users/{userId}'].map((label) => ({ label, kind: 12, textEdit: { range, newText: label } })),
  });
});

test('<ParamField path="|">: the parameters of the api path', async () => {
  const list = await complete(replaced(page, '<ParamField path="userId"', '<ParamField path="|'));
  assert.deepEqual(list, {
    isIncomplete: false,
    items: [
      {
        label: 'userId',
        kind: 6,
        detail: 'path parameter of /users/{userId}',
        textEdit: { range: { start: { line: 6, character: 18 }, end: { line: 6, character: 18 } }, newText: 'userId' },
      },
    ],
  });
});

test('in the body, outside a tag: nothing', async () => {
  assert.deepEqual(await complete(replaced(page, '  The user.', '  The |user.')), { isIncomplete: false, items: [] });
});
