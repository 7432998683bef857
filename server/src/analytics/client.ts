import { boundedConversation } from './bounds';
import { DEFAULT_MAX_CONVERSATIONS, MAX_PAGE_LIMIT } from './limits';
import { ExportApiError } from './errors';
import { fetchPage, type PageRequestOptions } from './http';
import { checkBaseUrl, exportUrl, validateQuery } from './query';
import type { Conversation, ExportQuery } from './types';
import { estimatePages, planWindows, restOf, sliceFrom, type ExportWindow } from './windows';

export interface ExportClientOptions extends PageRequestOptions {
  baseUrl: string;
  projectId: string;
  /** Called after each page with the running totals. */
  onPage?: (progress: { pages: number; fetched: number; retries: number }) => void;
  /** Which conversations to keep in memory (all by default); the others are still counted and deduplicated. */
  keep?: (conversation: Conversation) => boolean;
  /** The export stops, and says so, after this many distinct conversations. Default {@link DEFAULT_MAX_CONVERSATIONS}. */
  maxConversations?: number;
  /**
   * Requests in flight at most, 1 to {@link MAX_CONCURRENCY} (the default). Above 1 the range is cut
   * into date windows, each paged with its own cursor; 1 pages the whole range with one cursor.
   */
  concurrency?: number;
}

export { DEFAULT_MAX_CONVERSATIONS } from './limits';
/** Pages with nothing in them while the server says there is more: a server that loops, after this many. */
export const MAX_EMPTY_PAGES = 10;
/**
 * Pages in a row holding under 1% of what was asked for, while the server says there is more: a
 * server that drips one conversation per page (77,000 requests a minute) is stopped after this many.
 */
export const MAX_TINY_PAGES = 500;

export interface ExportResult {
  conversations: Conversation[];
  /** Every distinct conversation fetched, kept or not. */
  fetched: number;
  pages: number;
  retries: number;
  /** The export stopped at `maxConversations` with more to come: the result is incomplete. */
  truncated: boolean;
}

const BULK_LIMIT = MAX_PAGE_LIMIT;

/**
 * Fetches every page of the export, up to 4 date windows side by side (each with its own cursor):
 * sends `nextCursor` as `cursor` while `hasMore` is true, retries
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

/** Requests in flight at most: the export server's rate limits are per key, and 4 is polite. */
export const MAX_CONCURRENCY = 4;
/**
 * One first window per request in flight: every window ends in a part page, so more windows cost more
 * requests; uneven data is handled by cutting the dense windows instead.
 */
const WINDOWS_PER_WORKER = 1;
/** A window is dense, and cut, when it holds more than this many pages and more than its share of the work. */
const DENSE_PAGES = 8;
/** Windows in one export at most: a server that ignores the dates cannot make the plan grow without end. */
export const MAX_WINDOWS = 64;

interface ExportState {
  seen: Set<string>;
  kept: Conversation[];
  /** The text the kept conversations hold (bounded: see {@link boundedConversation}). */
  text: { chars: number };
  pages: number;
  retries: number;
  truncated: boolean;
  queue: ExportWindow[];
  /** Windows planned so far, cut ones included. */
  windows: number;
  /** The pages each window's first page promised (1 for a window of one page), for what "dense" means here. */
  estimates: Map<ExportWindow, number>;
  /** The first windows, planned before anything was fetched. */
  planned: Set<ExportWindow>;
  /** Settles once every planned window has had its first page (or the export stopped): density is judged against all of them. */
  firstPages: Latch;
  /** Requests with nothing to do, waiting for a window to be cut (see {@link handOver}). */
  idle: number;
  /** Wakes the idle requests: windows were queued. */
  wake: () => void;
}

/** A count down to zero that can be awaited. */
class Latch {
  private resolve: () => void = () => undefined;
  readonly done = new Promise<void>((resolve) => (this.resolve = resolve));
  constructor(private count: number) {
    if (count <= 0) this.resolve();
  }
  countDown(): void {
    if (--this.count <= 0) this.resolve();
  }
  open(): void {
    this.resolve();
  }
}

async function fetchAll(query: ExportQuery, options: ExportClientOptions): Promise<ExportResult> {
  const problems = validateQuery(query);
  if (problems.length) throw new ExportApiError('query', problems.join(' '));
  const baseProblem = checkBaseUrl(options.baseUrl);
  if (baseProblem) throw new ExportApiError('config', `Not sent: ${baseProblem}`);
  if (!options.projectId.trim()) throw new ExportApiError('config', 'Not sent: no project ID is set.');
  const concurrency = Math.max(1, Math.min(MAX_CONCURRENCY, Math.floor(options.concurrency ?? MAX_CONCURRENCY)));
  const queue = planWindows(query, concurrency === 1 ? 1 : concurrency * WINDOWS_PER_WORKER);
  const state: ExportState = {
    seen: new Set(),
    kept: [],
    text: { chars: 0 },
    pages: 0,
    retries: 0,
    truncated: false,
    queue,
    windows: queue.length,
    estimates: new Map(),
    planned: new Set(queue),
    firstPages: new Latch(Math.min(queue.length, concurrency)),
    idle: 0,
    wake: () => undefined,
  };
  // One failure stops the other requests: the export fails as a whole, never half-silently.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const windowOptions = { ...options, signal };
  let active = 0;
  const waiting: (() => void)[] = [];
  const wakeAll = () => waiting.splice(0).forEach((resolve) => resolve());
  state.wake = wakeAll;
  const worker = async (): Promise<void> => {
    for (;;) {
      if (state.truncated || stop.signal.aborted) return;
      const window = state.queue.shift();
      if (!window) {
        if (active === 0) return;
        // Another window may be cut into more: wait for it, or for the last one to end.
        state.idle++;
        await new Promise<void>((resolve) => waiting.push(resolve));
        state.idle--;
        continue;
      }
      active++;
      try {
        await pageWindow(window, query.limit ?? BULK_LIMIT, concurrency, windowOptions, state);
      } catch (error) {
        stop.abort();
        state.firstPages.open();
        throw error;
      } finally {
        active--;
        wakeAll();
      }
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: concurrency }, () => worker().finally(wakeAll)));
  const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
  if (failed) {
    // The first real error, not the cancellations it caused in the other requests.
    const errors = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    throw (
      errors.find((error) => !(error instanceof ExportApiError && error.kind === 'cancelled') || options.signal?.aborted) ?? failed.reason
    );
  }
  // Windows finish in any order: the result is in time order, whatever the timing was.
  const conversations = concurrency === 1 ? state.kept : state.kept.sort(byTime);
  return { conversations, fetched: state.seen.size, pages: state.pages, retries: state.retries, truncated: state.truncated };
}

/**
 * After a window's first page: the slices to page instead of it when it is dense, that is when it
 * holds more than {@link DENSE_PAGES} pages and more than its share of the work (the pages all first
 * windows promised, over the requests in flight). A first window waits until every first window has
 * had its first page (they run side by side), so the work is known. Only a full page of conversations inside the window, in time order, gives an
 * estimate; a server that ignores the dates or pages in no order is paged as it is.
 */
async function densitySlices(
  window: ExportWindow,
  page: { conversations: Conversation[]; hasMore: boolean },
  limit: number,
  concurrency: number,
  state: ExportState,
): Promise<ExportWindow[] | undefined> {
  const full = page.hasMore && page.conversations.length === limit && inside(window, page.conversations);
  const estimate = full
    ? estimatePages(
        window,
        page.conversations.map((c) => c.timestamp),
      )
    : undefined;
  const pages = !page.hasMore ? 1 : estimate?.pages;
  if (pages !== undefined) state.estimates.set(window, pages);
  if (state.planned.has(window)) {
    state.firstPages.countDown();
    if (page.hasMore && !state.truncated) await state.firstPages.done;
  }
  if (!estimate || estimate.pages <= DENSE_PAGES || concurrency === 1) return undefined;
  // Each request in flight's fair share of the pages the first windows promised: a window longer than
  // that would be paged alone while the others wait at the end, so it is cut into halves of a share.
  const promised = [...state.planned].reduce((sum, planned) => sum + (state.estimates.get(planned) ?? 1), 0);
  const share = Math.max(DENSE_PAGES, promised / concurrency);
  if (estimate.pages <= 1.5 * share) return undefined;
  const parts = Math.min(4 * concurrency, Math.ceil(estimate.pages / (share / 2)));
  const slices = sliceFrom(window, estimate.start, parts);
  if (!slices || state.windows + slices.length > MAX_WINDOWS) return undefined;
  state.windows += slices.length;
  return slices;
}

/**
 * When requests wait with nothing to do and this window has pages left, its rest is cut for them
 * (from the last conversation of this page on) and this request stops here: a window found long only
 * while it is paged (a busy week, a range wider than the data) does not end the export alone.
 */
function handOver(window: ExportWindow, conversations: Conversation[], state: ExportState): boolean {
  if (state.idle === 0 || state.queue.length > 0 || !inside(window, conversations)) return false;
  const rest = restOf(
    window,
    conversations.map((conversation) => conversation.timestamp),
    state.idle + 1,
  );
  if (!rest || state.windows + rest.length > MAX_WINDOWS) return false;
  state.windows += rest.length;
  state.queue.unshift(...rest);
  state.wake();
  return true;
}

function inside(window: ExportWindow, conversations: Conversation[]): boolean {
  const from = window.from === undefined ? -Infinity : Date.parse(window.from);
  const to = window.to === undefined ? Infinity : Date.parse(window.to);
  return conversations.every((conversation) => {
    const time = Date.parse(conversation.timestamp);
    return time >= from && time < to;
  });
}

function byTime(a: Conversation, b: Conversation): number {
  return a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * Pages one window to its end with its own cursor, keeping each conversation once across windows, and
 * stops with a clear error, never a loop, when the server contradicts itself. After its first page, a
 * window that holds many pages is cut, and its slices queued, so that every request in flight has work.
 */
async function pageWindow(
  window: ExportWindow,
  limit: number,
  concurrency: number,
  options: ExportClientOptions,
  state: ExportState,
): Promise<void> {
  const maxConversations = options.maxConversations ?? DEFAULT_MAX_CONVERSATIONS;
  const seenCursors = new Set<string>();
  let emptyPages = 0;
  let tinyPages = 0;
  let cursor: string | undefined;
  for (let first = true; ; first = false) {
    const url = exportUrl(options.baseUrl, options.projectId, { dateFrom: window.from, dateTo: window.to, limit }, cursor);
    const page = await fetchPage(url, options, state);
    if (page.conversations.length > limit) {
      throw new ExportApiError(
        'contradiction',
        `The server returned ${page.conversations.length} conversations for limit ${limit} (page ${state.pages + 1}); stopped rather than trust the export.`,
      );
    }
    if (state.truncated) return;
    for (const conversation of page.conversations) {
      if (state.seen.has(conversation.id)) continue;
      // Requests side by side may all arrive at the limit: none goes past it.
      if (state.seen.size >= maxConversations) {
        state.truncated = true;
        break;
      }
      state.seen.add(conversation.id);
      if (!options.keep || options.keep(conversation)) state.kept.push(boundedConversation(conversation, state.text));
    }
    state.pages++;
    options.onPage?.({ pages: state.pages, fetched: state.seen.size, retries: state.retries });
    // At the limit with more to come, the export is cut short: no window waits for another then.
    if (page.hasMore && state.seen.size >= maxConversations) state.truncated = true;
    if (state.truncated) {
      state.firstPages.open();
      return;
    }
    const slices = first ? await densitySlices(window, page, limit, concurrency, state) : undefined;
    if (state.truncated || !page.hasMore || options.signal?.aborted) return;
    if (slices) {
      // The slices page this window again from its start; what this page held is already counted once.
      state.queue.unshift(...slices);
      return;
    }
    if (!first && handOver(window, page.conversations, state)) return;
    emptyPages = page.conversations.length === 0 ? emptyPages + 1 : 0;
    tinyPages = page.conversations.length * 100 < limit ? tinyPages + 1 : 0;
    if (tinyPages >= MAX_TINY_PAGES) {
      throw new ExportApiError(
        'contradiction',
        `The server sent ${MAX_TINY_PAGES} pages in a row of fewer than ${Math.ceil(limit / 100)} conversations each (${limit} asked for) while saying there is more; stopped after ${state.seen.size} conversations. Narrow the range (--from, --to), or check the export server.`,
      );
    }
    if (emptyPages >= MAX_EMPTY_PAGES) {
      throw new ExportApiError(
        'contradiction',
        `The server sent ${MAX_EMPTY_PAGES} empty pages in a row while saying there is more (page ${state.pages}); stopped rather than loop, after ${state.seen.size} conversations.`,
      );
    }
    if (page.nextCursor === null)
      throw new ExportApiError(
        'contradiction',
        `The server said hasMore is true but gave no nextCursor (page ${state.pages}); stopped after ${state.seen.size} conversations.`,
      );
    if (seenCursors.has(page.nextCursor) || page.nextCursor === cursor) {
      throw new ExportApiError(
        'contradiction',
        `The server sent cursor ${page.nextCursor} twice (page ${state.pages}); stopped rather than loop, after ${state.seen.size} conversations.`,
      );
    }
    seenCursors.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

export { MAX_PAGE_BYTES } from './http';
