import { TextDocument } from 'vscode-languageserver-textdocument';
import { operationOffset } from '../service/openapi/spec';
import { discoverSpecFiles } from '../service/pages/siteSpecs';
import type { SiteState } from '../service/siteState';
import { relativeUri } from '../service/uri';
import type { MappableSite } from './pageMapping';

/** What URL mapping needs of a docs site: its pages, and the operations of its local specs with their lines. */
export async function mappableSite(state: SiteState): Promise<MappableSite> {
  const site = state.context;
  if (!site) return { pages: new Map(), specs: [] };
  const sources = [...new Set([...site.navigation.specRefs.map((ref) => ref.source), ...(await discoverSpecFiles(site))])];
  const specs: MappableSite['specs'] = [];
  for (const source of sources) {
    const resolution = await site.specs.resolve(site.rootUri, source);
    if (resolution.kind !== 'loaded') continue;
    const document = TextDocument.create(resolution.uri, 'json', 0, resolution.spec.text);
    const file = relativeUri(site.rootUri, resolution.uri) ?? source;
    if (specs.some((spec) => spec.file === file)) continue;
    specs.push({
      file,
      operations: resolution.spec.operations.map((operation) => ({ ...operation, line: document.positionAt(operationOffset(resolution.spec, operation)).line + 1 })),
    });
  }
  return { pages: site.files.pages, specs };
}
