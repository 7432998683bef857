import { relative, resolve, sep } from 'node:path';
import { summarise, type Report } from '../report';
import { printable } from '../printable';
import { plural } from '../../common/plural';

const level = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' } as const;

/**
 * GitHub Actions workflow commands: each diagnostic becomes an annotation on the pull request. Paths
 * are relative to the working directory (the repository root in a workflow), as GitHub expects.
 */
export function formatGithub(report: Report, cwd = process.cwd()): string {
  const lines = report.entries.map((entry) => {
    const file = relative(cwd, resolve(report.baseDir, entry.file)).split(sep).join('/');
    const properties = [
      `file=${escapeProperty(file)}`,
      `line=${entry.line}`,
      `col=${entry.column}`,
      `endLine=${entry.endLine}`,
      `endColumn=${entry.endColumn}`,
      `title=${escapeProperty(entry.code)}`,
    ];
    return `::${level[entry.severity]} ${properties.join(',')}::${escapeData(entry.message)}`;
  });
  const { errors, warnings, infos, files } = summarise(report);
  lines.push(`${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(infos, 'info')}; ${plural(files, 'file')} checked.`);
  return lines.join('\n') + '\n';
}

function escapeData(text: string): string {
  return printable(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
