import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site, type Found } from '../helpers/check';

/** A site whose navigation lists every page given, with the bodies given (front matter added). */
function pages(
  bodies: Record<string, string>,
  extra: Record<string, unknown> = {},
  more: Record<string, string> = {},
  groups: object[] = [],
) {
  const ids = Object.keys(bodies).filter((file) => /\.mdx?$/.test(file) && !file.startsWith('snippets/'));
  const files = site({ groups: [{ group: 'Docs', pages: ids.map((file) => file.replace(/\.mdx?$/, '')) }, ...groups] }, [], extra, more);
  for (const [file, body] of Object.entries(bodies))
    files[file] = file.startsWith('snippets/') ? body : `---\ntitle: ${file}\n---\n${body}`;
  return files;
}

const LINK_CODES = /^(?:links|snippets|redirects)\//;
const linkFindings = (found: Found[]) => found.filter((f) => LINK_CODES.test(f.code)).map((f) => `${f.file}:${f.line} ${f.code} ${f.text}`);

test('links to pages as the platform serves them pass: .mdx, .md, folder index, root, generated API pages, files', async () => {
  const openapi = JSON.stringify({
    openapi: '3.0.0',
    info: { title: 'A', version: '1' },
    paths: { '/users': { get: { summary: 'List users', tags: ['Users'], responses: { 200: { description: 'ok' } } } } },
  });
  const found = await checkSite(
    pages(
      {
        'index.mdx': 'Home',
        'intro.mdx': [
          '[a](/guide) [b](/guide.mdx) [c](/notes) [d](/) [e](/api-reference/users/list-users)',
          '[f](/images/logo.png) ![g](/images/logo.png) [h](/openapi.json) [i](https://example.com/x) [j](mailto:a@b.c)',
          '<Card title="x" href="/guide" /> <a href="/notes#top">n</a> <img src="/images/logo.png" alt="logo" />',
        ].join('\n'),
        'guide/index.mdx': '# Guide',
        'notes.md': '# Top',
      },
      {},
      { 'images/logo.png': '', 'openapi.json': openapi },
      [{ group: 'API', openapi: 'openapi.json' }],
    ),
  );
  assert.deepEqual(linkFindings(found), []);
});

test('a link to a page that does not exist is an error on the URL, with did-you-mean and the fixes in data', async () => {
  const found = await checkSite(pages({ 'intro.mdx': 'See [setup](/guides/setpu#install).', 'guides/setup.mdx': '## Install' }));
  const [missing] = only(found, 'links/page-not-found');
  assert.equal(missing.severity, 1);
  assert.equal(missing.text, '/guides/setpu#install');
  assert.match(missing.message, /Did you mean "\/guides\/setup"\?/);
  assert.deepEqual(missing.diagnostic.data, {
    createPage: 'guides/setpu.mdx',
    replace: '/guides/setup#install',
    replaceLabel: '/guides/setup',
    fixAll: true,
  });
});

test('a missing page with an #anchor: the did-you-mean page must have the anchor, else the fix names its closest one or its top', async () => {
  const found = await checkSite(
    pages({
      'intro.mdx': 'See [a](/guides/setpu#install), [b](/guides/setpu#instal), [c](/guides/setpu#pricing).',
      'guides/setup.mdx': '## Install\n\n## Installation',
    }),
  );
  const missing = only(found, 'links/page-not-found').sort(
    (a, b) => a.diagnostic.range.start.character - b.diagnostic.range.start.character,
  );
  assert.deepEqual(
    missing.map((f) => [f.message.replace(/^.* from it\./, ''), f.diagnostic.data]),
    [
      [
        ' Did you mean "/guides/setup"?',
        { createPage: 'guides/setpu.mdx', replace: '/guides/setup#install', replaceLabel: '/guides/setup', fixAll: true },
      ],
      [
        ' Did you mean "/guides/setup#install"?',
        { createPage: 'guides/setpu.mdx', replace: '/guides/setup#install', replaceLabel: '/guides/setup#install', fixAll: true },
      ],
      [
        ' Did you mean "/guides/setup"? It has no "#pricing": the fix links to its top.',
        { createPage: 'guides/setpu.mdx', replace: '/guides/setup', replaceLabel: '/guides/setup' },
      ],
    ],
  );
});

test('links inside code blocks, inline code and comments are never checked', async () => {
  const body = ['```md', '[x](/nowhere)', '```', '', 'Inline `[y](/nowhere)` here.', '', '{/* [z](/nowhere) */}'].join('\n');
  const found = await checkSite(pages({ 'intro.mdx': body }));
  assert.deepEqual(linkFindings(found), []);
});

test('relative links: ./ and ../ from the file folder (never above the root), bare links from the page URL', async () => {
  const found = await checkSite(
    pages({
      'guides/a.mdx': '[1](./b) [2](../top) [3](b) [4](./missing) [5](../../../top)',
      'guides/b.mdx': '',
      'top.mdx': '',
    }),
  );
  assert.deepEqual(linkFindings(found), ['guides/a.mdx:3 links/page-not-found ./missing']);
});

test('reference-style links are resolved through their definitions', async () => {
  const found = await checkSite(pages({ 'intro.mdx': 'See [the guide][g] and [other][o].\n\n[g]: /guide\n[o]: /gone\n', 'guide.mdx': '' }));
  assert.deepEqual(
    only(found, 'links/page-not-found').map((f) => f.text),
    ['/gone'],
  );
});

test('a link through a redirect passes when the redirect lands on a page (wildcards too), fails when it does not', async () => {
  const found = await checkSite(
    pages(
      { 'intro.mdx': '[a](/old) [b](/legacy/setup) [c](/broken)', 'new.mdx': '', 'docs/setup.mdx': '' },
      {
        redirects: [
          { source: '/old', destination: '/new' },
          { source: '/legacy/:slug*', destination: '/docs/:slug*' },
          { source: '/broken', destination: '/nowhere' },
        ],
      },
    ),
  );
  const links = only(found, 'links/page-not-found');
  assert.deepEqual(
    links.map((f) => f.text),
    ['/broken'],
  );
  assert.match(links[0].message, /redirected to "\/nowhere".*not a page either/);
  assert.deepEqual(
    only(found, 'redirects/destination-not-found').map((f) => f.text),
    ['"/nowhere"'],
  );
});

test('anchors: heading slugs, repeated headings, custom ids, component ids and fields; did-you-mean', async () => {
  const target = [
    '## Getting started',
    '## Getting started',
    '## Advanced {#custom-id}',
    '<Accordion title="Rate limits">\n  x\n</Accordion>',
    '<ParamField path="userId" type="string">\n  id\n</ParamField>',
  ].join('\n\n');
  const links =
    '[a](/target#getting-started) [b](/target#getting-started-2) [c](/target#custom-id) [d](/target#rate-limits) [e](/target#param-user-id)';
  const found = await checkSite(pages({ 'target.mdx': target, 'intro.mdx': `${links}\n\n[bad](/target#geting-started)` }));
  const anchors = only(found, 'links/anchor-not-found');
  assert.deepEqual(
    anchors.map((f) => f.text),
    ['#geting-started'],
  );
  assert.equal(anchors[0].severity, 2);
  assert.match(anchors[0].message, /Did you mean "#getting-started"\?/);
  assert.deepEqual(anchors[0].diagnostic.data, { replace: '#getting-started', replaceLabel: '#getting-started' });
});

test('same-page anchors are checked against the page itself', async () => {
  const found = await checkSite(pages({ 'intro.mdx': '## Setup\n\n[ok](#setup) [bad](#set-up)' }));
  assert.deepEqual(
    only(found, 'links/anchor-not-found').map((f) => f.text),
    ['#set-up'],
  );
});

test('images and files: exact case, in the docs root', async () => {
  const found = await checkSite(
    pages(
      { 'intro.mdx': '![Flow](/images/Flow.png)\n\n<img src="/images/none.png" alt="x" />\n\n[pdf](/files/guide.pdf)' },
      {},
      { 'images/flow.png': '' },
    ),
  );
  const files = only(found, 'links/file-not-found');
  assert.deepEqual(
    files.map((f) => f.text),
    ['/images/Flow.png', '/images/none.png', '/files/guide.pdf'],
  );
  assert.match(files[0].message, /images\/flow\.png exists, with other letter case/);
  assert.deepEqual(files[0].diagnostic.data, { replace: '/images/flow.png', replaceLabel: '/images/flow.png' });
});

test('a link to a page excluded from publishing says why', async () => {
  const found = await checkSite(pages({ 'intro.mdx': '[x](/drafts/wip)', 'drafts/wip.mdx': '' }, {}, { '.mintignore': 'drafts/\n' }));
  const [missing] = only(found, 'links/page-not-found');
  assert.match(missing.message, /mintignore/);
});

test('snippets: missing file, missing named export, and a valid import', async () => {
  const found = await checkSite(
    pages({
      'intro.mdx': [
        "import Note from '/snippets/note.mdx';",
        "import { Plans } from '/snippets/pricing.mdx';",
        "import Gone from '/snippets/gone.mdx';",
        '',
        '<Note />',
      ].join('\n'),
      'snippets/note.mdx': 'A note.',
      'snippets/pricing.mdx': 'export const Prices = () => null;',
    }),
  );
  const snippets = only(found, 'snippets/not-found');
  assert.equal(snippets.length, 2, snippets.map((f) => f.message).join('\n'));
  assert.ok(snippets.some((f) => /gone\.mdx/.test(f.message)));
  assert.ok(snippets.some((f) => /Plans/.test(f.message) && /Prices/.test(f.message)));
});

test('a snippet is checked where it is shown: relative links and #anchors in each page that shows it, once on its line', async () => {
  const found = await checkSite(
    pages({
      'intro.mdx': "import S from '/snippets/s.mdx';\n\n## Here\n\n<S />",
      'guides/deep.mdx': "import S from '/snippets/s.mdx';\n\n<S />",
      'guides/relative.mdx': '# R',
      'snippets/s.mdx': '## Own\n\n[a](./relative) [b](#here) [c](#own) [d](/missing) [e](guides/relative)',
    }),
  );
  const lines = found
    .filter((f) => f.file === 'snippets/s.mdx' && /^links\//.test(f.code))
    .map((f) => `${f.code} ${f.text} | ${f.message}`);
  assert.equal(lines.length, 4, lines.join('\n'));
  // ./relative: from intro.mdx it is /relative (nothing), from guides/deep.mdx /guides/relative (a page).
  assert.match(lines[0], /^links\/page-not-found \.\/relative \| .*from 1 of the 2 pages that show this snippet \(intro\.mdx\)/);
  // #here is a heading of intro.mdx only; #own, the snippet's own heading, is an anchor of both.
  assert.match(lines[1], /^links\/anchor-not-found #here \| .*1 of the 2 pages that show this snippet \(guides\/deep\.mdx\)/);
  assert.match(lines[2], /^links\/page-not-found \/missing/);
  // A bare link is resolved from each page's URL: from /intro it is /guides/relative, from /guides/deep /guides/guides/relative.
  assert.match(lines[3], /^links\/page-not-found guides\/relative \| .*\(guides\/deep\.mdx\)/);
});

test('a snippet no page imports is one info, and its links are not checked; a page shows its snippets’ headings as anchors', async () => {
  const found = await checkSite(
    pages({
      'intro.mdx': "import Steps from '/snippets/steps.mdx';\n\n<Steps />\n\n[go](#hello-world)",
      'other.mdx': '[there](/intro#hello-world) [nope](/intro#nothing)',
      'snippets/steps.mdx': '## Hello world',
      'snippets/orphan.mdx': '[x](/missing) [y](./nope)',
    }),
  );
  assert.deepEqual(
    found.filter((f) => f.file.startsWith('snippets/')).map((f) => `${f.file} ${f.code}`),
    ['snippets/orphan.mdx snippets/unused'],
  );
  assert.deepEqual(linkFindings(found), ['snippets/orphan.mdx:0 snippets/unused ', 'other.mdx:3 links/anchor-not-found #nothing']);
});

test('the did-you-mean of a missing anchor offers the headings a page has through its snippets', async () => {
  const found = await checkSite(
    pages({
      'intro.mdx': "import Steps from '/snippets/steps.mdx';\n\n<Steps />\n\n[go](#hello-wrld)",
      'other.mdx': '[there](/intro#hello-wrld)',
      'snippets/steps.mdx': '## Hello world',
    }),
  );
  const missing = only(found, 'links/anchor-not-found');
  assert.deepEqual(
    missing.map((f) => f.message),
    [
      '"#hello-wrld" is not an anchor of this page. Did you mean "#hello-world"?',
      '"#hello-wrld" is not an anchor of intro.mdx. Did you mean "#hello-world"?',
    ],
  );
});

test('redirect loops and sources with a #anchor are reported', async () => {
  const found = await checkSite(
    pages(
      { 'intro.mdx': '' },
      {
        redirects: [
          { source: '/a', destination: '/b' },
          { source: '/b', destination: '/a' },
          { source: '/c#part', destination: '/intro' },
        ],
      },
    ),
  );
  assert.equal(only(found, 'redirects/loop').length, 2);
  assert.deepEqual(
    only(found, 'redirects/invalid-source').map((f) => f.text),
    ['"/c#part"'],
  );
});

test('link paths: the fast path for plain links reads them as the general path does', async () => {
  const { linkPath } = await import('../../server/src/service/links/linkPath');
  const cases: [string, unknown][] = [
    ['/guides/setup', { path: 'guides/setup', anchor: undefined, samePage: false, form: 'root' }],
    ['/guides/setup/', { path: 'guides/setup', anchor: undefined, samePage: false, form: 'root' }],
    ['/guides/setup#', { path: 'guides/setup', anchor: undefined, samePage: false, form: 'root' }],
    ['/guides/setup#install-2', { path: 'guides/setup', anchor: 'install-2', samePage: false, form: 'root' }],
    ['/images/a.b.png', { path: 'images/a.b.png', anchor: undefined, samePage: false, form: 'root' }],
    // Not plain: decoded, normalised, or resolved by the general path.
    ['/guides/my%20page#r%C3%A9sum%C3%A9', { path: 'guides/my page', anchor: 'résumé', samePage: false, form: 'root' }],
    ['/guides/../faq', { path: 'faq', anchor: undefined, samePage: false, form: 'root' }],
    ['/guides//setup', { path: 'guides/setup', anchor: undefined, samePage: false, form: 'root' }],
    ['/#top', { path: 'intro.mdx', anchor: 'top', samePage: true, form: 'root' }],
  ];
  for (const [url, expected] of cases) assert.deepEqual(linkPath(url, 'intro.mdx'), expected, url);
});

test('a Tab keeps the encoded slug of its title as its id: `#c%2B%2B` reaches the Tab "C++", `#c++` does not (a sure fix)', async () => {
  const tabs = '<Tabs>\n<Tab title="C++">\nx\n</Tab>\n<Tab title="Datasets & Experiments">\ny\n</Tab>\n</Tabs>\n\n';
  const found = await checkSite(
    pages({
      'intro.mdx': `${tabs}[a](#c%2B%2B) [b](#datasets-%26-experiments) [c](/guide#c%2B%2B)\n\n[d](#c++) [e](/guide#c++)`,
      'guide.mdx': tabs,
    }),
  );
  const missing = only(found, 'links/anchor-not-found');
  assert.deepEqual(
    missing.map((f) => [f.line, f.message.replace(/ of (this page|guide\.mdx)/, '')]),
    [
      [14, '"#c++" is not an anchor. Did you mean "#c%2B%2B"?'],
      [14, '"#c++" is not an anchor. Did you mean "#c%2B%2B"?'],
    ],
  );
  assert.ok(missing.every((f) => (f.diagnostic.data as { fixAll?: boolean }).fixAll));
});

test('an anchor in a link read through an escape: found where it is written, and fixed there', async () => {
  const found = await checkSite(pages({ 'my_page.mdx': '## Setup', 'intro.mdx': '## Here\n\n[a](/my\\_page#stup) [b](<#hre>)' }));
  const anchors = only(found, 'links/anchor-not-found');
  assert.deepEqual(
    anchors.map((f) => [f.text, (f.diagnostic.data as { replace?: string } | undefined)?.replace]),
    [
      ['#hre', '#here'],
      ['#stup', '#setup'],
    ],
  );
});
