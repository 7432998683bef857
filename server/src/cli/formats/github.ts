import { relative, resolve, sep } from 'node:path';
import { summarise, type Report } from '../report';
import { printable } from '../printable';
import { plural } from '../../common/plural';
import { repositoryRoot } from '../localFiles';
import { leadingLines } from './causes';

const level = { error: 'error', warning: 'warning', info: 'notice', hint: 'notice' } as const;

/**
 * GitHub Actions workflow commands: each diagnostic becomes an annotation on the pull request. Paths
 * are relative to the repository's root (the folder holding `.git`), as GitHub expects them, whether
 * the job runs from the root or from `docs/`; outside a repository, to the working directory. When
 * many places share a few missing targets, one notice leads with those causes.
 */
export function formatGithub(report: Report, root = repositoryRoot(report.baseDir) ?? process.cwd()): string {
  const causes = leadingLines(report, (text) => text);
  const lead = causes.length ? [`::notice title=${escapeProperty('docsmith: the causes first')}::${escapeData(causes.join('\n'))}`] : [];
  const lines = report.entries.map((entry) => {
    const file = relative(root, resolve(report.baseDir, entry.file)).split(sep).join('/');
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
  return [...lead, ...lines].join('\n') + '\n';
}

function escapeData(text: string): string {
  return printable(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
