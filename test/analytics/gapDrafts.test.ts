import { test } from 'node:test';
import assert from 'node:assert/strict';
import { draftTitle, pageDraft, questionsComment, sectionDraft } from '../../server/src/analytics/gaps/drafts';
import type { GapReport } from '../../server/src/analytics/gapReport';
import type { ReportCluster } from '../../server/src/analytics/gaps/reportClusters';
import { buildGapTree, openCount } from '../../client/src/gaps/treeModel';
import { parsePageDocument } from '../../server/src/service/documents/pageDocument';

/** The text with `draft` inserted, as the editor applies it. */
const insert = (text: string, draft: { offset: number; text: string }) =>
  text.slice(0, draft.offset) + draft.text + text.slice(draft.offset);

test('the questions become one MDX comment that nothing in a question can end or break', () => {
  const comment = questionsComment(['Do you retry */ webhooks?', 'do you retry */ webhooks?', 'line\nbreak\u202e', '']);
  assert.equal(comment.match(/\*\//g)?.length, 1, 'only the closing */');
  assert.ok(comment.startsWith('{/*\n') && comment.endsWith('\n*/}'));
  assert.deepEqual(
    comment.split('\n').filter((line) => line.startsWith('  - ')),
    ['  - Do you retry * / webhooks?', '  - line break'],
    'each question once (case aside), one line each',
  );
  const many = questionsComment(Array.from({ length: 25 }, (_, i) => `question ${i}`));
  assert.match(many, /- …and 5 more\n\*\/\}$/);
});

test('a drafted section goes at the end of the suggested section, one level below it', () => {
  const page =
    '---\ntitle: Webhooks\n---\n\nIntro.\n\n## Retries\n\nWe retry.\n\n```md\n## not a heading\n```\n\n### Backoff\n\nDoubling.\n\n## Signatures\n\nHMAC.\n';
  const lines = page.split('\n');
  const draft = sectionDraft(page, lines.indexOf('## Retries'), 'retry failed webhooks', ['Do you retry failed webhooks?']);
  const after = insert(page, draft);
  const out = after.split('\n');
  assert.equal(out[draft.headingLine], '### Retry failed webhooks');
  assert.ok(out.indexOf('### Retry failed webhooks') > out.indexOf('Doubling.'), 'after the subsection of the section');
  assert.ok(out.indexOf('### Retry failed webhooks') < out.indexOf('## Signatures'), 'before the next section');
  assert.match(after, /Doubling\.\n\n### Retry failed webhooks\n\n\{\/\*\n[\s\S]*\*\/\}\n\n## Signatures/);
  // The page still parses as MDX with the same headings plus the new one.
  const before = parsePageDocument('file:///p.mdx', page)
    .body()
    .headings.map((h) => h.title);
  const now = parsePageDocument('file:///p.mdx', after)
    .body()
    .headings.map((h) => h.title);
  assert.deepEqual(now, [...before.slice(0, 2), 'Retry failed webhooks', ...before.slice(2)]);
});

test('with no section, the draft is a ## at the end of the page, after a final newline it adds', () => {
  const page = '---\ntitle: Billing\n---\n\nText without a final newline';
  const draft = sectionDraft(page, undefined, 'Invoices in euros', ['Can I pay in euros?']);
  const after = insert(page, draft);
  assert.match(after, /newline\n\n## Invoices in euros\n\n\{\/\*\n/);
  assert.equal(after.split('\n')[draft.headingLine], '## Invoices in euros');
  assert.ok(after.endsWith('*/}\n'));
});

test('a drafted page: title from the label, in the folder of the page beside it, a free id', () => {
  const draft = pageDraft(
    'Verify a webhook signature in PHP…',
    ['How do I verify the webhook signature in PHP?'],
    'guides/webhooks.mdx',
    new Set(['guides/verify-a-webhook-signature-in-php']),
  );
  assert.equal(draft.pageId, 'guides/verify-a-webhook-signature-in-php-2');
  const document = parsePageDocument('file:///x.mdx', draft.content);
  assert.equal(document.frontMatter.data.title, 'Verify a webhook signature in PHP');
  assert.match(draft.content, /\{\/\*\n[\s\S]*- How do I verify the webhook signature in PHP\?\n\*\/\}\n$/);
  assert.equal(pageDraft('"Quotes": and {braces}', [], undefined, new Set()).pageId, 'quotes-and-braces');
  assert.equal(
    parsePageDocument('file:///y.mdx', pageDraft('"Quotes": and {braces}', [], undefined, new Set()).content).frontMatter.data.title,
    '"Quotes": and braces',
  );
});

const conversation = (id: string, timestamp: string, query: string) => ({
  id,
  timestamp,
  query,
  response: 'r',
  queryCategory: null,
  resolutionStatus: 'unanswered' as const,
  sources: [],
});
const report: GapReport = {
  fetched: 4,
  unanswered: 4,
  statusInferred: false,
  pages: [],
  conversations: [
    conversation('a', '2026-11-01T00:00:00Z', 'retry webhooks?'),
    conversation('b', '2026-11-03T00:00:00Z', 'webhook retry policy'),
    conversation('c', '2026-11-02T00:00:00Z', 'invoices in euros'),
    conversation('d', '2026-11-04T00:00:00Z', 'pay invoices in euros?'),
  ],
};
const cluster = (id: string, label: string, conversationIds: string[]): ReportCluster => ({
  id,
  label,
  size: conversationIds.length,
  conversationIds,
  suggestion: id === 'w' ? { file: 'guides/webhooks.mdx', heading: 'Retries', anchor: 'retries', line: 6, score: 1, coverage: 0.8 } : null,
  cited: [],
  trend: { previous: 1, change: 1 },
});
const clusters = [cluster('w', 'Retry webhooks', ['b', 'a']), cluster('i', 'Invoices in euros', ['d', 'c'])];

test('by cluster: a group per cluster with its suggestion; triage hides, or marks with "show done", without reshuffling', () => {
  const tree = buildGapTree(report, new Map(), 'cluster', { clusters });
  assert.deepEqual(
    tree.map((g) => [g.kind, g.label, g.conversations.map((c) => c.conversation.id), g.suggestion?.suggestion.file ?? null]),
    [
      ['cluster', 'Invoices in euros', ['d', 'c'], null],
      ['cluster', 'Retry webhooks', ['b', 'a'], 'guides/webhooks.mdx'],
    ],
  );
  assert.equal(tree[1].suggestion!.parent, tree[1]);
  const triage = new Map([
    ['d', 'done' as const],
    ['c', 'dismissed' as const],
    ['a', 'done' as const],
  ]);
  const hidden = buildGapTree(report, triage, 'cluster', { clusters });
  assert.deepEqual(
    hidden.map((g) => [g.label, g.conversations.map((c) => c.conversation.id)]),
    [['Retry webhooks', ['b']]],
  );
  const shown = buildGapTree(report, triage, 'cluster', { clusters, showDone: true });
  assert.deepEqual(
    shown.map((g) => [g.label, openCount(g), g.conversations.map((c) => `${c.conversation.id}:${c.triage ?? 'open'}`)]),
    [
      ['Retry webhooks', 1, ['b:open', 'a:done']],
      ['Invoices in euros', 0, ['d:done', 'c:dismissed']],
    ],
  );
});

test('a drafted heading is one a writer would keep: an instruction as labelled, a yes/no question whole', () => {
  assert.equal(draftTitle('Failed webhooks retried', ['Are failed webhooks retried?']), 'Are failed webhooks retried?');
  assert.equal(draftTitle('retry failed webhooks', ['Do you retry failed webhooks?']), 'Retry failed webhooks');
  assert.equal(draftTitle('List all users', ['Is there a way to list all users?']), 'List all users');
  assert.equal(draftTitle('Get a single user', ['How do I get a single user?']), 'Get a single user');
  const draft = sectionDraft('# Webhooks\n', undefined, 'Failed webhooks retried', ['Are failed webhooks retried?', 'Do webhooks retry?']);
  assert.match(draft.text, /^## Are failed webhooks retried\?$/m);
  assert.equal(
    pageDraft('Failed webhooks retried', ['Are failed webhooks retried?'], undefined, new Set()).pageId,
    'failed-webhooks-retried',
  );
});
