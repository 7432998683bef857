import { setTimeout } from 'node:timers/promises';
import validatePage from '../generated/conversationPageValidator';
import { ExportApiError } from './errors';
import { checkBaseUrl, exportUrl, validateQuery } from './query';
import type { Conversation, ConversationPage, ExportQuery } from './types';

export interface ExportClientOptions {
  baseUrl: string;
  projectId: string;
  apiKey: string;
  /** Per attempt, headers and body together. Default 30 s. */
  timeoutMs?: number;
  /** Attempts after the first for 429, 5xx, network errors and cut bodies. Default 5. */
  retries?: number;
  /** First backoff; it doubles each attempt (with jitter) up to `retryMaxMs`. Default 500 ms. */
  retryMinMs?: number;
  /** The longest wait between attempts, `Retry-After` included. Default 30 s. */
  retryMaxMs?: number;
  signal?: AbortSignal;
  /** Called after each page with the running totals. */
  onPage?: (progress: { pages: number; fetched: number; retries: number }) => void;
  /** Called before each retry, for logs (never with the key). */
  onRetry?: (reason: string, waitMs: number) => void;
  /** Which conversations to keep in memory (all by default); the others are still counted and deduplicated. */
  keep?: (conversation: Conversation) => boolean;
  /** The export stops, and says so, after this many distinct conversations. Default {@link DEFAULT_MAX_CONVERSATIONS}. */
  maxConversations?: number;
}

/** A million conversations: far above a real project's range, far below what would exhaust memory. */
export const DEFAULT_MAX_CONVERSATIONS = 1_000_000;
/** Pages with nothing in them while the server says there is more: a server that loops, after this many. */
export const MAX_EMPTY_PAGES = 10;
/** The decoded body of one page may hold at most this many bytes: 1,000 conversations need a few MB. */
export const MAX_PAGE_BYTES = 64 * 1024 * 1024;

export interface ExportResult {
  conversations: Conversation[];
  /** Every distinct conversation fetched, kept or not. */
  fetched: number;
  pages: number;
  retries: number;
  /** The export stopped at `maxConversations` with more to come: the result is incomplete. */
  truncated: boolean;
}

const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);
const BULK_LIMIT = 1000;

/**
 * Fetches every page of the export: sends `nextCursor` as `cursor` while `hasMore` is true, retries
 * what may pass (429 honouring `Retry-After`, 5xx, network errors, a body cut short) from the same
 * cursor, keeps each conversation once (by `id`), and stops with a clear error, never a loop, when
 * the server contradicts itself.
 */
export async function fetchAllConversations(query: ExportQuery, options: ExportClientOptions): Promise<ExportResult> {
  const keyProblem = checkApiKey(options.apiKey);
  if (keyProblem) throw new ExportApiError('config', `Not sent: ${keyProblem}`);
  // Whatever a message carries (a server's error body, a cursor, a network error), the key is cut out.
  const onRetry = options.onRetry && ((reason: string, wait: number) => options.onRetry!(redactKey(reason, options.apiKey), wait));
  try {
    return await fetchAll(query, { ...options, onRetry });
  } catch (error) {
    if (error instanceof ExportApiError) throw new ExportApiError(error.kind, redactKey(error.message, options.apiKey), error.status);
    throw error;
  }
}

/** Why a key cannot be sent, without showing it: control characters (a pasted line break) or non-ASCII. */
export function checkApiKey(key: string): string | undefined {
  if (key.trim() === '') return 'no admin API key is set.';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(key))
    return 'the admin API key holds a control character (a line break or tab pasted with it?). Set it again.';
  if (/[^\u0020-\u007e]/.test(key)) return 'the admin API key holds characters other than plain ASCII. Set it again.';
  return undefined;
}

/** `text` with every occurrence of the key replaced, so no message, log or output can show it. */
export function redactKey(text: string, key: string): string {
  if (key.length < 4) return text;
  return text.split(key).join(`${key.startsWith('mint_') ? 'mint_' : ''}[admin key hidden]`);
}

async function fetchAll(query: ExportQuery, options: ExportClientOptions): Promise<ExportResult> {
  const problems = validateQuery(query);
  if (problems.length) throw new ExportApiError('query', problems.join(' '));
  const baseProblem = checkBaseUrl(options.baseUrl);
  if (baseProblem) throw new ExportApiError('config', `Not sent: ${baseProblem}`);
  if (!options.projectId.trim()) throw new ExportApiError('config', 'Not sent: no project ID is set.');
  const limit = query.limit ?? BULK_LIMIT;
  const seen = new Set<string>();
  const kept: Conversation[] = [];
  const seenCursors = new Set<string>();
  const state = { pages: 0, retries: 0 };
  const maxConversations = options.maxConversations ?? DEFAULT_MAX_CONVERSATIONS;
  let emptyPages = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(exportUrl(options.baseUrl, options.projectId, { ...query, limit }, cursor), options, state);
    if (page.conversations.length > limit) {
      throw new ExportApiError(
        'contradiction',
        `The server returned ${page.conversations.length} conversations for limit ${limit} (page ${state.pages + 1}); stopped rather than trust the export.`,
      );
    }
    for (const conversation of page.conversations) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      if (!options.keep || options.keep(conversation)) kept.push(conversation);
    }
    state.pages++;
    options.onPage?.({ pages: state.pages, fetched: seen.size, retries: state.retries });
    if (!page.hasMore) break;
    emptyPages = page.conversations.length === 0 ? emptyPages + 1 : 0;
    if (emptyPages >= MAX_EMPTY_PAGES) {
      throw new ExportApiError(
        'contradiction',
        `The server sent ${MAX_EMPTY_PAGES} empty pages in a row while saying there is more (page ${state.pages}); stopped rather than loop, after ${seen.size} conversations.`,
      );
    }
    if (seen.size >= maxConversations)
      return { conversations: kept, fetched: seen.size, pages: state.pages, retries: state.retries, truncated: true };
    if (page.nextCursor === null)
      throw new ExportApiError(
        'contradiction',
        `The server said hasMore is true but gave no nextCursor (page ${state.pages}); stopped after ${seen.size} conversations.`,
      );
    if (seenCursors.has(page.nextCursor) || page.nextCursor === cursor) {
      throw new ExportApiError(
        'contradiction',
        `The server sent cursor ${page.nextCursor} twice (page ${state.pages}); stopped rather than loop, after ${seen.size} conversations.`,
      );
    }
    seenCursors.add(page.nextCursor);
    cursor = page.nextCursor;
  }
  return { conversations: kept, fetched: seen.size, pages: state.pages, retries: state.retries, truncated: false };
}

async function fetchPage(url: string, options: ExportClientOptions, state: { retries: number; pages: number }): Promise<ConversationPage> {
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptPage(url, options);
    if ('page' in outcome) return outcome.page;
    if (attempt >= retries) throw outcome.error;
    const backoff = Math.min(options.retryMaxMs ?? 30000, (options.retryMinMs ?? 500) * 2 ** attempt);
    const wait =
      outcome.retryAfterMs !== undefined
        ? Math.min(outcome.retryAfterMs, options.retryMaxMs ?? 30000)
        : backoff / 2 + Math.random() * (backoff / 2);
    options.onRetry?.(outcome.error.message, wait);
    state.retries++;
    await pause(wait, options.signal);
  }
}

type Attempt = { page: ConversationPage } | { error: ExportApiError; retryAfterMs?: number };

async function attemptPage(url: string, options: ExportClientOptions): Promise<Attempt> {
  if (options.signal?.aborted) throw new ExportApiError('cancelled', 'The export was cancelled.');
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 30000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let status: number;
  let headers: Headers;
  let text: string;
  try {
    // Node's own fetch. Redirects are never followed: the key must not travel elsewhere.
    const response = await fetch(url, {
      method: 'GET',
      headers: { authorization: `Bearer ${options.apiKey}`, accept: 'application/json', 'user-agent': 'docsmith' },
      redirect: 'manual',
      signal,
    });
    status = response.status;
    headers = response.headers;
    text = await readCapped(response, MAX_PAGE_BYTES);
  } catch (error) {
    if (error instanceof ExportApiError) throw error;
    if (options.signal?.aborted) throw new ExportApiError('cancelled', 'The export was cancelled.');
    if (timeout.aborted) return { error: new ExportApiError('timeout', `The request timed out after ${options.timeoutMs ?? 30000} ms.`) };
    return { error: new ExportApiError('network', `The connection failed: ${describeNetworkError(error)}.`) };
  }
  if (status >= 300 && status < 400) {
    const location = headers.get('location') ?? '';
    let host = location;
    try {
      host = new URL(location, url).host;
    } catch {
      // keep the raw value
    }
    throw new ExportApiError(
      'http',
      `The server redirected (${status}) to ${host || 'another address'}; ` +
        `Docsmith does not follow redirects with the admin key. Set docsmith.analytics.baseUrl to the final address.`,
      status,
    );
  }
  if (status === 200) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      // A 200 whose body does not parse was most likely cut short: worth another try.
      return {
        error: new ExportApiError(
          'invalid-response',
          `The server answered 200 with a body that is not JSON (${text.length} bytes${looksLikeHtml(text) ? ', HTML' : ''}).`,
        ),
      };
    }
    if (!validatePage(body)) {
      const first = validatePage.errors?.[0];
      const where = first?.instancePath
        ? first.instancePath
            .slice(1)
            .replace(/\/(\d+)/g, '[$1]')
            .replace(/\//g, '.')
        : 'the body';
      throw new ExportApiError(
        'invalid-response',
        `The server's answer is not a conversation page: ${where} ${first?.message ?? 'is not valid'}.`,
      );
    }
    return { page: body as ConversationPage };
  }
  const error = new ExportApiError(status === 401 || status === 403 ? 'auth' : 'http', httpMessage(status, text), status);
  if (RETRY_STATUS.has(status)) return { error, retryAfterMs: retryAfter(headers.get('retry-after') ?? undefined) };
  throw error;
}

/**
 * The body as text, reading no more than `max` decoded bytes: a huge body, or a small compressed one
 * that expands to gigabytes, is cut off and refused rather than read into memory.
 */
async function readCapped(response: Response, max: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const encoded = response.headers.get('content-encoding');
  if (!encoded && Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw tooLarge(declared, max);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      throw tooLarge(total, max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

function tooLarge(bytes: number, max: number): ExportApiError {
  return new ExportApiError(
    'invalid-response',
    `The server sent more than ${Math.round(max / 1024 / 1024)} MB for one page (${bytes > max * 2 ? 'at least ' : ''}${Math.round(bytes / 1024 / 1024)} MB decoded); ` +
      `a page of 1,000 conversations needs a few MB. Stopped reading.`,
  );
}

function httpMessage(status: number, text: string): string {
  let detail = '';
  try {
    const body = JSON.parse(text) as { error?: unknown; details?: { message?: unknown }[] };
    const messages = Array.isArray(body.details) ? body.details.map((d) => String(d?.message ?? '')).filter(Boolean) : [];
    // Each part's own final stop is dropped: the parts are joined, and the whole ends the sentence.
    detail = [typeof body.error === 'string' ? body.error : '', ...messages].map(withoutFinalStop).filter(Boolean).join('; ');
  } catch {
    detail = looksLikeHtml(text) ? 'an HTML page instead of a JSON error' : text.slice(0, 200).trim();
  }
  const trimmed = withoutFinalStop(detail);
  const suffix = trimmed ? `: ${trimmed}` : '';
  if (status === 401 || status === 403)
    return `The admin API key was rejected (${status})${suffix}. Set a valid admin key (it begins with mint_).`;
  if (status === 404) return `Not found (404)${suffix}. Check the project ID.`;
  if (status === 400) return `The server refused the query (400)${suffix}.`;
  return `The server answered ${status}${suffix}.`;
}

/** The text without its final punctuation and spaces (a loop, not a regex: the text is the server's). */
function withoutFinalStop(text: string): string {
  let end = text.length;
  while (end > 0 && '.!;:, \t\n\r'.includes(text[end - 1])) end--;
  return text.slice(0, end).trim();
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds. */
function retryAfter(text: string | undefined): number | undefined {
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:!doctype|html)/i.test(text);
}

function describeNetworkError(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.code ?? e.cause?.message ?? e.message ?? String(error);
}

/** Waits before a retry; a cancel during the wait ends the export. */
async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await setTimeout(ms, undefined, { signal });
  } catch {
    throw new ExportApiError('cancelled', 'The export was cancelled.');
  }
}
