import type { ExportQuery } from './types';
import { MAX_PAGE_LIMIT } from './limits';
import { trimEndOf } from '../common/text';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?$/;

/** `YYYY-MM-DD` (a UTC day) or an ISO 8601 date-time, the forms the API takes for `dateFrom`/`dateTo`; undefined when not. */
export function parseExportDate(value: string): Date | undefined {
  if (!DATE_ONLY.test(value) && !DATE_TIME.test(value)) return undefined;
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return undefined;
  // Reject calendar overflow (2026-02-31 would become 2026-03-03).
  if (DATE_ONLY.test(value) && date.toISOString().slice(0, 10) !== value) return undefined;
  return date;
}

/** Problems with a query before anything is sent, each a full sentence; empty when it is valid. */
export function validateQuery(query: ExportQuery): string[] {
  const problems: string[] = [];
  const from = query.dateFrom === undefined ? undefined : parseExportDate(query.dateFrom);
  const to = query.dateTo === undefined ? undefined : parseExportDate(query.dateTo);
  if (query.dateFrom !== undefined && !from)
    problems.push(`dateFrom "${query.dateFrom}" is not a date: use YYYY-MM-DD or an ISO 8601 date-time such as 2026-11-01T00:00:00Z.`);
  if (query.dateTo !== undefined && !to)
    problems.push(`dateTo "${query.dateTo}" is not a date: use YYYY-MM-DD or an ISO 8601 date-time such as 2026-11-30T00:00:00Z.`);
  if (from && to && from.getTime() > to.getTime()) problems.push(`dateFrom (${query.dateFrom}) is later than dateTo (${query.dateTo}).`);
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE_LIMIT))
    problems.push(`limit ${query.limit} must be a whole number from 1 to ${MAX_PAGE_LIMIT}.`);
  return problems;
}

/** The request URL of one page: `{base}/v1/analytics/{projectId}/assistant?...`. */
export function exportUrl(baseUrl: string, projectId: string, query: ExportQuery, cursor?: string): string {
  const url = new URL(`${trimEndOf(baseUrl, '/')}/v1/analytics/${encodeURIComponent(projectId)}/assistant`);
  if (query.dateFrom) url.searchParams.set('dateFrom', query.dateFrom);
  if (query.dateTo) url.searchParams.set('dateTo', query.dateTo);
  if (query.limit !== undefined) url.searchParams.set('limit', String(query.limit));
  if (cursor) url.searchParams.set('cursor', cursor);
  return url.toString();
}

/** The key may travel only over https, or plain http to this machine (the local server). */
export function checkBaseUrl(baseUrl: string): string | undefined {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return `the base URL "${baseUrl}" is not a URL.`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  return `the base URL ${url.origin} is not https; the admin key is sent only over https (or plain http to this machine, 127.0.0.1, localhost or [::1]).`;
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/**
 * The range just before `[from, to)` and as long (to now when `to` is not given): what a trend
 * compares with. Undefined without `from`, or when a date does not parse.
 */
export function previousRange(
  from: string | undefined,
  to: string | undefined,
  now = Date.now(),
): { dateFrom: string; dateTo: string } | undefined {
  const start = from === undefined ? undefined : parseExportDate(from);
  const end = to === undefined ? new Date(now) : parseExportDate(to);
  if (!start || !end || end.getTime() <= start.getTime()) return undefined;
  const length = end.getTime() - start.getTime();
  return { dateFrom: new Date(start.getTime() - length).toISOString(), dateTo: start.toISOString() };
}
