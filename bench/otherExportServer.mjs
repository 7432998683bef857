// An export server written apart from the project's mock, to the specification alone, in the shape
// another implementation would have (issue 41): conversations over the last DAYS days up to now, oldest
// first, ISO timestamps with milliseconds, ids that are ULIDs, the cursor the last id of the page,
// pages of at most 1,000 (100 without `limit`), each answered after LATENCY ms. Its data are not the
// mock's: traffic grows over the range and follows the hours of the day, as a product's does.
// Usage: node bench/otherExportServer.mjs [--conversations N] [--days D] [--latency-ms MS] [--project ID] [--uniform]
// prints "listening on URL"; the key is any "Bearer mint_..." header.
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const count = Number(argument('--conversations', '100000'));
const days = Number(argument('--days', '60'));
const latency = Number(argument('--latency-ms', '200'));
const project = argument('--project', 'demo');
// --uniform: the same number over the days, at any hour (the mock's shape, for comparison).
const uniform = process.argv.includes('--uniform');
const DAY = 86_400_000;

let seed = 7;
const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function ulid(time) {
  let head = '';
  for (let t = time, i = 0; i < 10; i++, t = Math.floor(t / 32)) head = CROCKFORD[t % 32] + head;
  let tail = '';
  for (let i = 0; i < 16; i++) tail += CROCKFORD[Math.floor(random() * 32)];
  return head + tail;
}

// Times drawn so that the later days hold more (traffic doubles over the range) and the working hours more than the night.
const now = Date.now();
const times = [];
while (times.length < count) {
  const age = random() * days * DAY;
  const when = now - age;
  const growth = uniform ? 1 : 1 - age / (days * DAY) / 2;
  const hour = new Date(when).getUTCHours();
  const daytime = uniform || (hour >= 8 && hour < 20) ? 1 : 0.35;
  if (random() < growth * daytime) times.push(Math.floor(when));
}
times.sort((a, b) => a - b);
const QUESTIONS = [
  'How do I rotate an API key?',
  'Why is my webhook not firing?',
  'Can I export invoices as CSV?',
  'What are the rate limits?',
];
const conversations = times.map((time, i) => ({
  id: ulid(time),
  timestamp: new Date(time).toISOString(),
  query: QUESTIONS[i % QUESTIONS.length],
  response: i % 5 === 0 ? "I'm sorry, I couldn't find an answer to that in the docs." : 'See the guide.',
  sources: [{ title: 'Guide', url: 'https://docs.example.com/guide' }],
  queryCategory: null,
  resolutionStatus: i % 5 === 0 ? 'unanswered' : 'answered',
}));
conversations.sort((a, b) => (a.id < b.id ? -1 : 1));
const position = new Map(conversations.map((conversation, i) => [conversation.id, i]));

function dateOf(value) {
  if (value === null) return undefined;
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : time;
}

function answer(url) {
  const match = /^\/v1\/analytics\/([^/]+)\/assistant$/.exec(url.pathname);
  if (!match || decodeURIComponent(match[1]) !== project) return [404, { error: 'Not found.' }];
  const from = dateOf(url.searchParams.get('dateFrom'));
  const to = dateOf(url.searchParams.get('dateTo'));
  const limitText = url.searchParams.get('limit');
  const limit = limitText === null ? 100 : Number(limitText);
  const cursor = url.searchParams.get('cursor');
  if (from === null || to === null || !Number.isInteger(limit) || limit < 1 || limit > 1000 || (cursor !== null && !position.has(cursor)))
    return [400, { error: 'Invalid query parameters.' }];
  // Binary search for the range's first conversation (or the one after the cursor), then read on.
  const low = from ?? -Infinity;
  const high = to ?? Infinity;
  let start = 0;
  if (cursor !== null) start = position.get(cursor) + 1;
  else {
    let hi = conversations.length;
    while (start < hi) {
      const mid = (start + hi) >> 1;
      if (Date.parse(conversations[mid].timestamp) < low) start = mid + 1;
      else hi = mid;
    }
  }
  const page = [];
  let at = start;
  for (; at < conversations.length && page.length < limit; at++) {
    const time = Date.parse(conversations[at].timestamp);
    if (time >= high) break;
    if (time >= low) page.push(conversations[at]);
  }
  const hasMore = at < conversations.length && Date.parse(conversations[at].timestamp) < high && page.length === limit;
  return [200, { conversations: page, nextCursor: hasMore ? page[page.length - 1].id : null, hasMore }];
}

const log = process.env.REQUEST_LOG;
const { appendFileSync } = await import('node:fs');
const server = createServer(async (request, response) => {
  if (log) appendFileSync(log, `${Date.now()} ${request.url}\n`);
  await sleep(latency);
  const [status, body] = /^Bearer mint_/.test(request.headers.authorization ?? '')
    ? answer(new URL(request.url, 'http://localhost'))
    : [401, { error: 'Unauthorized.' }];
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
});
server.listen(Number(argument('--port', '0')), '127.0.0.1', () => console.log(`listening on http://127.0.0.1:${server.address().port}`));
