import { relative, sep } from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { occurrences, uriToPath, type Severity } from '../service';

/** One diagnostic as the CLI prints it: paths relative to the checked folder, 1-based positions. */
export interface ReportEntry {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: Severity;
  code: string;
  message: string;
  /** How many places of the file this finding stands for, when the same target is reported there several times (else absent). */
  count?: number;
  /** The other places (1-based), when `count` is set; at most the first 100. */
  related?: { line: number; column: number }[];
}

export interface Report {
  /** The folder given on the command line; `file` is relative to it. */
  baseDir: string;
  entries: ReportEntry[];
  /** How many files were checked. */
  files: number;
  /** With `--baseline`: the findings it held that were left out, and those no longer found. */
  baseline?: { file: string; known: number; fixed: number };
}

const severityName: Record<DiagnosticSeverity, Severity> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'info',
  [DiagnosticSeverity.Hint]: 'hint',
};

export function toEntries(baseDir: string, byFile: Map<string, Diagnostic[]>): ReportEntry[] {
  const entries: ReportEntry[] = [];
  for (const [uri, diagnostics] of byFile) {
    const file = relative(baseDir, uriToPath(uri)).split(sep).join('/') || '.';
    for (const diagnostic of diagnostics) {
      entries.push({
        file,
        line: diagnostic.range.start.line + 1,
        column: diagnostic.range.start.character + 1,
        endLine: diagnostic.range.end.line + 1,
        endColumn: diagnostic.range.end.character + 1,
        severity: severityName[diagnostic.severity ?? DiagnosticSeverity.Error],
        code: String(diagnostic.code ?? ''),
        message: diagnostic.message,
        ...repeated(diagnostic, uri),
      });
    }
  }
  return entries.sort((a, b) => compareFiles(a.file, b.file) || a.line - b.line || a.column - b.column || a.code.localeCompare(b.code));
}

/** The count and the other places of a finding that stands for several (grouped by the service). */
function repeated(diagnostic: Diagnostic, uri: string): Pick<ReportEntry, 'count' | 'related'> {
  const count = occurrences(diagnostic);
  if (count === 1) return {};
  const related = (diagnostic.relatedInformation ?? [])
    .filter((information) => information.location.uri === uri)
    .map(({ location }) => ({ line: location.range.start.line + 1, column: location.range.start.character + 1 }));
  return { count, related };
}

/** docs.json first in each folder, then the rest in path order. */
function compareFiles(a: string, b: string): number {
  if (a === b) return 0;
  const aConfig = a.endsWith('docs.json');
  const bConfig = b.endsWith('docs.json');
  if (aConfig !== bConfig) return aConfig ? -1 : 1;
  return a < b ? -1 : 1;
}

export function summarise(report: Report): { errors: number; warnings: number; infos: number; files: number } {
  let errors = 0;
  let warnings = 0;
  let infos = 0;
  for (const entry of report.entries) {
    if (entry.severity === 'error') errors++;
    else if (entry.severity === 'warning') warnings++;
    else infos++;
  }
  return { errors, warnings, infos, files: report.files };
}
