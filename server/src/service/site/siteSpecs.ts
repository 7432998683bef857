import { visit } from 'jsonc-parser';
import type { SiteBasics } from './siteBasics';
import { apiOpenapiRefs } from '../docsJson/apiSpecs';
import { findOperation, operationKeys, type OpenApiSpec, type Operation, type SiteSpecs } from '../openapi/spec';

export type { SiteSpecs };
import { joinUri } from '../uri';
import { contentStamp, WorkspaceError } from '../workspace';
import { overlayFromText, type DiscoveredOverlays } from '../openapi/siteOverlays';

const SPEC_FILE = /\.(?:json|ya?ml)$/i;
/** A cheap test before parsing: an `openapi` key near the start of the file (where it usually is). */
const LOOKS_LIKE_OPENAPI = /(?:^|[{,\s])["']?openapi["']?\s*:\s*["']?\d/;
/** How far into a file the fast test looks. */
const SNIFF_CHARS = 4000;
/** A YAML file's top-level `openapi` key: at the start of a line, not indented. */
const YAML_TOP_LEVEL_OPENAPI = /^["']?openapi["']?[ \t]*:/m;
/** A JSON file's `openapi` key, at any depth: without one, the file is not a spec (no need to walk it). */
const JSON_OPENAPI_KEY = /"openapi"\s*:/;

/** The OpenAPI specs of a site, as the platform sees them. */

/** A file whose name says it is a spec (`openapi.json`, `open-api.yaml`, `swagger.json`). */
const SPEC_NAME = /(?:open-?api|swagger)[^/]*$/i;

/**
 * The files of the docs root that are OpenAPI specs (relative paths, sorted), and the empty files
 * whose names say they are (a placeholder for a spec the checkout does not hold: what it has is unknown).
 */
export async function discoverSpecFiles(
  site: Pick<SiteBasics, 'rootUri' | 'workspace' | 'files'>,
): Promise<{ specs: string[]; placeholders: string[]; overlays: DiscoveredOverlays }> {
  const specs: string[] = [];
  const placeholders: string[] = [];
  const overlays: DiscoveredOverlays = new Map();
  for (const relative of site.files.files) {
    if (!SPEC_FILE.test(relative) || relative === 'docs.json') continue;
    // A file too large for Docsmith to read may be a spec: what it holds is unknown, as for an empty one.
    const uri = joinUri(site.rootUri, relative);
    const text = await site.workspace
      .readFile(uri)
      .catch((error: unknown) => (error instanceof WorkspaceError && error.reason === 'too-large' ? '' : undefined));
    if (text && isOpenApiText(text, relative)) specs.push(relative);
    else if (text?.trim() === '' && SPEC_NAME.test(relative)) placeholders.push(relative);
    else if (text && !site.files.isIgnored(relative)) {
      // The same read finds the OpenAPI Overlays, which the platform reads from the same files.
      const overlay = overlayFromText(text, relative);
      const stat = overlay && (await site.workspace.stat(uri));
      if (overlay) overlays.set(overlay.location, { overlay, stamp: stat ? contentStamp(stat) : '' });
    }
  }
  return { specs: specs.sort(), placeholders: placeholders.sort(), overlays };
}

/**
 * Whether a JSON or YAML file has a top-level `openapi` key, as the platform keeps a spec. Most specs
 * say so in their first lines; a file whose keys are sorted (`components` first) says it 100 KB in,
 * so no file is decided "not a spec" from its start alone.
 */
export function isOpenApiText(text: string, relative: string): boolean {
  if (LOOKS_LIKE_OPENAPI.test(text.slice(0, SNIFF_CHARS))) return true;
  if (!text.includes('openapi')) return false;
  if (/\.ya?ml$/i.test(relative)) return YAML_TOP_LEVEL_OPENAPI.test(text);
  // A package-lock.json names `openapi-types` often, and never has the key.
  if (!JSON_OPENAPI_KEY.test(text)) return false;
  let found = false;
  visit(text, {
    onObjectProperty: (property, _offset, _length, _line, _character, path) => {
      if (property === 'openapi' && path().length === 0) found = true;
    },
  });
  return found;
}

/**
 * The specs of these sources that exist and parse, each once, and the URLs among them (never
 * fetched); missing and broken files are left out (the spec rule reports them).
 */
export async function resolveSpecs(
  site: Pick<SiteBasics, 'rootUri' | 'specs'>,
  sources: Iterable<string>,
  relativeTo?: string,
): Promise<{ loaded: OpenApiSpec[]; remote: string[]; unreadable: string[]; placeholders: string[] }> {
  const loaded: OpenApiSpec[] = [];
  const remote: string[] = [];
  const unreadable: string[] = [];
  const placeholders: string[] = [];
  for (const source of sources) {
    const resolution = await site.specs.resolve(site.rootUri, source, relativeTo);
    if (resolution.kind === 'loaded' && !loaded.includes(resolution.spec)) loaded.push(resolution.spec);
    else if (resolution.kind === 'remote') remote.push(resolution.url);
    else if (resolution.kind === 'missing' || resolution.kind === 'invalid') unreadable.push(source);
    if (resolution.kind === 'invalid' && resolution.placeholder) placeholders.push(source);
  }
  return { loaded, remote, unreadable, placeholders };
}

/** The specs of these sources that exist and parse (URLs and broken files are left out), each once. */
export async function loadSpecs(
  site: Pick<SiteBasics, 'rootUri' | 'specs'>,
  sources: Iterable<string>,
  relativeTo?: string,
): Promise<OpenApiSpec[]> {
  return (await resolveSpecs(site, sources, relativeTo)).loaded;
}

export async function loadSiteSpecs(
  site: SiteBasics,
  survey: () => ReturnType<typeof discoverSpecFiles> = () => discoverSpecFiles(site),
): Promise<SiteSpecs> {
  const named = [...site.navigation.specRefs, ...apiOpenapiRefs(site.config)].map((ref) => ref.source);
  const remote = [...new Set(named.filter((source) => /^https?:\/\//i.test(source)))];
  // Named local specs first, so a lookup prefers what docs.json points at.
  const discovered = await survey();
  const resolved = await resolveSpecs(site, [...named.filter((source) => !remote.includes(source)), ...discovered.specs]);
  const placeholders = [...new Set([...resolved.placeholders, ...discovered.placeholders])];
  return { local: resolved.loaded, remote, unreadable: [...new Set(resolved.unreadable)], placeholders };
}

/**
 * The specs of a list that have `METHOD path` (the method in any case, a trailing `/` tolerated), in
 * the list's order: looked up in an index of all their operations, made once per list (a page's
 * `openapi:` is looked up in every spec of the site, and a site may hold hundreds).
 */
export function specsHaving(specs: readonly OpenApiSpec[], method: string, path: string): OpenApiSpec[] {
  let index = operationIndexes.get(specs);
  if (!index) {
    index = new Map();
    for (const spec of specs)
      for (const key of spec.byKey.keys()) {
        const list = index.get(key);
        if (!list) index.set(key, [spec]);
        else if (list[list.length - 1] !== spec) list.push(spec);
      }
    operationIndexes.set(specs, index);
  }
  const found = new Set(operationKeys(method, path).flatMap((key) => index.get(key) ?? []));
  return found.size <= 1 ? [...found] : specs.filter((spec) => found.has(spec));
}

const operationIndexes = new WeakMap<readonly OpenApiSpec[], Map<string, OpenApiSpec[]>>();

/** The first of these specs that has `METHOD path`, with the operation. */
export function findInSpecs(
  specs: readonly OpenApiSpec[],
  method: string,
  path: string,
): { spec: OpenApiSpec; operation: Operation } | undefined {
  for (const spec of specs) {
    const operation = findOperation(spec, method, path);
    if (operation) return { spec, operation };
  }
  return undefined;
}
