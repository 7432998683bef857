import { summarise, type Report } from '../report';

/** The stable JSON output that CI scripts read: `{"version":1,"diagnostics":[...],"summary":{...}}` (README documents it). */
export function formatJson(report: Report): string {
  const summary = report.baseline
    ? { ...summarise(report), baseline: { known: report.baseline.known, fixed: report.baseline.fixed } }
    : summarise(report);
  return JSON.stringify({ version: 1, diagnostics: report.entries, summary }, null, 2) + '\n';
}
