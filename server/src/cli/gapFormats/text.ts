import type { GapReport } from '../../analytics/gapReport';
import { printable } from '../printable';

/** Grouped by local page (most cited first), then the questions citing no source, then by category. */
export function formatGapsText(report: GapReport, range: string): string {
  const lines: string[] = [];
  lines.push(`${report.unanswered} unanswered of ${report.fetched} conversations${range ? ` (${range})` : ''}.`);
  if (report.statusInferred) lines.push('Note: the export carries no resolutionStatus, so "unanswered" means "cited no source" here.');
  const byId = new Map(report.conversations.map((c) => [c.id, c]));
  const cited = report.pages.filter((page) => page.count > 0);
  if (cited.length) {
    lines.push('', 'Pages cited by unanswered questions:');
    for (const page of cited) {
      lines.push(`  ${String(page.count).padStart(3)}  ${printable(page.file ?? `${page.url} (no local file)`)}`);
      for (const id of page.conversationIds.slice(0, 5))
        lines.push(`         - ${printable(byId.get(id)!.query)} (${printable(byId.get(id)!.timestamp.slice(0, 10))})`);
      if (page.conversationIds.length > 5) lines.push(`         … and ${page.conversationIds.length - 5} more`);
    }
  }
  const uncited = report.conversations.filter((c) => c.sources.length === 0);
  if (uncited.length) {
    lines.push('', `No source cited (${uncited.length}):`);
    for (const conversation of uncited.slice(0, 20))
      lines.push(`  - ${printable(conversation.query)} (${printable(conversation.timestamp.slice(0, 10))})`);
    if (uncited.length > 20) lines.push(`  … and ${uncited.length - 20} more`);
  }
  const categories = new Map<string, number>();
  for (const conversation of report.conversations)
    categories.set(conversation.queryCategory ?? '(no category)', (categories.get(conversation.queryCategory ?? '(no category)') ?? 0) + 1);
  if (categories.size) {
    lines.push('', 'By category:');
    for (const [category, count] of [...categories].sort((a, b) => b[1] - a[1]))
      lines.push(`  ${String(count).padStart(3)}  ${printable(category)}`);
  }
  return lines.join('\n') + '\n';
}
