import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { TextEdit } from 'vscode-languageserver-types';
import { featureSite, FEATURE_SITE } from '../helpers/featureSite';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** Renaming and moving pages: navigation entries follow, with minimal edits; redirects on request. */
const docs = FEATURE_SITE['docs.json'];
const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 0, text), edits);

test('a renamed page: every entry naming it changes, and nothing else', async () => {
  const site = featureSite();
  const plan = await site.service.planRename(
    [{ oldUri: site.uri('guides/webhooks.mdx'), newUri: site.uri('guides/events.mdx') }],
    NOT_CANCELLED,
  );
  assert.deepEqual(plan, {
    edit: {
      changes: {
        'file:///site/docs.json': [
          { range: { start: { line: 21, character: 14 }, end: { line: 21, character: 31 } }, newText: '"guides/events"' },
          { range: { start: { line: 23, character: 14 }, end: { line: 23, character: 31 } }, newText: '"guides/events"' },
        ],
      },
    },
    moved: [{ rootUri: 'file:///site', from: '/guides/webhooks', to: '/guides/events' }],
  });
});

test('a renamed folder: its entries follow, each keeping its own form (a leading slash stays); redirects only from pages', async () => {
  const site = featureSite();
  const plan = await site.service.planRename([{ oldUri: site.uri('guides'), newUri: site.uri('tutorials') }], NOT_CANCELLED);
  const after = JSON.parse(apply(docs, plan.edit.changes!['file:///site/docs.json']));
  assert.deepEqual(after.navigation.tabs[0].groups, [
    { group: 'Get started', pages: ['index', 'tutorials/quikstart'] },
    { group: 'Going further', pages: ['tutorials/webhooks', '/tutorials/pagination', 'tutorials/webhooks'] },
  ]);
  assert.deepEqual(
    plan.moved.map((move) => [move.from, move.to]),
    // guides/quikstart names no page: the entry follows the folder, but no redirect is offered from it.
    [
      ['/guides/webhooks', '/tutorials/webhooks'],
      ['/guides/pagination', '/tutorials/pagination'],
    ],
  );
});

test('redirects: added as a new `redirects` array in the style of the file, then appended to it', async () => {
  const site = featureSite();
  const { uri, edits } = await site.service.redirectEdits(
    'file:///site',
    [{ from: '/guides/webhooks', to: '/guides/events' }],
    NOT_CANCELLED,
  );
  assert.equal(uri, 'file:///site/docs.json');
  const first = apply(docs, edits);
  assert.ok(
    first.endsWith(
      '  },\n  "redirects": [\n    {\n      "source": "/guides/webhooks",\n      "destination": "/guides/events"\n    }\n  ]\n}',
    ),
    first.slice(-150),
  );
  site.edit('docs.json', first);
  const second = await site.service.redirectEdits(
    'file:///site',
    [
      { from: '/guides/webhooks', to: '/guides/events' },
      { from: '/guides/pagination', to: '/guides/paging' },
    ],
    NOT_CANCELLED,
  );
  assert.deepEqual(JSON.parse(apply(first, second.edits)).redirects, [
    { source: '/guides/webhooks', destination: '/guides/events' },
    { source: '/guides/pagination', destination: '/guides/paging' },
  ]);
});

test('a file outside every docs root, or no page: no edit', async () => {
  const site = featureSite();
  assert.deepEqual(
    await site.service.planRename([{ oldUri: 'file:///elsewhere/a.mdx', newUri: 'file:///elsewhere/b.mdx' }], NOT_CANCELLED),
    {
      edit: { changes: {} },
      moved: [],
    },
  );
  assert.deepEqual(await site.service.planRename([{ oldUri: site.uri('openapi.json'), newUri: site.uri('spec.json') }], NOT_CANCELLED), {
    edit: { changes: {} },
    moved: [],
  });
});

test('what names a moved page follows it, and nothing else: redirect destinations, links to its folder, not a broken link', async () => {
  const site = featureSite({
    ...FEATURE_SITE,
    'docs.json': JSON.stringify({
      ...JSON.parse(docs),
      redirects: [
        { source: '/old-hooks', destination: '/guides/webhooks#verifying' },
        { source: '/hooks/:slug', destination: '/guides/:slug' },
        { source: '/all-guides', destination: '/guides/' },
        { source: '/elsewhere', destination: 'https://example.com/guides/webhooks' },
      ],
    }),
    'index.mdx': '---\ntitle: Home\n---\n[a](/guides/webhooks) [b](/guides) [c](/guides/missing) [d](/old-hooks)\n',
  });
  const plan = await site.service.planRename([{ oldUri: site.uri('guides'), newUri: site.uri('tutorials') }], NOT_CANCELLED);
  const after = JSON.parse(apply(site.workspace.files.get(site.uri('docs.json'))!, plan.edit.changes!['file:///site/docs.json']));
  assert.deepEqual(after.redirects, [
    { source: '/old-hooks', destination: '/tutorials/webhooks#verifying' },
    { source: '/hooks/:slug', destination: '/guides/:slug' },
    { source: '/all-guides', destination: '/tutorials/' },
    { source: '/elsewhere', destination: 'https://example.com/guides/webhooks' },
  ]);
  const index = apply(site.workspace.files.get(site.uri('index.mdx'))!, plan.edit.changes![site.uri('index.mdx')]);
  // The broken link and the one a redirect serves are left as they are.
  assert.equal(index.split('\n')[3], '[a](/tutorials/webhooks) [b](/tutorials) [c](/guides/missing) [d](/old-hooks)');
});

test('on a site served under a base path, a new redirect is written with it', async () => {
  const config = JSON.parse(docs);
  // Three redirects to /docs/... on a site with no docs folder: it is served under /docs.
  config.redirects = ['a', 'b', 'c'].map((name) => ({ source: `/${name}`, destination: `/docs/guides/webhooks` }));
  const site = featureSite({ ...FEATURE_SITE, 'docs.json': JSON.stringify(config, null, 2) });
  const plan = await site.service.planRename(
    [{ oldUri: site.uri('guides/webhooks.mdx'), newUri: site.uri('guides/events.mdx') }],
    NOT_CANCELLED,
  );
  const renamed = apply(config && JSON.stringify(config, null, 2), plan.edit.changes!['file:///site/docs.json']);
  assert.deepEqual(
    JSON.parse(renamed).redirects.map((redirect: { destination: string }) => redirect.destination),
    ['/docs/guides/events', '/docs/guides/events', '/docs/guides/events'],
  );
  site.edit('docs.json', renamed);
  const { edits } = await site.service.redirectEdits('file:///site', [{ from: '/guides/webhooks', to: '/guides/events' }], NOT_CANCELLED);
  assert.deepEqual(JSON.parse(apply(renamed, edits)).redirects.at(-1), {
    source: '/docs/guides/webhooks',
    destination: '/docs/guides/events',
  });
});
