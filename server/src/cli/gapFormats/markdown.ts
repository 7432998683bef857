import type { GapReport } from '../../analytics/gapReport';
import { printable } from '../printable';

/** Ready to paste into a pull request: each page with its questions. */
export function formatGapsMarkdown(report: GapReport, range: string): string {
  const lines = [`## Docs gaps: ${report.unanswered} unanswered of ${report.fetched} questions${range ? ` (${range})` : ''}`, ''];
  if (report.statusInferred)
    lines.push('> The export carries no `resolutionStatus`: unanswered here means the answer cited no source.', '');
  const byId = new Map(report.conversations.map((c) => [c.id, c]));
  for (const page of report.pages) {
    lines.push(
      `### ${page.file ? code(page.file) : `${escape(page.url)} (no local file)`}: ${page.count} question${page.count === 1 ? '' : 's'}`,
      '',
    );
    for (const id of page.conversationIds)
      lines.push(`- [ ] ${escape(byId.get(id)!.query)} _(${escape(byId.get(id)!.timestamp.slice(0, 10))})_`);
    lines.push('');
  }
  const uncited = report.conversations.filter((c) => c.sources.length === 0);
  if (uncited.length) {
    lines.push(`### No source cited: ${uncited.length}`, '');
    for (const conversation of uncited)
      lines.push(`- [ ] ${escape(conversation.query)} _(${escape(conversation.timestamp.slice(0, 10))})_`);
    lines.push('');
  }
  return lines.join('\n');
}

/**
 * Text as Markdown shows it literally, inside a line (never at its start): every character that
 * inline Markdown, a table or HTML would read is escaped; one line, printable.
 */
function escape(text: string): string {
  return printable(text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|!&~]/g, '\\$&'));
}

/** A file name as inline code, with a fence longer than any run of backticks inside it. */
function code(text: string): string {
  const safe = printable(text.replace(/[\r\n]+/g, ' '));
  let fence = '`';
  while (safe.includes(fence)) fence += '`';
  // CommonMark strips one space each side, so a padded span is needed only where a backtick or space is at an edge.
  const pad = /^[`\s]|[`\s]$/.test(safe) ? ' ' : '';
  return `${fence}${pad}${safe}${pad}${fence}`;
}
