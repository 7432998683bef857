import type { GapReport, ReportConversation } from '../../analytics';
import { placeInFile } from '../../analytics';
import { mostAsked } from '../../analytics';
import { printable } from '../printable';
import { trend } from './markdown';
import { plural } from '../../common/plural';

/** Clusters listed in the terminal; the rest are counted (`--format markdown` or `json` lists them all). */
const TEXT_CLUSTERS = 15;

/** Grouped by local page (most cited first), then the questions citing no source, then by category. */
export function formatGapsText(report: GapReport, range: string): string {
  const lines: string[] = [];
  lines.push(`${report.unanswered} unanswered of ${plural(report.fetched, 'conversation')}${range ? ` (${range})` : ''}.`);
  if (report.statusInferred) lines.push('Note: the export carries no resolutionStatus, so "unanswered" means "cited no source" here.');
  const byId = new Map(report.conversations.map((c) => [c.id, c]));
  const clusters = report.clusters ?? [];
  if (clusters.length) {
    lines.push('', 'Gaps by need, largest first, with the page where each answer belongs:');
    for (const cluster of clusters.slice(0, TEXT_CLUSTERS)) {
      const place = cluster.suggestion && placeInFile(cluster.suggestion);
      const where = cluster.suggestion
        ? `${cluster.suggestion.file}${place ? ` › ${place}` : ''}`
        : 'no page covers this: draft a new page';
      lines.push(`  ${String(cluster.size).padStart(3)}  ${printable(cluster.label)}  → ${printable(where)}${trend(cluster)}`);
      lines.push(
        ...questionLines(
          cluster.conversationIds.map((id) => byId.get(id)!),
          3,
          '         ',
          false,
        ),
      );
    }
    if (clusters.length > TEXT_CLUSTERS)
      lines.push(`  … and ${plural(clusters.length - TEXT_CLUSTERS, 'smaller cluster')} (--format markdown lists them all)`);
  }
  const cited = report.pages.filter((page) => page.count > 0);
  if (cited.length) {
    lines.push('', 'Pages cited by unanswered questions:');
    for (const page of cited) {
      lines.push(`  ${String(page.count).padStart(3)}  ${printable(page.file ?? `${page.url} (no local file)`)}`);
      lines.push(
        ...questionLines(
          page.conversationIds.map((id) => byId.get(id)!),
          5,
          '         ',
          true,
        ),
      );
    }
  }
  const uncited = report.conversations.filter((c) => c.sources.length === 0);
  if (uncited.length) {
    lines.push('', `No source cited (${uncited.length}):`);
    lines.push(...questionLines(uncited, 20, '  ', true));
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

/**
 * The `max` most asked questions, one line each, a question asked again counted once with "×N"
 * (and, with `dated`, the date it was last asked); then how many other questions there are.
 */
function questionLines(conversations: readonly ReportConversation[], max: number, indent: string, dated: boolean): string[] {
  const repeats = mostAsked(conversations);
  const lines = repeats.slice(0, max).map(({ copies, latest }) => {
    const details = [copies.length > 1 ? `×${copies.length}` : '', dated ? printable(latest.timestamp.slice(0, 10)) : ''].filter(Boolean);
    return `${indent}- ${printable(copies[0].query)}${details.length ? ` (${details.join(', ')})` : ''}`;
  });
  if (repeats.length > max) {
    const rest = repeats.length - max;
    lines.push(`${indent}… and ${plural(rest, 'other question')}`);
  }
  return lines;
}
