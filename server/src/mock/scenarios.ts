import type { ServerResponse } from 'node:http';
import type { Conversation } from '../analytics';

/** Misbehaviours of the local export server that the client must survive, each on demand (tests, `--scenario`). */
export const SCENARIOS = [
  'has-more-null-cursor',
  'repeat-cursor',
  'over-limit',
  'duplicate-ids',
  'truncated-json',
  'html-error',
  'wrong-shape',
  'reset-mid-body',
  'rate-limit',
  'redirect',
] as const;
export type Scenario = (typeof SCENARIOS)[number];

export interface ExportPage {
  conversations: Conversation[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** One answer the server is about to give, for a scenario to give another. */
export interface Exchange {
  /** How many requests of the export reached this point, this one included (1 for the first page). */
  hit: number;
  /** The page a well-behaved server would send. */
  page: ExportPage;
  cursor: string | null;
  limit: number;
  /** The conversation the cursor names (the last of the page before). */
  previous: Conversation | undefined;
  /** Answers with a JSON body (logged). */
  send(status: number, body: unknown, headers?: Record<string, string>): void;
  /** Answers by hand (logged with this status): a broken body, an HTML page, a reset. */
  raw(status: number, write: (response: ServerResponse) => void): void;
}

/** Each scenario: true when it answered in place of the well-behaved server. */
const MISBEHAVIOURS: Record<Scenario, (exchange: Exchange) => boolean> = {
  'has-more-null-cursor': ({ hit, page, send }) => hit === 2 && (send(200, { ...page, hasMore: true, nextCursor: null }), true),
  'repeat-cursor': ({ hit, page, cursor, send }) =>
    hit === 2 && cursor !== null && (send(200, { ...page, hasMore: true, nextCursor: cursor }), true),
  'over-limit': ({ hit, page, limit, send }) => {
    if (hit !== 1) return false;
    const extra = page.conversations.slice(0, 1).map((c) => ({ ...c, id: c.id.slice(0, -1) + 'Z' }));
    send(200, { ...page, conversations: [...page.conversations, ...extra].slice(0, limit + 1) });
    return true;
  },
  // Page 2 repeats the last conversation of page 1; its own last one moves to page 3.
  'duplicate-ids': ({ hit, page, previous, send }) => {
    if (hit !== 2 || !previous || page.conversations.length <= 1) return false;
    const shifted = [previous, ...page.conversations.slice(0, -1)];
    send(200, { conversations: shifted, hasMore: true, nextCursor: shifted[shifted.length - 1].id });
    return true;
  },
  'truncated-json': ({ hit, page, raw }) =>
    hit === 1 &&
    (raw(200, (response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(page).slice(0, 100));
    }),
    true),
  'html-error': ({ hit, raw }) =>
    hit === 1 &&
    (raw(502, (response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>');
    }),
    true),
  'wrong-shape': ({ page, send }) => (send(200, { items: page.conversations, next: page.nextCursor }), true),
  'reset-mid-body': ({ hit, page, raw }) =>
    hit === 1 &&
    (raw(200, (response) => {
      const body = JSON.stringify(page);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
      response.write(body.slice(0, Math.floor(body.length / 2)));
      setImmediate(() => response.socket?.destroy());
    }),
    true),
  'rate-limit': ({ hit, send }) => hit === 1 && (send(429, { error: 'Too many requests.' }, { 'retry-after': '1' }), true),
  redirect: ({ send }) => (send(302, { error: 'Moved.' }, { location: 'https://elsewhere.example.com/v1/analytics/demo/assistant' }), true),
};

/** Applies a scenario to this answer; true when it answered itself. */
export function misbehave(scenario: Scenario, exchange: Exchange): boolean {
  return MISBEHAVIOURS[scenario](exchange);
}
