import { apiOpenapiRefs } from '../docsJson/apiSpecs';
import { parseOperation } from '../docsJson/navigation';
import { findOperation, type OpenApiSpec, type Operation } from '../openapi/spec';
import type { SiteState } from '../siteState';

/**
 * The operation a `METHOD /path` or `spec METHOD /path` value names, with its spec: in the named spec,
 * else in the given scope (a navigation `openapi`), else in the site's specs.
 */
export async function lookupOperation(state: SiteState, value: string, scope: string[] | undefined, relativeTo?: string): Promise<{ spec: OpenApiSpec; operation: Operation } | undefined> {
  const parsed = parseOperation(value);
  const site = state.context;
  if (!parsed || !site) return undefined;
  let specs: OpenApiSpec[];
  if (parsed.specFile) {
    const resolution = await site.specs.resolve(site.rootUri, parsed.specFile, relativeTo);
    specs = resolution.kind === 'loaded' ? [resolution.spec] : [];
  } else {
    specs = await loadSpecs(state, scope ?? [...apiOpenapiRefs(site.config).map((ref) => ref.source), ...(await state.siteSpecSources())]);
  }
  for (const spec of specs) {
    const operation = findOperation(spec, parsed.method, parsed.path);
    if (operation) return { spec, operation };
  }
  return undefined;
}

export function describeOperation(operation: Operation, specName: string): string {
  const lines = [`**${operation.method} ${operation.path}**${operation.summary ? ` — ${operation.summary}` : ''}`];
  if (operation.description) lines.push('', operation.description);
  if (operation.parameters.length) {
    lines.push('', '| parameter | in | required |', '|---|---|---|');
    for (const p of operation.parameters) lines.push(`| \`${p.name}\` | ${p.in} | ${p.required ? 'yes' : ''} |`);
  }
  lines.push('', `From \`${specName}\``);
  return lines.join('\n');
}

/** The specs of these sources that exist and parse (URLs and broken files are left out). */
export async function loadSpecs(state: SiteState, sources: string[]): Promise<OpenApiSpec[]> {
  const site = state.context;
  if (!site) return [];
  const specs: OpenApiSpec[] = [];
  for (const source of sources) {
    const resolution = await site.specs.resolve(site.rootUri, source);
    if (resolution.kind === 'loaded') specs.push(resolution.spec);
  }
  return specs;
}
