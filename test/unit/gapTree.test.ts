import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GapReport } from '../../server/src/analytics/gapReport';
import { headingLine } from '../../client/src/gaps/headingLine';
import { buildGapTree, citationsByFile, inRange } from '../../client/src/gaps/treeModel';

const report: GapReport = {
  fetched: 10,
  unanswered: 4,
  statusInferred: false,
  pages: [],
  conversations: [
    {
      id: 'a',
      timestamp: '2026-11-01T00:00:00Z',
      query: 'SSO?',
      response: 'r',
      queryCategory: 'auth',
      resolutionStatus: 'unanswered',
      sources: [{ title: 'Auth', url: 'https://d/guides/auth#sso', file: 'guides/auth.mdx', anchor: 'sso' }],
    },
    {
      id: 'b',
      timestamp: '2026-11-03T00:00:00Z',
      query: 'Rotate?',
      response: 'r',
      queryCategory: 'auth',
      resolutionStatus: 'unanswered',
      sources: [
        { title: 'Auth', url: 'https://d/guides/auth', file: 'guides/auth.mdx' },
        { title: 'Changelog', url: 'https://d/changelog', file: null },
      ],
    },
    {
      id: 'c',
      timestamp: '2026-11-02T00:00:00Z',
      query: 'Invoices?',
      response: 'r',
      queryCategory: null,
      resolutionStatus: 'unanswered',
      sources: [],
    },
    {
      id: 'd',
      timestamp: '2026-10-01T00:00:00Z',
      query: 'Webhooks?',
      response: 'r',
      queryCategory: 'webhooks',
      resolutionStatus: 'unanswered',
      sources: [{ title: 'Webhooks', url: 'https://d/guides/webhooks', file: 'guides/webhooks.mdx' }],
    },
  ],
};

test('by page: most cited first, newest questions first, "No source cited" last', () => {
  const tree = buildGapTree(report, new Map(), 'page');
  assert.deepEqual(
    tree.map((n) => [n.label, n.conversations.length]),
    [
      ['guides/auth.mdx', 2],
      ['guides/webhooks.mdx', 1],
      ['https://d/changelog', 1],
      ['No source cited', 1],
    ],
  );
  assert.deepEqual(
    tree[0].conversations.map((c) => c.conversation.id),
    ['b', 'a'],
  );
  assert.equal(tree[0].conversations[1].sources[0].source.anchor, 'sso');
  assert.equal(tree[0].conversations[0].sources[0].parent, tree[0].conversations[0]);
  const ids = tree.flatMap((g) => [g.id, ...g.conversations.flatMap((c) => [c.id, ...c.sources.map((s) => s.id)])]);
  assert.equal(new Set(ids).size, ids.length, 'node ids are unique even when a question cites two pages');
});

test('triaged questions are left out; by category groups them', () => {
  const tree = buildGapTree(
    report,
    new Map([
      ['b', 'done' as const],
      ['c', 'dismissed' as const],
    ]),
    'category',
  );
  assert.deepEqual(
    tree.map((n) => [n.label, n.conversations.map((c) => c.conversation.id)]),
    [
      ['auth', ['a']],
      ['webhooks', ['d']],
    ],
  );
});

test('CodeLens counts come from page groups with a local file; ranges filter by time', () => {
  const counts = citationsByFile(buildGapTree(report, new Map(), 'page'));
  assert.deepEqual(
    [...counts].map(([file, node]) => [file, node.conversations.length]),
    [
      ['guides/auth.mdx', 2],
      ['guides/webhooks.mdx', 1],
    ],
  );
  const november = inRange(report.conversations, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-03T00:00:00Z'));
  assert.deepEqual(
    november.map((c) => c.id),
    ['a', 'c'],
  );
});

test('a heading is found by its slug, outside code fences, or an element id', () => {
  const text =
    '---\ntitle: x\n---\n# Intro\n```md\n## Rotating keys\n```\n## Rotating keys\n<div id="sso-setup" />\n### `Scopes` and roles';
  assert.equal(headingLine(text, 'rotating-keys'), 7);
  assert.equal(headingLine(text, 'sso-setup'), 8);
  assert.equal(headingLine(text, 'scopes-and-roles'), 9);
  assert.equal(headingLine(text, 'missing'), undefined);
});
