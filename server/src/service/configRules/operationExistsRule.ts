import { operationFix } from '../openapi/operationFix';
import { findOperation, type OpenApiSpec } from '../openapi/spec';
import type { SiteContext } from './siteContext';
import { resolveSpecs } from '../site/siteSpecs';
import { relativeUri } from '../uri';
import { apiOpenapiRefs } from '../docsJson/apiSpecs';
import type { JsonNode } from '../json/jsonTree';
import type { OperationEntry, SpecRef } from '../docsJson/navigation';

/**
 * `METHOD /path` and `spec METHOD /path` entries name an operation of the spec in scope: the file
 * given in the entry, else the nearest enclosing `openapi`, else (as a fallback the platform may not
 * apply) `api.openapi`. Specs given as URLs are not fetched: their entries are counted and reported
 * once, quietly.
 */
export async function operationExistsRule(context: SiteContext): Promise<void> {
  const fallback = apiOpenapiRefs(context.config);
  /** Entries under specs given as URLs, per URL: reported once at the end. */
  const unchecked = new Map<string, { node: JsonNode; count: number }>();
  for (const entry of context.navigation.operations) {
    const scope = await specsInScope(context, entry, fallback);
    if (!scope) continue;
    const { loaded, remote } = await resolveSpecs(
      context,
      scope.refs.map((ref) => ref.source),
    );
    for (const url of remote) {
      const counted = unchecked.get(url) ?? { node: scope.refs.find((ref) => ref.source === url)!.node, count: 0 };
      counted.count++;
      unchecked.set(url, counted);
    }
    if (loaded.length === 0) continue; // remote (counted) or broken (reported by the spec rule)
    if (loaded.some((spec) => findOperation(spec, entry.method, entry.path))) {
      if (scope.viaFallback) reportFallback(context, entry);
    } else if (remote.length === 0) {
      // With a URL in scope, it may be in the spec Docsmith does not fetch.
      reportMissing(context, entry, loaded);
    }
  }
  for (const [url, { node, count }] of unchecked) {
    context.sink.atNode(
      'openapi/not-checked',
      node,
      `The spec ${url} is a URL; Docsmith does not fetch it, so ${count} navigation ${count === 1 ? 'entry' : 'entries'} under it ${count === 1 ? 'was' : 'were'} not checked, nor links to the pages it generates (under api-reference/, or the node's directory); links elsewhere are checked.`,
    );
  }
}

/**
 * The specs an operation entry is looked up in, and whether through the `api.openapi` fallback;
 * undefined (reported) when its own spec file is missing or broken, or no spec is in scope.
 */
async function specsInScope(
  { rootUri, specs, sink }: SiteContext,
  entry: OperationEntry,
  fallback: SpecRef[],
): Promise<{ refs: SpecRef[]; viaFallback: boolean } | undefined> {
  if (entry.specFile) {
    const resolution = await specs.resolve(rootUri, entry.specFile);
    if (resolution.kind === 'missing' || resolution.kind === 'outside') {
      sink.atNode('openapi/spec-not-found', entry.node, `OpenAPI spec "${entry.specFile}" does not exist in the docs root.`);
      return undefined;
    }
    if (resolution.kind === 'invalid') {
      // An empty file (a placeholder) may hold the operation: nothing to say of the entry.
      if (!resolution.placeholder) sink.atNode('openapi/spec-invalid', entry.node, `OpenAPI spec "${entry.specFile}" ${resolution.error}.`);
      return undefined;
    }
    return { refs: [{ source: entry.specFile, node: entry.node }], viaFallback: false };
  }
  if (entry.inherited?.length) return { refs: entry.inherited, viaFallback: false };
  if (fallback.length) return { refs: fallback, viaFallback: true };
  sink.atNode(
    'nav/no-openapi-in-scope',
    entry.node,
    `"${entry.value}" is an OpenAPI endpoint, but no spec is in scope: set \`openapi\` on an enclosing group or tab, ` +
      `or write "openapi.json ${entry.method} ${entry.path}" with the spec file.`,
  );
  return undefined;
}

function reportFallback({ sink }: SiteContext, entry: OperationEntry): void {
  sink.atNode(
    'nav/openapi-fallback',
    entry.node,
    `"${entry.value}" is found through \`api.openapi\`; setting \`openapi\` on the enclosing group makes the spec explicit.`,
  );
}

function reportMissing({ rootUri, sink }: SiteContext, entry: OperationEntry, loaded: OpenApiSpec[]): void {
  const names = loaded.map((spec) => relativeUri(rootUri, spec.uri) ?? spec.uri).join(', ');
  const fix = operationFix(loaded, entry.method, entry.path, entry.specFile);
  sink.atNode(
    'nav/operation-not-found',
    entry.node,
    `Operation ${entry.method.toUpperCase()} ${entry.path} is not in ${names}.${fix?.hint ?? ''}`,
    {
      data: fix?.data,
    },
  );
}
