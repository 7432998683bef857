import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, only, site } from '../helpers/check';

const group = (...pages: unknown[]) => ({ groups: [{ group: 'Docs', pages }] });

test('an entry whose page file exists passes (.mdx or .md)', async () => {
  const found = await checkSite(site(group('intro', 'guides/setup'), ['intro', 'guides/setup.md']));
  assert.deepEqual(found, []);
});

test('a missing page is an error with did-you-mean and both fixes in data', async () => {
  const found = await checkSite(site(group('guides/quikstart'), ['guides/quickstart']));
  const [missing] = only(found, 'nav/page-not-found');
  assert.equal(missing.severity, 1);
  assert.equal(missing.text, '"guides/quikstart"');
  assert.match(missing.message, /Page "guides\/quikstart" does not exist.*Did you mean "guides\/quickstart"\?/);
  assert.deepEqual(missing.diagnostic.data, {
    createPage: 'guides/quikstart.mdx',
    replace: '"guides/quickstart"',
    replaceLabel: 'guides/quickstart',
    fixAll: true,
  });
});

test('did-you-mean finds a page moved to another folder and a case difference', async () => {
  const moved = await checkSite(site(group('old/setup-guide'), ['guides/setup-guide']));
  assert.match(only(moved, 'nav/page-not-found')[0].message, /Did you mean "guides\/setup-guide"\?/);
  const cased = await checkSite(site(group('Guides/Intro'), ['guides/intro']));
  assert.match(only(cased, 'nav/page-not-found')[0].message, /Did you mean "guides\/intro"\?/);
});

test('a missing page without a close match offers to create it', async () => {
  const found = await checkSite(site(group('completely-different'), ['intro']));
  const [missing] = only(found, 'nav/page-not-found');
  assert.match(missing.message, /Create completely-different\.mdx/);
  assert.deepEqual(missing.diagnostic.data, { createPage: 'completely-different.mdx' });
});

test('a group root page must exist too', async () => {
  const found = await checkSite(site({ groups: [{ group: 'G', root: 'overview', pages: ['intro'] }] }, ['intro']));
  assert.equal(only(found, 'nav/page-not-found')[0].text, '"overview"');
});

test('an entry with an extension is a warning with the fix, a leading slash an info (the platform tolerates it); it still finds the page', async () => {
  const found = await checkSite(site(group('intro.mdx', '/guides/setup', './faq'), ['intro', 'guides/setup', 'faq']));
  const extension = only(found, 'nav/page-extension');
  assert.equal(extension.length, 1);
  assert.deepEqual(extension[0].diagnostic.data, { replace: '"intro"', replaceLabel: 'intro', fixAll: true });
  const slash = only(found, 'nav/leading-slash');
  assert.deepEqual(
    slash.map((f) => [f.text, f.severity]),
    [
      ['"/guides/setup"', 3],
      ['"./faq"', 3],
    ],
  );
  assert.equal(extension[0].severity, 2);
  assert.equal(only(found, 'nav/page-not-found').length, 0);
});

test('a page path that climbs out of the root is an error, not a file lookup', async () => {
  const found = await checkSite(site(group('../../etc/passwd'), []));
  assert.deepEqual(
    found.map((f) => f.code),
    ['nav/page-outside-root'],
  );
});

test('a duplicate in the same scope and tab is a warning pointing at the first listing', async () => {
  const found = await checkSite(
    site(
      {
        tabs: [
          {
            tab: 'A',
            groups: [
              { group: 'G', pages: ['intro'] },
              { group: 'H', pages: ['intro'] },
            ],
          },
        ],
      },
      ['intro'],
    ),
  );
  const [duplicate] = only(found, 'nav/duplicate-page');
  assert.equal(duplicate.severity, 2);
  assert.equal(duplicate.diagnostic.relatedInformation?.length, 1);
  assert.equal(duplicate.line, 21, 'the second listing is the one reported');
  assert.equal(duplicate.diagnostic.relatedInformation?.[0].location.range.start.line, 15, 'the first listing is related');
  assert.deepEqual(duplicate.diagnostic.data, { removeEntry: true });
});

test('the same page in two languages or versions is not a duplicate', async () => {
  const languages = await checkSite(
    site(
      {
        languages: [
          { language: 'en', groups: [{ group: 'G', pages: ['intro'] }] },
          { language: 'fr', groups: [{ group: 'G', pages: ['intro'] }] },
        ],
      },
      ['intro'],
    ),
  );
  assert.deepEqual(languages, []);
  const versions = await checkSite(
    site(
      {
        versions: [
          { version: 'v1', groups: [{ group: 'G', pages: ['intro'] }] },
          { version: 'v2', groups: [{ group: 'G', pages: ['intro'] }] },
        ],
      },
      ['intro'],
    ),
  );
  assert.deepEqual(versions, []);
});

test('an entry excluded by .mintignore is reported as not built', async () => {
  const found = await checkSite(site(group('drafts/new'), ['drafts/new'], {}, { '.mintignore': 'drafts/\n' }));
  assert.match(only(found, 'nav/page-not-found')[0].message, /excluded by \.mintignore/);
});

test('pages no navigation reaches are infos on the page; snippets, ignored and default-ignored files are skipped', async () => {
  const found = await checkSite(
    site(
      group('intro'),
      ['intro', 'old-page', 'snippets/note', 'drafts/x', 'README.md', 'node_modules/pkg/readme.md', '.github/page.mdx', '.hidden/page.mdx'],
      {},
      { '.mintignore': 'drafts/' },
    ),
  );
  const orphans = only(found, 'nav/orphan-page');
  assert.deepEqual(
    orphans.map((f) => f.file),
    // A dot folder is published unless a default rule leaves it out (.github, .agents...), as the platform lists it.
    ['.hidden/page.mdx', 'old-page.mdx'],
  );
  assert.equal(orphans[0].severity, 3);
  assert.deepEqual(orphans[1].diagnostic.data, { addToNavigation: 'old-page' });
});

test('orphans can be turned off, and any code can change severity', async () => {
  const files = site(group('intro', 'missing'), ['intro', 'old-page']);
  const off = await checkSite(files, { orphans: false });
  assert.equal(only(off, 'nav/orphan-page').length, 0);
  const changed = await checkSite(files, { diagnostics: { 'nav/page-not-found': 'warning', 'nav/orphan-page': 'off' } });
  assert.equal(only(changed, 'nav/page-not-found')[0].severity, 2);
  assert.equal(only(changed, 'nav/orphan-page').length, 0);
});

test('two root divisions: the one the platform ignores is a warning naming the one it keeps; its pages are not checked', async () => {
  const found = await checkSite(site({ groups: [{ group: 'G', pages: ['missing'] }], tabs: [{ tab: 'T', pages: ['intro'] }] }, ['intro']));
  assert.deepEqual(
    found.map((f) => f.code),
    ['nav/ignored-key'],
  );
  const [problem] = found;
  assert.equal(problem.severity, 2);
  assert.equal(problem.text, '"groups"');
  assert.match(problem.message, /holds both `tabs` and `groups`; the platform uses `tabs` and ignores `groups`/);
});

test('a nested node with two divisions: the platform keeps the first in its order, here groups over pages', async () => {
  const found = await checkSite(site({ tabs: [{ tab: 'T', pages: ['missing'], groups: [{ group: 'G', pages: ['intro'] }] }] }, ['intro']));
  assert.deepEqual(
    found.map((f) => [f.code, f.text]),
    [['nav/ignored-key', '"pages"']],
  );
  assert.match(found[0].message, /A tab \(navigation.tabs\[0\]\) holds both `groups` and `pages`; the platform uses `groups`/);
});

test('an invalid division of a nested node is dropped by the platform, not rejected: a warning with the reason', async () => {
  const found = await checkSite(
    site(
      {
        tabs: [
          { tab: 'T', groups: [{ pages: ['intro'] }] },
          { tab: 'U', groups: [{ group: 'G', pages: ['intro'] }] },
        ],
      },
      ['intro'],
    ),
  );
  const [ignored] = only(found, 'nav/ignored-key');
  assert.equal(ignored.text, '"groups"');
  assert.match(
    ignored.message,
    /ignores `groups` of a tab \(navigation.tabs\[0\]\) because its value is not valid: a group \(navigation.tabs\[0\].groups\[0\]\) is missing `group`/,
  );
  assert.equal(ignored.diagnostic.relatedInformation?.length, 1);
  assert.equal(found.filter((f) => f.severity === 1).length, 0);
});

test('the same problem at the root is an error: the platform rejects the file', async () => {
  const found = await checkSite(site({ groups: [{ pages: ['intro'] }] }, ['intro']));
  assert.deepEqual(
    found.map((f) => [f.code, f.severity]),
    [['nav/missing-property', 1]],
  );
});

test('an empty page entry is an error (the platform rejects the file)', async () => {
  const found = await checkSite(site(group('intro', ''), ['intro']));
  assert.deepEqual(
    found.map((f) => [f.code, f.text]),
    [['nav/invalid-value', '""']],
  );
  assert.match(found[0].message, /must not be empty/);
});

test('a group openapi the platform cannot read is dropped: a warning, and its operations are not looked up', async () => {
  const found = await checkSite(site({ groups: [{ group: 'API', openapi: 'ftp://x/spec.json', pages: ['GET /users'] }] }, []));
  assert.deepEqual(found.map((f) => f.code).sort(), ['nav/ignored-key', 'nav/no-openapi-in-scope']);
});

test('a folder index page answers for its folder: "guide" reaches guide/index.mdx (or .md), and it is not an orphan', async () => {
  assert.deepEqual(await checkSite(site(group('guide'), ['guide/index'])), []);
  assert.deepEqual(await checkSite(site(group('guide'), ['guide/index.md'])), []);
  assert.deepEqual(await checkSite(site(group('guide/index'), ['guide/index'])), []);
});

test("only the platform's default ignores apply: build/, dist/ and tmp/ pages are pages", async () => {
  assert.deepEqual(
    await checkSite(
      site(group('build/campaign-overview', 'dist/x', 'tmp/y', 'coverage/z'), ['build/campaign-overview', 'dist/x', 'tmp/y', 'coverage/z']),
    ),
    [],
  );
  const readme = await checkSite(site(group('README'), ['README.md']));
  assert.deepEqual(
    readme.map((f) => f.code),
    ['nav/page-not-found'],
  );
  assert.match(readme[0].message, /is a file the platform never publishes \(README.md/);
  assert.doesNotMatch(readme[0].message, /mintignore/);
  const ignored = await checkSite({ ...site(group('drafts/a'), ['drafts/a']), '.mintignore': 'drafts/\n' });
  assert.match(only(ignored, 'nav/page-not-found')[0].message, /is excluded by .mintignore \(drafts\/a.mdx\)/);
});

test('Markdown files that describe the repository are not pages, in any folder; snippets neither', async () => {
  const found = await checkSite({
    ...site(group('intro'), ['intro']),
    'guides/README.md': '# r',
    'guides/license.md': '# l',
    'snippets/s.mdx': 'x',
    '_snippets/t.mdx': 'y',
    'guides/README.mdx': '---\ntitle: R\n---\n',
  });
  assert.deepEqual(
    found.filter((f) => f.code !== 'snippets/unused').map((f) => [f.file, f.code]),
    [['guides/README.mdx', 'nav/orphan-page']],
  );
});

test('the default ignore names and patterns agree (the fast path skips the matcher for other paths)', async () => {
  const { DEFAULT_IGNORES, indexSiteFiles } = await import('../../server/src/service/site/siteFiles');
  const { MemoryWorkspace, ROOT } = await import('../helpers/memoryWorkspace');
  const names = DEFAULT_IGNORES.filter((pattern) => !pattern.startsWith('!')).map((pattern) => pattern.replace(/\/\*\*$/, ''));
  const files: Record<string, string> = {};
  for (const name of names) {
    files[`${name}/page.mdx`] = '';
    files[`docs/${name}/page.mdx`] = '';
    if (name.endsWith('.md')) files[`docs/${name}`] = '';
  }
  const index = await indexSiteFiles(new MemoryWorkspace(files), ROOT);
  // `.mintlify/**` holds a slash, so (gitignore syntax) it leaves out the root's .mintlify only, as the platform's matcher does.
  assert.deepEqual([...index.pages.keys()], ['docs/.mintlify/page'], 'every default name but .mintlify is ignored at any depth');
});
