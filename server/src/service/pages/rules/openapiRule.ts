import { parseOperation } from '../../docsJson/navigation';
import type { FixData } from '../../fixData';
import { findOperation, suggestOperation, type OpenApiSpec } from '../../openapi/spec';
import { dirnameUri, relativeUri } from '../../uri';
import { reportAtEntry, type PageContext } from '../pageContext';

/**
 * `openapi: "[spec] METHOD /path"` names an operation of that spec, or of one of the site's specs. The
 * platform silently ignores a missing one (the page then shows no API content), so it is a warning.
 */
export async function openapiRule(page: PageContext): Promise<void> {
  const entry = page.frontMatter.entries.get('openapi');
  if (!entry) return;
  const api = page.frontMatter.entries.get('api');
  if (api) reportAtEntry(page, 'frontmatter/api-and-openapi', entry, 'The page sets both `api` and `openapi`; the platform uses one of them. Keep `openapi` to take the endpoint from the spec, or `api` to document it by hand.', { at: 'key' });
  const value = entry.value;
  const operation = typeof value === 'string' ? parseOperation(value) : undefined;
  if (!operation) {
    reportAtEntry(page, 'frontmatter/openapi-format', entry, `\`openapi\` must be "METHOD /path" or "spec-file METHOD /path", such as "GET /users/{id}"; found ${JSON.stringify(value)}.`);
    return;
  }
  const { site } = page;
  const specs: OpenApiSpec[] = [];
  let unverifiable = false;
  const sources = operation.specFile ? [operation.specFile] : await page.siteSpecSources();
  for (const source of sources) {
    const resolution = await site.specs.resolve(site.rootUri, source, dirnameUri(page.uri));
    if (resolution.kind === 'loaded') specs.push(resolution.spec);
    else if (resolution.kind === 'remote') unverifiable = true;
    else if (operation.specFile && resolution.kind === 'invalid') {
      reportAtEntry(page, 'openapi/spec-invalid', entry, `OpenAPI spec "${operation.specFile}" ${resolution.error}.`);
      return;
    } else if (operation.specFile) {
      reportAtEntry(page, 'frontmatter/spec-not-found', entry, `OpenAPI spec "${operation.specFile}" does not exist (relative to the docs root or to this page), so the platform shows no API content here.`);
      return;
    }
  }
  if (specs.length === 0) {
    if (!unverifiable) reportAtEntry(page, 'frontmatter/operation-not-found', entry, `\`openapi\` names ${operation.method.toUpperCase()} ${operation.path}, but the site has no OpenAPI spec: set \`api.openapi\` in docs.json or name the spec ("openapi.json ${operation.method} ${operation.path}").`);
    return;
  }
  if (specs.some((spec) => findOperation(spec, operation.method, operation.path))) return;
  if (unverifiable) return; // it may be in a spec given as a URL
  const names = specs.map((spec) => relativeUri(site.rootUri, spec.uri) ?? spec.uri).join(', ');
  const suggestion = specs.map((spec) => suggestOperation(spec, operation.method, operation.path)).find(Boolean);
  const prefix = operation.specFile ? `${operation.specFile} ` : '';
  const replacement = suggestion && `${prefix}${suggestion.method} ${suggestion.path}`;
  const data: FixData | undefined = replacement ? { replace: JSON.stringify(replacement), replaceLabel: replacement } : undefined;
  reportAtEntry(page, 'frontmatter/operation-not-found', entry, `Operation ${operation.method.toUpperCase()} ${operation.path} is not in ${names}; the platform shows no API content for it.${replacement ? ` Did you mean "${replacement}"?` : ''}`, { data });
}
