import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import exportOpenapi from '../../../schemas/analytics-export.openapi.json';
import { parseExportDate } from '../analytics/query';
import type { Conversation } from '../analytics/types';
import { generateConversations, seededRandom } from './conversations';

import type { Scenario } from './scenarios';

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
}

export interface RunningExportServer {
  url: string;
  server: Server;
  conversations: Conversation[];
  /** The last {@link REQUEST_LOG_SIZE} requests answered (for tests); older ones are dropped. */
  requests: { url: string; status: number; authorization?: string }[];
  close(): Promise<void>;
}

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
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
 * The export endpoint of SPEC.md, with its open points decided (schemas/analytics-export.openapi.json
 * says how): bearer key check, limit 1-1000 (default 100), ULID cursors, dateFrom inclusive and dateTo
 * exclusive, date-only values as UTC days, a 400 naming each invalid parameter, 404 for an unknown
 * project, order by time. It also serves its OpenAPI description at /openapi.json.
 */
export async function startExportServer(options: ExportServerOptions = {}): Promise<RunningExportServer> {
  const key = options.key ?? 'mint_demo_key';
  const project = options.project ?? 'demo';
  const conversations = generateConversations({
    count: options.conversations ?? 240,
    seed: options.seed ?? 1,
    now: options.now,
    siteUrl: options.siteUrl,
    omitStatus: options.omitStatus,
  });
  const index = new Map(conversations.map((conversation, position) => [conversation.id, position]));
  const faults = seededRandom((options.seed ?? 1) * 7919 + 1);
  const requests: RunningExportServer['requests'] = [];
  let scenarioHits = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const raw = request.url ?? '/';
    const url = new URL(raw.length > MAX_URL_LENGTH ? '/' : raw, 'http://localhost');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      requests.push({ url: (url.pathname + url.search).slice(0, 200), status, authorization: request.headers.authorization });
      if (requests.length > REQUEST_LOG_SIZE) requests.splice(0, requests.length - REQUEST_LOG_SIZE);
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (options.latencyMs) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    if (raw.length > MAX_URL_LENGTH)
      return send(414, { error: `The URL is ${raw.length} characters long; the server reads up to ${MAX_URL_LENGTH}.` });
    if (request.method === 'GET' && url.pathname === '/openapi.json') return send(200, exportOpenapi);
    const route = /^\/v1\/analytics\/([^/]+)\/assistant$/.exec(url.pathname);
    if (!route) return send(404, { error: `No route for ${request.method} ${url.pathname}.` });
    let projectName: string;
    try {
      // A malformed percent-encoding is the client's mistake: 400, not a 500.
      projectName = decodeURIComponent(route[1]);
    } catch {
      return send(400, { error: 'Invalid percent-encoding in the URL.' });
    }
    if (request.method !== 'GET') return send(405, { error: 'Only GET is supported.' }, { allow: 'GET' });
    if (!sameKey(request.headers.authorization, `Bearer ${key}`))
      return send(401, {
        error: 'Missing or invalid API key.',
        details: [{ message: 'Send an admin key as "Authorization: Bearer <key>".' }],
      });
    if (projectName !== project) return send(404, { error: `Project ${projectName} not found.` });

    const details = validate(url.searchParams, index);
    if (details.length) return send(400, { error: 'Invalid query parameters.', details: details.map((message) => ({ message })) });
    if (options.faultRate && faults() < options.faultRate)
      return send(500, { error: 'Internal server error.', details: [{ message: 'Injected fault (--fault-rate).' }] });

    const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : 100;
    const from = url.searchParams.get('dateFrom');
    const to = url.searchParams.get('dateTo');
    const fromTime = from ? parseExportDate(from)!.getTime() : -Infinity;
    const toTime = to ? parseExportDate(to)!.getTime() : Infinity;
    const cursor = url.searchParams.get('cursor');
    const start = cursor ? index.get(cursor)! + 1 : 0;
    const selected: Conversation[] = [];
    let position = start;
    for (; position < conversations.length && selected.length < limit; position++) {
      const time = Date.parse(conversations[position].timestamp);
      if (time >= fromTime && time < toTime) selected.push(conversations[position]);
    }
    let hasMore = false;
    for (let rest = position; rest < conversations.length; rest++) {
      const time = Date.parse(conversations[rest].timestamp);
      if (time >= fromTime && time < toTime) {
        hasMore = true;
        break;
      }
    }
    const page = { conversations: selected, nextCursor: hasMore ? selected[selected.length - 1].id : null, hasMore };
    const previous = cursor ? conversations[index.get(cursor)!] : undefined;
    if (options.scenario && misbehave(options.scenario, ++scenarioHits, page, cursor, limit, previous, send, response, requests, url))
      return;
    send(200, page);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
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
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function validate(params: URLSearchParams, index: Map<string, number>): string[] {
  const details: string[] = [];
  const limit = params.get('limit');
  if (limit !== null && (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1000))
    details.push(`limit must be a whole number from 1 to 1000; got "${limit}".`);
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

/** Applies a scenario to this answer; true when it answered itself. */
function misbehave(
  scenario: Scenario,
  hit: number,
  page: { conversations: Conversation[]; nextCursor: string | null; hasMore: boolean },
  cursor: string | null,
  limit: number,
  previous: Conversation | undefined,
  send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  response: ServerResponse,
  requests: RunningExportServer['requests'],
  url: URL,
): boolean {
  switch (scenario) {
    case 'has-more-null-cursor':
      if (hit === 2) return (send(200, { ...page, hasMore: true, nextCursor: null }), true);
      return false;
    case 'repeat-cursor':
      if (hit === 2 && cursor) return (send(200, { ...page, hasMore: true, nextCursor: cursor }), true);
      return false;
    case 'over-limit':
      if (hit === 1)
        return (
          send(200, {
            ...page,
            conversations: [
              ...page.conversations,
              ...page.conversations.slice(0, 1).map((c) => ({ ...c, id: c.id.slice(0, -1) + 'Z' })),
            ].slice(0, limit + 1),
          }),
          true
        );
      return false;
    case 'duplicate-ids':
      // Page 2 repeats the last conversation of page 1; its own last one moves to page 3.
      if (hit === 2 && previous && page.conversations.length > 1) {
        const shifted = [previous, ...page.conversations.slice(0, -1)];
        return (send(200, { conversations: shifted, hasMore: true, nextCursor: shifted[shifted.length - 1].id }), true);
      }
      return false;
    case 'truncated-json':
      if (hit === 1) {
        requests.push({ url: url.pathname + url.search, status: 200 });
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(page).slice(0, 100));
        return true;
      }
      return false;
    case 'html-error':
      if (hit === 1) {
        requests.push({ url: url.pathname + url.search, status: 502 });
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>');
        return true;
      }
      return false;
    case 'wrong-shape':
      return (send(200, { items: page.conversations, next: page.nextCursor }), true);
    case 'reset-mid-body':
      if (hit === 1) {
        requests.push({ url: url.pathname + url.search, status: 200 });
        const body = JSON.stringify(page);
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        response.write(body.slice(0, Math.floor(body.length / 2)));
        setImmediate(() => response.socket?.destroy());
        return true;
      }
      return false;
    case 'rate-limit':
      if (hit === 1) return (send(429, { error: 'Too many requests.' }, { 'retry-after': '1' }), true);
      return false;
    case 'redirect':
      return (send(302, { error: 'Moved.' }, { location: 'https://elsewhere.example.com/v1/analytics/demo/assistant' }), true);
  }
}
