import { parseOperation } from '../docsJson/navigation';
import type { OpenApiSpec, Operation } from '../openapi/spec';
import { findInSpecs, loadSpecs } from '../site/siteSpecs';
import type { SiteState } from '../session/siteState';

/**
 * The operation a `METHOD /path` or `spec METHOD /path` value names, with its spec: in the named spec,
 * else in the given scope (a navigation `openapi`), else in the site's specs.
 */
export async function lookupOperation(
  state: SiteState,
  value: string,
  scope: string[] | undefined,
  relativeTo?: string,
): Promise<{ spec: OpenApiSpec; operation: Operation } | undefined> {
  const parsed = parseOperation(value);
  const site = state.context;
  if (!parsed || !site) return undefined;
  const specs = parsed.specFile
    ? await loadSpecs(site, [parsed.specFile], relativeTo)
    : scope
      ? await loadSpecs(site, scope)
      : (await state.siteSpecs()).local;
  return findInSpecs(specs, parsed.method, parsed.path);
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
