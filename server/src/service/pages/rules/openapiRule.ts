import { parseOperation } from '../../docsJson/navigation';
import { replaceWith } from '../../check/fixData';
import { operationFix } from '../../openapi/operationFix';
import type { OpenApiSpec } from '../../openapi/spec';
import type { SpecResolution } from '../../openapi/specStore';
import { specsHaving } from '../../site/siteSpecs';
import { dirnameUri, relativeUri } from '../../uri';
import { reportAtEntry, type PageContext } from '../pageContext';
import type { FrontMatterEntry } from '../../frontMatter/parseFrontMatter';
import { quote } from '../../../common/text';

/**
 * `openapi: "[spec] METHOD /path"` names an operation. The platform looks it up in every OpenAPI spec
 * of the site; a named spec only decides which one wins when several have it, and when the named one
 * does not have it, the platform silently shows it from another spec that does. When no spec has
 * it, the page shows no API content, without failing the build: a warning.
 */
export async function openapiRule(page: PageContext): Promise<void> {
  const entry = page.frontMatter.entries.get('openapi');
  if (!entry) return;
  const api = page.frontMatter.entries.get('api');
  if (api)
    reportAtEntry(
      page,
      'frontmatter/api-and-openapi',
      entry,
      'The page sets both `api` and `openapi`; the platform uses one of them. Keep `openapi` to take the endpoint from the spec, or `api` to document it by hand.',
      { at: 'key' },
    );
  const value = entry.value;
  const operation = typeof value === 'string' ? parseOperation(value) : undefined;
  if (!operation) {
    reportAtEntry(
      page,
      'frontmatter/openapi-format',
      entry,
      `\`openapi\` must be "METHOD /path" or "spec-file METHOD /path", such as "GET /users/{id}"; found ${quote(value)}.`,
    );
    return;
  }
  const { site } = page;
  const { local, remote, placeholders = [] } = await page.siteSpecs();
  const label = `${operation.method.toUpperCase()} ${operation.path}`;
  const name = (spec: OpenApiSpec) => relativeUri(site.rootUri, spec.uri) ?? spec.uri;
  const having = specsHaving(local, operation.method, operation.path);

  if (having.length === 0) {
    // Else it may be in a spec given as a URL, or in an empty spec file the checkout lacks the content of.
    if (remote.length === 0 && placeholders.length === 0) await reportMissingOperation(page, entry, operation, local);
    return;
  }
  if (!operation.specFile || matchNamedSpec(operation.specFile, having, site.rootUri)) return;
  const named = matchNamedSpec(operation.specFile, local, site.rootUri);
  // The named spec is empty, or too large for Docsmith to read: it may hold the operation.
  if (!named && isPlaceholder(await site.specs.resolve(site.rootUri, operation.specFile, dirnameUri(page.uri)))) return;
  // The named spec does not have it, but another does: the platform quietly shows that one.
  const used = name(having[0]);
  const replacement = `${used} ${operation.method} ${operation.path}`;
  const problem = named ? `${name(named)} has no ${label}` : `no spec of the site is "${operation.specFile}"`;
  reportAtEntry(
    page,
    'frontmatter/spec-not-found',
    entry,
    `\`openapi\` names the spec "${operation.specFile}", but ${problem}; the platform shows the operation from ${used} instead. Write "${replacement}" to say so.`,
    { data: replaceWith(replacement) },
  );
}

/** No local spec has the operation (and none is given as a URL): the page shows no API content. */
async function reportMissingOperation(
  page: PageContext,
  entry: FrontMatterEntry,
  operation: NonNullable<ReturnType<typeof parseOperation>>,
  local: OpenApiSpec[],
): Promise<void> {
  const { site } = page;
  const label = `${operation.method.toUpperCase()} ${operation.path}`;
  const name = (spec: OpenApiSpec) => relativeUri(site.rootUri, spec.uri) ?? spec.uri;
  if (local.length === 0) {
    const { unreadable } = await page.siteSpecs();
    reportAtEntry(
      page,
      'frontmatter/operation-not-found',
      entry,
      unreadable.length
        ? `\`openapi\` names ${label}, but no spec of the site can be read (${listed(unreadable)}: see the finding there), so the platform shows no API content here.`
        : `\`openapi\` names ${label}, but the site has no OpenAPI spec, so the platform shows no API content here. ` +
            `Add the spec file to the docs root, or set \`api.openapi\` in docs.json.`,
    );
    return;
  }
  const named = operation.specFile ? matchNamedSpec(operation.specFile, local, site.rootUri) : undefined;
  if (operation.specFile && !named) {
    const resolution = await site.specs.resolve(site.rootUri, operation.specFile, dirnameUri(page.uri));
    if (resolution.kind === 'invalid') {
      // An empty spec, or one too large for Docsmith to read, may hold the operation.
      if (isPlaceholder(resolution)) return;
      reportAtEntry(
        page,
        'frontmatter/spec-not-found',
        entry,
        `OpenAPI spec "${operation.specFile}" ${resolution.error}, and no other spec of the site has ${label}, so the platform shows no API content here.`,
      );
      return;
    }
  }
  const searched = named ? [named] : local;
  const fix = operationFix(searched, operation.method, operation.path, operation.specFile);
  const where = named
    ? name(named)
    : operation.specFile
      ? `any spec of the site (none is "${operation.specFile}")`
      : `the site's ${searched.length === 1 ? 'spec' : `${searched.length} specs`} (${listed(searched.map(name))})`;
  reportAtEntry(
    page,
    'frontmatter/operation-not-found',
    entry,
    `Operation ${label} is not in ${where}, so the platform shows no API content here.${fix?.hint ?? ''}`,
    { data: fix?.data },
  );
}

/** At most three names, then how many more: a site may hold hundreds of specs. */
function listed(names: string[]): string {
  return names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
}

/**
 * The spec a front matter spec name designates, in the platform's order of preference: the same
 * path, a path that contains the name, the same file name without extension, a file name that
 * contains it. Names are relative to the docs root; a leading `/` or `../` does not matter.
 */
export function matchNamedSpec(specName: string, specs: readonly OpenApiSpec[], rootUri: string): OpenApiSpec | undefined {
  const wanted = /^https?:\/\//i.test(specName) ? specName : normaliseRelative(specName);
  const paths = specs.map((spec) => ({ spec, path: relativeUri(rootUri, spec.uri) ?? spec.uri }));
  const stem = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
  return (
    paths.find(({ path }) => path === wanted) ??
    paths.find(({ path }) => path.includes(wanted)) ??
    paths.find(({ path }) => stem(path) === wanted) ??
    paths.find(({ path }) => stem(path).includes(wanted))
  )?.spec;
}

/** `/a/./b/../c.yaml` → `a/c.yaml`: resolved from the root, never above it. */
function normaliseRelative(path: string): string {
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}

/** A spec whose content is unknown (empty, or too large for Docsmith to read): it may hold any operation. */
function isPlaceholder(resolution: SpecResolution): boolean {
  return resolution.kind === 'invalid' && resolution.placeholder === true;
}
