import { operationPosition } from '../openapi/spec';
import type { SiteState } from '../session/siteState';
import { relativeUri } from '../uri';
import { operationPageName } from '../links/generatedPages';

/** A spec operation a generated page may stand for. */
export interface SiteMapOperation {
  method: string;
  path: string;
  summary?: string;
  operationId?: string;
  /** 1-based line of the operation in its spec file. */
  line: number;
  /** The last part of the URL of the page the platform generates for it (`list-users--teams`), by its one rule. */
  page: string;
}

/**
 * What mapping a cited URL to a local file needs of a docs site: its pages, and the operations of
 * its local specs (for pages the platform generates from them). Plain arrays: it crosses the LSP.
 */
export interface SiteMap {
  rootUri: string;
  /** Page id (path relative to the docs root, without extension) and the file that serves it. */
  pages: [id: string, relative: string][];
  specs: { file: string; operations: SiteMapOperation[] }[];
}

const maps = new WeakMap<SiteState, Promise<SiteMap>>();

/** The site map of a state, made once per state. */
export function siteMapOf(state: SiteState): Promise<SiteMap> {
  let map = maps.get(state);
  if (!map) maps.set(state, (map = makeSiteMap(state)));
  return map;
}

async function makeSiteMap(state: SiteState): Promise<SiteMap> {
  const site = state.context;
  if (!site) return { rootUri: state.rootUri, pages: [], specs: [] };
  const specs: SiteMap['specs'] = [];
  for (const spec of (await state.siteSpecs()).local) {
    const operations: SiteMapOperation[] = [];
    for (const operation of spec.operations)
      operations.push({
        method: operation.method,
        path: operation.path,
        summary: operation.summary,
        operationId: operation.operationId,
        line: (await operationPosition(spec, operation, site.workspace)).line + 1,
        page: operationPageName(operation),
      });
    specs.push({ file: relativeUri(site.rootUri, spec.uri) ?? spec.uri, operations });
  }
  return { rootUri: state.rootUri, pages: [...site.files.pages], specs };
}
