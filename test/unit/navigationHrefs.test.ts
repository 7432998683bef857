import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, site } from '../helpers/check';

/**
 * Paths in navigation `href`s (tabs, anchors, dropdowns, menu items, `global`) reach something, as
 * the platform's link checker requires of them; URLs and `#anchors` are not checked.
 */
const NAVIGATION = {
  global: {
    anchors: [
      { anchor: 'Changelog', href: '/changelogs' },
      { anchor: 'Blog', href: 'https://example.com/blog' },
      { anchor: 'Status', href: 'mailto:ops@example.com' },
    ],
  },
  tabs: [
    { tab: 'Docs', groups: [{ group: 'G', pages: ['index', 'changelog', 'guides/Setup'] }] },
    { tab: 'Setup', href: '/guides/setup' },
    { tab: 'Old', href: '/old/page' },
    { tab: 'Moved', href: '/moved' },
    { tab: 'Brochure', href: '/files/brochure.pdf' },
    { tab: 'Home', href: '/#top' },
    // Not a path from the root: the platform drops it (nav/ignored-key), so no link is made.
    { tab: 'Guide', href: 'changelogz' },
    // #anchors are not checked.
    { tab: 'Anchor', href: '/changelog#nope' },
    { tab: 'Nothing', href: '/nothing-close-to-it' },
    // A page .mintignore leaves out: says so, as for a page's links.
    { tab: 'Draft', href: '/drafts/plan' },
  ],
  dropdowns: [],
};

test('navigation hrefs that are paths reach a page, a file or a redirect; each one that does not is reported on its value', async () => {
  const files = site(
    NAVIGATION,
    ['index', 'changelog', 'guides/Setup'],
    {
      redirects: [
        { source: '/moved', destination: '/changelog' },
        { source: '/old/:slug', destination: '/gone/:slug' },
      ],
    },
    { 'files/Brochure.pdf': '', 'drafts/plan.mdx': '---\ntitle: Plan\n---\n', '.mintignore': 'drafts/\n' },
  );
  const found = (await checkSite(files)).filter((f) => f.file === 'docs.json' && f.code.startsWith('links/'));
  assert.deepEqual(
    found.map((f) => [f.code, f.text, f.message.replace(/ names no page: .* from it\./, ' …'), f.diagnostic.data]),
    [
      [
        'links/page-not-found',
        '"/changelogs"',
        'Link "/changelogs" in navigation (the `href` of anchor "Changelog") … Did you mean "/changelog"?',
        { createPage: 'changelogs.mdx', replace: '"/changelog"', replaceLabel: '/changelog', fixAll: true },
      ],
      [
        'links/page-not-found',
        '"/guides/setup"',
        'Link "/guides/setup" in navigation (the `href` of tab "Setup") differs from the page "/guides/Setup" in letter case only: the published site\'s paths are case-sensitive, so it names no page. Write "/guides/Setup".',
        { replace: '"/guides/Setup"', replaceLabel: '/guides/Setup', fixAll: true },
      ],
      [
        'links/page-not-found',
        '"/old/page"',
        'Link "/old/page" in navigation (the `href` of tab "Old") is redirected to "/gone/page" (docs.json `redirects`), which is not a page either.',
        undefined,
      ],
      [
        'links/file-not-found',
        '"/files/brochure.pdf"',
        'File "/files/brochure.pdf" in navigation (the `href` of tab "Brochure") is not in the docs root. files/Brochure.pdf exists, with other letter case: the platform matches file names exactly.',
        { replace: '"/files/Brochure.pdf"', replaceLabel: '/files/Brochure.pdf' },
      ],
      [
        'links/page-not-found',
        '"/nothing-close-to-it"',
        'Link "/nothing-close-to-it" in navigation (the `href` of tab "Nothing") … Create nothing-close-to-it.mdx or fix the link.',
        { createPage: 'nothing-close-to-it.mdx' },
      ],
      [
        'links/page-not-found',
        '"/drafts/plan"',
        'Link "/drafts/plan" in navigation (the `href` of tab "Draft") is excluded by .mintignore (drafts/plan.mdx), so the platform does not build it. Remove the link, or the file from .mintignore.',
        undefined,
      ],
    ],
  );
});
