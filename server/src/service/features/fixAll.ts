import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import { DIAGNOSTIC_SOURCE } from '../check/diagnosticCodes';
import type { ConfigDocument } from '../docsJson/configDocument';
import type { PageDocument } from '../documents/pageDocument';
import { readFixData, replaceEdits } from '../check/fixData';
import type { SiteState } from '../session/siteState';
import { methodCaseAction } from './codeActions';

/** The kind of the fix-all action: `"editor.codeActionsOnSave": { "source.fixAll.docsmith": "explicit" }`. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.docsmith`;

/** Whether a code action request limited to `only` kinds accepts actions of `kind` (kinds are dotted hierarchies). */
export function accepts(only: readonly string[] | undefined, kind: string): boolean {
  return !only || only.some((wanted) => wanted === '' || kind === wanted || kind.startsWith(`${wanted}.`));
}

/** A fix of the file, with where its edit starts and ends (offsets) and the severity of what it fixes (5: no diagnostic). */
interface Fix {
  edit: TextEdit;
  severity: number;
  diagnostic?: Diagnostic;
  start: number;
  end: number;
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
  const fixes: Fix[] = [];
  const add = (edit: TextEdit, severity: number, diagnostic?: Diagnostic) =>
    fixes.push({
      edit,
      severity,
      diagnostic,
      start: document.lines.offsetAt(edit.range.start),
      end: document.lines.offsetAt(edit.range.end),
    });
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE) continue;
    const data = readFixData(diagnostic.data);
    if (data.fixAll) for (const edit of replaceEdits(diagnostic.range, data)) add(edit, diagnostic.severity ?? 1, diagnostic);
  }
  for (const offset of operationOffsets(document, state)) {
    const position = document.lines.positionAt(offset);
    const edit = methodCaseAction(document.uri, document.lines, { start: position, end: position })?.edit?.changes?.[document.uri]?.[0];
    if (edit) add(edit, 5);
  }
  fixes.sort((a, b) => a.start - b.start || a.severity - b.severity);
  const kept: Fix[] = [];
  for (const fix of fixes) {
    const last = kept.at(-1);
    if (last && fix.start < last.end) {
      if (fix.severity < last.severity) kept[kept.length - 1] = fix;
      continue;
    }
    kept.push(fix);
  }
  if (!kept.length) return undefined;
  return {
    title: `Fix all safe Docsmith problems (${kept.length})`,
    kind: FIX_ALL_KIND,
    diagnostics: [...new Set(kept.flatMap((fix) => (fix.diagnostic ? [fix.diagnostic] : [])))],
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
