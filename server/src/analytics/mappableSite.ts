import { operationPosition } from '../service/openapi/spec';
import type { SiteState } from '../service/siteState';
import { relativeUri } from '../service/uri';
import type { MappableSite } from './pageMapping';

/** What URL mapping needs of a docs site: its pages, and the operations of its local specs with their lines. */
export async function mappableSite(state: SiteState): Promise<MappableSite> {
  const site = state.context;
  if (!site) return { pages: new Map(), specs: [] };
  const specs: MappableSite['specs'] = (await state.siteSpecs()).local.map((spec) => ({
    file: relativeUri(site.rootUri, spec.uri) ?? spec.uri,
    operations: spec.operations.map((operation) => ({ ...operation, line: operationPosition(spec, operation).line + 1 })),
  }));
  return { pages: site.files.pages, specs };
}
