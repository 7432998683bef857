import { CompletionItemKind, type CompletionItem, type Hover, type Location } from 'vscode-languageserver-types';
import type { PageDocument } from '../documents/pageDocument';
import { child, findProperty } from '../json/jsonTree';
import type { SiteState } from '../session/siteState';
import { VARIABLE } from '../mdx/variables';

/** The `{{name}}` of a page's body under the cursor, and its range. */
function variableAt(document: PageDocument, offset: number): { name: string; start: number; end: number } | undefined {
  if (offset < document.frontMatter.bodyOffset) return undefined;
  const { line } = document.lines.positionAt(offset);
  const lineStart = document.lines.offsetAt({ line, character: 0 });
  const text = document.lines.lineText(line);
  for (const match of text.matchAll(VARIABLE)) {
    const start = lineStart + match.index!;
    const end = start + match[0].length;
    if (offset >= start && offset <= end) return { name: match[1], start, end };
  }
  return undefined;
}

/** Hover on `{{name}}`: the value the platform puts there, or why it puts none. */
export function variableHover(document: PageDocument, offset: number, state: SiteState): Hover | undefined {
  const found = variableAt(document, offset);
  const config = state.context?.value.variables;
  if (!found || typeof config !== 'object' || config === null) return undefined;
  const value = state.context?.variables?.values.get(found.name);
  const text =
    value === undefined
      ? `\`{{${found.name}}}\` is not one of docs.json's \`variables\`: the platform leaves it as written, and MDX reads \`{${found.name}}\` as an expression.`
      : `\`{{${found.name}}}\`: docs.json's variable, replaced by the platform before the page is parsed:\n\n${value ? '```text\n' + value.replaceAll('```', '` ` `') + '\n```' : '(empty)'}`;
  return { contents: { kind: 'markdown', value: text }, range: document.lines.rangeOf(found.start, found.end - found.start) };
}

/** Go to definition on `{{name}}`: its key in docs.json's `variables`. */
export function variableDefinition(document: PageDocument, offset: number, state: SiteState): Location[] | undefined {
  const found = variableAt(document, offset);
  if (!found || !state.context) return undefined;
  const property = findProperty(child(state.context.config, 'variables'), found.name);
  const config = property && state.configDocuments.get(property.uri);
  if (!property || !config) return [];
  const start = config.lines.positionAt(property.offset);
  return [{ uri: property.uri, range: { start, end: start } }];
}

/** After `{{` in a page's body: docs.json's variables, each with its value. */
export function completeVariables(document: PageDocument, offset: number, state: SiteState): CompletionItem[] | undefined {
  const values = state.context?.variables?.values;
  if (!values || offset < document.frontMatter.bodyOffset) return undefined;
  const { line } = document.lines.positionAt(offset);
  const lineStart = document.lines.offsetAt({ line, character: 0 });
  const typed = /\{\{\s*([\w.-]*)$/.exec(document.text.slice(lineStart, offset));
  if (!typed) return undefined;
  const closed = /^[\w.-]*\s*\}\}/.exec(document.text.slice(offset, offset + 200));
  const end = offset + (closed ? closed[0].length : 0);
  return [...values].map(([name, value], index) => ({
    label: name,
    kind: CompletionItemKind.Variable,
    detail: value,
    sortText: String(index).padStart(4, '0'),
    textEdit: { range: document.lines.rangeOf(offset - typed[1].length, end - offset + typed[1].length), newText: `${name}}}` },
  }));
}
