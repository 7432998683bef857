import { summarise, type Report } from '../report';
import { printable } from '../printable';
import { plural } from '../../common/plural';
import { leadingLines } from './causes';

const colours = { error: '\x1b[31m', warning: '\x1b[33m', info: '\x1b[36m', hint: '\x1b[90m', dim: '\x1b[2m', reset: '\x1b[0m' };

/** Compiler-style lines (`docs.json:19:23 error nav/page-not-found ...`) and a summary line. */
export function formatText(report: Report, colour: boolean): string {
  const paint = (text: string, colourCode: string) => (colour ? `${colourCode}${text}${colours.reset}` : text);
  // The causes first, when many places share a few missing targets; then every place.
  const causes = leadingLines(report, printable);
  const lines = report.entries.map(
    (entry) =>
      `${printable(entry.file)}:${entry.line}:${entry.column} ${paint(entry.severity, colours[entry.severity])} ${paint(printable(entry.code), colours.dim)} ${printable(entry.message)}`,
  );
  const { errors, warnings, infos, files } = summarise(report);
  const parts = [plural(errors, 'error'), plural(warnings, 'warning'), plural(infos, 'info')];
  const checked = `${plural(files, 'file')} checked`;
  if (report.baseline)
    lines.push(
      `${plural(report.baseline.known, 'known finding')} from the baseline ${printable(report.baseline.file)} not shown; ${report.baseline.fixed} of its findings fixed.`,
    );
  lines.push(errors + warnings + infos === 0 ? `No problems: ${checked}.` : `${parts.join(', ')}; ${checked}.`);
  return [...causes, ...(causes.length ? [''] : []), ...lines].join('\n') + '\n';
}
