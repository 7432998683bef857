import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ORACLE_DIR, oracleUnavailable } from '../helpers/oracle';
import { applyOverlays } from '../../server/src/service/openapi/overlayApply';
import { isOverlayDocument, readOverlay, resolveExtends } from '../../server/src/service/openapi/overlays';

/**
 * OpenAPI Overlays applied by Docsmith and by the platform (@mintlify/common's `applyOverlays`, with
 * @mintlify/validation's check of the document): the same spec comes out, or both refuse.
 */
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'A', version: '1' },
  tags: [{ name: 'Users' }, { name: 'Internal' }],
  paths: {
    '/users': {
      get: { summary: 'List users', tags: ['Users'], parameters: [{ name: 'limit', in: 'query' }] },
      post: { summary: 'Create a user', tags: ['Users'] },
    },
    '/users/{id}': { get: { summary: 'Get a user', tags: ['Users'] }, delete: { summary: 'Delete a user', tags: ['Internal'] } },
    '/admin/jobs': { get: { summary: 'Jobs', tags: ['Internal'], 'x-internal': true } },
  },
};

type Action = Record<string, unknown>;
const CASES: [string, Action[], string?][] = [
  ['merge into an object', [{ target: '$.info', update: { description: 'Public API', title: 'B' } }]],
  ['add an operation', [{ target: '$.paths', update: { '/orders': { get: { summary: 'List orders', tags: ['Orders'] } } } }]],
  ['remove a path', [{ target: "$.paths['/admin/jobs']", remove: true }]],
  ['remove by a filter', [{ target: "$.paths.*[?@.tags[0] == 'Internal']", remove: true }]],
  ['remove items of an array', [{ target: '$.tags[*]', remove: true }]],
  ['append to arrays', [{ target: '$.paths.*.*.tags', update: 'Public' }]],
  ['concatenate arrays in a merge', [{ target: "$.paths['/users'].get", update: { parameters: [{ name: 'cursor', in: 'query' }] } }]],
  ['replace values', [{ target: '$.paths.*.*.summary', update: 'Renamed' }]],
  ['x-mint on every operation', [{ target: '$.paths.*.*', update: { 'x-mint': { metadata: { tag: 'beta' } } } }]],
  ['match()', [{ target: "$.paths.*[?match(@.summary, 'Get.*')]", update: { deprecated: true } }]],
  ['search()', [{ target: "$.paths.*[?search(@.summary, 'user')]", update: { 'x-seen': true } }]],
  ['a pattern with anchors, literal in I-Regexp', [{ target: "$.paths.*[?match(@.summary, '^Jobs$')]", remove: true }]],
  ['zero matches', [{ target: '$.nothing.here', update: { a: 1 } }]],
  ['copy (Overlay 1.1)', [{ target: "$.paths['/users'].post", copy: "$.paths['/users'].get.parameters" }], '1.1.0'],
  ['copy of an object', [{ target: "$.paths['/users/{id}'].get", copy: '$.info' }], '1.1.0'],
  ['copy selecting two nodes', [{ target: '$.info', copy: '$.paths.*' }], '1.1.0'],
  [
    'mixed kinds',
    [
      { target: '$..summary', update: 'x' },
      { target: "$['info', 'tags']", update: { a: 1 } },
    ],
  ],
  ['an object into a value', [{ target: '$.info.title', update: { a: 1 } }]],
  ['incompatible merge', [{ target: '$.info', update: { title: { nested: true } } }]],
  ['invalid JSONPath', [{ target: '$.paths[', update: { a: 1 } }]],
  ['remove the root', [{ target: '$', remove: true }]],
  ['a __proto__ key', [{ target: '$.info', update: JSON.parse('{"__proto__": {"polluted": true}}') }]],
  [
    'several actions in order',
    [
      { target: "$.paths['/admin/jobs']", remove: true },
      { target: '$.paths.*.*', update: { 'x-public': true } },
    ],
  ],
];

const unavailable = oracleUnavailable();

async function platform(): Promise<{
  applyOverlays: (document: unknown, overlays: { document: unknown; location: string }[]) => unknown;
  parseOverlayDocument: (value: unknown) => unknown;
}> {
  const common = await import(pathToFileURL(join(ORACLE_DIR, 'node_modules/@mintlify/common/dist/openapi/index.js')).href);
  const validation = await import(pathToFileURL(join(ORACLE_DIR, 'node_modules/@mintlify/validation/dist/openapi/overlay.js')).href);
  return { applyOverlays: common.applyOverlays, parseOverlayDocument: validation.parseOverlayDocument };
}

for (const [name, actions, version = '1.0.0'] of CASES) {
  test(`overlay: ${name}: the spec the platform makes, or its refusal`, async (t) => {
    if (unavailable) return t.skip(`NOT RUN: ${unavailable}`);
    const raw = { overlay: version, info: { title: 'O', version: '1' }, extends: 'openapi.json', actions };
    const { applyOverlays: theirs, parseOverlayDocument } = await platform();
    let expected: { spec: unknown } | { error: true };
    try {
      expected = { spec: theirs(SPEC, [{ document: parseOverlayDocument(raw), location: 'o.yaml' }]) };
    } catch {
      expected = { error: true };
    }
    const overlay = readOverlay(raw, 'o.yaml');
    assert.ok(!('error' in overlay), 'a valid overlay');
    const ours = applyOverlays(SPEC, [overlay]);
    if ('error' in expected) assert.ok('error' in ours, `the platform refuses; Docsmith gives ${JSON.stringify(ours).slice(0, 200)}`);
    else {
      assert.ok(!('error' in ours), `the platform applies it; Docsmith: ${'error' in ours ? ours.error : ''}`);
      assert.deepEqual(JSON.parse(JSON.stringify(ours.spec)), JSON.parse(JSON.stringify(expected.spec)));
    }
  });
}

test('overlay documents: valid and invalid as the platform validates them, and where `extends` points', async (t) => {
  if (unavailable) return t.skip(`NOT RUN: ${unavailable}`);
  const { parseOverlayDocument } = await platform();
  const info = { title: 'O', version: '1' };
  const documents: Record<string, unknown>[] = [
    { overlay: '1.0.0', info, actions: [{ target: '$.info', update: {} }] },
    { overlay: '1.1.0', info, actions: [{ target: '$.info', copy: '$.tags' }] },
    { overlay: '1.0.0', info, actions: [{ target: '$.info', copy: '$.tags' }] },
    { overlay: '2.0.0', info, actions: [{ target: '$.info', remove: true }] },
    { overlay: '1.0.0', info, actions: [] },
    { overlay: '1.0.0', info: { title: 'O' }, actions: [{ target: '$', remove: true }] },
    { overlay: '1.0.0', info, actions: [{ target: '  ', remove: true }] },
    { overlay: '1.0.0', info, actions: [{ target: '$.a' }] },
    { overlay: '1.0.0', info, actions: [{ target: '$.a', update: 1, copy: '$.b' }] },
    { overlay: '1.0.0', info, actions: [{ target: '$.a', remove: false }] },
    { overlay: '1.0.0', info, extra: true, actions: [{ target: '$.a', remove: true }] },
    { overlay: '1.0.0', info, 'x-note': true, actions: [{ target: '$.a', remove: true, 'x-why': 'y' }] },
    { overlay: 1, info, actions: [{ target: '$.a', remove: true }] },
  ];
  for (const document of documents) {
    let valid = true;
    try {
      parseOverlayDocument(document);
    } catch {
      valid = false;
    }
    assert.ok(isOverlayDocument(document));
    assert.equal(!('error' in readOverlay(document, 'a/o.yaml')), valid, JSON.stringify(document));
  }
  assert.equal(resolveExtends('api/o.yaml', './openapi.yaml'), 'api/openapi.yaml');
  assert.equal(resolveExtends('api/o.yaml', '../openapi.yaml'), 'openapi.yaml');
  assert.equal(resolveExtends('api/o.yaml', '/specs/openapi.yaml'), 'specs/openapi.yaml');
  assert.equal(resolveExtends('api/o.yaml', 'https://example.com/openapi.yaml'), 'https://example.com/openapi.yaml');
});
