import { trimSlashes } from '../../common/text';
import { OPERATION_METHOD } from '../openapi/httpMethods';
import { findOperation, type OpenApiSpec, type Operation } from '../openapi/spec';

/** Where the platform writes the pages of a spec when docs.json sets no `directory`. */
export const DEFAULT_API_DIRECTORY = 'api-reference';

/** The operation a generated page shows, and its spec. */
export interface GeneratedPage {
  spec: OpenApiSpec;
  operation: Operation;
}

/** A spec named in navigation, loaded: undefined when Docsmith cannot read it (a URL, a missing or invalid file). */
export type SpecLookup = (source: string) => OpenApiSpec | undefined;

/** The navigation keys that hold child nodes (the platform walks them all, `pages` included). */
const CHILDREN = ['pages', 'groups', 'tabs', 'anchors', 'dropdowns', 'languages', 'versions', 'products', 'menu'];
/** An operation entry of navigation, `[spec] METHOD path`, as the navigation model reads it. */
const OPERATION_ENTRY = new RegExp(`^\\s*(?:(\\S+)\\s+)?(${OPERATION_METHOD})\\s+(\\S+)\\s*$`, 'i');

/**
 * The page paths the platform generates from OpenAPI operations, walking the navigation as its build
 * does: an operation entry (`"GET /users"`) makes the page of that operation, in the `directory` of
 * the nearest `openapi` above it (`api-reference` by default); a node with its own `openapi` makes a
 * page of every operation of that spec, unless an entry under it (without a spec of its own) listed
 * operations, in which case only the listed ones are pages. A spec nothing in navigation names makes
 * no page. Each page is `<directory>/<tag>/<summary>` (or `<method>-<path>` without a summary),
 * numbered when two would share a path, or the operation's `x-mint.href`. Lower case, each with the
 * operation it shows.
 */
export function generatedPagePaths(navigation: unknown, specOf: SpecLookup): Map<string, GeneratedPage> {
  const paths = new Map<string, GeneratedPage>();
  const taken = new Map<string, Set<string>>();
  const add = (spec: OpenApiSpec, operation: Operation, directory: string) => {
    if (operation.excluded) return;
    if (operation.href) {
      paths.set(trimSlashes(operation.href).toLowerCase(), { spec, operation });
      return;
    }
    const key = `${spec.uri}\u0000${directory}`;
    let used = taken.get(key);
    if (!used) taken.set(key, (used = new Set()));
    const title = operationPageName(operation);
    const base = [directory, fileName(operation.tag) ?? '', title].filter((part) => part !== '').join('/');
    let path = base;
    for (let count = 1; used.has(path); count++) path = `${base}-${count}`;
    used.add(path);
    paths.set(path.toLowerCase(), { spec, operation });
  };
  // Nodes with their own spec, and whether an operation entry under them (naming no spec) listed operations.
  const owners: { node: object; source: string; directory: string; listed: boolean }[] = [];
  const visit = (node: unknown, inherited: { source?: string; directory?: string; owner?: number }) => {
    if (Array.isArray(node)) return node.forEach((item) => visit(item, inherited));
    if (!node || typeof node !== 'object') return;
    const own = openapiOf((node as Record<string, unknown>).openapi);
    let here = inherited;
    if (own) {
      owners.push({ node, source: own.source, directory: own.directory ?? DEFAULT_API_DIRECTORY, listed: false });
      here = { source: own.source, directory: own.directory, owner: owners.length - 1 };
    }
    for (const key of CHILDREN) {
      const children = (node as Record<string, unknown>)[key];
      if (!Array.isArray(children)) continue;
      for (const child of children) {
        if (typeof child !== 'string') {
          visit(child, here);
          continue;
        }
        const entry = key === 'pages' ? OPERATION_ENTRY.exec(child) : null;
        if (!entry) continue;
        const source = entry[1] ?? here.source;
        const spec = source === undefined ? undefined : specOf(source);
        const operation = spec && findOperation(spec, entry[2], entry[3]);
        if (spec && operation) add(spec, operation, here.directory ?? DEFAULT_API_DIRECTORY);
        if (entry[1] === undefined && here.owner !== undefined) owners[here.owner].listed = true;
      }
    }
  };
  visit(navigation, {});
  for (const owner of owners) {
    const spec = owner.listed ? undefined : specOf(owner.source);
    for (const operation of spec?.operations ?? []) add(spec!, operation, owner.directory);
  }
  return paths;
}

/** The spec and output folder a node's `openapi` names (the first entry of a list, as the platform takes it). */
export function openapiOf(value: unknown): { source: string; directory?: string } | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  // The platform trims both (its schema's `.trim()`).
  if (typeof first === 'string') return { source: first.trim() };
  if (first && typeof first === 'object' && typeof (first as { source?: unknown }).source === 'string') {
    const { source, directory } = first as { source: string; directory?: unknown };
    return { source: source.trim(), ...(typeof directory === 'string' ? { directory: trimSlashes(directory.trim()) } : {}) };
  }
  return undefined;
}

/** The last part of the URL of the page the platform generates for an operation: its summary, else method and path. */
export function operationPageName(operation: Pick<Operation, 'summary' | 'method' | 'path'>): string {
  return fileName(operation.summary) ?? `${operation.method.toLowerCase()}-${fileName(operation.path) ?? ''}`;
}

/** The platform's `prepareStringToBeValidFilename`: spaces to `-`, path parameters and punctuation out, lower case. */
function fileName(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return value
    .replaceAll(' ', '-')
    .replace(/\{[^{}]*\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}
