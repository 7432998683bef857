import { findOperation, operationFix, type OpenApiSpec } from '../../openapi/spec';
import { resolveSpecs } from '../../siteSpecs';
import { relativeUri } from '../../uri';
import { apiOpenapiRefs } from '../apiSpecs';
import type { OperationEntry, SpecRef } from '../navigation';
import type { JsonNode } from '../jsonTree';
import type { SiteContext } from '../../siteContext';

/**
 * `METHOD /path` and `spec METHOD /path` entries name an operation of the spec in scope: the file
 * given in the entry, else the nearest enclosing `openapi`, else (as a fallback the platform may not
 * apply) `api.openapi`. Specs given as URLs are not fetched: their entries are counted and reported
 * once, quietly.
 */
export async function operationExistsRule(context: SiteContext): Promise<void> {
  const { navigation, config, rootUri, specs, sink } = context;
  const fallback = apiOpenapiRefs(config);
  const unchecked = new Map<string, { node: JsonNode; count: number }>();

  const load = async (refs: SpecRef[]) => {
    const { loaded, remote } = await resolveSpecs(
      context,
      refs.map((ref) => ref.source),
    );
    for (const url of remote) {
      const entry = unchecked.get(url) ?? { node: refs.find((ref) => ref.source === url)?.node ?? refs[0].node, count: 0 };
      entry.count++;
      unchecked.set(url, entry);
    }
    return { loaded, remote: remote.length > 0 };
  };

  for (const entry of navigation.operations) {
    let refs: SpecRef[];
    let viaFallback = false;
    if (entry.specFile) {
      refs = [{ source: entry.specFile, node: entry.node }];
      const resolution = await specs.resolve(rootUri, entry.specFile);
      if (resolution.kind === 'missing' || resolution.kind === 'outside') {
        sink.atNode('openapi/spec-not-found', entry.node, `OpenAPI spec "${entry.specFile}" does not exist in the docs root.`);
        continue;
      }
      if (resolution.kind === 'invalid') {
        sink.atNode('openapi/spec-invalid', entry.node, `OpenAPI spec "${entry.specFile}" ${resolution.error}.`);
        continue;
      }
    } else if (entry.inherited?.length) {
      refs = entry.inherited;
    } else if (fallback.length) {
      refs = fallback;
      viaFallback = true;
    } else {
      sink.atNode(
        'nav/no-openapi-in-scope',
        entry.node,
        `"${entry.value}" is an OpenAPI endpoint, but no spec is in scope: set \`openapi\` on an enclosing group or tab, ` +
          `or write "openapi.json ${entry.method} ${entry.path}" with the spec file.`,
      );
      continue;
    }
    const { loaded, remote } = await load(refs);
    if (loaded.length === 0) continue; // remote (counted) or broken (reported by the spec rule)
    const found = loaded.some((spec) => findOperation(spec, entry.method, entry.path));
    if (found) {
      if (viaFallback) reportFallback(context, entry);
      continue;
    }
    if (remote) continue; // it may be in the remote spec
    reportMissing(context, entry, loaded);
  }

  for (const [url, { node, count }] of unchecked) {
    sink.atNode(
      'openapi/not-checked',
      node,
      `The spec ${url} is a URL; Docsmith does not fetch it, so ${count} navigation ${count === 1 ? 'entry' : 'entries'} under it ${count === 1 ? 'was' : 'were'} not checked.`,
    );
  }

  function reportFallback(ctx: SiteContext, entry: OperationEntry): void {
    ctx.sink.atNode(
      'nav/openapi-fallback',
      entry.node,
      `"${entry.value}" is found through \`api.openapi\`; setting \`openapi\` on the enclosing group makes the spec explicit.`,
    );
  }

  function reportMissing(ctx: SiteContext, entry: OperationEntry, loaded: OpenApiSpec[]): void {
    const names = loaded.map((spec) => relativeUri(rootUri, spec.uri) ?? spec.uri).join(', ');
    const fix = operationFix(loaded, entry.method, entry.path, entry.specFile);
    ctx.sink.atNode(
      'nav/operation-not-found',
      entry.node,
      `Operation ${entry.method.toUpperCase()} ${entry.path} is not in ${names}.${fix?.hint ?? ''}`,
      {
        data: fix?.data,
      },
    );
  }
}
