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

test('66.4: a did-you-mean never names a front matter key the page already sets', async () => {
  const found = await checkSite(
    site(home, [], {}, { 'index.mdx': '---\ntitle: Home\nsubtitle: More\n---\n', 'other.mdx': '---\ntitel: Other\n---\n' }),
  );
  const unknown = only(found, 'frontmatter/unknown-key');
  assert.deepEqual(
    unknown.map((f) => `${f.file} ${f.text}`),
    ['other.mdx titel'],
  );
  assert.match(unknown[0].message, /Did you mean "title"\?|Did you mean `title`\?/);
});

test('66.8: a known key in another case or with _ or - is a misspelling even beside custom keys', async () => {
  const page = '---\ntitle: Home\nauthor: A\ncategory_id: 3\nslug_id: x\nsidebar_title: Short\nDescription: Long\nreviewer: B\n---\n';
  const found = await checkSite(site(home, [], {}, { 'index.mdx': page }));
  assert.deepEqual(
    only(found, 'frontmatter/unknown-key').map((f) => [f.text, f.diagnostic.data]),
    [
      ['sidebar_title', { replace: 'sidebarTitle', replaceLabel: 'sidebarTitle' }],
      ['Description', { replace: 'description', replaceLabel: 'description' }],
    ],
  );
});

test('66.4: an import that cannot be resolved, of a component the page never uses, is a warning that says so', async () => {
  const page = (body: string) =>
    `---\ntitle: Home\n---\n\nimport { Chart } from "@/components/chart";\nimport Old from "/snippets/old.mdx";\n\n${body}\n`;
  const unused = await checkSite(site(home, [], {}, { 'index.mdx': page('Plain text.') }));
  const warned = only(unused, 'snippets/unused-import');
  assert.equal(warned.length, 1);
  assert.match(
    warned[0].message,
    /not "@\/components\/chart": this import is dropped\. The page never uses "Chart", so nothing renders differently/,
  );
  // A missing local snippet is broken to the platform's link checker, used or not: still an error, which says it is unused.
  assert.deepEqual(
    only(unused, 'snippets/not-found').map((f) => f.message.endsWith('The page never uses "Old": remove the import.')),
    [true],
  );
  const used = await checkSite(site(home, [], {}, { 'index.mdx': page('<Chart />\n\n<Old />') }));
  assert.equal(only(used, 'snippets/not-found').length, 2);
  assert.deepEqual(only(used, 'snippets/unused-import'), []);
});

test('an attribute value over two lines is read as the MDX parser reads it, and its URL as a browser does', async () => {
  const body = '<img\n  src="/images/shot-07\n    .png"\n  alt="Shot"\n/>\n\n<img src="/images/gone\n  .png" alt="Gone" />\n';
  const found = await checkSite(site(home, [], {}, { 'index.mdx': `---\ntitle: Home\n---\n\n${body}`, 'images/shot-07.png': '' }));
  assert.deepEqual(
    only(found, 'links/file-not-found').map((f) => f.message.match(/"([^"]+)"/)?.[1]),
    ['/images/gone\n.png'],
  );
});

test('66.5: a spec at a URL that lists operations leaves its pages unverified, not every missing path of the site', async () => {
  const navigation = {
    groups: [
      { group: 'Guides', pages: ['index'] },
      { group: 'API', openapi: 'https://api.example.com/openapi.json', pages: ['GET /users', 'POST /users'] },
    ],
  };
  const found = await checkSite(
    site(
      navigation,
      [],
      { redirects: [{ source: '/old', destination: '/nowhere-at-all' }] },
      {
        'index.mdx': '---\ntitle: Home\n---\n\n[a](/guides/gone) [b](/api-reference/users/list-users)\n',
      },
    ),
  );
  assert.deepEqual(
    only(found, 'links/page-not-found').map((f) => f.text),
    ['/guides/gone'],
  );
  assert.equal(only(found, 'redirects/destination-not-found').length, 1);
  assert.match(only(found, 'openapi/not-checked')[0].message, /nor links to the pages it generates \(under api-reference\//);
});

test('66.10: a redirect or link to a folder of pages without an index page is accepted, as the platform’s link checker accepts it (a folder is one of its alias nodes); so is a page’s .md address', async () => {
  const found = await checkSite(
    site(
      { groups: [{ group: 'A', pages: ['index', 'guides/a'] }] },
      [],
      { redirects: [{ source: '/old', destination: '/guides' }] },
      {
        'index.mdx': '---\ntitle: Home\n---\n\n[folder](/guides) [markdown](/guides/a.md)\n',
        'guides/a.mdx': '---\ntitle: A\n---\n\nHi\n',
      },
    ),
  );
  assert.deepEqual(
    found.filter((f) => f.severity === 1).map((f) => f.code),
    [],
  );
});

test('a link whose destination starts on the line after its `(`, or whose `)` stands on the next line, is read and checked', async () => {
  const body = ['See [the settings](', '/settings#buckets) and [more](/broken', ') and [a quote](', '', '/not-a-link).', ''].join('\n');
  const found = await checkSite(
    site(home, [], {}, { 'index.mdx': `---\ntitle: Home\n---\n\n${body}`, 'settings.mdx': '---\ntitle: S\n---\n' }),
  );
  assert.deepEqual(
    found.filter((f) => f.code.startsWith('links/')).map((f) => `${f.code} ${f.text}`),
    ['links/page-not-found /broken', 'links/anchor-not-found #buckets'],
  );
});

test('66.4: the default import of a file with only named exports is an error where the page uses it, a warning where it never does', async () => {
  const badge = 'export const SupportedBadge = () => <span>Supported</span>;\n';
  const page = (use: string) => `---\ntitle: Home\n---\nimport Badge from '/snippets/badge.jsx';\n\n${use}\n`;
  const used = await checkSite(site(home, [], {}, { 'index.mdx': page('<Badge />'), 'snippets/badge.jsx': badge }));
  assert.deepEqual(
    used.filter((f) => f.code.startsWith('snippets/')).map((f) => f.code),
    ['snippets/not-found'],
  );
  const unused = await checkSite(site(home, [], {}, { 'index.mdx': page('No badge here.'), 'snippets/badge.jsx': badge }));
  const found = unused.filter((f) => f.code.startsWith('snippets/'));
  assert.deepEqual(
    found.map((f) => f.code),
    ['snippets/unused-import'],
  );
  assert.match(found[0].message, /never uses/);
});
