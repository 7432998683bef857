import { lookupOperation } from '../features/operationLookup';
import { operationPosition, type OpenApiSpec, type Operation } from '../openapi/spec';
import type { IndexedPage } from './indexedPage';
import { loadSpecs } from '../site/siteSpecs';
import type { SiteState } from '../session/siteState';
import { relativeUri } from '../uri';

/**
 * The pages the platform makes of OpenAPI operations, indexed like written pages, so a question about
 * an endpoint finds the operation whose description its answer belongs in: each operation the
 * navigation lists ("GET /users"), and every operation of a spec set on a navigation node that lists
 * nothing else. The page is the spec file, at the operation's line; its title the operation's summary,
 * its description the operation's, its body the method, path, operation ID, tag and parameter names.
 * An operation listed only under versions other than the default is marked so, as written pages are.
 * Operations of local specs only: a spec at a URL is never fetched.
 */
export async function indexOperationPages(state: SiteState): Promise<IndexedPage[]> {
  const site = state.context;
  if (!site) return [];
  const pages = new Map<Operation, IndexedPage>();
  const add = async (spec: OpenApiSpec, operation: Operation, otherVersion: boolean) => {
    const known = pages.get(operation);
    // Listed under the default version anywhere, it is a page readers land on.
    if (known) {
      if (!otherVersion) delete known.otherVersion;
    } else if (!operation.excluded) {
      const file = relativeUri(site.rootUri, spec.uri);
      if (file === undefined) return;
      const { line } = await operationPosition(spec, operation, site.workspace);
      pages.set(operation, { ...operationPage(operation, file, line), ...(otherVersion ? { otherVersion } : {}) });
    }
  };
  for (const entry of site.navigation.operations) {
    const found = await lookupOperation(
      state,
      entry.value,
      entry.inherited?.map((ref) => ref.source),
    );
    if (found) await add(found.spec, found.operation, entry.otherVersion);
  }
  for (const ref of site.navigation.wholeSpecs)
    for (const spec of await loadSpecs(site, [ref.source]))
      for (const operation of spec.operations) await add(spec, operation, ref.otherVersion);
  return [...pages.values()];
}

function operationPage(operation: Operation, file: string, line: number): IndexedPage {
  const name = `${operation.method} ${operation.path}`;
  const words = [name, operation.operationId, operation.tag, ...operation.parameters.map((parameter) => parameter.name)];
  return {
    id: `${file}#${name}`,
    file,
    title: operation.summary ?? name,
    description: operation.description ?? '',
    operation: name,
    sections: [
      {
        heading: null,
        anchor: null,
        level: 0,
        line,
        // "listUsers" is both itself and "list Users" to the index; "user_id" is "user", "id" and
        // itself already (the index reads an identifier's words and the whole).
        text: words
          .filter((word): word is string => !!word)
          .map((word) => (/[a-z][A-Z]/.test(word) ? `${word} ${word.replace(/([a-z])([A-Z])/g, '$1 $2')}` : word))
          .join(' '),
      },
    ],
  };
}
