import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList, type Range } from 'vscode-languageserver-types';
import { apiOpenapiRefs } from '../docsJson/apiSpecs';
import { derefSchema, schemaAtPath, type SchemaNode } from '../docsJson/schema';
import type { SiteState } from '../siteState';
import { relativeUri } from '../uri';
import { enclosingOpenapi, holderKey, jsonContext, valueOf } from './jsonContext';
import { loadSpecs } from '../siteSpecs';

const PAGE_KEYS = new Set(['pages', 'root']);

/**
 * At most this many page and operation items per answer; the list is then marked incomplete, and
 * the editor asks again as the user types (10,000 items take longer to send than to compute).
 */
const MAX_ITEMS = 1000;

/** Completion in docs.json: schema keys and values, pages, operations in scope, spec files. */
export async function completeDocsJson(document: TextDocument, offset: number, state: SiteState): Promise<CompletionList> {
  const context = jsonContext(document, offset);
  const { path, replaceRange } = context;
  const key = holderKey(path);
  const inArray = typeof path[path.length - 1] === 'number';
  if (!context.atKey && key && PAGE_KEYS.has(key) && (key === 'root' || inArray)) {
    const typed = context.stringNode ? document.getText().slice(context.stringNode.offset + 1, offset) : '';
    const items = await completePageEntries(context.tree, path, state, replaceRange, key === 'pages');
    const matching = items.filter((item) => isSubsequence(typed, item.label));
    return {
      isIncomplete: matching.length > MAX_ITEMS,
      items: matching.sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1)).slice(0, MAX_ITEMS),
    };
  }
  return { isIncomplete: false, items: await completeOther(context, state) };
}

async function completeOther(context: ReturnType<typeof jsonContext>, state: SiteState): Promise<CompletionItem[]> {
  const rootValue = valueOf(context.tree);
  const { path, replaceRange } = context;
  if (context.atKey) {
    // On an existing key that already has a value, only the key is replaced.
    const property = context.stringNode?.parent;
    const hasValue = property?.type === 'property' && property.children?.[0] === context.stringNode && (property.children?.length ?? 0) > 1;
    return completeKeys(path.slice(0, -1), rootValue, context.stringNode !== undefined, replaceRange, hasValue);
  }
  const key = holderKey(path);
  if (key === 'openapi' || key === 'source') return completeSpecFiles(state, replaceRange);
  return completeValues(path, rootValue, replaceRange);
}

/** The characters of `typed` appear in `label` in order, ignoring case (as the editor's fuzzy filter). */
function isSubsequence(typed: string, label: string): boolean {
  let at = 0;
  const lower = label.toLowerCase();
  for (const char of typed.toLowerCase()) {
    at = lower.indexOf(char, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

function completeKeys(
  objectPath: (string | number)[],
  rootValue: unknown,
  inString: boolean,
  range: Range,
  keyOnly: boolean,
): CompletionItem[] {
  const schema = schemaAtPath(objectPath, rootValue);
  const properties = (schema?.properties ?? {}) as Record<string, SchemaNode>;
  const existing = objectAt(rootValue, objectPath);
  return Object.entries(properties)
    .filter(([key]) => !(existing && key in existing))
    .map(([key, raw]) => {
      const property = derefSchema(raw) ?? {};
      const value = valueSnippet(property);
      const item: CompletionItem = {
        label: key,
        kind: CompletionItemKind.Property,
        documentation: describe(property),
        detail: property.title,
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: { range, newText: keyOnly ? `"${key}"` : `"${key}": ${value}` },
        filterText: inString ? `"${key}"` : key,
        sortText: property.markdownDescription ? `0${key}` : `1${key}`,
      };
      return item;
    });
}

function completeValues(path: (string | number)[], rootValue: unknown, range: Range): CompletionItem[] {
  const schema = schemaAtPath(path, rootValue);
  if (!schema) return [];
  const items: CompletionItem[] = [];
  for (const value of (schema.enum ?? []) as unknown[]) {
    items.push({
      label: JSON.stringify(value),
      kind: CompletionItemKind.EnumMember,
      documentation: describe(schema),
      textEdit: { range, newText: JSON.stringify(value) },
    });
  }
  if (schema.type === 'boolean')
    for (const value of ['true', 'false'])
      items.push({ label: value, kind: CompletionItemKind.Value, textEdit: { range, newText: value } });
  for (const snippet of (schema.defaultSnippets ?? []) as { label: string; body: unknown }[]) {
    items.push({
      label: snippet.label,
      kind: CompletionItemKind.Snippet,
      documentation: describe(schema),
      insertTextFormat: InsertTextFormat.Snippet,
      textEdit: { range, newText: toSnippet(snippet.body) },
    });
  }
  return items;
}

async function completePageEntries(
  tree: ReturnType<typeof jsonContext>['tree'],
  path: (string | number)[],
  state: SiteState,
  range: Range,
  allowOperations: boolean,
): Promise<CompletionItem[]> {
  const site = state.context;
  if (!site) return [];
  const items: CompletionItem[] = [];
  for (const id of [...site.files.pages.keys()].sort()) {
    if (id.startsWith('snippets/')) continue;
    const listed = state.inNavigation.has(id);
    items.push({
      label: id,
      kind: CompletionItemKind.File,
      detail: listed ? 'in navigation' : 'not in navigation yet',
      sortText: `${listed ? 1 : 0}${id}`,
      textEdit: { range, newText: JSON.stringify(id) },
      filterText: JSON.stringify(id),
    });
  }
  if (!allowOperations) return items;
  const scope = (enclosingOpenapi(tree, path) as string[] | undefined) ?? apiOpenapiRefs(site.config).map((ref) => ref.source);
  for (const spec of await loadSpecs(site, scope)) {
    for (const operation of spec.operations) {
      const value = `${operation.method} ${operation.path}`;
      items.push({
        label: value,
        kind: CompletionItemKind.Function,
        detail: operation.summary,
        sortText: `2${value}`,
        textEdit: { range, newText: JSON.stringify(value) },
        filterText: JSON.stringify(value),
      });
    }
  }
  for (const spec of (await state.siteSpecs()).local) {
    const file = relativeUri(site.rootUri, spec.uri) ?? spec.uri;
    for (const operation of spec.operations) {
      const value = `${file} ${operation.method} ${operation.path}`;
      items.push({
        label: value,
        kind: CompletionItemKind.Function,
        detail: operation.summary,
        sortText: `3${value}`,
        textEdit: { range, newText: JSON.stringify(value) },
        filterText: JSON.stringify(value),
      });
    }
  }
  return items;
}

async function completeSpecFiles(state: SiteState, range: Range): Promise<CompletionItem[]> {
  if (!state.context) return [];
  const files = (await state.siteSpecs()).local.map((spec) => relativeUri(state.rootUri, spec.uri) ?? spec.uri);
  return files.map((file) => ({
    label: file,
    kind: CompletionItemKind.File,
    detail: 'OpenAPI spec',
    textEdit: { range, newText: JSON.stringify(file) },
    filterText: JSON.stringify(file),
  }));
}

function objectAt(value: unknown, path: (string | number)[]): Record<string, unknown> | undefined {
  let current: any = value;
  for (const segment of path) current = current?.[segment];
  return current && typeof current === 'object' && !Array.isArray(current) ? current : undefined;
}

function describe(schema: SchemaNode): { kind: 'markdown'; value: string } | undefined {
  const text = schema.markdownDescription ?? schema.description;
  return text ? { kind: 'markdown', value: text } : undefined;
}

/** The snippet inserted after `"key": `, from the property's first default snippet or its type. */
function valueSnippet(property: SchemaNode): string {
  const snippet = (property.defaultSnippets as { body: unknown }[] | undefined)?.[0];
  if (snippet) return toSnippet(snippet.body);
  if (Array.isArray(property.enum)) return `"\${1|${property.enum.join(',')}|}"`;
  const type = Array.isArray(property.type) ? property.type[0] : property.type;
  switch (type) {
    case 'object':
      return '{$1}';
    case 'array':
      return '[$1]';
    case 'boolean':
      return '${1|true,false|}';
    case 'number':
    case 'integer':
      return '${1:0}';
    default:
      return property.$ref ? '{$1}' : '"$1"';
  }
}

/**
 * A defaultSnippets body as snippet text. As in VS Code's JSON support, a string starting with `^` is
 * inserted without quotes (`"^${1|true,false|}"` becomes a boolean placeholder); other strings stay strings.
 */
function toSnippet(body: unknown): string {
  return JSON.stringify(body, null, 2).replace(/"\^((?:[^"\\]|\\.)*)"/g, '$1');
}
