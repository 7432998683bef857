import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { GapReport } from '../../server/src/analytics/gapReport';
import { buildGapTree, citationsByFile, conversationCount, conversationsOf, inRange, openCount } from '../../client/src/gaps/treeModel';
import { mostAsked, questionKey } from '../../server/src/analytics/gaps/repeats';

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

test('a question asked again is one row: counted, its sources each once, the most asked first', () => {
  const again = (id: string, timestamp: string, query: string, file?: string) => ({
    ...report.conversations[0],
    id,
    timestamp,
    query,
    sources: file ? [{ title: file, url: `https://d/${file}`, file }] : [],
  });
  const repeated: GapReport = {
    ...report,
    conversations: [
      again('r1', '2026-11-05T00:00:00Z', 'How do I page through users?', 'guides/pagination.mdx'),
      again('r2', '2026-11-07T00:00:00Z', 'how do I  page through users', 'guides/pagination.mdx'),
      again('r3', '2026-11-06T00:00:00Z', 'How do I page through users?', 'api/users.mdx'),
      again('x', '2026-11-08T00:00:00Z', 'What is nextCursor?'),
      again('y', '2026-11-01T00:00:00Z', 'What is nextCursor?'),
      again('z', '2026-11-09T00:00:00Z', 'Maximum page size?'),
    ],
  };
  const clusters = [
    { id: 'k', label: 'Paging', size: 6, conversationIds: ['r1', 'r2', 'r3', 'x', 'y', 'z'], suggestion: null, cited: [], trend: null },
  ];
  const [cluster] = buildGapTree(repeated, new Map(), 'cluster', { clusters });
  // Three rows: the question asked three times first (its newest conversation shown), then twice, then once.
  assert.deepEqual(
    cluster.conversations.map((node) => [node.conversation.id, node.repeats.map((r) => r.id)]),
    [
      ['r2', ['r3', 'r1']],
      ['x', ['y']],
      ['z', []],
    ],
  );
  assert.deepEqual(
    cluster.conversations[0].sources.map((node) => node.source.file),
    ['guides/pagination.mdx', 'api/users.mdx'],
  );
  assert.equal(openCount(cluster), 6);
  assert.equal(conversationCount(cluster), 6);
  assert.deepEqual(
    conversationsOf(cluster.conversations[1]).map((c) => c.id),
    ['x', 'y'],
  );
  // A copy triaged apart is its own row (shown with "show done"); the rest stay one row; ties go to the latest asked.
  const triaged = new Map([['r3', 'done' as const]]);
  const shown = buildGapTree(repeated, triaged, 'cluster', { clusters, showDone: true })[0];
  assert.deepEqual(
    shown.conversations.map((node) => [node.conversation.id, node.repeats.length, node.triage ?? 'open']),
    [
      ['x', 1, 'open'],
      ['r2', 1, 'open'],
      ['z', 0, 'open'],
      ['r3', 0, 'done'],
    ],
  );
  assert.equal(openCount(shown), 5);
  // By page, each page's group folds its own copies; CodeLens counts every conversation.
  const byPage = citationsByFile(buildGapTree(repeated, new Map(), 'page'));
  assert.equal(byPage.get('guides/pagination.mdx')!.conversations.length, 1);
  assert.equal(conversationCount(byPage.get('guides/pagination.mdx')!), 2);
});

test('the same question: case, spacing and final punctuation aside; most asked first', () => {
  assert.equal(questionKey('  How do I\n page  THROUGH users?!  '), 'how do i page through users');
  assert.notEqual(questionKey('Page size?'), questionKey('Page sizes?'));
  const asked = mostAsked([
    { query: 'b', timestamp: '2026-01-01' },
    { query: 'a', timestamp: '2026-01-02' },
    { query: 'A.', timestamp: '2026-01-03' },
    { query: 'c', timestamp: '2026-01-04' },
  ]);
  assert.deepEqual(
    asked.map((q) => [q.copies.map((c) => c.query), q.latest.timestamp]),
    [
      [['a', 'A.'], '2026-01-03'],
      [['c'], '2026-01-04'],
      [['b'], '2026-01-01'],
    ],
  );
});

test('a cluster row fits the Explorer at its default width: its label cut at a word, then its count and trend arrow', async () => {
  const { rowLabel, trendArrow, ROW_LABEL } = await import('../../client/src/gaps/treeModel');
  const { labelWidth } = await import('../../server/src/analytics');
  assert.equal(rowLabel('Go SDK'), 'Go SDK');
  const long = rowLabel('Tracking pixel blocked apple mail privacy');
  assert.ok(labelWidth(long) <= ROW_LABEL && long.endsWith('…') && !long.includes(' …'), long);
  assert.ok(labelWidth(rowLabel('退款需要多长时间才能到账呢我想知道具体的时间安排')) <= ROW_LABEL, 'wide characters count twice');
  assert.equal(trendArrow({ trend: { previous: 2, change: 5 } }), '↑5');
  assert.equal(trendArrow({ trend: { previous: 9, change: -3 } }), '↓3');
  assert.equal(trendArrow({ trend: { previous: 4, change: 0 } }), '=');
  assert.equal(trendArrow({ trend: null }), '');
  // The widest row: a full label, a three-digit count and a trend: within the 40 columns the Explorer shows.
  assert.ok(labelWidth(`${long} 999 ↑99`) <= 40);
});
