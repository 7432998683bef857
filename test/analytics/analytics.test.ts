import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildGapReport } from '../../server/src/analytics/gapReport';
import { createUrlMapper, type MappableSite } from '../../server/src/analytics/pageMapping';
import { operationPageName } from '../../server/src/service/links/generatedPages';
import type { SiteMapOperation } from '../../server/src/service';
import { checkBaseUrl, exportUrl, parseExportDate, validateQuery } from '../../server/src/analytics/query';
import type { Conversation } from '../../server/src/analytics/types';

test('dates: YYYY-MM-DD (a UTC day) or ISO 8601 date-times; impossible days are rejected', () => {
  assert.equal(parseExportDate('2026-11-01')?.toISOString(), '2026-11-01T00:00:00.000Z');
  assert.equal(parseExportDate('2026-11-01T10:30:00+02:00')?.toISOString(), '2026-11-01T08:30:00.000Z');
  assert.equal(parseExportDate('2026-02-31'), undefined);
  assert.equal(parseExportDate('01/11/2026'), undefined);
  assert.equal(parseExportDate('yesterday'), undefined);
});

test('a query is checked before anything is sent, each problem in a sentence', () => {
  assert.deepEqual(validateQuery({ dateFrom: '2026-11-01', dateTo: '2026-11-30', limit: 1000 }), []);
  const problems = validateQuery({ dateFrom: 'soon', dateTo: '2026-13-01', limit: 1001 });
  assert.equal(problems.length, 3);
  assert.match(problems[0], /dateFrom "soon" is not a date/);
  assert.match(problems[2], /limit 1001 must be a whole number from 1 to 1000/);
  assert.match(validateQuery({ dateFrom: '2026-12-01', dateTo: '2026-11-01' })[0], /later than dateTo/);
  assert.match(validateQuery({ limit: 2.5 })[0], /whole number/);
});

test('the URL and the base URL rule: https, or plain http to loopback only', () => {
  assert.equal(
    exportUrl('https://api.mintlify.com/', 'p 1', { dateFrom: '2026-11-01', limit: 10 }, '01J0000000000000000000000A'),
    'https://api.mintlify.com/v1/analytics/p%201/assistant?dateFrom=2026-11-01&limit=10&cursor=01J0000000000000000000000A',
  );
  assert.equal(checkBaseUrl('https://api.mintlify.com'), undefined);
  for (const loopback of ['http://127.0.0.1:4000', 'http://localhost:4000', 'http://[::1]:4000', 'http://127.8.9.10'])
    assert.equal(checkBaseUrl(loopback), undefined, loopback);
  assert.match(checkBaseUrl('http://api.mintlify.com')!, /not https/);
  assert.match(checkBaseUrl('http://192.168.1.10')!, /not https/);
  assert.match(checkBaseUrl('ftp://x')!, /not https/);
  assert.match(checkBaseUrl('nonsense')!, /not a URL/);
});

const site: MappableSite = {
  pages: [
    ['index', 'index.mdx'],
    ['guides/quickstart', 'guides/quickstart.mdx'],
    ['guides/authentication', 'guides/authentication.md'],
    ['api-reference/introduction', 'api-reference/introduction.mdx'],
  ],
  specs: [
    {
      file: 'openapi.json',
      operations: [
        operation({ method: 'GET', path: '/users', summary: 'List users', line: 7 }),
        operation({ method: 'POST', path: '/users', operationId: 'createUser', line: 9 }),
        operation({ method: 'GET', path: '/teams', summary: 'List users & teams', line: 11 }),
      ],
    },
  ],
};

/** An operation of a site map, with the page name the service gives it (the platform's rule). */
function operation(fields: Omit<SiteMapOperation, 'page'>): SiteMapOperation {
  return { ...fields, page: operationPageName(fields) };
}

test('cited URLs map to local files: origin, query and anchor stripped, / is index', () => {
  const map = createUrlMapper(site, []);
  assert.deepEqual(map('https://docs.acme.dev/guides/quickstart?utm=x#get-an-api-key'), {
    file: 'guides/quickstart.mdx',
    anchor: 'get-an-api-key',
  });
  assert.deepEqual(map('https://docs.acme.dev/'), { file: 'index.mdx', anchor: undefined });
  assert.deepEqual(map('https://docs.acme.dev/Guides/Authentication/'), { file: 'guides/authentication.md', anchor: undefined });
  assert.deepEqual(map('https://docs.acme.dev/changelog'), { file: null, anchor: undefined });
});

test('a base path shared by the site URLs is found and stripped; siteUrl wins when set', () => {
  const urls = [
    'https://acme.dev/docs/guides/quickstart',
    'https://acme.dev/docs/api-reference/introduction',
    'https://acme.dev/docs/index',
  ];
  const map = createUrlMapper(site, urls);
  assert.equal(map('https://acme.dev/docs/guides/authentication').file, 'guides/authentication.md');
  assert.equal(map('https://acme.dev/docs/').file, 'index.mdx');
  const configured = createUrlMapper(site, [], 'https://acme.dev/help');
  assert.equal(configured('https://acme.dev/help/guides/quickstart').file, 'guides/quickstart.mdx');
});

test('pages generated from OpenAPI operations map to the spec at the operation', () => {
  const map = createUrlMapper(site, []);
  assert.deepEqual(map('https://docs.acme.dev/api-reference/users/list-users'), { file: 'openapi.json', line: 7, anchor: undefined });
  // No summary: the platform names the page by method and path.
  assert.deepEqual(map('https://docs.acme.dev/api-reference/users/post-users'), { file: 'openapi.json', line: 9, anchor: undefined });
  // The page file is list-users-&-teams; the URL the platform serves drops the `&`.
  assert.deepEqual(map('https://docs.acme.dev/api-reference/teams/list-users-teams'), {
    file: 'openapi.json',
    line: 11,
    anchor: undefined,
  });
  assert.equal(map('https://docs.acme.dev/api-reference/createuser').file, null, 'an operationId names no page');
});

test('a slug two operations share names the first (specs in order); a URL mapped twice gives equal, separate answers', () => {
  const twoSpecs: MappableSite = {
    pages: site.pages,
    specs: [
      { file: 'a.yaml', operations: [operation({ method: 'GET', path: '/a', summary: 'Ping', line: 3 })] },
      {
        file: 'b.yaml',
        operations: [
          operation({ method: 'GET', path: '/b', summary: 'Ping', line: 5 }),
          operation({ method: 'GET', path: '/c', summary: 'Get status', operationId: 'status', line: 8 }),
        ],
      },
    ],
  };
  const map = createUrlMapper(twoSpecs, []);
  assert.deepEqual(map('https://d.dev/api/ping'), { file: 'a.yaml', line: 3, anchor: undefined });
  assert.deepEqual(map('https://d.dev/api/get-status#body'), { file: 'b.yaml', line: 8, anchor: 'body' });
  assert.deepEqual(map('https://d.dev/api/get-a'), { file: null, anchor: undefined });
  const first = map('https://d.dev/guides/quickstart#x');
  first.file = 'changed by a caller';
  assert.deepEqual(map('https://d.dev/guides/quickstart#x'), { file: 'guides/quickstart.mdx', anchor: 'x' });
});

const conversation = (id: string, sources: string[], status?: 'answered' | 'unanswered'): Conversation => ({
  id,
  timestamp: `2026-11-0${(id.length % 9) + 1}T00:00:00Z`,
  query: `q${id}`,
  response: 'r',
  queryCategory: id === 'a' ? null : 'auth',
  sources: sources.map((url) => ({ title: url, url })),
  ...(status ? { resolutionStatus: status } : {}),
});

test('the gap report keeps unanswered conversations, groups them by cited page, most first', () => {
  const map = createUrlMapper(site, []);
  const report = buildGapReport(
    [
      conversation('a', ['https://d.dev/guides/quickstart#x', 'https://d.dev/guides/quickstart#y'], 'unanswered'),
      conversation('b', ['https://d.dev/guides/quickstart', 'https://d.dev/changelog?x=1'], 'unanswered'),
      conversation('c', [], 'unanswered'),
      conversation('d', ['https://d.dev/guides/quickstart'], 'answered'),
    ],
    map,
  );
  assert.equal(report.fetched, 4);
  assert.equal(report.unanswered, 3);
  assert.equal(report.statusInferred, false);
  assert.deepEqual(
    report.pages.map((p) => [p.file, p.url, p.count, p.conversationIds]),
    [
      ['guides/quickstart.mdx', 'https://d.dev/guides/quickstart', 2, ['a', 'b']],
      [null, 'https://d.dev/changelog', 1, ['b']],
    ],
  );
  assert.deepEqual(report.conversations[0].sources[0], {
    title: 'https://d.dev/guides/quickstart#x',
    url: 'https://d.dev/guides/quickstart#x',
    file: 'guides/quickstart.mdx',
    anchor: 'x',
  });
});

test('without resolutionStatus anywhere, unanswered is inferred: no source cited', () => {
  const report = buildGapReport([conversation('a', []), conversation('b', ['https://d.dev/guides/quickstart'])], createUrlMapper(site, []));
  assert.equal(report.statusInferred, true);
  assert.deepEqual(
    report.conversations.map((c) => c.id),
    ['a'],
  );
});

test('a cited URL of 80,000 path segments maps (to nothing) without trying every base path', { timeout: 30_000 }, () => {
  const site: MappableSite = { pages: [['guides/intro', 'guides/intro.mdx']], specs: [] };
  const long = `https://docs.example.com/${Array.from({ length: 80_000 }, (_, i) => `s${i}`).join('/')}`;
  const map = createUrlMapper(site, [long, 'https://docs.example.com/docs/guides/intro']);
  assert.deepEqual(map(long), { file: null, anchor: undefined });
  assert.equal(map('https://docs.example.com/docs/guides/intro').file, 'guides/intro.mdx');
});

test('the Docs Gaps view opens only http and https links', async () => {
  const { externalLink } = await import('../../client/src/gaps/externalLink');
  assert.equal(externalLink('https://docs.example.com/a'), 'https://docs.example.com/a');
  assert.equal(externalLink('http://localhost:3000/x'), 'http://localhost:3000/x');
  for (const url of [
    'javascript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>x</script>',
    'vscode://ext/x',
    'not a url',
    'ssh://host',
  ])
    assert.equal(externalLink(url), undefined, url);
});
