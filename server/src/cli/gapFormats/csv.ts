import type { GapReport } from '../../analytics';
import { printable } from '../printable';

/**
 * One row per unanswered conversation (RFC 4180 quoting); files and URLs joined by " | "; the cluster
 * (need) each question is in, by id and label, so a spreadsheet sorts by need.
 */
export function formatGapsCsv(report: GapReport): string {
  const rows = [['id', 'timestamp', 'query', 'queryCategory', 'files', 'urls', 'statusInferred', 'clusterId', 'clusterLabel']];
  const clusterOf = new Map<string, { id: string; label: string }>();
  for (const cluster of report.clusters ?? []) for (const id of cluster.conversationIds) clusterOf.set(id, cluster);
  for (const conversation of report.conversations) {
    const cluster = clusterOf.get(conversation.id);
    rows.push([
      conversation.id,
      conversation.timestamp,
      conversation.query,
      conversation.queryCategory ?? '',
      conversation.sources
        .map((s) => s.file ?? '')
        .filter(Boolean)
        .join(' | '),
      conversation.sources.map((s) => s.url).join(' | '),
      String(report.statusInferred),
      cluster?.id ?? '',
      cluster?.label ?? '',
    ]);
  }
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/**
 * A CSV cell that no spreadsheet reads as a formula: a cell starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return gets a leading `'` (the OWASP rules for CSV injection), and every cell is quoted
 * when it holds a quote, a comma or a line break. Control characters are shown escaped.
 */
function cell(value: string): string {
  const text = printable(value, true);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}
