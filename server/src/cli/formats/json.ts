import { summarise, type Report } from '../report';

/** The stable JSON output that CI scripts read: `{"version":1,"diagnostics":[...],"summary":{...}}` (README documents it). */
export function formatJson(report: Report): string {
  return JSON.stringify({ version: 1, diagnostics: report.entries, summary: summarise(report) }, null, 2) + '\n';
}
