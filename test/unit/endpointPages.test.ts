import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';

const spec = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'T', version: '1' },
  paths: { '/users': { get: {}, post: {} }, '/users/{userId}': { get: {}, delete: {} } },
});
const page = (frontMatter: string, body = '') => `---\n${frontMatter}\n---\n\n${body}`;
const nav = (...pages: string[]) => ({ groups: [{ group: 'API', pages }] });
const withServer = { api: { mdx: { server: 'https://api.example.com', auth: { method: 'bearer', name: 'x-api-key' } } } };

async function checkPage(frontMatter: string, body = '', extra: Record<string, unknown> = withServer, files: Record<string, string> = {}) {
  const found = await checkSite(site(nav('endpoint'), [], extra, { 'endpoint.mdx': page(frontMatter, body), ...files }));
  return found.filter((f) => f.file === 'endpoint.mdx');
}

test('a well-formed endpoint page has no diagnostics', async () => {
  const found = await checkPage(
    'title: "Get a user"\napi: "GET /users/{userId}"\nauthMethod: "bearer"\nplayground: "simple"',
    '<ParamField path="userId" type="string" required>\n  The user.\n</ParamField>\n\n<ResponseField name="id" type="string" required={true}>\n  ID.\n</ResponseField>',
  );
  assert.deepEqual(
    found.map((f) => f.message),
    [],
  );
});

test('api format: two words, a known method in any case, a URL or a /path', async () => {
  const cases: [string, string, RegExp][] = [
    ['api: "GET"', 'GET', /two words/],
    ['api: "FETCH /users"', 'FETCH', /not an HTTP method/],
    ['api: "GET users"', 'users', /path starting with "\/"/],
    ['api: "GET /users extra"', 'GET /users extra', /two words/],
  ];
  for (const [frontMatter, text, message] of cases) {
    const [problem] = only(await checkPage(`title: T\n${frontMatter}`), 'frontmatter/api-format');
    assert.equal(problem?.text, text, frontMatter);
    assert.match(problem.message, message);
  }
  assert.deepEqual(await checkPage('title: T\napi: "post /users"'), [], 'lower-case methods are accepted');
});

test('a relative api path needs api.mdx.server: a warning that names docs.json (the page builds); a full URL does not', async () => {
  const [problem] = only(await checkPage('title: T\napi: "POST /users"', '', {}), 'frontmatter/api-server-missing');
  assert.equal(problem.severity, 2);
  assert.equal(problem.text, '/users');
  assert.match(problem.message, /docs\.json sets no `api\.mdx\.server`/);
  assert.equal(problem.diagnostic.relatedInformation?.[0].location.uri, 'file:///site/docs.json');
  assert.deepEqual(await checkPage('title: T\napi: "POST https://{endpoint}/users"', '', {}), []);
});

test('path parameters need balanced braces and valid names', async () => {
  const unclosed = only(await checkPage('title: T\napi: "GET /users/{id"'), 'frontmatter/api-path-params')[0];
  assert.equal(unclosed.text, '{id');
  const invalid = only(await checkPage('title: T\napi: "GET /users/{user id}/x"'), 'frontmatter/api-path-params')[0];
  assert.equal(
    invalid?.text ?? only(await checkPage('title: T\napi: "GET /users/{user id}/x"'), 'frontmatter/api-format')[0].text,
    'GET /users/{user id}/x',
  );
  const bad = only(await checkPage('title: T\napi: "GET /users/{1d}"'), 'frontmatter/api-path-params')[0];
  assert.equal(bad.text, '{1d}');
  assert.match(bad.message, /not valid/);
});

test('every path parameter has a ParamField, with an insert fix; unknown ParamField paths are flagged', async () => {
  const found = await checkPage(
    'title: T\napi: "GET /orgs/{orgId}/users/{userId}"',
    '<ParamField path="orgId" type="string" />\n<ParamField path="usrId" type="string" />\nText after.',
  );
  const missing = only(found, 'fields/missing-path-param');
  assert.equal(missing.length, 1);
  assert.equal(missing[0].text, '{userId}');
  const insert = (missing[0].diagnostic.data as { insert: { offset: number; text: string } }).insert;
  assert.match(insert.text, /<ParamField path="userId" type="string" required>/);
  const unknown = only(found, 'fields/unknown-path-param');
  assert.equal(unknown[0].text, '"usrId"');
  assert.match(unknown[0].message, /Did you mean "userId"\?/);
});

test('field shapes: one location, a type, a name; required is a flag or a boolean; duplicates', async () => {
  const found = await checkPage(
    'title: T\napi: "GET /users"',
    [
      '<ParamField query="limit" body="limit" type="number" />',
      '<ParamField type="string" />',
      '<ParamField query="page" />',
      '<ResponseField type="string" />',
      '<ResponseField name="id" />',
      '<ParamField query="sort" type="string" required="false" />',
      '<ParamField query="sort" type="string" />',
    ].join('\n'),
  );
  assert.deepEqual(
    only(found, 'fields/location').map((f) => f.line),
    [5, 6],
  );
  assert.match(only(found, 'fields/location')[0].message, /found `body` and `query`|found `query` and `body`/);
  assert.deepEqual(
    only(found, 'fields/missing-type').map((f) => f.line),
    [7, 9],
  );
  assert.deepEqual(
    only(found, 'fields/missing-name').map((f) => f.line),
    [8],
  );
  const required = only(found, 'fields/required-not-boolean')[0];
  assert.equal(required.text, '"false"');
  assert.match(required.message, /counts as true/);
  assert.deepEqual(required.diagnostic.data, { replace: '{false}', replaceLabel: 'required={false}' });
  assert.deepEqual(
    only(found, 'fields/duplicate').map((f) => f.line),
    [11],
  );
});

test('the same field in two accordions or tabs is not a duplicate', async () => {
  const found = await checkPage(
    'title: T\napi: "GET /users"',
    '<Accordion title="a">\n<ParamField query="q" type="string" />\n</Accordion>\n<Accordion title="b">\n<ParamField query="q" type="string" />\n</Accordion>\n<ResponseField name="user" type="object">\n<Expandable>\n<ResponseField name="id" type="string" />\n</Expandable>\n</ResponseField>\n<ResponseField name="id" type="string" />',
  );
  assert.deepEqual(only(found, 'fields/duplicate'), []);
});

test('fields on pages that are not endpoint pages are not checked; fields in code blocks never are', async () => {
  assert.deepEqual(await checkPage('title: SDK', '<ResponseField type="str">The result.</ResponseField>'), []);
  const found = await checkPage('title: T\napi: "GET /users"', '```mdx\n<ParamField query="x" />\n```');
  assert.deepEqual(found, []);
});

test('playground and authMethod values: unknown values are errors with did-you-mean', async () => {
  const found = await checkPage('title: T\napi: "GET /users"\nplayground: interactiv\nauthMethod: GET');
  const invalid = only(found, 'frontmatter/invalid-value');
  assert.deepEqual(
    invalid.map((f) => [f.text, f.severity]),
    [
      ['interactiv', 1],
      ['GET', 1],
    ],
  );
  assert.match(invalid[0].message, /Did you mean "interactive"\?.*falls back to `api\.playground\.display`/);
  assert.match(invalid[1].message, /falls back to `api\.mdx\.auth\.method`/);
});

test('authMethod key without api.mdx.auth.name in docs.json is a warning', async () => {
  const [problem] = only(await checkPage('title: T\napi: "GET https://x.dev/a"\nauthMethod: key', '', {}), 'frontmatter/auth-name-missing');
  assert.equal(problem.severity, 2);
  assert.equal(problem.text, 'key');
  assert.deepEqual(await checkPage('title: T\napi: "GET https://x.dev/a"\nauthMethod: none', '', {}), []);
});

test('openapi: operations are looked up in the named spec or in the site specs', async () => {
  const files = {
    'openapi.json': spec,
    'specs/v3-openapi.yaml': 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths:\n  /runs: {get: {}}\n',
  };
  const extra = { api: { openapi: 'openapi.json' } };
  assert.deepEqual(await checkPage('openapi: "get /users/{userId}"', '', extra, files), [], 'lower-case methods are fine');
  assert.deepEqual(await checkPage('openapi: "specs/v3-openapi GET /runs"', '', extra, files), [], 'a spec named without its extension');
  const missing = only(await checkPage('openapi: "GET /user/{userId}"', '', extra, files), 'frontmatter/operation-not-found')[0];
  assert.equal(missing.severity, 2);
  assert.match(missing.message, /Did you mean "GET \/users\/\{userId\}"\?/);
  assert.deepEqual(missing.diagnostic.data, { replace: '"GET /users/{userId}"', replaceLabel: 'GET /users/{userId}', fixAll: true });
  const noSpec = only(await checkPage('openapi: "nope.yaml GET /runs"', '', extra, files), 'frontmatter/spec-not-found')[0];
  assert.equal(noSpec.severity, 2);
  assert.match(noSpec.message, /no spec of the site is "nope.yaml"; the platform shows the operation from specs\/v3-openapi.yaml instead/);
  assert.deepEqual(noSpec.diagnostic.data, {
    replace: '"specs/v3-openapi.yaml GET /runs"',
    replaceLabel: 'specs/v3-openapi.yaml GET /runs',
  });
  const nowhere = only(await checkPage('openapi: "nope.yaml GET /nowhere"', '', extra, files), 'frontmatter/operation-not-found')[0];
  assert.match(nowhere.message, /not in any spec of the site \(none is "nope.yaml"\), so the platform shows no API content/);
});

test('openapi: a named spec is found where the platform finds it, by a part of its path', async () => {
  // The platform matches a spec whose path contains the name: "/enterprise-api.en.yaml" finds edge/enterprise-api.en.yaml.
  const files = { 'edge/enterprise-api.en.yaml': 'openapi: 3.1.0\ninfo: {title: T, version: "1"}\npaths:\n  /inputs: {get: {}}\n' };
  assert.deepEqual(await checkPage('openapi: "/enterprise-api.en.yaml GET /inputs"', '', {}, files), []);
  assert.deepEqual(await checkPage('openapi: "enterprise-api.en GET /inputs"', '', {}, files), [], 'the file name without extension');
  const wrongSpec = await checkPage('openapi: "/enterprise-api.en.yaml GET /outputs"', '', {}, files);
  assert.match(only(wrongSpec, 'frontmatter/operation-not-found')[0].message, /not in edge\/enterprise-api.en.yaml/);
});

test('a spec path may be relative to the page; file-less openapi finds specs in the root when docs.json names none', async () => {
  const found = await checkSite(
    site(nav('api/endpoint'), [], {}, { 'api/endpoint.mdx': page('openapi: "local.json GET /users"'), 'api/local.json': spec }),
  );
  assert.deepEqual(found, []);
  const discovered = await checkSite(
    site(nav('endpoint'), [], {}, { 'endpoint.mdx': page('openapi: "POST /users"'), 'reference/openapi.json': spec }),
  );
  assert.deepEqual(discovered, []);
  const none = await checkSite(site(nav('endpoint'), [], {}, { 'endpoint.mdx': page('openapi: "POST /users"') }));
  assert.match(only(none, 'frontmatter/operation-not-found')[0].message, /site has no OpenAPI spec/);
});

test('an empty file named as a spec (a placeholder for content the checkout lacks) may hold any operation: no warning', async () => {
  const withFiles = (files: Record<string, string>) =>
    checkSite(site(nav('endpoint'), [], {}, { 'endpoint.mdx': page('openapi: "POST /webhooks"'), ...files }));
  assert.deepEqual(await withFiles({ 'api-reference/open-api.json': '' }), []);
  assert.equal(only(await withFiles({ 'reference/openapi.json': spec }), 'frontmatter/operation-not-found').length, 1);
  assert.deepEqual(await withFiles({ 'openapi.yaml': '\n', 'reference/openapi.json': spec }), [], 'beside a spec that lacks it');
  const notSpecNamed = only(await withFiles({ 'data.json': '' }), 'frontmatter/operation-not-found');
  assert.match(notSpecNamed[0].message, /site has no OpenAPI spec/);
});

test('a spec given as a URL cannot be checked: no warning while it is in scope', async () => {
  assert.deepEqual(await checkPage('openapi: "GET /anything"', '', { api: { openapi: 'https://example.com/openapi.json' } }), []);
});

test('openapi format, and api with openapi together', async () => {
  assert.equal(only(await checkPage('openapi: "users"'), 'frontmatter/openapi-format').length, 1);
  const both = await checkPage(
    'title: T\napi: "GET /users"\nopenapi: "GET /users"',
    '',
    { ...withServer, api: { ...withServer.api, openapi: 'openapi.json' } },
    { 'openapi.json': spec },
  );
  assert.equal(only(both, 'frontmatter/api-and-openapi')[0].text, 'openapi');
});

test('front matter YAML errors, missing titles and misspelt keys', async () => {
  const yaml = await checkPage('title: "unclosed');
  assert.equal(only(yaml, 'frontmatter/yaml-syntax').length, 1);
  const files = {
    'docs.json': JSON.stringify({ theme: 'mint', name: 'x', colors: { primary: '#000' }, navigation: { pages: ['a', 'b', 'c', 'd'] } }),
    'a.mdx': '# A',
    'b.mdx': '---\ndescription: d\n---\n',
    'c.mdx': '---\nopenapi: GET /x\n---\n',
    'd.mdx': '---\nTitle: D\n---\n',
    'hidden.mdx': '# not in navigation',
  };
  const found = await checkSite(files);
  assert.deepEqual(
    only(found, 'frontmatter/no-title')
      .map((f) => f.file)
      .sort(),
    ['a.mdx', 'b.mdx', 'd.mdx'],
  );
  const unknown = only(found, 'frontmatter/unknown-key')[0];
  assert.equal(unknown.text, 'Title');
  assert.match(unknown.message, /Did you mean `title`\?/);
  assert.deepEqual(
    only(await checkPage('title: T\nproduct: API\nversion: "1.0"'), 'frontmatter/unknown-key'),
    [],
    'custom keys are allowed',
  );
});

test('wrong types in front matter are warnings at the value: the platform does not check them', async () => {
  const [problem] = only(await checkPage('title: T\nhidden: "yes"'), 'frontmatter/wrong-type');
  assert.equal(problem.severity, 2);
  assert.equal(problem.text, '"yes"');
  assert.match(problem.message, /should be `true` or `false`/);
  const [quoted] = only(await checkPage('title: T\nnoindex: "true"'), 'frontmatter/wrong-type');
  assert.deepEqual(quoted.diagnostic.data, { replace: 'true', replaceLabel: 'noindex: true' });
});

test('keywords may be a list, numbers included, and a bad item is reported once with its index', async () => {
  assert.deepEqual(await checkPage('title: T\nkeywords: [rate limits, 429, 413]'), []);
  assert.deepEqual(await checkPage('title: T\nkeywords: single'), []);
  const found = only(await checkPage('title: T\nkeywords: [a, {b: 1}, {c: 2}]'), 'frontmatter/wrong-type');
  assert.deepEqual(
    found.map((f) => f.message.slice(0, 14)),
    ['`keywords[1]` ', '`keywords[2]` '],
  );
});

test('front matter that is a plain value keeps no metadata: a warning that names the fallback title', async () => {
  const found = await checkSite(site(nav('guide/license'), [], {}, { 'guide/license.mdx': '---\nLicensing\n---\n\nBody.' }));
  assert.deepEqual(
    found.map((f) => [f.code, f.severity]),
    [['frontmatter/not-a-mapping', 2]],
  );
  assert.match(found[0].message, /the plain value "Licensing".*titled "License" from its file name\)\. Write `title: Licensing`/);
});

test('spaces after the opening `---`: the platform reads no metadata; a warning with a safe fix, and no other front matter check', async () => {
  const found = await checkSite(
    site(nav('sdk/overview'), [], {}, { 'sdk/overview.mdx': '--- \ntitle: Ecosystem\nmode: nonsense\n---\n\n[gone](/nowhere)\n' }),
  );
  assert.deepEqual(
    found.map((f) => [f.code, f.line]),
    [
      ['frontmatter/unread', 0],
      ['links/page-not-found', 5],
    ],
  );
  assert.match(found[0].message, /titled "Overview" from its file name\)\. Remove the spaces/);
  assert.deepEqual(found[0].diagnostic.data, { replace: '---', replaceLabel: 'Remove the spaces after ---', fixAll: true });
});

test('a `---` no line closes: a thematic break, the page all body; flagged only above `key: value` lines', async () => {
  const found = await checkSite(
    site(nav('a', 'b'), [], {}, { 'a.mdx': '---\ntitle: A\n\n[gone](/nowhere)\n', 'b.mdx': '---\n\n<Card title="B">x</Card>\n' }),
  );
  assert.deepEqual(
    found.map((f) => [f.code, f.file, f.line]),
    [
      ['frontmatter/unclosed', 'a.mdx', 0],
      ['links/page-not-found', 'a.mdx', 3],
      ['frontmatter/no-title', 'b.mdx', 0],
    ],
  );
  assert.match(found[0].message, /Add a `---` line after the last `key: value` line/);
});

test('a page without a title: info that says the title the platform derives, and what the sidebar shows', async () => {
  const found = await checkSite(
    site(nav('getting-started', 'short'), [], {}, { 'getting-started.mdx': '# Hi', 'short.mdx': '---\nsidebarTitle: Short\n---\n' }),
  );
  const [plain, withSidebar] = only(found, 'frontmatter/no-title');
  assert.equal(plain.severity, 3);
  assert.match(plain.message, /the sidebar, the browser tab and search results show "Getting started"/);
  assert.match(withSidebar.message, /the sidebar shows its `sidebarTitle`, but the browser tab and search results show "Short"/);
});

test('an unreadable page is reported on the page and the others are still checked', async () => {
  const found = await checkSite({ ...site(nav('a', 'b'), ['a']), 'b.mdx': null });
  assert.deepEqual(
    found.map((f) => [f.file, f.code]),
    [['b.mdx', 'page/unreadable']],
  );
});
