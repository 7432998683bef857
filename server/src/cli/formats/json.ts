import { summarise, type Report } from '../report';

/** The DESIGN.md contract: `{"version":1,"diagnostics":[...],"summary":{...}}`. */
export function formatJson(report: Report): string {
  return JSON.stringify({ version: 1, diagnostics: report.entries, summary: summarise(report) }, null, 2) + '\n';
}
