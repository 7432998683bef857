import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';

/** AsyncAPI specs in navigation: the platform makes a page of each channel, and stops its build on a spec it cannot find. */
const ASYNCAPI = 'asyncapi: 3.0.0\ninfo:\n  title: Chat\n  version: 1.0.0\nchannels:\n  chat:\n    address: /chat\n';

const withAsyncapi = (asyncapi: unknown, files: Record<string, string>) =>
  checkSite(
    site(
      {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'A', pages: ['index'] }] },
          { tab: 'Realtime', asyncapi },
        ],
      },
      [],
      {},
      { 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n', ...files },
    ),
  );

test('an asyncapi that names an AsyncAPI document of the docs root, or a URL, is fine', async () => {
  assert.deepEqual(await withAsyncapi('/asyncapi.yaml', { 'asyncapi.yaml': ASYNCAPI }), []);
  assert.deepEqual(await withAsyncapi(['asyncapi.yaml', 'https://example.com/asyncapi.yml'], { 'asyncapi.yaml': ASYNCAPI }), []);
  const json = JSON.stringify({ asyncapi: '3.0.0', info: { title: 'x', version: '1' }, channels: {} });
  assert.deepEqual(await withAsyncapi({ source: '/ws/events.json', directory: 'ws' }, { 'ws/events.json': json }), []);
  // A quoted key, a flow mapping.
  assert.deepEqual(await withAsyncapi('/a.yaml', { 'a.yaml': '"asyncapi": "3.0.0"\ninfo: {title: x, version: "1"}\n' }), []);
  assert.deepEqual(await withAsyncapi('/b.yaml', { 'b.yaml': '{asyncapi: 3.0.0, info: {title: x, version: "1"}}\n' }), []);
  // Saved with a byte-order mark, JSON or YAML.
  assert.deepEqual(await withAsyncapi('/events.json', { 'events.json': `\uFEFF${json}` }), []);
  assert.deepEqual(await withAsyncapi('/asyncapi.yaml', { 'asyncapi.yaml': `\uFEFF${ASYNCAPI}` }), []);
});

test('an asyncapi naming a missing file, a file outside the root, or one that is no AsyncAPI document is an error', async () => {
  const cases: [unknown, Record<string, string>, RegExp][] = [
    ['/missing.yaml', {}, /^AsyncAPI spec "\/missing.yaml" does not exist in the docs root\. The platform's build stops on it/],
    ['../outside.yaml', {}, /is outside the docs root/],
    [
      { source: 'openapi.json' },
      { 'openapi.json': '{"openapi": "3.0.0"}' },
      /is not an AsyncAPI document \(it has no `asyncapi` version key\)/,
    ],
    [['events.yaml'], { 'events.yaml': 'title: x\nnested:\n  asyncapi: 3.0.0\n' }, /is not an AsyncAPI document/],
  ];
  for (const [asyncapi, files, message] of cases) {
    const found = only(await withAsyncapi(asyncapi, files), 'asyncapi/spec-not-found');
    assert.equal(found.length, 1, JSON.stringify(asyncapi));
    assert.match(found[0].message, message);
    assert.equal(found[0].severity, 1, 'an error');
  }
});

test('a GraphQL schema or an SDK source of a tab must be in the docs root (a file, or for an SDK a folder); a URL is not fetched', async () => {
  const tabs = (extra: Record<string, unknown>[]) =>
    checkSite(
      site(
        { tabs: [{ tab: 'Guides', groups: [{ group: 'A', pages: ['index'] }] }, ...extra] },
        [],
        {},
        { 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n', 'schema.graphql': 'type Query { hello: String }\n', 'docs/sphinx/index.html': '' },
      ),
    );
  const fine = await tabs([
    { tab: 'GraphQL', graphql: 'schema.graphql' },
    { tab: 'Remote', graphql: { source: 'https://example.com/schema.graphql', directory: 'gql' } },
    { tab: 'SDK', sdk: { format: 'sphinx', source: 'docs/sphinx' } },
  ]);
  assert.deepEqual(only(fine, 'nav/source-not-found'), []);
  const missing = only(
    await tabs([
      { tab: 'GraphQL', graphql: { source: '/missing.graphql' } },
      { tab: 'SDK', sdk: { format: 'typedoc', source: 'sdk/typedoc.json' } },
    ]),
    'nav/source-not-found',
  );
  assert.deepEqual(
    missing.map((finding) => finding.message.split('.')[0]),
    ['GraphQL schema "/missing', 'SDK reference source "sdk/typedoc'],
  );
  assert.match(missing[0].message, /does not exist in the docs root\. The platform's build stops on it\./);
});
