import { diagnosticCodes, codeHref, type DiagnosticCode } from '../../service';
import type { Report } from '../report';

const level = { error: 'error', warning: 'warning', info: 'note', hint: 'note' } as const;

/** SARIF 2.1.0, for code scanning: one run, a rule per code, a result per diagnostic. */
export function formatSarif(report: Report, version: string): string {
  const codes = Object.keys(diagnosticCodes) as DiagnosticCode[];
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'docsmith',
            version,
            informationUri: 'https://github.com/docsmith/docsmith',
            rules: codes.map((code) => ({
              id: code,
              shortDescription: { text: diagnosticCodes[code].summary },
              helpUri: codeHref(code),
              defaultConfiguration: { level: level[diagnosticCodes[code].severity] },
            })),
          },
        },
        results: report.entries.map((entry) => ({
          ruleId: entry.code,
          ruleIndex: codes.indexOf(entry.code as DiagnosticCode),
          level: level[entry.severity],
          message: { text: entry.message },
          ...(entry.count ? { occurrenceCount: entry.count } : {}),
          ...(entry.related?.length
            ? {
                relatedLocations: entry.related.map((place, id) => ({
                  id,
                  message: { text: 'The same finding here' },
                  physicalLocation: {
                    artifactLocation: { uri: entry.file, uriBaseId: '%SRCROOT%' },
                    region: { startLine: place.line, startColumn: place.column },
                  },
                })),
              }
            : {}),
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: entry.file, uriBaseId: '%SRCROOT%' },
                region: { startLine: entry.line, startColumn: entry.column, endLine: entry.endLine, endColumn: entry.endColumn },
              },
            },
          ],
        })),
      },
    ],
  };
  return JSON.stringify(sarif, null, 2) + '\n';
}
