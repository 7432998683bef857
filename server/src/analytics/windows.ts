import { parseExportDate } from './query';
import type { ExportQuery } from './types';

/**
 * A slice of the export's date range, paged with its own cursor. `from` is inclusive and `to`
 * exclusive, as the API reads `dateFrom` and `dateTo`, so slices that share a boundary neither drop
 * nor repeat a conversation. An open end (undefined) is sent as no parameter at all.
 */
export interface ExportWindow {
  from?: string;
  to?: string;
  /** Whether the window may be cut in two. */
  splittable: boolean;
  /** For an open end: the instant planning takes it to be (the range's oldest planned instant, or now). */
  start?: number;
  end?: number;
}

const DAY = 86_400_000;
/** Without `dateFrom`, the windows are planned over this much before the end; the first stays open below. */
const DEFAULT_SPAN = 90 * DAY;
/** Windows are not cut below this span: a second of data over 1,000 conversations is paged as it is. */
export const MIN_WINDOW_MS = 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The first windows of a query: `count` equal slices of its range. Where the query leaves an end
 * open, the outer window stays open too (nothing older, or newer, is left out), and is planned as if
 * it ended 90 days back, or now. A date-only end is sent as written (the API decides its time zone);
 * boundaries inside keep a day away from it, so no slice can fall outside the range.
 */
export function planWindows(query: ExportQuery, count: number, now = Date.now()): ExportWindow[] {
  const whole: ExportWindow = { from: query.dateFrom, to: query.dateTo, splittable: false };
  if (count <= 1) return [whole];
  const fromDate = query.dateFrom === undefined ? undefined : parseExportDate(query.dateFrom);
  const toDate = query.dateTo === undefined ? undefined : parseExportDate(query.dateTo);
  const upper = toDate?.getTime() ?? now + 60_000;
  const lower = fromDate?.getTime() ?? upper - DEFAULT_SPAN;
  const low = lower + margin(query.dateFrom);
  const high = upper - margin(query.dateTo);
  if (high - low < count * MIN_WINDOW_MS) return [whole];
  const edges: (string | undefined)[] = [query.dateFrom];
  for (let i = 1; i < count; i++) edges.push(iso(low + Math.round(((high - low) * i) / count)));
  edges.push(query.dateTo);
  return edges.slice(0, -1).map((from, i) => ({
    from,
    to: edges[i + 1],
    splittable: true,
    ...(from === undefined && { start: lower }),
    ...(edges[i + 1] === undefined && { end: upper }),
  }));
}

/** The window cut at its middle instant, or undefined when it is too short. */
export function splitWindow(window: ExportWindow): [ExportWindow, ExportWindow] | undefined {
  const bounds = boundsOf(window);
  if (!window.splittable || !bounds) return undefined;
  const low = bounds.from + margin(window.from);
  const high = bounds.to - margin(window.to);
  if (high - low < 2 * MIN_WINDOW_MS) return undefined;
  const middle = iso(Math.round((low + high) / 2));
  return [
    { from: window.from, to: middle, splittable: true, ...(window.start !== undefined && { start: window.start }) },
    { from: middle, to: window.to, splittable: true, ...(window.end !== undefined && { end: window.end }) },
  ];
}

/** The instants a window spans, open ends taken as planned. */
export function boundsOf(window: ExportWindow): { from: number; to: number } | undefined {
  const from = window.from === undefined ? window.start : parseExportDate(window.from)?.getTime();
  const to = window.to === undefined ? window.end : parseExportDate(window.to)?.getTime();
  return from === undefined || to === undefined || to <= from ? undefined : { from, to };
}

function margin(value: string | undefined): number {
  return value !== undefined && DATE_ONLY.test(value) ? DAY : 0;
}

/**
 * About how many pages a window holds, from its first page, and where its data starts. When that
 * page's conversations come in time order (as most exports page), they are the window's first ones,
 * and their density over their own span says how many pages the rest of the window holds; otherwise
 * undefined. Only the plan depends on it: every window is still paged to its end.
 */
export function estimatePages(window: ExportWindow, timestamps: readonly string[]): { pages: number; start: number } | undefined {
  const bounds = boundsOf(window);
  const times = bounds && ascendingTimes(timestamps);
  if (!times) return undefined;
  const first = times[0];
  const span = Math.max(1, times[times.length - 1] - first);
  return { pages: Math.max(2, Math.ceil((bounds.to - first) / span)), start: first };
}

/** A page's times, when it holds two or more conversations in time order (as most exports page); else undefined. */
function ascendingTimes(timestamps: readonly string[]): number[] | undefined {
  if (timestamps.length < 2) return undefined;
  const times = timestamps.map((t) => Date.parse(t));
  return times.every((time, i) => i === 0 || time >= times[i - 1]) ? times : undefined;
}

/**
 * A dense window cut where its data starts: the part before (most likely empty: one cheap request),
 * then about `parts` equal slices of the rest.
 */
export function sliceFrom(window: ExportWindow, start: number, parts: number): ExportWindow[] | undefined {
  const bounds = boundsOf(window);
  if (!bounds || start <= bounds.from + margin(window.from) || start >= bounds.to) return splitWindowInto(window, parts);
  const edge = iso(start);
  const rest = splitWindowInto(
    { from: edge, to: window.to, splittable: true, ...(window.end !== undefined && { end: window.end }) },
    parts,
  );
  if (!rest) return splitWindowInto(window, parts);
  return [{ from: window.from, to: edge, splittable: true, ...(window.start !== undefined && { start: window.start }) }, ...rest];
}

/** A window being paged is handed over to idle requests only when this many pages or more are left in it. */
const MIN_PAGES_TO_HAND_OVER = 4;

/**
 * The rest of a window being paged, from the last conversation of its latest page to its end, cut into
 * `parts` slices for requests that have nothing to do; undefined when the page is not in time order
 * or little is left (by the page's own density). The conversations of that very instant are asked for
 * again: they are kept once, by id.
 */
export function restOf(window: ExportWindow, timestamps: readonly string[], parts: number): ExportWindow[] | undefined {
  const bounds = boundsOf(window);
  const times = window.splittable && bounds && ascendingTimes(timestamps);
  if (!times) return undefined;
  const last = times[times.length - 1];
  if ((bounds.to - last) / Math.max(1, last - times[0]) < MIN_PAGES_TO_HAND_OVER) return undefined;
  return splitWindowInto({ from: iso(last), to: window.to, splittable: true, ...(window.end !== undefined && { end: window.end }) }, parts);
}

/** The window cut into at least `parts` equal slices (halves of halves: a power of two), or undefined when it cannot be cut. */
export function splitWindowInto(window: ExportWindow, parts: number): ExportWindow[] | undefined {
  let pieces: ExportWindow[] = [window];
  // Halving keeps every boundary an instant inside the window.
  do {
    const next = pieces.flatMap((piece) => splitWindow(piece) ?? [piece]);
    if (next.length === pieces.length) break;
    pieces = next;
  } while (pieces.length < parts);
  return pieces.length > 1 ? pieces : undefined;
}

function iso(time: number): string {
  return new Date(time).toISOString();
}
