import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import exportOpenapi from '../../../schemas/analytics-export.openapi.json';
import { parseExportDate } from '../analytics';
import type { Conversation } from '../analytics';
import { generateConversations, seededRandom } from './conversations';

import { misbehave, type ExportPage, type Scenario } from './scenarios';

export { SCENARIOS, type Scenario } from './scenarios';

export interface ExportServerOptions {
  port?: number;
  key?: string;
  project?: string;
  conversations?: number;
  seed?: number;
  /** Share of requests answered with a 500 and an error body (after the key check). */
  faultRate?: number;
  latencyMs?: number;
  scenario?: Scenario;
  omitStatus?: boolean;
  /** The end of the 90 days of data (default: today, 12:00 UTC). */
  now?: number;
  siteUrl?: string;
  /** The days before `now` the conversations spread over (default 90). */
  spanDays?: number;
  /**
   * An origin (or `*`) whose pages may call the API from a browser (CORS): the browser build's Docs
   * Gaps view fetches from the editor's origin. Without it the server sends no CORS header, and a
   * browser refuses its answers to another origin.
   */
  cors?: string;
}

export interface RunningExportServer {
  url: string;
  server: Server;
  conversations: Conversation[];
  /** The last {@link REQUEST_LOG_SIZE} requests answered (for tests); older ones are dropped. */
  requests: { url: string; status: number; authorization?: string }[];
  /** The most requests it was answering at once (for tests of clients that page side by side). */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** The API's page size when none is asked for, and the largest it serves. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
/** The conversations served by default (about 90 days of a small site). */
const DEFAULT_CONVERSATIONS = 240;
/** How much of a request's URL the log keeps. */
const LOGGED_URL_CHARS = 200;
/** Requests remembered for tests: a long run (or a flood) must not grow the server's memory. */
export const REQUEST_LOG_SIZE = 1000;
/** The longest URL the server reads; a longer one is refused (414). */
const MAX_URL_LENGTH = 16 * 1024;

/** Whether `given` is the expected Authorization header, in time that does not depend on how much of it matches. */
function sameKey(given: string | undefined, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given ?? ''), digest(expected)) && given !== undefined;
}

/**
 * The export endpoint, with the API's open points decided (schemas/analytics-export.openapi.json
 * says how): bearer key check, limit 1-1000 (default 100), ULID cursors, dateFrom inclusive and dateTo
 * exclusive, date-only values as UTC days, a 400 naming each invalid parameter, 404 for an unknown
 * project, order by time. It also serves its OpenAPI description at /openapi.json.
 */
export async function startExportServer(options: ExportServerOptions = {}): Promise<RunningExportServer> {
  const conversations = generateConversations({
    count: options.conversations ?? DEFAULT_CONVERSATIONS,
    seed: options.seed ?? 1,
    now: options.now,
    siteUrl: options.siteUrl,
    omitStatus: options.omitStatus,
    spanDays: options.spanDays,
  });
  const api = new ExportApi(options, conversations);
  const server = createServer((request, response) => {
    api.handle(request, response).catch((error) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Internal server error.', details: [{ message: String(error) }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    conversations,
    requests: api.requests,
    get maxInFlight() {
      return api.maxInFlight;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The requests of the export API, answered from a fixed set of conversations (in time order). */
class ExportApi {
  readonly requests: RunningExportServer['requests'] = [];
  private readonly key: string;
  private readonly project: string;
  private readonly index: Map<string, number>;
  private readonly faults: () => number;
  private scenarioHits = 0;
  private inFlight = 0;
  maxInFlight = 0;

  constructor(
    private readonly options: ExportServerOptions,
    private readonly conversations: Conversation[],
  ) {
    this.key = options.key ?? 'mint_demo_key';
    this.project = options.project ?? 'demo';
    this.index = new Map(conversations.map((conversation, position) => [conversation.id, position]));
    this.faults = seededRandom((options.seed ?? 1) * 7919 + 1);
  }

  async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.maxInFlight = Math.max(this.maxInFlight, ++this.inFlight);
    try {
      await this.answer(request, response);
    } finally {
      this.inFlight--;
    }
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.options.cors) {
      response.setHeader('access-control-allow-origin', this.options.cors);
      response.setHeader('vary', 'origin');
      // A preflight: the browser asks before it sends the key in a header.
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        response.writeHead(204, {
          'access-control-allow-methods': 'GET',
          'access-control-allow-headers': 'authorization, accept',
          'access-control-max-age': '600',
        });
        response.end();
        return;
      }
    }
    const raw = request.url ?? '/';
    const url = new URL(raw.length > MAX_URL_LENGTH ? '/' : raw, 'http://localhost');
    const log = (status: number) => {
      this.requests.push({
        url: (url.pathname + url.search).slice(0, LOGGED_URL_CHARS),
        status,
        authorization: request.headers.authorization,
      });
      if (this.requests.length > REQUEST_LOG_SIZE) this.requests.splice(0, this.requests.length - REQUEST_LOG_SIZE);
    };
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      log(status);
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (this.options.latencyMs) await setTimeout(this.options.latencyMs);
    const refusal = this.refusal(request, raw, url);
    if (refusal) return send(...refusal);
    const cursor = url.searchParams.get('cursor');
    const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : DEFAULT_LIMIT;
    const page = this.pageOf(url.searchParams, cursor, limit);
    const previous = cursor ? this.conversations[this.index.get(cursor)!] : undefined;
    const answerByHand = (status: number, write: (response: ServerResponse) => void) => {
      log(status);
      write(response);
    };
    const exchange = { hit: ++this.scenarioHits, page, cursor, limit, previous, send, raw: answerByHand };
    if (this.options.scenario && misbehave(this.options.scenario, exchange)) return;
    send(200, page);
  }

  /** The error answer a request gets before any page is read (status, body, headers), if it gets one. */
  private refusal(request: IncomingMessage, raw: string, url: URL): [number, unknown, Record<string, string>?] | undefined {
    if (raw.length > MAX_URL_LENGTH)
      return [414, { error: `The URL is ${raw.length} characters long; the server reads up to ${MAX_URL_LENGTH}.` }];
    if (request.method === 'GET' && url.pathname === '/openapi.json') return [200, exportOpenapi];
    const route = /^\/v1\/analytics\/([^/]+)\/assistant$/.exec(url.pathname);
    if (!route) return [404, { error: `No route for ${request.method} ${url.pathname}.` }];
    let projectName: string;
    try {
      // A malformed percent-encoding is the client's mistake: 400, not a 500.
      projectName = decodeURIComponent(route[1]);
    } catch {
      return [400, { error: 'Invalid percent-encoding in the URL.' }];
    }
    if (request.method !== 'GET') return [405, { error: 'Only GET is supported.' }, { allow: 'GET' }];
    if (!sameKey(request.headers.authorization, `Bearer ${this.key}`))
      return [401, { error: 'Missing or invalid API key.', details: [{ message: 'Send an admin key as "Authorization: Bearer <key>".' }] }];
    if (projectName !== this.project) return [404, { error: `Project ${projectName} not found.` }];
    const details = validate(url.searchParams, this.index);
    if (details.length) return [400, { error: 'Invalid query parameters.', details: details.map((message) => ({ message })) }];
    if (this.options.faultRate && this.faults() < this.options.faultRate)
      return [500, { error: 'Internal server error.', details: [{ message: 'Injected fault (--fault-rate).' }] }];
    return undefined;
  }

  /** The conversations after the cursor within [dateFrom, dateTo), at most `limit`, and whether more follow. */
  private pageOf(params: URLSearchParams, cursor: string | null, limit: number): ExportPage {
    const from = params.get('dateFrom');
    const to = params.get('dateTo');
    const fromTime = from ? parseExportDate(from)!.getTime() : -Infinity;
    const toTime = to ? parseExportDate(to)!.getTime() : Infinity;
    const inRange = (conversation: Conversation) => {
      const time = Date.parse(conversation.timestamp);
      return time >= fromTime && time < toTime;
    };
    const selected: Conversation[] = [];
    let position = cursor ? this.index.get(cursor)! + 1 : 0;
    for (; position < this.conversations.length && selected.length < limit; position++)
      if (inRange(this.conversations[position])) selected.push(this.conversations[position]);
    let hasMore = false;
    for (let rest = position; rest < this.conversations.length && !hasMore; rest++) hasMore = inRange(this.conversations[rest]);
    return { conversations: selected, nextCursor: hasMore ? selected[selected.length - 1].id : null, hasMore };
  }
}

function validate(params: URLSearchParams, index: Map<string, number>): string[] {
  const details: string[] = [];
  const limit = params.get('limit');
  if (limit !== null && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIMIT))
    details.push(`limit must be a whole number from 1 to ${MAX_LIMIT}; got "${limit}".`);
  const from = params.get('dateFrom');
  const to = params.get('dateTo');
  const fromDate = from === null ? undefined : parseExportDate(from);
  const toDate = to === null ? undefined : parseExportDate(to);
  if (from !== null && !fromDate) details.push(`dateFrom must be YYYY-MM-DD or an ISO 8601 date-time; got "${from}".`);
  if (to !== null && !toDate) details.push(`dateTo must be YYYY-MM-DD or an ISO 8601 date-time; got "${to}".`);
  if (fromDate && toDate && fromDate > toDate) details.push('dateFrom must not be later than dateTo.');
  const cursor = params.get('cursor');
  if (cursor !== null && !ULID.test(cursor)) details.push(`cursor must be a ULID; got "${cursor}".`);
  else if (cursor !== null && !index.has(cursor)) details.push(`cursor ${cursor} is not known.`);
  return details;
}
