import { CodeActionKind, Range, type CodeAction, type Diagnostic, type WorkspaceEdit } from 'vscode-languageserver-types';
import { DIAGNOSTIC_SOURCE } from '../check/diagnosticCodes';
import { parseOperation } from '../docsJson/navigation';
import { readFixData, replaceEdits } from '../check/fixData';
import type { SiteState } from '../session/siteState';
import { joinUri } from '../uri';
import type { ConfigDocument } from '../docsJson/configDocument';
import type { LineTable } from '../text/lineTable';
import type { PageDocument } from '../documents/pageDocument';
import { appendToArray, removeAt, toTextEdits } from './jsonEdits';
import { OPERATION_METHOD } from '../openapi/httpMethods';
import { rankGroupsFor } from './navigationGroups';
import { appendAll } from '../../common/arrays';

/** The method word of an operation reference, with its place (`d`: indices). */
const METHOD_WORD = new RegExp(`^(?:\\S+\\s+)?(${OPERATION_METHOD})\\s`, 'di');

/** How many groups "add to navigation" offers. */
const GROUP_CHOICES = 8;

/** Quick fixes built from `diagnostic.data`, plus the upper-case method rewrite. */
export function codeActions(
  document: ConfigDocument | PageDocument,
  range: Range,
  diagnostics: Diagnostic[],
  state: SiteState | undefined,
): CodeAction[] {
  const actions: CodeAction[] = [];
  const { text, lines } = document;
  const config = 'root' in document ? document : undefined;
  for (const diagnostic of diagnostics) {
    if (diagnostic.source !== DIAGNOSTIC_SOURCE || !diagnostic.data || !Range.is(diagnostic.range)) continue;
    const data = readFixData(diagnostic.data);
    const fix = (title: string, edit: WorkspaceEdit, isPreferred = false): CodeAction => ({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit,
      isPreferred,
    });
    if (data.replace !== undefined) {
      actions.push(
        fix(
          `Change to ${data.replaceLabel ?? data.replace}${data.also?.length ? ` (${data.also.length + 1} places)` : ''}`,
          { changes: { [document.uri]: replaceEdits(diagnostic.range, data) } },
          true,
        ),
      );
    }
    if (data.removeKey) {
      const edits = config ? removeAt(config, lines.offsetAt(diagnostic.range.start)) : [];
      if (edits.length)
        actions.push(
          fix(`Remove ${text.slice(lines.offsetAt(diagnostic.range.start), lines.offsetAt(diagnostic.range.end))}`, {
            changes: { [document.uri]: toTextEdits(lines, edits) },
          }),
        );
    }
    if (data.removeEntry) {
      const edits = config ? removeAt(config, lines.offsetAt(diagnostic.range.start) + 1) : [];
      if (edits.length) actions.push(fix('Remove this duplicate entry', { changes: { [document.uri]: toTextEdits(lines, edits) } }, true));
    }
    if (data.createPage && state) actions.push(createPageAction(data.createPage, diagnostic, document, state));
    if (data.insert) {
      const at = lines.positionAt(data.insert.offset);
      actions.push(
        fix(
          `Add ${data.insert.text.trim().split('\n')[0]}`,
          { changes: { [document.uri]: [{ range: { start: at, end: at }, newText: data.insert.text }] } },
          true,
        ),
      );
    }
    if (data.addToNavigation && state?.context) appendAll(actions, addToNavigationActions(data.addToNavigation, diagnostic, state));
  }
  const method = Range.is(range) ? methodCaseAction(document.uri, lines, range) : undefined;
  if (method) actions.push(method);
  return actions;
}

function createPageAction(relative: string, diagnostic: Diagnostic, document: ConfigDocument | PageDocument, state: SiteState): CodeAction {
  const uri = joinUri(state.rootUri, relative);
  const id = relative.replace(/\.mdx?$/, '');
  const title = id
    .split('/')
    .pop()!
    .replace(/[-_]+/g, ' ')
    .replace(/^\w/, (c) => c.toUpperCase());
  const underApi = isUnderApiGroup(document, diagnostic, state);
  const content = underApi
    ? `---\ntitle: "${title}"\napi: ` +
      `"GET /${id.split('/').pop()}"\n---\n\nDescribe what this endpoint does.\n\n<ResponseField name="id" type="string" required>\n  Describe the field.\n</ResponseField>\n`
    : `---\ntitle: "${title}"\ndescription: ""\n---\n\n`;
  return {
    title: `Create ${relative}${underApi ? ' (endpoint page)' : ''}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: {
      documentChanges: [
        { kind: 'create', uri, options: { ignoreIfExists: true } },
        {
          textDocument: { uri, version: null },
          edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: content }],
        },
      ],
    },
  };
}

/** The entry sits in a group that sets `openapi` or is labelled as an API reference. */
function isUnderApiGroup(document: ConfigDocument | PageDocument, diagnostic: Diagnostic, state: SiteState): boolean {
  const offset = document.lines.offsetAt(diagnostic.range.start);
  const groups = state.context?.navigation.groups ?? [];
  return groups.some(
    (group) =>
      group.isApi && group.pages.uri === document.uri && offset >= group.pages.offset && offset <= group.pages.offset + group.pages.length,
  );
}

function addToNavigationActions(pageId: string, diagnostic: Diagnostic, state: SiteState): CodeAction[] {
  const groups = rankGroupsFor(pageId, state.context!.navigation.groups).slice(0, GROUP_CHOICES);
  return groups.flatMap((group) => {
    const target = state.configDocuments.get(group.pages.uri);
    if (!target) return [];
    const edits = appendToArray(target.text, group.pages, [pageId]);
    return edits.length
      ? [
          {
            title: `Add to navigation: ${group.label}`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [diagnostic],
            edit: { changes: { [group.pages.uri]: toTextEdits(target.lines, edits) } },
          },
        ]
      : [];
  });
}

/** `get /users` → `GET /users` where the cursor is on an operation entry, `api:` or `openapi:` value. */
export function methodCaseAction(uri: string, lines: LineTable, range: Range): CodeAction | undefined {
  const lineNumber = range.start.line;
  const line = lines.lineText(lineNumber);
  const cursor = range.start.character;
  // Candidate values on the line: quoted strings, and an unquoted `api:`/`openapi:` front matter value.
  const candidates: { start: number; value: string }[] = [...line.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => ({
    start: m.index! + 1,
    value: m[1] ?? m[2],
  }));
  const frontMatter = /^(?:api|openapi):[ \t]*(?!["'])/.exec(line);
  if (frontMatter) candidates.push({ start: frontMatter[0].length, value: line.slice(frontMatter[0].length).trimEnd() });
  const candidate = candidates.find((c) => cursor >= c.start - 1 && cursor <= c.start + c.value.length + 1);
  if (!candidate || !parseOperation(candidate.value)) return undefined;
  const method = METHOD_WORD.exec(candidate.value);
  if (!method || method[1] === method[1].toUpperCase()) return undefined;
  const character = candidate.start + method.indices![1][0];
  return {
    title: `Write the method in upper case (${method[1].toUpperCase()})`,
    kind: CodeActionKind.QuickFix,
    edit: {
      changes: {
        [uri]: [
          {
            range: { start: { line: lineNumber, character }, end: { line: lineNumber, character: character + method[1].length } },
            newText: method[1].toUpperCase(),
          },
        ],
      },
    },
  };
}
