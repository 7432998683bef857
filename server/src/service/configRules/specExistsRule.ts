import { relativeUri } from '../uri';
import { apiOpenapiRefs } from '../docsJson/apiSpecs';
import type { SpecRef } from '../docsJson/navigation';
import type { SiteContext } from './siteContext';

/**
 * Every `openapi` value names a spec that exists and parses. The platform's build stops on a
 * navigation `openapi` it cannot find or read; a missing file in `api.openapi` it ignores without a
 * word (a warning). URLs are not fetched; the operation rule says so where it matters.
 */
export async function specExistsRule(context: SiteContext): Promise<void> {
  const { navigation, config } = context;
  // The files docs.json names: reported above, so not again as discovered ones.
  const named = new Set<string>();
  for (const ref of navigation.specRefs) named.add(await check(context, ref, 'navigation'));
  for (const ref of apiOpenapiRefs(config)) named.add(await check(context, ref, 'api'));
  await checkDiscovered(context, named);
}

/**
 * A file of the docs root that says it is a spec (an `openapi` key) but that neither JSON nor the
 * platform's YAML parser reads. docs.json does not name it, so nothing above reports it; the platform
 * leaves it out, and every page that takes an operation from it shows no API content. Reported in the
 * file itself, where it stops parsing.
 */
async function checkDiscovered({ rootUri, specs, sink, siteSpecs, workspace }: SiteContext, named: ReadonlySet<string>): Promise<void> {
  const { unreadable } = await siteSpecs();
  for (const source of unreadable) {
    const resolution = await specs.resolve(rootUri, source);
    if (resolution.kind !== 'invalid' || resolution.placeholder || resolution.unreadable || named.has(resolution.uri)) continue;
    const text = await workspace.readFile(resolution.uri).catch(() => undefined);
    if (text === undefined) continue;
    if (!sink.sources.has(resolution.uri)) sink.sources.add(resolution.uri, text);
    sink.atOffset(
      'openapi/spec-invalid',
      resolution.uri,
      Math.min(resolution.offset ?? 0, text.length),
      0,
      `OpenAPI spec "${source}" ${resolution.error}. The platform leaves it out, so the pages that take their operations from it show no API content.`,
    );
  }
}

/** Reports what is wrong with the spec a ref names; returns the file it names ('' for none). */
async function check({ rootUri, specs, sink }: SiteContext, ref: SpecRef, where: 'navigation' | 'api'): Promise<string> {
  const resolution = await specs.resolve(rootUri, ref.source);
  const consequence =
    where === 'navigation' ? "The platform's build stops on it." : 'The platform ignores it, so pages that rely on it show no API content.';
  switch (resolution.kind) {
    case 'outside':
      sink.atNode(
        where === 'navigation' ? 'openapi/spec-not-found' : 'api/spec-not-found',
        ref.node,
        `OpenAPI spec "${ref.source}" is outside the docs root; the platform only reads files inside it. ${consequence}`,
      );
      break;
    case 'missing':
      sink.atNode(
        where === 'navigation' ? 'openapi/spec-not-found' : 'api/spec-not-found',
        ref.node,
        `OpenAPI spec "${ref.source}" does not exist (looked for ${relativeUri(rootUri, resolution.uri) ?? ref.source}). ${consequence}`,
      );
      break;
    case 'invalid':
      if (resolution.placeholder) {
        sink.atNode(
          'openapi/not-checked',
          ref.node,
          `OpenAPI spec "${ref.source}" ${resolution.error}: Docsmith did not check the operations named under it.`,
        );
        break;
      }
      sink.atNode(
        where === 'navigation' ? 'openapi/spec-invalid' : 'api/spec-not-found',
        ref.node,
        `OpenAPI spec "${ref.source}" ${resolution.error}.${resolution.unreadable ? '' : ` ${consequence}`}`,
      );
      break;
  }
  return 'uri' in resolution ? resolution.uri : '';
}
