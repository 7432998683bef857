import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';

/**
 * False findings on sites the platform accepts (issue 38), each on a small site of its own, rebuilt
 * from the reproductions: every one of these was reported, and must not be.
 */
const home = { groups: [{ group: 'A', pages: ['index'] }] };
const withIndex = (body: string, more: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  site(home, [], extra, { 'index.mdx': `---\ntitle: Home\n---\n\n${body}`, ...more });

test('item 1: ids on HTML elements are anchors, flow or inline, nested or not, entity-encoded too', async () => {
  const found = await checkSite(
    withIndex(
      [
        '[a](#plain-h3) [b](#plain-section) [c](#list-target) [d](#deep) [e](#under_score) [f](#missing-one)',
        '',
        '<h3 id="plain-h3">A raw heading</h3>',
        '',
        '<section id="plain-section">content</section>',
        '',
        '* <a id="list-target"></a>**Term**: definition',
        '',
        '<div class="wrap"><em>x</em><p id="deep">y</p></div>',
        '',
        '<span id="under&#x5F;score">z</span>',
        '',
      ].join('\n'),
    ),
  );
  assert.deepEqual(
    only(found, 'links/anchor-not-found').map((f) => f.text),
    ['#missing-one'],
  );
});

test('item 8: an element with an id inside a heading, or a raw heading followed at once by text, is an anchor', async () => {
  const found = await checkSite(
    withIndex(
      [
        '## Results <a href="#our-results" id="our-results"></a>',
        '',
        '<h2 id="families">Families</h2>',
        '<p>Right after, no blank line.</p>',
        '',
        'Go to [results](#our-results), [families](#families) or [the heading](#results).',
        '',
      ].join('\n'),
    ),
  );
  assert.deepEqual(only(found, 'links/anchor-not-found'), []);
});

test('item 2: a spec whose `openapi` key comes long after its first 4,000 characters is a spec', async () => {
  const spec = JSON.stringify(
    {
      components: { schemas: { Big: { description: 'x'.repeat(60_000) } } },
      info: { title: 'Sorted keys', version: '1' },
      openapi: '3.0.3',
      paths: { '/pets': { get: { summary: 'List pets' } } },
    },
    null,
    2,
  );
  const found = await checkSite(
    site(home, [], {}, { 'index.mdx': '---\ntitle: Pets\nopenapi: "sorted.json GET /pets"\n---\n', 'sorted.json': spec }),
  );
  assert.deepEqual(
    found.filter((f) => /^frontmatter\/(?:spec|operation)-not-found$/.test(f.code)),
    [],
  );
});

test('item 5: a link through a redirect to `/` reaches the home page, with or without a root index page', async () => {
  const redirects = [{ source: '/retired', destination: '/' }];
  const withRoot = await checkSite(withIndex('[old](/retired) [home](/)\n', {}, { redirects }));
  assert.deepEqual(only(withRoot, 'links/page-not-found'), []);
  const firstPageHome = await checkSite(
    site(
      { groups: [{ group: 'A', pages: ['start'] }] },
      [],
      { redirects },
      { 'start.mdx': '---\ntitle: Start\n---\n\n[old](/retired) [home](/)\n' },
    ),
  );
  assert.deepEqual(only(firstPageHome, 'links/page-not-found'), []);
});

test('item 6: a footnote definition that starts with a link is a footnote, and its link is checked as a link', async () => {
  const found = await checkSite(
    withIndex('See the note.[^a]\n\n[^a]: [org/repo#1](https://github.com/org/repo/issues/1). Also [gone](/gone).\n'),
  );
  assert.deepEqual(
    only(found, 'links/page-not-found').map((f) => f.text),
    ['/gone'],
  );
});

test('item 10: a reference definition no link uses is not checked; one that is used, is', async () => {
  const found = await checkSite(
    withIndex(
      [
        'A [used one][used], a [collapsed][] one and a [shortcut] one.',
        '',
        '[used]: /missing-used',
        '[collapsed]: /missing-collapsed',
        '[shortcut]: /missing-shortcut',
        '[unused-def]: /does-not-exist',
        '[Also Unused]: /nowhere/either',
        '',
      ].join('\n'),
    ),
  );
  assert.deepEqual(
    only(found, 'links/page-not-found')
      .map((f) => f.text)
      .sort(),
    ['/missing-collapsed', '/missing-shortcut', '/missing-used'],
  );
});

test('item 24: a relative `api` without api.mdx.server and a malformed `openapi` are warnings: the pages build', async () => {
  const found = await checkSite(
    site(
      home,
      [],
      {},
      {
        'index.mdx': '---\ntitle: Send\napi: POST /v1/messages\n---\n',
        'other.mdx': '---\ntitle: Other\nopenapi: "not an operation"\n---\n',
      },
    ),
  );
  assert.equal(only(found, 'frontmatter/api-server-missing')[0]?.severity, 2);
  assert.equal(only(found, 'frontmatter/openapi-format')[0]?.severity, 2);
});

test('item 14: a page in two tabs is cross-listed (an info); twice in one group, or in a group and its subgroup, a warning', async () => {
  const navigation = {
    tabs: [
      {
        tab: 'Guides',
        groups: [{ group: 'G', pages: ['index', 'shared', 'twice', 'twice', { group: 'Sub', pages: ['nested'] }, 'nested'] }],
      },
      { tab: 'API', groups: [{ group: 'A', pages: ['shared'] }] },
    ],
  };
  const found = await checkSite(site(navigation, ['index', 'shared', 'twice', 'nested']));
  assert.deepEqual(
    only(found, 'nav/duplicate-page').map((f) => f.text),
    ['"twice"', '"nested"'],
  );
  const [cross] = only(found, 'nav/cross-listed-page');
  assert.equal(cross.severity, 3);
  assert.match(cross.message, /also listed under tab "Guides"; here it is under tab "API"/);
});

test('item 15: importing React hooks from react is harmless: they are in scope in every page', async () => {
  const found = await checkSite(
    withIndex(
      "import { useState, useEffect } from 'react';\n\nexport const Counter = () => { const [n] = useState(0); return <p>{n}</p>; };\n\n<Counter />\n",
    ),
  );
  assert.deepEqual(only(found, 'snippets/not-found'), []);
  const other = await checkSite(withIndex("import { Callout } from 'nextra/components';\n\n<Callout>Text.</Callout>\n"));
  assert.equal(only(other, 'snippets/not-found').length, 1, 'any other package is still dropped, and reported');
  // Unused, the dropped import changes nothing a reader sees: a warning (issue 66, item 4).
  const unused = await checkSite(withIndex("import { Callout } from 'nextra/components';\n\nText.\n"));
  assert.equal(only(unused, 'snippets/unused-import').length, 1);
});

test('item 16: an Express-style :param in api is reported once, on the api value, with the fix to {param}', async () => {
  const page = [
    '---',
    'title: Delete field',
    'api: DELETE https://api.example.com/v2/fields/:fieldId/options/:optionId',
    '---',
    '',
    '<ParamField path="fieldId" type="string" required>The field.</ParamField>',
    '<ParamField path="optionId" type="string" required>The option.</ParamField>',
    '',
  ].join('\n');
  const found = await checkSite(site(home, [], {}, { 'index.mdx': page }));
  assert.deepEqual(only(found, 'fields/unknown-path-param'), []);
  const [colon] = only(found, 'frontmatter/api-colon-param');
  assert.equal(colon.severity, 2);
  assert.equal(colon.text, 'DELETE https://api.example.com/v2/fields/:fieldId/options/:optionId');
  assert.equal(colon.diagnostic.data.replace, 'DELETE https://api.example.com/v2/fields/{fieldId}/options/{optionId}');
});

test('item 20: a protocol-relative link to a host without a dot is a broken internal link; a real host is not checked', async () => {
  const found = await checkSite(withIndex('[a](//docs/how_to/inputs/) [b](//cdn.example.com/x.js) [c](//localhost:3000/y)\n'));
  const [link] = only(found, 'links/page-not-found');
  assert.equal(link.text, '//docs/how_to/inputs/');
  assert.match(link.message, /host named "docs".*write "\/docs\/how_to\/inputs\/"/);
  assert.equal(only(found, 'links/page-not-found').length, 1);
});

test('item 13: an anchor into a page generated from an OpenAPI operation is said to be unchecked, not missing', async () => {
  const found = await checkSite(
    withIndex('See [the id](/api/get-user#param-user-id) and [a heading](/api/get-user#overview).\n', {
      'api/get-user.mdx': '---\ntitle: Get user\nopenapi: "GET /users/{id}"\n---\n\n## Overview\n',
    }),
  );
  assert.deepEqual(only(found, 'links/anchor-not-found'), []);
  const [unchecked] = only(found, 'links/anchor-unchecked');
  assert.equal(unchecked.severity, 3);
  assert.match(unchecked.message, /"#param-user-id" points into api\/get-user\.mdx.*"GET \/users\/\{id\}"/);
  assert.equal(only(found, 'links/anchor-unchecked').length, 1, 'the page’s own heading is an anchor as usual');
});

test('item 13: a page generated from an OpenAPI schema (openapi-schema) is the same: its field anchors come from the spec', async () => {
  const found = await checkSite(
    withIndex('See [representations](/reference/file#param-representations).\n', {
      'reference/file.mdx': '---\ntitle: File\nopenapi-schema: "/openapi.json File"\n---\n',
    }),
  );
  assert.deepEqual(only(found, 'links/anchor-not-found'), []);
  const [unchecked] = only(found, 'links/anchor-unchecked');
  assert.match(unchecked.message, /renders from the OpenAPI schema "\/openapi\.json File"/);
});

test('an anchor into a page that stands for another site (front matter url) cannot be checked: an info, not a warning', async () => {
  const found = await checkSite(
    withIndex('See [limits](/pricing#all-plans-and-limits) and [own](/pricing#pricing-notes).\n', {
      'pricing.mdx': '---\ntitle: Pricing\nurl: https://example.com/pricing\n---\n## Pricing notes\n',
    }),
  );
  assert.deepEqual(only(found, 'links/anchor-not-found'), []);
  const unchecked = only(found, 'links/anchor-unchecked');
  assert.deepEqual(
    unchecked.map((f) => [f.severity, f.text]),
    [[3, '#all-plans-and-limits']],
  );
  assert.match(
    unchecked[0].message,
    /points into pricing\.mdx, which stands for another page: its sidebar entry opens https:\/\/example\.com\/pricing \(its front matter `url`\)/,
  );
});

test('a missing page with a notebook of the same path says a build step may make it, and offers no fix', async () => {
  const files = withIndex('See [the tour](/tour) and [setup](/setpu).\n', { 'tour.ipynb': '{}', 'setup.mdx': '---\ntitle: S\n---\n' });
  const config = JSON.parse(files['docs.json']);
  config.navigation.groups[0].pages.push('tour');
  const found = await checkSite({ ...files, 'docs.json': JSON.stringify(config) });
  const entry = only(found, 'nav/page-not-found');
  assert.equal(entry.length, 1);
  assert.match(
    entry[0].message,
    /Page "tour" does not exist .*\. tour\.ipynb is: if the site's build makes pages from notebooks before it deploys, this page is made then/,
  );
  assert.equal(entry[0].diagnostic.data, undefined);
  const links = only(found, 'links/page-not-found');
  assert.deepEqual(
    links.map((f) => f.text),
    ['/tour', '/setpu'],
  );
  assert.match(links[0].message, /tour\.ipynb is: if the site's build/);
  assert.equal(links[0].diagnostic.data, undefined);
  assert.match(links[1].message, /Did you mean "\/setup"\?/, 'without a notebook, the did-you-mean as before');
});

test('the same unknown component many times in a file is one finding; two uses stay two', async () => {
  const found = await checkSite(
    withIndex('- <RuleLink id="a" />\n- <RuleLink id="b" />\n- <RuleLink id="c" />\n\n<Cardz title="x" />\n\n<Cardz title="y" />\n'),
  );
  const unknown = only(found, 'mdx/unknown-component');
  assert.equal(unknown.length, 3, unknown.map((f) => f.message).join('\n'));
  assert.match(unknown[0].message, /^<RuleLink> .*\(3 times in this file, on lines \d+, \d+, \d+\.\)$/);
  assert.equal(unknown[0].diagnostic.relatedInformation?.length, 2);
  assert.deepEqual(
    unknown.slice(1).map((f) => f.text),
    ['Cardz', 'Cardz'],
  );
});

test('item 23: the same missing target many times in a file is one finding with a count and the other places', async () => {
  const body =
    [...Array(6)].map(() => '<svg><use href="assets/icons.svg#icon-anchor"/></svg>').join('\n\n') + '\n\n[a](/gone) [b](/gone)\n';
  const found = await checkSite(withIndex(body));
  const [sprite, ...more] = only(found, 'links/file-not-found');
  assert.deepEqual(more, []);
  assert.match(sprite.message, /\(6 times in this file, on lines 5, 7, 9, 11, 13 and 1 more\.\)$/);
  assert.equal(sprite.diagnostic.relatedInformation?.length, 5);
  assert.equal(sprite.diagnostic.data.occurrences, 6);
  assert.equal(only(found, 'links/page-not-found').length, 2, 'twice is not grouped');
});

test('item 9: deliberate custom front matter keys are not reported as misspellings; a real slip is', async () => {
  const page = (front: string) => `---\ntitle: T\n${front}\n---\n\nText.\n`;
  const found = await checkSite(
    site(
      home,
      [],
      {},
      {
        'index.mdx': page('is_index: true'),
        'a.mdx': page('tags: Tutorial'),
        'b.mdx': page('id: 12\ntype: guide\ncategory_id: 3\nicn: rocket'),
        'c.mdx': page('icn: rocket'),
        // Keys the platform reads that Docsmith did not know, and custom keys near them.
        'd.mdx': page('hideFooterPagination: true\ncanonical: https://example.com/d\nsearchable: false'),
        'e.mdx': page('hideFooterPagnation: true'),
        'f.mdx': page('section: upgrades'),
        'g.mdx': page('author: Ana'),
        'h.mdx': page('release: 2.0'),
        'i.mdx': page('publish: true'),
      },
    ),
  );
  assert.deepEqual(
    only(found, 'frontmatter/unknown-key').map((f) => `${f.file} ${f.text}`),
    ['c.mdx icn', 'e.mdx hideFooterPagnation'],
  );
});

test('item 17: a link that differs from a page in letter case only says so, with the fix', async () => {
  const found = await checkSite(
    withIndex('[a](/api/reportdatatype) [b](/API/Report-Data)\n', { 'api/reportDataType/index.mdx': '# R', 'api/report-data.mdx': '# D' }),
  );
  const messages = only(found, 'links/page-not-found').map((f) => [f.text, f.message, f.diagnostic.data.replaceLabel]);
  assert.deepEqual(
    messages.map(([text, , fix]) => [text, fix]),
    [
      ['/api/reportdatatype', '/api/reportDataType'],
      ['/API/Report-Data', '/api/report-data'],
    ],
  );
  assert.match(messages[0][1], /differs from the page "\/api\/reportDataType" in letter case only/);
});

test('item 19: a navigation spec whose node lists operations makes pages of those only; listing none, of all', async () => {
  const spec = JSON.stringify({ openapi: '3.0.0', info: { title: 'S', version: '1' }, paths: { '/a': { get: {} }, '/b': { get: {} } } });
  const body = '[a](/api/get-a) [b](/api/get-b) [c](/all/get-a) [d](/all/get-b)\n';
  const navigation = {
    groups: [
      { group: 'A', pages: ['index'] },
      { group: 'API', openapi: { source: 'spec.json', directory: 'api' }, pages: ['GET /a'] },
      { group: 'All', openapi: { source: 'spec.json', directory: 'all' } },
    ],
  };
  const found = await checkSite(site(navigation, [], {}, { 'index.mdx': `---\ntitle: Home\n---\n\n${body}`, 'spec.json': spec }));
  assert.deepEqual(
    only(found, 'links/page-not-found').map((f) => f.text),
    ['/api/get-b'],
  );
});

test('item 18: a spec at a URL named by api.openapi (not by navigation) does not switch off link checks under api-reference/', async () => {
  const found = await checkSite(
    withIndex('[x](/api-reference/nothing-here)\n', {}, { api: { openapi: 'https://example.com/openapi.json' } }),
  );
  assert.deepEqual(
    only(found, 'links/page-not-found').map((f) => f.text),
    ['/api-reference/nothing-here'],
  );
  const navigated = await checkSite(
    site(
      {
        groups: [
          { group: 'A', pages: ['index'] },
          { group: 'API', openapi: 'https://example.com/openapi.json' },
        ],
      },
      [],
      {},
      {
        'index.mdx': '---\ntitle: Home\n---\n\n[x](/api-reference/nothing-here)\n',
      },
    ),
  );
  assert.deepEqual(only(navigated, 'links/page-not-found'), [], 'a spec navigation names may generate it');
});

test('item 12: a Tab whose title is not ASCII is reached by its title as written, as a browser encodes it', async () => {
  const found = await checkSite(
    withIndex(
      '<Tabs>\n<Tab title="🧑‍💻 OAuth app setup">\nText.\n</Tab>\n<Tab title="Über uns">\nMore.\n</Tab>\n</Tabs>\n\n[a](#🧑‍💻-oauth-app-setup) [b](#%F0%9F%A7%91%E2%80%8D%F0%9F%92%BB-oauth-app-setup) [c](#über-uns) [d](#nope)\n',
    ),
  );
  assert.deepEqual(
    only(found, 'links/anchor-not-found').map((f) => f.text),
    ['#nope'],
  );
});

test('paths the platform serves for every site are reached: files for AI tools, the MCP server, skills, a page feed', async () => {
  const served = [
    '/llms.txt',
    '/llms-full.txt',
    '/sitemap.xml',
    '/robots.txt',
    '/skill.md',
    '/mcp',
    '/authed/mcp',
    '/authed/mcp/oauth/token',
    '/.well-known/llms.txt',
    '/.well-known/mcp',
    '/.well-known/mcp/server-card.json',
    '/.well-known/agent-card.json',
    '/.well-known/api-catalog',
    '/.well-known/skills/index.json',
    '/.well-known/agent-skills/my-product/SKILL.md',
    '/changelog/rss.xml',
  ];
  // A feed is served for a page only; other paths under .well-known are the site's files to have.
  const broken = ['/guides/rss.xml', '/rss.xml', '/.well-known/other.json', '/mcp/tools'];
  const links = [...served, ...broken].map((url, i) => `[${i}](${url})`).join(' ');
  const found = await checkSite(
    site(
      { groups: [{ group: 'A', pages: ['index', 'changelog'] }] },
      [],
      {},
      {
        'index.mdx': `---\ntitle: Home\n---\n\n${links}\n`,
        'changelog.mdx': '---\ntitle: Changelog\n---\n\n<Update label="2026-11-01">Shipped.</Update>\n',
      },
    ),
  );
  assert.deepEqual(
    found.filter((f) => f.code.startsWith('links/')).map((f) => f.text),
    broken,
  );
});

test('an AsyncAPI spec in navigation makes a page of each channel under its folder: links there are not reported', async () => {
  const links = '[a](/api-reference/websockets/chat) [b](/realtime/events/user-joined) [c](/elsewhere/nothing) [d](/api-reference-not/x)\n';
  const found = await checkSite(
    site(
      {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'A', pages: ['index'] }] },
          { tab: 'Chat', asyncapi: '/chat-asyncapi.yaml' },
          { tab: 'Events', groups: [{ group: 'Events', asyncapi: { source: '/events.yaml', directory: 'realtime' } }] },
        ],
      },
      [],
      {},
      { 'index.mdx': `---\ntitle: Home\n---\n\n${links}` },
    ),
  );
  assert.deepEqual(
    only(found, 'links/page-not-found').map((f) => f.text),
    ['/elsewhere/nothing', '/api-reference-not/x'],
  );
  // Without an AsyncAPI spec, a link under api-reference/ names no page.
  const without = await checkSite(withIndex(links));
  assert.equal(only(without, 'links/page-not-found').length, 4);
});

test('a redirect to a page that a source Docsmith does not read may generate is not reported; elsewhere it is', async () => {
  const redirects = [
    { source: '/old-graphql', destination: '/graphql-reference/queries/hello' },
    { source: '/old-api', destination: '/api-reference/users/list' },
    { source: '/old-page', destination: '/nowhere' },
  ];
  const found = await checkSite(
    site(
      {
        tabs: [
          { tab: 'Guides', groups: [{ group: 'A', pages: ['index'] }] },
          { tab: 'GraphQL', graphql: 'schema.graphql' },
          { tab: 'API', openapi: 'https://example.com/openapi.json' },
        ],
      },
      [],
      { redirects },
      { 'index.mdx': '---\ntitle: Home\n---\n\nHi.\n' },
    ),
  );
  assert.deepEqual(
    only(found, 'redirects/destination-not-found').map((f) => f.text),
    ['"/nowhere"'],
  );
  const without = await checkSite(withIndex('Hi.\n', {}, { redirects }));
  assert.equal(only(without, 'redirects/destination-not-found').length, 3);
});

test("docs.json's variables: pages and snippets are read with them, links, anchors and MDX as the platform reads them", async () => {
  const variables = { product: 'Acme Cloud', 'product-name': 'Acme', base: '/guides', version: '2.1' };
  const files = (extra: Record<string, unknown>) =>
    site({ groups: [{ group: 'A', pages: ['index', 'guides/setup'] }] }, [], extra, {
      'index.mdx': [
        '---',
        'title: Home',
        '---',
        '',
        'Welcome to {{product-name}} {{ version }}.',
        '',
        'See [setup]({{base}}/setup#install-acme-cloud), <Card href="{{base}}/setup" title="Setup">x</Card>.',
        '',
        '<Shared />',
        '',
        'import Shared from "/snippets/shared.mdx";',
        '',
      ].join('\n'),
      'guides/setup.mdx':
        '---\ntitle: Setup\n---\n\n## Install {{product}}\n\nText [broken]({{base}}/nope), [and]({{base}}/setup#install).\n',
      'snippets/shared.mdx': 'Also {{product-name}}: [setup]({{base}}/setup).\n',
    });
  const found = await checkSite(files({ variables }));
  // Only the two real problems, each at the link as written; the anchor is the value's heading's.
  assert.deepEqual(
    found.filter((f) => f.severity <= 2).map((f) => [f.file, f.code, f.text]),
    [
      ['guides/setup.mdx', 'links/page-not-found', '{{base}}/nope'],
      ['guides/setup.mdx', 'links/anchor-not-found', '#install'],
    ],
  );
  // The message shows the link as written and as read; no fix writes a path over the variable.
  const [missing] = only(found, 'links/page-not-found');
  assert.match(missing.message, /^Link "\{\{base\}\}\/nope" \(read as "\/guides\/nope"\) names no page/);
  assert.equal((missing.diagnostic.data as { replace?: string }).replace, undefined);
  // Without the variables the same site has the false findings the platform would not have.
  const without = await checkSite(files({}));
  assert.ok(
    only(without, 'mdx/syntax').length === 2 && only(without, 'links/page-not-found').length === 5,
    `${without.map((f) => f.code)}`,
  );
});
