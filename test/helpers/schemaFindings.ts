import { findNodeAtOffset, getNodePath, parseTree } from 'jsonc-parser';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createLanguageService } from '../../server/src/service';
import { MemoryWorkspace, ROOT } from './memoryWorkspace';
import type { JsonPath } from './oracle';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** Codes by which Docsmith says "the platform rejects this file". */
export const REJECTING = /\/(missing-property|invalid-value|missing-field|invalid-field|unknown-integration|rejected-key)$/;
/** Codes by which Docsmith says "the platform keeps the file but drops this key". */
export const DROPPING = /\/(unknown-key|unknown-field|ignored-key)$/;

export interface SchemaFindings {
  errors: { path: JsonPath; code: string; message: string }[];
  dropped: { path: JsonPath; code: string; message: string }[];
}

/**
 * What Docsmith reports about the schema of a docs.json value: its rejecting errors and its
 * unknown-key warnings, each mapped back to the JSON path it points at.
 */
export async function docsmithSchemaFindings(value: unknown): Promise<SchemaFindings> {
  const text = JSON.stringify(value, null, 2);
  const workspace = new MemoryWorkspace({ 'docs.json': text });
  const service = createLanguageService({ workspace });
  const diagnostics = (await service.getDiagnostics(`${ROOT}/docs.json`, NOT_CANCELLED)) ?? [];
  const tree = parseTree(text);
  const document = TextDocument.create('x', 'json', 0, text);
  const findings: SchemaFindings = { errors: [], dropped: [] };
  for (const diagnostic of diagnostics) {
    const code = String(diagnostic.code);
    const offset = document.offsetAt(diagnostic.range.start);
    const node = tree && findNodeAtOffset(tree, offset + 1, true);
    const path = node ? getNodePath(node) : [];
    if (DROPPING.test(code)) findings.dropped.push({ path, code, message: diagnostic.message });
    else if (REJECTING.test(code) && diagnostic.severity === DiagnosticSeverity.Error)
      findings.errors.push({ path, code, message: diagnostic.message });
  }
  return findings;
}

export function samePath(a: JsonPath, b: JsonPath): boolean {
  return a.length === b.length && a.every((segment, index) => String(segment) === String(b[index]));
}

/** One path is the other, or lies inside it. */
export function related(a: JsonPath, b: JsonPath): boolean {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (String(a[i]) !== String(b[i])) return false;
  return true;
}

export function showPath(path: JsonPath): string {
  return (
    path
      .map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`))
      .join('')
      .replace(/^\./, '') || '(root)'
  );
}
