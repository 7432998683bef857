import { utf8Text } from '../common/bytes';
import validatePage from '../generated/conversationPageValidator';
import { ExportApiError } from './errors';
import type { ConversationPage } from './types';

/** The decoded body of one page may hold at most this many bytes: 1,000 conversations need a few MB. */
export const MAX_PAGE_BYTES = 64 * 1024 * 1024;
/** An error's body is read this far at most (a 401 with 50 MB of JSON prints one line, not 50 MB). */
export const MAX_ERROR_BYTES = 64 * 1024;
/** JSON nested deeper than this is no conversation page (which nests 4 levels): refused before it is parsed. */
export const MAX_JSON_DEPTH = 64;

const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);

/** What one request needs of the export's options. */
export interface PageRequestOptions {
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
  /** Called before each retry, for logs (never with the key). */
  onRetry?: (reason: string, waitMs: number) => void;
}

/**
 * One page of the export, retrying what may pass (429 honouring `Retry-After`, 5xx, network errors,
 * a body cut short) up to `retries` times with jittered exponential backoff; anything else throws.
 */
export async function fetchPage(
  url: string,
  options: PageRequestOptions,
  state: { retries: number; pages: number },
): Promise<ConversationPage> {
  return withRetries(() => attemptPage(url, options), options, state);
}

/** What one attempt of a request gives: its value, or an error worth another try (after `retryAfterMs`, when the server said). */
export type Attempt<T> = { value: T } | { error: Error; retryAfterMs?: number };

/**
 * Runs attempts until one gives a value, retrying what may pass up to `retries` times with jittered
 * exponential backoff (or the server's `Retry-After`); an attempt that throws ends it.
 */
export async function withRetries<T>(
  attempt: () => Promise<Attempt<T>>,
  options: Pick<PageRequestOptions, 'retries' | 'retryMinMs' | 'retryMaxMs' | 'signal' | 'onRetry'>,
  state?: { retries: number },
): Promise<T> {
  const retries = options.retries ?? 5;
  for (let tries = 0; ; tries++) {
    const outcome = await attempt();
    if ('value' in outcome) return outcome.value;
    if (tries >= retries) throw outcome.error;
    const backoff = Math.min(options.retryMaxMs ?? 30000, (options.retryMinMs ?? 500) * 2 ** tries);
    const wait =
      outcome.retryAfterMs !== undefined
        ? Math.min(outcome.retryAfterMs, options.retryMaxMs ?? 30000)
        : backoff / 2 + Math.random() * (backoff / 2);
    options.onRetry?.(outcome.error.message, wait);
    if (state) state.retries++;
    await pause(wait, options.signal);
  }
}

async function attemptPage(url: string, options: PageRequestOptions): Promise<Attempt<ConversationPage>> {
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
    text = status === 200 ? await readCapped(response, MAX_PAGE_BYTES, signal) : await readCapped(response, MAX_ERROR_BYTES, signal, true);
  } catch (error) {
    if (error instanceof ExportApiError) throw error;
    if (options.signal?.aborted) throw new ExportApiError('cancelled', 'The export was cancelled.');
    if (timeout.aborted) return { error: new ExportApiError('timeout', `The request timed out after ${options.timeoutMs ?? 30000} ms.`) };
    const failure = new ExportApiError('network', connectionFailure(error, url, inBrowser()));
    // In a browser a refused origin looks like a network down: it would be retried for a minute in vain.
    if (inBrowser() && error instanceof TypeError) throw failure;
    return { error: failure };
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
    if (nestedDeeperThan(text, MAX_JSON_DEPTH))
      throw new ExportApiError(
        'invalid-response',
        `The server's answer nests deeper than ${MAX_JSON_DEPTH} levels; it is no conversation page. Stopped reading.`,
      );
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
    return { value: body as ConversationPage };
  }
  const error = new ExportApiError(status === 401 || status === 403 ? 'auth' : 'http', httpMessage(status, text), status);
  if (RETRY_STATUS.has(status)) return { error, retryAfterMs: retryAfter(headers.get('retry-after') ?? undefined) };
  throw error;
}

/**
 * The body as text, reading no more than `max` decoded bytes: a huge body, or a small compressed one
 * that expands to gigabytes, is cut off and refused rather than read into memory.
 */
export async function readCapped(response: Response, max: number, signal: AbortSignal, cut = false): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const encoded = response.headers.get('content-encoding');
  if (!cut && !encoded && Number.isFinite(declared) && declared > max) {
    await response.body?.cancel();
    throw tooLarge(declared, max);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  // Node 20's fetch does not always end a read of a compressed body when its request is aborted (the
  // read waits forever): the reader is cancelled by hand, so stopping an export never hangs.
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    return await readChunks(reader, max, signal, cut);
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** The chunks of a body up to `max` bytes: past it, refused, or (`cut`, for an error's body) its start only. */
async function readChunks(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  max: number,
  signal: AbortSignal,
  cut: boolean,
): Promise<string> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (signal.aborted) throw signal.reason ?? new Error('aborted');
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel().catch(() => undefined);
      if (!cut) throw tooLarge(total, max);
      chunks.push(value.subarray(0, value.length - (total - max)));
      return utf8Text(chunks, max);
    }
    chunks.push(value);
  }
  return utf8Text(chunks, total);
}

/**
 * Whether JSON text nests arrays and objects deeper than `limit` (strings skipped), in one pass:
 * JSON.parse would build the whole tree first (30 MB of brackets took 2.4 GB).
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34 /* " */) {
      for (at++; at < text.length && text.charCodeAt(at) !== 34; at++) if (text.charCodeAt(at) === 92 /* \\ */) at++;
    } else if (code === 91 || code === 123) {
      if (++depth > limit) return true;
    } else if (code === 93 || code === 125) depth--;
  }
  return false;
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
  if (status === 401) return `The admin API key was rejected (401)${suffix}. Set a valid admin key (it begins with mint_).`;
  // A key the server knows but does not let export: another project's key, or a plan without the analytics export.
  if (status === 403)
    return `The export was refused (403)${suffix}. Use an admin key of this project (dashboard: Settings → Organization → API keys); the analytics export API needs a plan that includes it (Pro or Enterprise).`;
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
export function retryAfter(text: string | undefined): number | undefined {
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*<(?:!doctype|html)/i.test(text);
}

/** Whether this runs in a browser (the web extension's worker), where a refused cross-origin request and a network down look alike. */
export function inBrowser(): boolean {
  return !(globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
}

/**
 * Why a request to the export API failed before any answer. In a browser, `fetch` says only "Failed
 * to fetch" both when the network is down and when the API does not allow requests from the editor's
 * origin (CORS): the message says so, and where the same review works.
 */
export function connectionFailure(error: unknown, url: string, browser: boolean): string {
  if (browser && error instanceof TypeError)
    return `The export API at ${new URL(url).origin} could not be reached from the browser: it does not allow requests from this editor's origin (CORS), or the network is down; review the gaps in desktop VS Code, or with \`docsmith gaps\` in a terminal.`;
  return `The connection failed: ${describeNetworkError(error)}.`;
}

export function describeNetworkError(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  return e.cause?.code ?? e.code ?? e.cause?.message ?? e.message ?? String(error);
}

/** Waits before a retry; a cancel during the wait ends the export. */
async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch {
    throw new ExportApiError('cancelled', 'The export was cancelled.');
  }
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first (Node's timers/promises `setTimeout`, without Node). */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    if (signal?.aborted) return fail(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      fail(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      done();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
