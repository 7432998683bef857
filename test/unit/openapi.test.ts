import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { SpecStore } from '../../server/src/service/openapi/specStore';
import { operationOffset, operationPosition } from '../../server/src/service/openapi/spec';

const spec = JSON.stringify({
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/users': { get: { summary: 'List users' }, post: { summary: 'Create a user' } },
    '/users/{userId}': { get: { summary: 'Get a user' }, delete: {} },
    '/projects/': { get: {} },
  },
  webhooks: { '/plant/webhook': { post: { summary: 'New plant' } } },
});
const yamlSpec = `openapi: 3.0.3\ninfo:\n  title: T\n  version: '1'\npaths:\n  /items:\n    get:\n      summary: List items\n`;
const withSpec = (navigation: unknown, extra: Record<string, unknown> = {}, files: Record<string, string> = {}) =>
  checkSite(site(navigation, [], extra, { 'openapi.json': spec, 'api/items.yaml': yamlSpec, ...files }));

test('operations under an ancestor openapi are looked up in it, in any method case', async () => {
  const found = await withSpec({
    groups: [
      { group: 'API', openapi: 'openapi.json', pages: ['GET /users', 'post /users', 'GET /users/{userId}', 'WEBHOOK /plant/webhook'] },
    ],
  });
  assert.deepEqual(found, []);
});

test('spec METHOD /path names its spec file; YAML specs work', async () => {
  const found = await withSpec({
    groups: [{ group: 'API', pages: ['api/items.yaml GET /items', '/openapi.json DELETE /users/{userId}'] }],
  });
  assert.deepEqual(found, []);
});

test('a trailing slash is tolerated both ways', async () => {
  const found = await withSpec({ groups: [{ group: 'API', openapi: '/openapi.json', pages: ['GET /users/', 'GET /projects'] }] });
  assert.deepEqual(found, []);
});

test('a missing operation is an error with did-you-mean for the method', async () => {
  const found = await withSpec({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['PUT /users'] }] });
  const [problem] = only(found, 'nav/operation-not-found');
  assert.equal(problem.text, '"PUT /users"');
  assert.match(problem.message, /Operation PUT \/users is not in openapi\.json\. Did you mean "GET \/users"\?/);
  assert.deepEqual(problem.diagnostic.data, { replace: '"GET /users"', replaceLabel: 'GET /users' });
});

test('did-you-mean for a renamed path parameter and for a typo in the path', async () => {
  const found = await withSpec({ groups: [{ group: 'API', openapi: 'openapi.json', pages: ['GET /users/{id}', 'GET /usres'] }] });
  const messages = only(found, 'nav/operation-not-found').map((f) => f.message);
  assert.match(messages[0], /Did you mean "GET \/users\/\{userId\}"\?/);
  assert.match(messages[1], /Did you mean "GET \/users"\?/);
});

test('a nested group openapi replaces the default for that group', async () => {
  const found = await withSpec({
    groups: [
      {
        group: 'API',
        openapi: 'openapi.json',
        pages: ['GET /users', { group: 'Items', openapi: 'api/items.yaml', pages: ['GET /items', 'GET /users'] }],
      },
    ],
  });
  const problems = only(found, 'nav/operation-not-found');
  assert.equal(problems.length, 1);
  assert.match(problems[0].message, /GET \/users is not in api\/items\.yaml/);
});

test('METHOD /path with no spec in scope is an error that says so', async () => {
  const found = await withSpec({ groups: [{ group: 'API', pages: ['GET /users'] }] });
  const [problem] = only(found, 'nav/no-openapi-in-scope');
  assert.equal(problem.severity, 1);
  assert.match(problem.message, /no spec is in scope/);
});

test('api.openapi is a fallback: found operations get a hint, never an error', async () => {
  const found = await withSpec({ groups: [{ group: 'API', pages: ['GET /users'] }] }, { api: { openapi: 'openapi.json' } });
  assert.deepEqual(
    found.map((f) => [f.code, f.severity]),
    [['nav/openapi-fallback', 4]],
  );
});

test('a spec given as a URL is not fetched: one quiet info for all its entries, no error', async () => {
  const found = await withSpec({
    groups: [{ group: 'API', openapi: 'https://example.com/openapi.json', pages: ['GET /a', 'GET /b', 'POST /c'] }],
  });
  assert.equal(found.length, 1);
  assert.equal(found[0].code, 'openapi/not-checked');
  assert.equal(found[0].severity, 3);
  assert.match(found[0].message, /3 navigation entries under it were not checked/);
});

test('a navigation openapi naming a missing file is an error; its operations are not reported again', async () => {
  const found = await withSpec({ groups: [{ group: 'API', openapi: 'specs/missing.json', pages: ['GET /users'] }] });
  assert.deepEqual(
    found.map((f) => f.code),
    ['openapi/spec-not-found'],
  );
  assert.match(found[0].message, /The platform's build stops on it/);
});

test('an openapi object {source, directory} and api.openapi arrays are resolved', async () => {
  const found = await withSpec(
    { groups: [{ group: 'API', openapi: { source: 'openapi.json', directory: 'api-ref' }, pages: ['GET /users'] }] },
    { api: { openapi: ['openapi.json', 'api/items.yaml', 'missing.yaml'] } },
  );
  // A missing file in api.openapi is only ignored by the platform: a warning.
  assert.deepEqual(
    found.map((f) => [f.code, f.severity]),
    [['api/spec-not-found', 2]],
  );
  assert.equal(found[0].text, '"missing.yaml"');
});

test('a spec that does not parse is an error at the reference', async () => {
  const found = await withSpec(
    { groups: [{ group: 'API', openapi: 'broken.yaml', pages: ['GET /users'] }] },
    {},
    { 'broken.yaml': 'openapi: 3.0.0\npaths: [unclosed\n' },
  );
  const [problem] = only(found, 'openapi/spec-invalid');
  assert.match(problem.message, /cannot be parsed/);
});

test('an empty spec file (a placeholder for a spec the checkout lacks) is not checked: one info, and nothing of what names it', async () => {
  const found = await withSpec(
    {
      groups: [
        { group: 'API', openapi: 'platform.json', pages: ['GET /anything', 'empty.yaml POST /else'] },
        { group: 'Pages', pages: ['endpoint'] },
      ],
    },
    { api: { openapi: ['platform.json'] } },
    {
      'platform.json': '',
      'empty.yaml': '  \n',
      'endpoint.mdx': '---\ntitle: E\nopenapi: "platform GET /my-info"\n---\n',
    },
  );
  assert.deepEqual(
    found.map((f) => [f.code, f.severity, f.text]),
    [
      ['openapi/not-checked', 3, '"platform.json"'],
      ['openapi/not-checked', 3, '"platform.json"'],
    ],
  );
  assert.match(
    found[0].message,
    /^OpenAPI spec "platform.json" is an empty file \(a placeholder .*\): Docsmith did not check the operations named under it\.$/,
  );
});

test('a spec file named in an entry that does not exist is an error at the entry', async () => {
  const found = await withSpec({ groups: [{ group: 'API', pages: ['other.json GET /users'] }] });
  assert.deepEqual(
    found.map((f) => f.code),
    ['openapi/spec-not-found'],
  );
});

test('a navigation of many operations under one spec looks the spec up once, and a missing one is still reported', async () => {
  class CountingWorkspace extends MemoryWorkspace {
    readonly stats = new Map<string, number>();
    override async stat(uri: string) {
      this.stats.set(uri, (this.stats.get(uri) ?? 0) + 1);
      return super.stat(uri);
    }
  }
  const operations = Array.from({ length: 60 }, (_, i) => (i % 2 ? 'GET /users' : 'POST /users'));
  const workspace = new CountingWorkspace(
    site({ groups: [{ group: 'API', openapi: 'openapi.json', pages: [...operations, 'GET /nowhere'] }] }, [], {}, { 'openapi.json': spec }),
  );
  const found = await checkSite(workspace);
  assert.deepEqual(
    only(found, 'nav/operation-not-found').map((f) => f.text),
    ['"GET /nowhere"'],
  );
  const specStats = workspace.stats.get('file:///site/openapi.json') ?? 0;
  assert.ok(specStats >= 1 && specStats <= 4, `openapi.json was looked up ${specStats} times for 61 entries`);
});

test('a spec keeps no text: where an operation is written is read from its file when asked', async () => {
  const spec = JSON.stringify({ openapi: '3.0.0', paths: { '/users': { get: {} }, '/teams': { post: {} } } }, null, 2);
  const files = site(
    { groups: [{ group: 'API', pages: ['GET /users', 'GET /teams', 'guide'] }] },
    ['guide'],
    { openapi: 'openapi.json' },
    {
      'openapi.json': spec,
      'guide.mdx': '---\ntitle: Guide\nopenapi: "DELETE /users"\n---\n',
    },
  );
  const workspace = new MemoryWorkspace(files);
  const found = await new SpecStore(workspace).resolve(ROOT, 'openapi.json');
  assert.equal(found.kind, 'loaded');
  const loaded = found.kind === 'loaded' ? found.spec : undefined;
  assert.ok(loaded && !('text' in loaded));
  assert.deepEqual(
    loaded.operations.map((op) => `${op.method} ${op.path}`),
    ['GET /users', 'POST /teams'],
  );
  const reads: string[] = [];
  const read = { readFile: (uri: string) => (reads.push(uri), workspace.readFile(uri)) };
  const teams = await operationPosition(loaded, loaded.operations[1], read);
  assert.deepEqual(teams, { line: 7, character: 6 }, 'the `post` key under `/teams`');
  assert.equal(spec.split('\n')[7].trim(), '"post": {}');
  assert.deepEqual(await operationPosition(loaded, loaded.operations[0], read), { line: 4, character: 6 });
  assert.equal(spec.split('\n')[4].trim(), '"get": {}');
  assert.equal(reads.length, 1, 'the file is read once for all of its operations');
  // A file that cannot be read any more: the start of the file.
  const gone = await new SpecStore(new MemoryWorkspace(files)).resolve(ROOT, 'openapi.json');
  assert.ok(gone.kind === 'loaded');
  assert.deepEqual(await operationPosition(gone.spec, gone.spec.operations[0], { readFile: async () => undefined }), {
    line: 0,
    character: 0,
  });
  assert.equal(operationOffset(spec, loaded.operations[1]), spec.indexOf('"post"'));
});

test('a parsed YAML spec keeps nothing that holds its text alive', async () => {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  const { parseSpec } = await import('../../server/src/service/openapi/spec');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const heap = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  // Specs of about 1 MB each (long descriptions nothing keeps), whose kept strings (a path, a summary,
  // an operation id, a parameter's name, a tag) are long enough for the YAML parser to slice them.
  const yaml = (n: number) =>
    [
      'openapi: 3.1.0',
      'info: {title: T, version: "1"}',
      'paths:',
      `  /organizations/{organization_id}/members-${n}:`,
      '    get:',
      `      summary: List the members of an organization ${n}`,
      `      operationId: listOrganizationMembers${n}`,
      '      tags: [organization-membership]',
      `      description: "${'x'.repeat(1_000_000)}"`,
      '      parameters:',
      '        - {name: organization_identifier, in: path, required: true}',
    ].join('\n');
  const before = heap();
  const kept: unknown[] = [];
  for (let n = 0; n < 20; n++) {
    const result = parseSpec(`file:///spec-${n}.yaml`, yaml(n).split('').join(''));
    assert.ok('spec' in result);
    // The description is dropped here: what a check keeps is the rest.
    kept.push(result.spec.operations.map(({ description: _, ...rest }) => rest));
  }
  const grown = heap() - before;
  // 20 texts are 20 MB; what is kept of them, well under 1 MB.
  assert.ok(grown < 2_000_000, `kept ${(grown / 1e6).toFixed(1)} MB for ${kept.length} specs`);
});

test('a JSON file is a spec when its top level has an openapi key, wherever the key is', async () => {
  const { isOpenApiText } = await import('../../server/src/service/site/siteSpecs');
  const lock = JSON.stringify({ name: 'x', packages: { 'node_modules/openapi-types': { version: '12.1.3' } } }, null, 2);
  assert.equal(isOpenApiText(lock, 'package-lock.json'), false);
  const nested = JSON.stringify({ name: 'x'.repeat(5000), config: { openapi: '3.1.0' } });
  assert.equal(isOpenApiText(nested, 'config.json'), false);
  // Keys sorted: `openapi` comes after 100 KB of components, past the quick look at the start.
  const sorted = `{"components": {"schemas": {"S": {"description": "${'x'.repeat(100_000)}"}}}, "info": {}, "openapi" : "3.0.0", "paths": {}}`;
  assert.equal(isOpenApiText(sorted, 'spec.json'), true);
});

test('a spec, directory or asyncapi source written with spaces at its ends is read trimmed, as the platform trims it', async () => {
  const asyncapi = 'asyncapi: 3.0.0\ninfo: {title: C, version: "1"}\nchannels: {}\n';
  const found = await withSpec(
    {
      groups: [
        { group: 'API', openapi: ' /openapi.json ', pages: ['GET /users'] },
        { group: 'Items', openapi: { source: ' api/items.yaml', directory: ' items ' }, pages: ['GET /items'] },
        { group: 'Events', asyncapi: ' /events.yaml ' },
      ],
    },
    {},
    { 'events.yaml': asyncapi, 'index.mdx': '---\ntitle: Home\n---\n\n[list](/items/list-items) [users](/api-reference/list-users)\n' },
  );
  assert.deepEqual(
    found.filter((f) => f.code !== 'nav/orphan-page').map((f) => `${f.code} ${f.text}`),
    [],
  );
});
