import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import { DIAGNOSTIC_SOURCE } from '../diagnosticCodes';
import type { ConfigDocument } from '../documents/configDocument';
import type { PageDocument } from '../documents/pageDocument';
import { readFixData } from '../fixData';
import type { SiteState } from '../siteState';
import { methodCaseAction } from './codeActions';

/** The kind of the fix-all action: `"editor.codeActionsOnSave": { "source.fixAll.docsmith": "explicit" }`. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.docsmith`;

/** Whether a code action request limited to `only` kinds accepts actions of `kind` (kinds are dotted hierarchies). */
export function accepts(only: readonly string[] | undefined, kind: string): boolean {
  return !only || only.some((wanted) => wanted === '' || kind === wanted || kind.startsWith(`${wanted}.`));
}

/**
 * One action applying every fix of the file that is safe to apply unasked and together: forms the
 * platform reads the same way (a leading `/` or an extension in a page entry, a method in lower case),
 * and did-you-means with one candidate only. Where two fixes touch the same text, the one for the
 * more severe problem is kept; the other is offered again once the file is saved.
 */
export function fixAllAction(
  document: ConfigDocument | PageDocument,
  diagnostics: Diagnostic[],
  state: SiteState | undefined,
): CodeAction | undefined {
  const fixes: { edit: TextEdit; severity: number; diagnostic?: Diagnostic }[] = [];
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    const data = readFixData(diagnostic.data);
    if (data.fixAll && data.replace !== undefined)
      fixes.push({ edit: { range: diagnostic.range, newText: data.replace }, severity: diagnostic.severity ?? 1, diagnostic });
  }
  for (const offset of operationOffsets(document, state)) {
    const position = document.lines.positionAt(offset);
    const edit = methodCaseAction(document.uri, document.lines, { start: position, end: position })?.edit?.changes?.[document.uri]?.[0];
    if (edit) fixes.push({ edit, severity: 5 });
  }
  const offsetOf = (fix: (typeof fixes)[number]) => document.lines.offsetAt(fix.edit.range.start);
  const endOf = (fix: (typeof fixes)[number]) => document.lines.offsetAt(fix.edit.range.end);
  fixes.sort((a, b) => offsetOf(a) - offsetOf(b) || a.severity - b.severity);
  const kept: typeof fixes = [];
  for (const fix of fixes) {
    const last = kept.at(-1);
    if (last && offsetOf(fix) < endOf(last)) {
      if (fix.severity < last.severity) kept[kept.length - 1] = fix;
      continue;
    }
    kept.push(fix);
  }
  if (!kept.length) return undefined;
  return {
    title: `Fix all safe Docsmith problems (${kept.length})`,
    kind: FIX_ALL_KIND,
    diagnostics: kept.flatMap((fix) => (fix.diagnostic ? [fix.diagnostic] : [])),
    edit: { changes: { [document.uri]: kept.map((fix) => fix.edit) } },
  };
}

/** Where the operation references of the file start: navigation entries in docs.json, `api`/`openapi` in front matter. */
function operationOffsets(document: ConfigDocument | PageDocument, state: SiteState | undefined): number[] {
  if ('frontMatter' in document) {
    return ['api', 'openapi'].flatMap((key) => {
      const entry = document.frontMatter.entries.get(key);
      return entry ? [entry.valueOffset] : [];
    });
  }
  return (state?.context?.navigation.operations ?? [])
    .filter((entry) => entry.node.uri === document.uri)
    .map((entry) => entry.node.offset + 1);
}
