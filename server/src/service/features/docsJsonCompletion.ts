import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList, type Range } from 'vscode-languageserver-types';
import { isAssetPath } from '../docsJson/assetPaths';
import { completeAssetFiles } from './assetCompletion';
import { apiOpenapiRefs } from '../docsJson/apiSpecs';
import { derefSchema, schemaAtPath, type SchemaNode } from '../docsJson/schema';
import type { SiteState } from '../session/siteState';
import { relativeUri } from '../uri';
import type { Segment } from '../docsJson/jsonLocation';
import { keyOf, nodeAtPath, type JsonNode } from '../json/jsonTree';
import type { ConfigDocument } from '../docsJson/configDocument';
import type { ListedPages } from '../site/listedPages';
import type { SiteFiles } from '../site/siteFiles';
import { enclosingOpenapi, holderKey, jsonContext, type JsonContext } from './jsonContext';
import { loadSpecs } from '../site/siteSpecs';

const PAGE_KEYS = new Set(['pages', 'root']);

/**
 * At most this many page and operation items per answer; the list is then marked incomplete, and
 * the editor asks again as the user types (10,000 items take longer to send than to compute).
 */
const MAX_ITEMS = 1000;

/** Completion in docs.json: schema keys and values, pages, operations in scope, spec files. */
export async function completeDocsJson(document: ConfigDocument, offset: number, state: SiteState): Promise<CompletionList> {
  const context = jsonContext(document, offset);
  const { path } = context;
  const key = holderKey(path);
  const inArray = typeof path[path.length - 1] === 'number';
  if (!context.atKey && key && PAGE_KEYS.has(key) && (key === 'root' || inArray)) {
    const typed = context.stringNode ? document.text.slice(context.stringNode.offset + 1, offset) : '';
    return completePageEntries(context, typed, state, key === 'pages');
  }
  return { isIncomplete: false, items: await completeOther(context, state) };
}

async function completeOther(context: JsonContext, state: SiteState): Promise<CompletionItem[]> {
  const root = context.document.root;
  const { path, replaceRange } = context;
  if (context.atKey) {
    // On an existing key that already has a value, only the key is replaced.
    const property = context.stringNode && context.chain[context.chain.length - 2];
    const hasValue = property?.type === 'property' && property.children?.[0] === context.stringNode && (property.children?.length ?? 0) > 1;
    return completeKeys(path.slice(0, -1), root, context.stringNode !== undefined, replaceRange, hasValue);
  }
  if (isAssetPath(path)) return completeAssetFiles(state, path, replaceRange);
  const key = holderKey(path);
  if (key === 'openapi' || key === 'source') return completeSpecFiles(state, replaceRange);
  return completeValues(path, root, replaceRange);
}

/** The characters of `typed` appear in `lower` in order (both lower case), as the editor's fuzzy filter reads them. */
function isSubsequence(typed: string, lower: string): boolean {
  let at = 0;
  for (const char of typed) {
    at = lower.indexOf(char, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

function completeKeys(
  objectPath: Segment[],
  root: JsonNode | undefined,
  inString: boolean,
  range: Range,
  keyOnly: boolean,
): CompletionItem[] {
  const schema = schemaAtPath(objectPath, root);
  const properties = (schema?.properties ?? {}) as Record<string, SchemaNode>;
  const object = root && nodeAtPath(root, objectPath)?.node;
  const existing = new Set(object?.type === 'object' ? (object.children ?? []).map(keyOf) : []);
  return Object.entries(properties)
    .filter(([key]) => !existing.has(key))
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

function completeValues(path: Segment[], root: JsonNode | undefined, range: Range): CompletionItem[] {
  const schema = schemaAtPath(path, root);
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

/**
 * Pages and operations for a navigation entry, those not in navigation yet first, filtered by what is
 * typed. Only the first {@link MAX_ITEMS} matches become items: on a 25,000-page site the candidates are
 * kept sorted per file index, and an answer costs the matching, not 25,000 items.
 */
async function completePageEntries(
  context: JsonContext,
  typed: string,
  state: SiteState,
  allowOperations: boolean,
): Promise<CompletionList> {
  const site = state.context;
  if (!site) return { isIncomplete: false, items: [] };
  const range = context.replaceRange;
  const items: CompletionItem[] = [];
  const needle = typed.toLowerCase();
  const take = (candidates: Iterable<Candidate>, sortPrefix: string, make: (candidate: Candidate) => CompletionItem): boolean => {
    for (const candidate of candidates) {
      if (!isSubsequence(needle, candidate.lower)) continue;
      if (items.length === MAX_ITEMS) return false;
      items.push({ ...make(candidate), sortText: `${sortPrefix}${candidate.label}` });
    }
    return true;
  };
  const pages = partitionedCandidates(site.files, state.inNavigation);
  const page = (listed: boolean) => (candidate: Candidate) => ({
    label: candidate.label,
    kind: CompletionItemKind.File,
    detail: listed ? 'in navigation' : 'not in navigation yet',
    textEdit: { range, newText: JSON.stringify(candidate.label) },
    filterText: JSON.stringify(candidate.label),
  });
  const complete =
    take(pages.unlisted, '0', page(false)) &&
    take(pages.listed, '1', page(true)) &&
    (!allowOperations || (await takeOperations(context, state, take)));
  return { isIncomplete: !complete, items };
}

interface Candidate {
  label: string;
  lower: string;
  detail?: string;
}

/** The pages a navigation entry may name, sorted, with their lower-case form (per file index). */
const pageCandidateCache = new WeakMap<SiteFiles, Candidate[]>();
/** Those split by whether navigation lists them, until the files or the listed pages change. */
const partitionCache = new WeakMap<ListedPages, { files: SiteFiles; version: number; listed: Candidate[]; unlisted: Candidate[] }>();

function partitionedCandidates(files: SiteFiles, inNavigation: ListedPages): { listed: Candidate[]; unlisted: Candidate[] } {
  const known = partitionCache.get(inNavigation);
  if (known?.files === files && known.version === inNavigation.version) return known;
  const listed: Candidate[] = [];
  const unlisted: Candidate[] = [];
  for (const candidate of pageCandidates(files)) (inNavigation.has(candidate.label) ? listed : unlisted).push(candidate);
  const partition = { files, version: inNavigation.version, listed, unlisted };
  partitionCache.set(inNavigation, partition);
  return partition;
}

function pageCandidates(files: SiteFiles): Candidate[] {
  let candidates = pageCandidateCache.get(files);
  if (!candidates) {
    candidates = [...files.pages.keys()]
      .filter((id) => !id.startsWith('snippets/'))
      .sort()
      .map((label) => ({ label, lower: label.toLowerCase() }));
    pageCandidateCache.set(files, candidates);
  }
  return candidates;
}

/** Operations of the specs in scope, then `spec METHOD /path` for every local spec. */
async function takeOperations(
  context: JsonContext,
  state: SiteState,
  take: (candidates: Iterable<Candidate>, sortPrefix: string, make: (candidate: Candidate) => CompletionItem) => boolean,
): Promise<boolean> {
  const site = state.context!;
  const range = context.replaceRange;
  const operation = (candidate: Candidate): CompletionItem => ({
    label: candidate.label,
    kind: CompletionItemKind.Function,
    detail: candidate.detail,
    textEdit: { range, newText: JSON.stringify(candidate.label) },
    filterText: JSON.stringify(candidate.label),
  });
  const scope = enclosingOpenapi(context.document.root, context.path) ?? apiOpenapiRefs(site.config).map((ref) => ref.source);
  const inScope = (await loadSpecs(site, scope))
    .flatMap((spec) => spec.operations.map((op) => candidate(`${op.method} ${op.path}`, op.summary)))
    .sort(byLabel);
  if (!take(inScope, '2', operation)) return false;
  const local = (await state.siteSpecs()).local
    .flatMap((spec) => {
      const file = relativeUri(site.rootUri, spec.uri) ?? spec.uri;
      return spec.operations.map((op) => candidate(`${file} ${op.method} ${op.path}`, op.summary));
    })
    .sort(byLabel);
  return take(local, '3', operation);
}

function byLabel(a: Candidate, b: Candidate): number {
  return a.label < b.label ? -1 : a.label > b.label ? 1 : 0;
}

function candidate(label: string, detail: string | undefined): Candidate {
  return { label, lower: label.toLowerCase(), detail };
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
