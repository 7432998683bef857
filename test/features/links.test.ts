import { test } from 'node:test';
import assert from 'node:assert/strict';
import { featureSite, FEATURE_SITE, replaced } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { createLanguageService } from '../../server/src/service';
import { site } from '../helpers/check';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';

/** Document links and go to definition (`|` is the cursor). */
const docs = FEATURE_SITE['docs.json'];
const PAGE = 'api-reference/get-user.mdx';
const range = (line: number, start: number, end: number) => ({ start: { line, character: start }, end: { line, character: end } });
const at = (line: number, character: number) => range(line, character, character);

test('docs.json: every page entry links to its file, an operation to its line in the spec, openapi to the spec', async () => {
  const site = featureSite();
  assert.deepEqual(await site.service.findDocumentLinks(site.uri('docs.json'), NOT_CANCELLED), [
    { range: range(14, 15, 20), target: 'file:///site/index.mdx' },
    { range: range(21, 15, 30), target: 'file:///site/guides/webhooks.mdx' },
    { range: range(22, 15, 33), target: 'file:///site/guides/pagination.mdx' },
    { range: range(23, 15, 30), target: 'file:///site/guides/webhooks.mdx' },
    { range: range(33, 24, 36), target: 'file:///site/openapi.json' },
    { range: range(35, 15, 37), target: 'file:///site/api-reference/get-user.mdx' },
    { range: range(36, 15, 25), target: 'file:///site/openapi.json#L9' },
    { range: range(37, 15, 26), target: 'file:///site/openapi.json#L12' },
  ]);
});

test('definition: of an operation entry, its method in the spec; of a spec name, the spec', async () => {
  const site = featureSite();
  assert.deepEqual(
    await site.service.findDefinition(
      site.uri('docs.json'),
      site.edit('docs.json', replaced(docs, '"GET /users"', '"GET /u|sers"')),
      NOT_CANCELLED,
    ),
    [{ uri: 'file:///site/openapi.json', range: at(8, 6) }],
  );
  assert.deepEqual(
    await site.service.findDefinition(
      site.uri('docs.json'),
      site.edit('docs.json', replaced(docs, '"openapi": "openapi.json"', '"openapi": "open|api.json"')),
      NOT_CANCELLED,
    ),
    [{ uri: 'file:///site/openapi.json', range: at(0, 0) }],
  );
  assert.deepEqual(
    await site.service.findDefinition(site.uri('docs.json'), site.edit('docs.json', replaced(docs, '"theme"', '"the|me"')), NOT_CANCELLED),
    [],
  );
});

test('a page with openapi in its front matter: a link and a definition to the operation', async () => {
  const site = featureSite();
  const page = FEATURE_SITE[PAGE].replace('api: "GET /users/{userId}"', 'openapi: "GET /users/{userId}"');
  const position = site.edit(PAGE, replaced(page, 'openapi: "GET', 'openapi: "G|ET'));
  assert.deepEqual(await site.service.findDefinition(site.uri(PAGE), position, NOT_CANCELLED), [
    { uri: 'file:///site/openapi.json', range: at(16, 6) },
  ]);
  assert.deepEqual(await site.service.findDocumentLinks(site.uri(PAGE), NOT_CANCELLED), [
    { range: range(2, 9, 30), target: 'file:///site/openapi.json#L17' },
  ]);
});

test('docs.json: an asyncapi (or graphql) value links to its file, and is its definition; a missing file or a URL links nowhere', async () => {
  const withAsyncapi = (asyncapi: string) =>
    JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { tabs: [{ tab: 'WS', asyncapi }] } }, null, 2);
  const site = featureSite({ ...FEATURE_SITE, 'docs.json': withAsyncapi('/ws/asyncapi.yaml'), 'ws/asyncapi.yaml': 'asyncapi: 3.0.0\n' });
  const links = await site.service.findDocumentLinks(site.uri('docs.json'), NOT_CANCELLED);
  assert.deepEqual(
    links.map((link) => link.target),
    ['file:///site/ws/asyncapi.yaml'],
  );
  const position = site.edit('docs.json', replaced(withAsyncapi('/ws/asyncapi.yaml'), '/ws/async', '/ws/as|ync'));
  assert.deepEqual(await site.service.findDefinition(site.uri('docs.json'), position, NOT_CANCELLED), [
    { uri: 'file:///site/ws/asyncapi.yaml', range: at(0, 0) },
  ]);
  for (const elsewhere of ['/ws/missing.yaml', 'https://example.com/asyncapi.yaml']) {
    site.edit('docs.json', withAsyncapi(elsewhere));
    assert.deepEqual(await site.service.findDocumentLinks(site.uri('docs.json'), NOT_CANCELLED), [], elsewhere);
  }
  site.edit('docs.json', withAsyncapi('/ws/asyncapi.yaml').replace('"asyncapi"', '"graphql"'));
  assert.deepEqual(
    (await site.service.findDocumentLinks(site.uri('docs.json'), NOT_CANCELLED)).map((link) => link.target),
    ['file:///site/ws/asyncapi.yaml'],
  );
});

test('docs.json: the favicon, logo and font files, and navigation hrefs, link to their files; a missing one links nowhere', async () => {
  const files = site(
    {
      global: {
        anchors: [
          { anchor: 'Home', href: '/index' },
          { anchor: 'Gone', href: '/gone' },
        ],
      },
      pages: ['index'],
    },
    ['index'],
    {
      favicon: '/favicon.svg',
      logo: { light: '/logo/light.svg', dark: '/logo/missing.svg' },
      fonts: { family: 'Inter', source: 'fonts/inter.woff2' },
    },
    { 'favicon.svg': '', 'logo/light.svg': '', 'fonts/inter.woff2': '' },
  );
  const service = createLanguageService({ workspace: new MemoryWorkspace(files) });
  const links = await service.findDocumentLinks(`${ROOT}/docs.json`, NOT_CANCELLED);
  assert.deepEqual(
    links.map((link) => link.target),
    [`${ROOT}/index.mdx`, `${ROOT}/index.mdx`, `${ROOT}/favicon.svg`, `${ROOT}/logo/light.svg`, `${ROOT}/fonts/inter.woff2`],
  );
});
