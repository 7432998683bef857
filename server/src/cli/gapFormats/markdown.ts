import type { GapReport } from '../../analytics/gapReport';

/** Ready to paste into a pull request: each page with its questions. */
export function formatGapsMarkdown(report: GapReport, range: string): string {
  const lines = [`## Docs gaps: ${report.unanswered} unanswered of ${report.fetched} questions${range ? ` (${range})` : ''}`, ''];
  if (report.statusInferred) lines.push('> The export carries no `resolutionStatus`: unanswered here means the answer cited no source.', '');
  const byId = new Map(report.conversations.map((c) => [c.id, c]));
  for (const page of report.pages) {
    lines.push(`### ${page.file ? `\`${page.file}\`` : `${page.url} (no local file)`}: ${page.count} question${page.count === 1 ? '' : 's'}`, '');
    for (const id of page.conversationIds) lines.push(`- [ ] ${escape(byId.get(id)!.query)} _(${byId.get(id)!.timestamp.slice(0, 10)})_`);
    lines.push('');
  }
  const uncited = report.conversations.filter((c) => c.sources.length === 0);
  if (uncited.length) {
    lines.push(`### No source cited: ${uncited.length}`, '');
    for (const conversation of uncited) lines.push(`- [ ] ${escape(conversation.query)} _(${conversation.timestamp.slice(0, 10)})_`);
    lines.push('');
  }
  return lines.join('\n');
}

function escape(text: string): string {
  return text.replace(/([\\`*_[\]<>|])/g, '\\$1').replace(/\n/g, ' ');
}
