import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { placeInFile } from '../../server/src/analytics/gaps/placeInFile';
import { terms } from '../../server/src/analytics/gaps/terms';
import { formatGapsMarkdown } from '../../server/src/cli/gapFormats/markdown';
import { formatGapsText } from '../../server/src/cli/gapFormats/text';
import { gapQuestion, indexedPagesOf } from '../helpers/gapFixtures';
import { docsJson } from '../helpers/check';
import { MemoryWorkspace } from '../helpers/memoryWorkspace';

/**
 * Questions about an endpoint belong in the description of its operation, on a site whose API pages
 * the platform makes from a spec (no MDX file for them).
 */
const USERS_SPEC = `openapi: 3.0.0
info: { title: Users, version: '1' }
paths:
  /users:
    get:
      summary: List users
      description: Returns the users of the workspace, a page at a time, newest first.
      operationId: listUsers
      tags: [Users]
      parameters:
        - { name: page_size, in: query }
    post:
      summary: Create a user
      operationId: createUser
  /users/{userId}/avatar:
    put:
      summary: Upload an avatar
      description: Replaces the profile picture of a user with a PNG or JPEG image.
`;
const BILLING_SPEC = `openapi: 3.0.0
info: { title: Billing, version: '1' }
paths:
  /invoices:
    get:
      summary: List invoices
      description: Every invoice of the account, with its amount and due date.
  /internal/ledger:
    get:
      summary: Ledger entries
      x-excluded: true
`;

function apiSite() {
  return new MemoryWorkspace({
    'docs.json': docsJson({
      groups: [
        { group: 'Guides', pages: ['quickstart'] },
        { group: 'Users API', openapi: 'users.yaml', pages: ['GET /users', 'PUT /users/{userId}/avatar'] },
        { group: 'Billing API', openapi: 'billing.yaml' },
      ],
    }),
    'quickstart.mdx': '---\ntitle: Quickstart\n---\n\n## Make your first request\n\nSend a request with your API key.\n',
    'users.yaml': USERS_SPEC,
    'billing.yaml': BILLING_SPEC,
  });
}

test('the page index holds the operations the navigation makes pages of: listed ones, and every one of a spec set alone', async () => {
  const pages = await indexedPagesOf(apiSite());
  const operations = pages.filter((page) => page.operation).map((page) => `${page.file} ${page.operation}`);
  // POST /users is not listed; the ledger is x-excluded.
  assert.deepEqual(operations.sort(), ['billing.yaml GET /invoices', 'users.yaml GET /users', 'users.yaml PUT /users/{userId}/avatar']);
  const list = pages.find((page) => page.operation === 'GET /users')!;
  assert.equal(list.title, 'List users');
  assert.match(list.description, /a page at a time/);
  assert.equal(list.sections[0].line, USERS_SPEC.split('\n').indexOf('    get:'));
  const stems = terms(list.sections[0].text).map((term) => term.stem);
  for (const stem of ['list', 'user', 'listus', 'page', 'size', 'page_size'])
    assert.ok(stems.includes(stem), `the operation ID and parameter names, in words and whole: ${stem} in ${stems.join(' ')}`);
});

test('a question about an endpoint suggests its operation, in its spec at its line; a guide question its guide', async () => {
  const ranker = createPageRanker(await indexedPagesOf(apiSite()));
  const clusters = clusterGaps(
    [
      gapQuestion('a', 'How do I change the avatar image of a user?'),
      gapQuestion('b', 'When is an invoice due?'),
      gapQuestion('c', 'how do I make my first request'),
    ],
    { ranker },
  );
  const suggestion = (id: string) => clusters.find((cluster) => cluster.conversationIds.includes(id))!.suggestion!;
  assert.equal(suggestion('a').file, 'users.yaml');
  assert.equal(suggestion('a').operation, 'PUT /users/{userId}/avatar');
  assert.equal(suggestion('a').line, USERS_SPEC.split('\n').indexOf('    put:'));
  assert.equal(placeInFile(suggestion('a')), 'PUT /users/{userId}/avatar');
  assert.deepEqual([suggestion('b').file, suggestion('b').operation], ['billing.yaml', 'GET /invoices']);
  assert.equal(suggestion('c').file, 'quickstart.mdx');
  assert.equal(suggestion('c').operation, undefined);
  assert.equal(placeInFile(suggestion('c')), 'Make your first request');
});

test('the reports name the operation where its answer belongs', () => {
  const report = {
    fetched: 1,
    unanswered: 1,
    statusInferred: false,
    conversations: [{ id: 'a', query: 'How do I change an avatar?', timestamp: '2026-11-01T00:00:00.000Z', sources: [] }],
    pages: [],
    categories: [],
    clusters: [
      {
        id: 'gap-1',
        label: 'Change an avatar',
        size: 1,
        conversationIds: ['a'],
        suggestion: { file: 'users.yaml', heading: null, anchor: null, line: 12, score: 3, operation: 'PUT /users/{userId}/avatar' },
        cited: [],
        trend: null,
      },
    ],
  } as unknown as Parameters<typeof formatGapsMarkdown>[0];
  assert.match(formatGapsMarkdown(report, ''), /Suggested: `users\.yaml` › PUT \/users\/\\?\{userId\\?\}\/avatar/);
  assert.match(formatGapsText(report, ''), /Change an avatar {2}→ users\.yaml › PUT \/users\/\{userId\}\/avatar/);
});

test('an operation listed only under a version other than the default is marked so, as written pages are', async () => {
  const spec = (version: string) =>
    `openapi: 3.0.0\ninfo: { title: Users, version: '${version}' }\npaths:\n  /users:\n    get:\n      summary: List users\n`;
  const config = docsJson({
    versions: [
      { version: 'v2', groups: [{ group: 'API', openapi: 'v2.yaml' }] },
      { version: 'v1', groups: [{ group: 'API', openapi: 'v1.yaml', pages: ['GET /users'] }] },
      // Another version lists v2's spec again: the default lists it too, so its operation stays a current page.
      { version: 'v3', groups: [{ group: 'API', openapi: 'v2.yaml' }] },
    ],
  });
  const pages = await indexedPagesOf(new MemoryWorkspace({ 'docs.json': config, 'v1.yaml': spec('1'), 'v2.yaml': spec('2') }));
  const marks = pages.filter((page) => page.operation).map((page) => [page.file, page.otherVersion === true]);
  assert.deepEqual(marks.sort(), [
    ['v1.yaml', true],
    ['v2.yaml', false],
  ]);
});
