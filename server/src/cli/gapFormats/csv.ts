import type { GapReport } from '../../analytics/gapReport';

/** One row per unanswered conversation (RFC 4180 quoting); files and URLs joined by " | ". */
export function formatGapsCsv(report: GapReport): string {
  const rows = [['id', 'timestamp', 'query', 'queryCategory', 'files', 'urls', 'statusInferred']];
  for (const conversation of report.conversations) {
    rows.push([
      conversation.id,
      conversation.timestamp,
      conversation.query,
      conversation.queryCategory ?? '',
      conversation.sources.map((s) => s.file ?? '').filter(Boolean).join(' | '),
      conversation.sources.map((s) => s.url).join(' | '),
      String(report.statusInferred),
    ]);
  }
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

function cell(value: string): string {
  // A leading = + - @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}
