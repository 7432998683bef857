import { relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { diagnosticCodes, codeHref, type DiagnosticCode } from '../../service';
import { jsonChunks, withNewline } from '../jsonChunks';
import type { Report } from '../report';
import { repositoryRoot } from '../localFiles';

const level = { error: 'error', warning: 'warning', info: 'note', hint: 'note' } as const;

/**
 * SARIF 2.1.0, for code scanning: one run, a rule per code, a result per diagnostic. Code scanning
 * resolves a location from the repository's root, so paths are relative to it (the nearest folder
 * above the docs holding `.git`; without one, the working directory), and `%SRCROOT%` says where that is.
 */
export function formatSarif(report: Report, version: string, root = repositoryRoot(report.baseDir) ?? process.cwd()): Iterable<string> {
  const codes = Object.keys(diagnosticCodes) as DiagnosticCode[];
  // A relative URI reference: each segment percent-encoded (`a#b.mdx` is `a%23b.mdx`, or the `#` would start a fragment).
  const uriOf = (file: string) => relative(root, resolve(report.baseDir, file)).split(sep).map(encodeURIComponent).join('/');
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(root.endsWith(sep) ? root : root + sep).href } },
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
                    artifactLocation: { uri: uriOf(entry.file), uriBaseId: '%SRCROOT%' },
                    region: { startLine: place.line, startColumn: place.column },
                  },
                })),
              }
            : {}),
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: uriOf(entry.file), uriBaseId: '%SRCROOT%' },
                region: { startLine: entry.line, startColumn: entry.column, endLine: entry.endLine, endColumn: entry.endColumn },
              },
            },
          ],
        })),
      },
    ],
  };
  // In pieces of a result each: the log, its runs, the run and its results are opened here.
  return withNewline(jsonChunks(sarif, 4));
}
