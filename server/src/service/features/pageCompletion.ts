import { completeVariables } from './variableFeatures';
import type { LineTable } from '../text/lineTable';
import type { PageDocument } from '../documents/pageDocument';
import type { PageReader } from '../documents/parsedDocuments';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type Range } from 'vscode-languageserver-types';
import frontMatterSchema from '../../../../schemas/frontmatter.schema.json';
import { HTTP_METHODS } from '../openapi/httpMethods';
import { parseApiValue } from '../frontMatter/apiValue';
import { keysWritten } from '../frontMatter/parseFrontMatter';
import type { SiteState } from '../session/siteState';
import { completeBody } from './bodyCompletion';

type PropertySchema = { markdownDescription?: string; enum?: string[]; type?: string | string[] };
const properties = frontMatterSchema.properties as Record<string, PropertySchema>;

/** Completion in an MDX page: front matter keys and values, `<ParamField path="...">` names, and the body's links, imports and components. */
export async function completePage(page: PageDocument, offset: number, state: SiteState, read: PageReader): Promise<CompletionItem[]> {
  const { text, frontMatter, lines: document } = page;
  const position = document.positionAt(offset);
  const lineStart = document.offsetAt({ line: position.line, character: 0 });
  const before = text.slice(lineStart, offset);
  const inFrontMatter = frontMatter.present && offset >= frontMatter.contentOffset && offset <= frontMatter.contentEnd;
  if (inFrontMatter) {
    if (/^[\w-]*$/.test(before)) return completeKeys(keysWritten(text, frontMatter), rangeOf(document, lineStart, offset));
    const key = /^[\w-]+:/.exec(before)?.[0];
    if (!key) return [];
    let typedStart = key.length;
    while (before[typedStart] === ' ' || before[typedStart] === '\t') typedStart++;
    if (before[typedStart] === '"' || before[typedStart] === "'") typedStart++;
    const typed = before.slice(typedStart);
    return completeValue(key.slice(0, -1), typed, rangeOf(document, offset - typed.length, offset), state);
  }
  // Inside `<ParamField ... path="|`: the tag is the last one opened on the line, still unclosed.
  const tag = before.lastIndexOf('<ParamField');
  const param = tag >= 0 && !before.includes('>', tag) ? /\spath=["']([^"']*)$/.exec(before.slice(tag)) : null;
  if (param) {
    const api = frontMatter.data.api;
    const parsed = typeof api === 'string' ? parseApiValue(api) : undefined;
    if (!parsed?.ok) return [];
    return parsed.params.map((p) => ({
      label: p.name,
      kind: CompletionItemKind.Variable,
      detail: `path parameter of ${parsed.path}`,
      textEdit: { range: rangeOf(document, offset - param[1].length, offset), newText: p.name },
    }));
  }
  if (offset < frontMatter.bodyOffset) return [];
  return completeVariables(page, offset, state) ?? completeBody(page, offset, state, read);
}

function rangeOf(document: LineTable, start: number, end: number): Range {
  return { start: document.positionAt(start), end: document.positionAt(end) };
}

function completeKeys(present: string[], range: Range): CompletionItem[] {
  return Object.entries(properties)
    .filter(([key]) => !present.includes(key))
    .map(([key, schema]) => {
      const value = schema.enum
        ? `"\${1|${schema.enum.join(',')}|}"`
        : schema.type === 'boolean'
          ? '${1|true,false|}'
          : key === 'api'
            ? '"${1|GET,POST,PUT,PATCH,DELETE|} /${2:path}"'
            : '"$1"';
      return {
        label: key,
        kind: CompletionItemKind.Property,
        documentation: schema.markdownDescription ? { kind: 'markdown', value: schema.markdownDescription } : undefined,
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: { range, newText: `${key}: ${value}` },
        sortText: ['title', 'description', 'api', 'openapi'].includes(key) ? `0${key}` : `1${key}`,
      } satisfies CompletionItem;
    });
}

async function completeValue(key: string, typed: string, range: Range, state: SiteState): Promise<CompletionItem[]> {
  const schema = properties[key];
  if (schema?.enum) {
    return schema.enum.map((value) => ({
      label: value,
      kind: CompletionItemKind.EnumMember,
      documentation: schema.markdownDescription ? { kind: 'markdown', value: schema.markdownDescription } : undefined,
      textEdit: { range, newText: value },
    }));
  }
  if (key !== 'api' && key !== 'openapi') return [];
  const specs = (await state.siteSpecs()).local;
  if (key === 'api' && !typed.includes(' ')) {
    return HTTP_METHODS.map((method) => ({
      label: method,
      kind: CompletionItemKind.Keyword,
      textEdit: { range, newText: `${method} ` },
      command: { title: 'Suggest', command: 'editor.action.triggerSuggest' },
    }));
  }
  if (key === 'api') {
    const method = typed.split(' ')[0];
    const methodRange = { start: { line: range.start.line, character: range.start.character + method.length + 1 }, end: range.end };
    const paths = [
      ...new Set(specs.flatMap((spec) => spec.operations.filter((op) => op.method === method.toUpperCase()).map((op) => op.path))),
    ];
    return paths.map((path) => ({ label: path, kind: CompletionItemKind.Value, textEdit: { range: methodRange, newText: path } }));
  }
  return specs.flatMap((spec) =>
    spec.operations.map((op) => ({
      label: `${op.method} ${op.path}`,
      kind: CompletionItemKind.Function,
      detail: op.summary,
      textEdit: { range, newText: `${op.method} ${op.path}` },
    })),
  );
}
