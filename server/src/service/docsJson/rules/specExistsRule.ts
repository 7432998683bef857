import { relativeUri } from '../../uri';
import { apiOpenapiRefs } from '../apiSpecs';
import type { SiteContext } from './siteContext';

/**
 * Every `openapi` value (on navigation nodes and in `api.openapi`) names a spec that exists and
 * parses. The platform silently ignores a navigation `openapi` it cannot read, so the entries below
 * it quietly disappear. URLs are not fetched; the operation rule says so where it matters.
 */
export async function specExistsRule({ navigation, config, rootUri, specs, sink }: SiteContext): Promise<void> {
  for (const ref of [...navigation.specRefs, ...apiOpenapiRefs(config)]) {
    const resolution = await specs.resolve(rootUri, ref.source);
    switch (resolution.kind) {
      case 'outside':
        sink.atNode('openapi/spec-not-found', ref.node, `OpenAPI spec "${ref.source}" is outside the docs root; the platform only reads files inside it.`);
        break;
      case 'missing':
        sink.atNode('openapi/spec-not-found', ref.node, `OpenAPI spec "${ref.source}" does not exist (looked for ${relativeUri(rootUri, resolution.uri) ?? ref.source}). The platform silently ignores it, and its operations vanish from the site.`);
        break;
      case 'invalid':
        sink.atNode('openapi/spec-invalid', ref.node, `OpenAPI spec "${ref.source}" ${resolution.error}.`);
        break;
    }
  }
}
