import { jsonChunks, withNewline } from '../jsonChunks';
import { summarise, type Report } from '../report';

/**
 * The stable JSON output that CI scripts read: `{"version":1,"diagnostics":[...],"summary":{...}}`
 * (README documents it), in pieces of a finding each (the text of `JSON.stringify(..., null, 2)`).
 */
export function formatJson(report: Report): Iterable<string> {
  const summary = report.baseline
    ? { ...summarise(report), baseline: { known: report.baseline.known, fixed: report.baseline.fixed } }
    : summarise(report);
  return withNewline(jsonChunks({ version: 1, diagnostics: report.entries, summary }));
}
