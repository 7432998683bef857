import type { GapReport } from '../../analytics';
import { placeInFile } from '../../analytics';
import { mostAsked } from '../../analytics';
import type { ReportCluster } from '../../analytics';
import { printable } from '../printable';
import { plural } from '../../common/plural';

/** Ready to paste into a pull request or an issue: each cluster, largest first, with where its answer belongs and its questions. */
export function formatGapsMarkdown(report: GapReport, range: string): string {
  const lines = [`## Docs gaps: ${report.unanswered} unanswered of ${plural(report.fetched, 'question')}${range ? ` (${range})` : ''}`, ''];
  if (report.statusInferred)
    lines.push('> The export carries no `resolutionStatus`: unanswered here means the answer cited no source.', '');
  const byId = new Map(report.conversations.map((c) => [c.id, c]));
  for (const cluster of report.clusters ?? []) {
    lines.push(`### ${escape(cluster.label)}: ${plural(cluster.size, 'question')}${trend(cluster)}`, '');
    if (cluster.suggestion) {
      const place = placeInFile(cluster.suggestion);
      lines.push(`Suggested: ${code(cluster.suggestion.file)}${place ? ` › ${escape(place)}` : ''}`, '');
    } else lines.push('Suggested: no page covers this: draft a new page.', '');
    if (cluster.cited.length) lines.push(`Cited: ${cluster.cited.map((c) => `${code(c.file)} (${c.count})`).join(', ')}`, '');
    // One box per question, the most asked first: a question asked again is counted, with the date it was last asked.
    for (const { copies, latest } of mostAsked(cluster.conversationIds.map((id) => byId.get(id)!))) {
      const date = escape(latest.timestamp.slice(0, 10));
      const when = copies.length > 1 ? `asked ${copies.length} times, last ${date}` : date;
      lines.push(`- [ ] ${escape(copies[0].query)} _(${when})_`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** ", +3 vs the range before" when the range before was fetched. */
export function trend(cluster: ReportCluster): string {
  if (!cluster.trend) return '';
  const { change } = cluster.trend;
  return change === 0 ? ', as many as the range before' : `, ${change > 0 ? '+' : ''}${change} vs the range before`;
}

/**
 * Text as Markdown shows it literally, inside a line (never at its start): every character that
 * inline Markdown, a table or HTML would read is escaped; one line, printable.
 */
function escape(text: string): string {
  return quiet(printable(text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_[\]<>|!&~]/g, '\\$&')));
}

/**
 * What a code host would turn into a notification or a link when the report is pasted into a pull
 * request or an issue is broken up with a zero-width space (`&#8203;`): `@everyone` and `@team`
 * mentions, `#12` issue references, bare URLs and `www.` addresses. The text reads the same.
 */
function quiet(text: string): string {
  return text.replace(/@(?=[\w-])|#(?=\d)|:(?=\/\/)|\bwww(?=\.)/gi, (found) => `${found}&#8203;`);
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
