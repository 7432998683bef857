import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, site, type Found } from '../helpers/check';
import { basePathOf, withoutBasePath, withoutHostedBases } from '../../server/src/service/links/basePath';
import { readRedirect } from '../../server/src/service/links/redirects';

const never = () => false;

/** A site of three pages and an image, served where `canonical` says (no `seo` when undefined). */
function served(canonical: string | undefined, intro: string): Record<string, string> {
  const extra = canonical === undefined ? {} : { seo: { metatags: { canonical } } };
  return {
    ...site({ groups: [{ group: 'Docs', pages: ['intro', 'guides/setup', 'ja/start'] }] }, [], extra, { 'images/a.png': '' }),
    'intro.mdx': `---\ntitle: Intro\n---\n${intro}\n`,
    'guides/setup.mdx': '---\ntitle: Setup\n---\n## Install\n',
    'ja/start.mdx': '---\ntitle: Start\n---\n',
  };
}

const linkFindings = (found: Found[]) => found.filter((f) => f.code.startsWith('links/')).map((f) => `${f.code} ${f.text}`);

test("the base path is the path of docs.json's canonical URL", () => {
  assert.equal(basePathOf({ seo: { metatags: { canonical: 'https://example.com/docs' } } }, [], never), 'docs');
  assert.equal(basePathOf({ seo: { metatags: { canonical: 'https://example.com/docs/' } } }, [], never), 'docs');
  assert.equal(
    basePathOf({ seo: { metatags: { canonical: ' https://example.com/docs/rest-api/reference ' } } }, [], never),
    'docs/rest-api/reference',
  );
  assert.equal(basePathOf({ seo: { metatags: { canonical: 'https://docs.example.com' } } }, [], never), undefined);
  assert.equal(basePathOf({ seo: { metatags: { canonical: 'https://docs.example.com/' } } }, [], never), undefined);
  assert.equal(basePathOf({ seo: { metatags: { canonical: '/docs' } } }, [], never), undefined);
  assert.equal(basePathOf({ seo: { metatags: { canonical: 'mailto:a@b.c' } } }, [], never), undefined);
  assert.equal(basePathOf({ seo: { metatags: { canonical: 42 } } }, [], never), undefined);
  assert.equal(basePathOf({ seo: 'x' }, [], never), undefined);
  assert.equal(basePathOf({}, [], never), undefined);
  const redirects = (...pairs: [string, string][]) => pairs.map(([source, destination]) => readRedirect(source, destination));
  const underDocs = redirects(['/docs/a', '/docs/b'], ['/docs/c', '/docs/d#x'], ['/e', '/docs/f'], ['/g', 'https://example.com/h']);
  assert.equal(basePathOf({}, underDocs, never), 'docs', 'every redirect to the site sends under /docs');
  assert.equal(basePathOf({}, underDocs.slice(0, 2), never), undefined, 'two are too few to tell');
  assert.equal(basePathOf({}, [...underDocs, ...redirects(['/i', '/j'])], never), undefined, 'one sends elsewhere');
  assert.equal(
    basePathOf({}, underDocs, (folder) => folder === 'docs'),
    undefined,
    'the docs root has a docs/ folder',
  );
  assert.equal(
    basePathOf({}, redirects(['/a', '/ja/b'], ['/c', '/ja/d'], ['/e', '/ja/f']), never),
    undefined,
    'no base path the platform hosts under',
  );
  assert.equal(
    basePathOf({ seo: { metatags: { canonical: 'https://example.com/help' } } }, underDocs, never),
    'help',
    'the canonical URL first',
  );
  // Base paths of more than one folder, from the platform's list of managed base paths.
  const underAiDocs = redirects(['/a', '/ai/docs/b'], ['/c', '/ai/docs/d'], ['/e', '/ai/docs/f']);
  assert.equal(basePathOf({}, underAiDocs, never), 'ai/docs');
  const underReference = redirects(
    ['/a', '/docs/rest-api/reference/b'],
    ['/c', '/docs/rest-api/reference/d'],
    ['/e', '/docs/rest-api/reference/f'],
  );
  assert.equal(basePathOf({}, underReference, never), 'docs/rest-api/reference');
  assert.equal(
    basePathOf({}, underReference, (folder) => folder === 'docs/rest-api/reference'),
    'docs',
    'that folder is in the docs root',
  );
  assert.equal(basePathOf({}, [...underReference, ...redirects(['/g', '/docs/h'])], never), 'docs', 'one sends under /docs only');
  assert.deepEqual(withoutHostedBases('docs/rest-api/reference/x'), [
    { base: 'docs/rest-api/reference', rest: 'x' },
    { base: 'docs', rest: 'rest-api/reference/x' },
  ]);
  assert.deepEqual(withoutHostedBases('ai/docs/guide'), [{ base: 'ai/docs', rest: 'guide' }]);
  assert.deepEqual(withoutHostedBases('aid/docs/guide'), []);
  assert.deepEqual(withoutHostedBases('docs'), []);
  assert.equal(withoutBasePath('docs/images/a.png', 'docs'), 'images/a.png');
  assert.equal(withoutBasePath('docs', 'docs'), '');
  assert.equal(withoutBasePath('docsify/a', 'docs'), undefined);
  assert.equal(withoutBasePath('guides/a', 'docs'), undefined);
});

test('on a site served under /docs, links from the root that start with it reach what is under it', async () => {
  const body = [
    '![A](/docs/images/a.png) [setup](/docs/guides/setup#install) [home](/docs) [folder](/docs/guides)',
    '[wrong anchor](/docs/guides/setup#uninstall) [gone](/docs/guides/gone) ![gone](/docs/images/b.png)',
    '[relative](./docs/guides/setup) [as written](/guides/setup#install)',
  ].join('\n');
  const found = await checkSite(served('https://example.com/docs', body));
  assert.deepEqual(linkFindings(found).sort(), [
    'links/anchor-not-found #uninstall',
    'links/file-not-found /docs/images/b.png',
    'links/page-not-found ./docs/guides/setup',
    'links/page-not-found /docs/guides/gone',
  ]);
});

test('without a base path in docs.json, /docs/... names nothing, and the message says what would', async () => {
  const found = await checkSite(
    served(undefined, '![A](/docs/images/a.png#x) [setup](/docs/guides/setup) [ja](/help/ja/start) [other](/ja/guides/setup)'),
  );
  const byText = new Map(found.filter((f) => f.code.startsWith('links/')).map((f) => [f.text, f]));
  const image = byText.get('/docs/images/a.png#x')!;
  assert.equal(image.code, 'links/file-not-found');
  assert.match(
    image.message,
    /\/images\/a\.png is\. The platform drops a leading "\/docs" only on a site served under that base path, and docs\.json's `seo\.metatags\.canonical` names none\. Write "\/images\/a\.png"\./,
  );
  assert.deepEqual(image.diagnostic.data, { replace: '/images/a.png#x', replaceLabel: '/images/a.png' });
  const page = byText.get('/docs/guides/setup')!;
  assert.equal(page.code, 'links/page-not-found');
  assert.match(page.message, /Did you mean "\/guides\/setup"\? The platform drops a leading "\/docs" only/);
  assert.match(byText.get('/help/ja/start')!.message, /Did you mean "\/ja\/start"\? The platform drops a leading "\/help"/);
  // A language folder is no base path the platform hosts a site under: no such note.
  assert.doesNotMatch(byText.get('/ja/guides/setup')!.message, /base path/);
});

test('a base path in docs.json that the link does not start with is named in the note', async () => {
  const found = await checkSite(served('https://example.com/help', '![A](/docs/images/a.png)'));
  const [image] = found.filter((f) => f.code === 'links/file-not-found');
  assert.match(image.message, /`seo\.metatags\.canonical` names "\/help"\./);
});

test('redirects to /docs/... on a site served under /docs reach their pages; elsewhere the message says what they would reach', async () => {
  const redirected = (canonical: string | undefined) => {
    const files = served(canonical, 'Intro.');
    const config = JSON.parse(files['docs.json']);
    config.redirects = [
      { source: '/docs/old/setup', destination: '/docs/guides/setup' },
      { source: '/docs/old/start', destination: '/docs/ja/start#x' },
      { source: '/old-gone', destination: '/docs/guides/gone' },
    ];
    return { ...files, 'docs.json': JSON.stringify(config) };
  };
  const under = await checkSite(redirected('https://example.com/docs'));
  assert.deepEqual(
    under.filter((f) => f.code.startsWith('redirects/')).map((f) => f.text),
    ['"/docs/guides/gone"'],
  );
  // No canonical URL, but every redirect sends under /docs: the site is served there.
  const inferred = await checkSite(redirected(undefined));
  assert.deepEqual(
    inferred.filter((f) => f.code.startsWith('redirects/')).map((f) => f.text),
    ['"/docs/guides/gone"'],
  );
  const elsewhere = await checkSite(redirected('https://docs.example.com'));
  const missing = elsewhere.filter((f) => f.code === 'redirects/destination-not-found');
  assert.deepEqual(
    missing.map((f) => f.text),
    ['"/docs/guides/setup"', '"/docs/ja/start#x"', '"/docs/guides/gone"'],
  );
  assert.match(
    missing[0].message,
    /Did you mean "\/guides\/setup"\? The platform drops a leading "\/docs" only on a site served under that base path, and docs\.json's `seo\.metatags\.canonical` names none\./,
  );
  assert.doesNotMatch(missing[2].message, /base path/);
});
