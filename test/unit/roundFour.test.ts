import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';

/**
 * False findings and misses of round four (issue 66), each on a small site rebuilt from what was
 * found on a real one, and checked against what the platform's own code does.
 */
const home = { groups: [{ group: 'A', pages: ['index'] }] };

test('66.1: a .json spec that JSON.parse refuses is read as the platform reads it, with a YAML parser', async () => {
  // A raw line break inside a string, and a trailing comma: both real, both accepted by js-yaml.
  const spec = [
    '{',
    '  "openapi": "3.0.3",',
    '  "info": { "title": "Loose", "version": "1" },',
    '  "paths": {',
    '    "/pets": { "get": { "summary": "List',
    'pets", "parameters": [{ "name": "kind", "in": "query", "schema": { "enum": ["a", "b", ] } }] } }',
    '  }',
    '}',
  ].join('\n');
  assert.throws(() => JSON.parse(spec));
  const found = await checkSite(site(home, [], {}, { 'index.mdx': '---\ntitle: Pets\nopenapi: "GET /pets"\n---\n', 'api.json': spec }));
  assert.deepEqual(
    found.filter((f) => /^(?:frontmatter|openapi)\//.test(f.code)),
    [],
  );
});

test('66.1: a discovered spec that neither parser reads gets a finding of its own, and pages name it', async () => {
  const spec = '{\n  "openapi": "3.0.3",\n  "paths": { "/pets": { "get": {} } \n  "info": {}\n}\n';
  const found = await checkSite(site(home, [], {}, { 'index.mdx': '---\ntitle: Pets\nopenapi: "GET /pets"\n---\n', 'api.json': spec }));
  const invalid = only(found, 'openapi/spec-invalid');
  assert.equal(invalid.length, 1);
  assert.equal(invalid[0].file, 'api.json');
  assert.equal(invalid[0].line, 3);
  assert.match(invalid[0].message, /cannot be parsed as JSON or YAML/);
  const page = only(found, 'frontmatter/operation-not-found');
  assert.equal(page.length, 1);
  assert.doesNotMatch(page[0].message, /has no OpenAPI spec/);
  assert.match(page[0].message, /api\.json/);
});

test('66.6: a reference definition after one whose title stands on the next line is read, and its link checked', async () => {
  const body = ['See [a] and [b].', '', '[a]: /index', '"The home page"', '[b]: /broken', "[c]: /also-broken 'title'", ''].join('\n');
  const found = await checkSite(site(home, [], {}, { 'index.mdx': `---\ntitle: Home\n---\n\n${body}\n[c] too.\n` }));
  assert.deepEqual(
    only(found, 'links/page-not-found').map((f) => f.text),
    ['/broken', '/also-broken'],
  );
});
