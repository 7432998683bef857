import { variableHover } from './variableFeatures';
import type { Hover, Range } from 'vscode-languageserver-types';
import frontMatterSchema from '../../../../schemas/frontmatter.schema.json';
import { parseOperation } from '../docsJson/navigation';
import { normalisePageEntry } from '../docsJson/pageEntry';
import { docsJsonSchema, schemaAtPath, type SchemaNode } from '../docsJson/schema';
import { parseApiValue } from '../frontMatter/apiValue';
import { resolvePageId } from '../site/siteFiles';
import type { SiteState } from '../session/siteState';
import { dirnameUri, joinUri, relativeUri } from '../uri';
import { isKeyInChain, nodeChainAt, pathOfChain } from '../docsJson/jsonLocation';
import type { ConfigDocument } from '../docsJson/configDocument';
import type { PageDocument } from '../documents/pageDocument';
import type { PageReader } from '../documents/parsedDocuments';
import { bodyLinkHover } from './bodyLinks';
import { enclosingOpenapi, holderKey } from './jsonContext';
import { describeOperation, lookupOperation } from './operationLookup';

const SOURCE_REF =
  '**sourceRef**: a navigation section another repository holds, named by its mount path. The platform inlines it when a site made of several repositories deploys; Docsmith checks this repository only, so what it holds is not checked here.';

const frontMatterProperties = frontMatterSchema.properties as Record<string, { markdownDescription?: string }>;

export async function hoverDocsJson(document: ConfigDocument, offset: number, state: SiteState, read: PageReader): Promise<Hover | null> {
  const chain = nodeChainAt(document.root, offset);
  const node = chain[chain.length - 1];
  if (!node) return null;
  const lines = document.lines;
  const range: Range = { start: lines.positionAt(node.offset), end: lines.positionAt(node.offset + node.length) };
  const path = pathOfChain(chain);
  if (isKeyInChain(chain)) {
    const key = String(node.value);
    if (path[0] === 'integrations' && path.length === 2) return { contents: { kind: 'markdown', value: describeIntegration(key) }, range };
    if (key === 'sourceRef' && typeof path.at(-2) === 'number') return markdown(SOURCE_REF, range);
    const schema = schemaAtPath(path, document.root);
    return schema ? markdown(describeSchema(key, schema), range) : null;
  }
  const key = holderKey(path);
  if (node.type === 'string' && (key === 'pages' || key === 'root')) {
    const value = String(node.value);
    const operation = parseOperation(value);
    if (operation && key === 'pages') {
      const found = await lookupOperation(state, value, enclosingOpenapi(document.root, path));
      return found
        ? markdown(describeOperation(found.operation, relativeUri(state.rootUri, found.spec.uri) ?? found.spec.uri), range)
        : null;
    }
    return markdown(await describePage(state, value, read), range);
  }
  const schema = schemaAtPath(path, document.root);
  return schema?.markdownDescription ? markdown(schema.markdownDescription, range) : null;
}

export async function hoverPage(document: PageDocument, offset: number, state: SiteState, read: PageReader): Promise<Hover | null> {
  const { frontMatter, lines } = document;
  for (const entry of frontMatter.entries.values()) {
    const onKey = offset >= entry.keyOffset && offset <= entry.keyOffset + entry.keyLength;
    const onValue = offset >= entry.valueOffset && offset <= entry.valueOffset + entry.valueLength;
    if (!onKey && !onValue) continue;
    const range = onKey
      ? { start: lines.positionAt(entry.keyOffset), end: lines.positionAt(entry.keyOffset + entry.keyLength) }
      : { start: lines.positionAt(entry.valueOffset), end: lines.positionAt(entry.valueOffset + entry.valueLength) };
    const description = frontMatterProperties[entry.key]?.markdownDescription;
    if (onValue && entry.key === 'api' && typeof entry.value === 'string')
      return markdown([describeApi(entry.value, state), description].filter(Boolean).join('\n\n---\n\n'), range);
    if (onValue && entry.key === 'openapi' && typeof entry.value === 'string') {
      const found = await lookupOperation(state, entry.value, undefined, dirnameUri(document.uri));
      if (found) return markdown(describeOperation(found.operation, relativeUri(state.rootUri, found.spec.uri) ?? found.spec.uri), range);
    }
    if (onValue && (entry.key === 'authMethod' || entry.key === 'playground'))
      return markdown([overrideNote(entry.key, state), description].filter(Boolean).join('\n\n'), range);
    return description ? markdown(description, range) : null;
  }
  return variableHover(document, offset, state) ?? bodyLinkHover(document, offset, state, read);
}

function markdown(value: string, range: Range): Hover {
  return { contents: { kind: 'markdown', value }, range };
}

function describeSchema(key: string, schema: SchemaNode): string {
  const lines = [`**${key}**${schema.title && schema.title !== key ? ` (${schema.title})` : ''}`];
  if (schema.markdownDescription) lines.push('', schema.markdownDescription);
  if (Array.isArray(schema.enum)) lines.push('', `One of: ${schema.enum.map((v: unknown) => `\`${v}\``).join(', ')}`);
  if (Array.isArray(schema.required) && schema.required.length)
    lines.push('', `Requires: ${schema.required.map((r: string) => `\`${r}\``).join(', ')}`);
  return lines.join('\n');
}

function describeIntegration(key: string): string {
  const schema = docsJsonSchema.properties.integrations.properties[key] as SchemaNode | undefined;
  if (!schema) return `\`${key}\` is not an integration the platform knows.`;
  const fields = Object.entries(schema.properties ?? {}).map(
    ([field, fieldSchema]) =>
      `- \`${field}\`${(schema.required ?? []).includes(field) ? ' (required)' : ''}: ${(fieldSchema as SchemaNode).markdownDescription ?? ''}`,
  );
  return [`**${schema.title}**`, '', schema.markdownDescription, '', 'Fields:', ...fields].join('\n');
}

async function describePage(state: SiteState, value: string, read: PageReader): Promise<string> {
  const { id } = normalisePageEntry(value);
  const pages = state.context?.files.pages;
  const resolved = pages && resolvePageId(pages, id);
  const relative = resolved === undefined ? undefined : pages?.get(resolved);
  if (!relative) return `**${id}**\n\nNo page file: ${id}.mdx, ${id}.md or ${id}/index.mdx does not exist.`;
  const data = (await read(joinUri(state.rootUri, relative)))?.frontMatter.data ?? {};
  const title = typeof data.title === 'string' ? data.title : id;
  return [`**${title}**`, typeof data.description === 'string' ? `\n${data.description}` : '', `\n\`${relative}\``].join('\n');
}

function describeApi(value: string, state: SiteState): string | undefined {
  const parsed = parseApiValue(value);
  if (!parsed.ok) return undefined;
  if (parsed.kind === 'url')
    return `Requests go to **${parsed.method.toUpperCase()} ${parsed.target}** (a full URL: \`api.mdx.server\` is not used).`;
  const server = state.context?.value.api?.mdx?.server;
  const first = Array.isArray(server) ? server[0] : server;
  return typeof first === 'string'
    ? `Requests go to **${parsed.method.toUpperCase()} ${first.replace(/\/$/, '')}${parsed.target}** (\`api.mdx.server\` + path).`
    : 'This relative path needs `api.mdx.server` in docs.json.';
}

function overrideNote(key: 'authMethod' | 'playground', state: SiteState): string {
  const global = key === 'authMethod' ? state.context?.value.api?.mdx?.auth?.method : state.context?.value.api?.playground?.display;
  const setting = key === 'authMethod' ? '`api.mdx.auth.method`' : '`api.playground.display`';
  const there = global ? ` (there: \`${global}\`)` : '';
  const none = key === 'authMethod' ? ' `none` turns authentication off for this page.' : '';
  return `This page's value wins over ${setting} in docs.json${there}.${none}`;
}
