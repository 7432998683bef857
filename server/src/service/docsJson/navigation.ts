import { child, items, keyOf, lastProperties, stringValue, type JsonNode } from '../json/jsonTree';
import { normalisePageEntry, type NormalisedPageEntry } from './pageEntry';
import { appendAll } from '../../common/arrays';
import { OPERATION_METHOD } from '../openapi/httpMethods';
import { resolveInside } from '../uri';

/** The keys of a navigation node that hold other nodes or pages. */
const CHILD_ARRAYS = ['products', 'languages', 'versions', 'tabs', 'dropdowns', 'anchors', 'groups', 'pages', 'menu'] as const;
const SCOPING = { products: 'product', languages: 'language', versions: 'version' } as const;
/** Divisions a reader moves between as separate parts of the site: a page may be listed in each on purpose. */
const SECTIONS = new Set<string>(['tabs', 'anchors', 'dropdowns', 'menu']);

/** `[spec] METHOD /path`, the method in any case. */
const OPERATION = new RegExp(`^\\s*(?:(\\S+)\\s+)?(${OPERATION_METHOD})\\s+(\\S+)\\s*$`, 'i');

/** An OpenAPI spec named by an `openapi` value: a path inside the docs root or a URL. */
export interface SpecRef {
  /** As written (`/openapi.yaml`, `https://...`, `api/spec.json`). */
  source: string;
  /** The string node that names it. */
  node: JsonNode;
}

export interface PageEntry {
  value: string;
  node: JsonNode;
  /** The entry as the platform reads it: its page id, and what it carries besides. */
  page: NormalisedPageEntry;
  /** The language/version/product a page belongs to: a page may repeat across scopes. */
  scope: string;
  /** The tab, anchor, dropdown or menu item it is listed under (`tabs:Guides/`); '' for none. */
  section: string;
  /** True for a group's `root` page. */
  isRoot: boolean;
  /** Listed under a version other than its list's default (the one readers land on). */
  otherVersion: boolean;
  /** The `language` of the nearest enclosing item of a `languages` list (`es`, `zh-Hant`), if any. */
  language?: string;
}

export interface OperationEntry {
  value: string;
  node: JsonNode;
  /** `openapi.yaml` in `openapi.yaml GET /users`. */
  specFile?: string;
  method: string;
  path: string;
  /** The `openapi` of the nearest enclosing node that has one. */
  inherited?: SpecRef[];
  /** Listed under a version other than its list's default (the one readers land on). */
  otherVersion: boolean;
}

/**
 * A `pages` array of the navigation (a group's, or one straight under the navigation, a tab, an
 * anchor…): where "add to navigation" can put a page.
 */
export interface NavigationGroup {
  /** "Guides › Get started": the labels of the divisions down to the list ("top level" for the navigation's own). */
  label: string;
  /** The group's `pages` array (in whichever file holds it). */
  pages: JsonNode;
  /** The group or an enclosing node sets `openapi`, or its label says it is an API reference. */
  isApi: boolean;
}

/**
 * The keys by which navigation names sources the platform generates pages from (`generateAsyncApiDivisions`,
 * `generateGraphqlDivisions`, `generateSdkDivisions`): a path, a list of them, or an object with a `source`.
 */
export const GENERATORS = ['asyncapi', 'graphql', 'sdk'] as const;
export type GeneratorKind = (typeof GENERATORS)[number];

/**
 * Where a generator's source is: a URL (not fetched), a file of the docs root (`/x.yaml`, `./x.yaml`
 * and `x.yaml` are one), or outside it when the path climbs out.
 */
export function generatorSource(rootUri: string, written: string): { kind: 'url' } | { kind: 'file'; uri: string } | { kind: 'outside' } {
  // The platform trims the value (its schema's `.trim()`).
  const source = written.trim();
  if (/^https?:\/\//i.test(source)) return { kind: 'url' };
  const uri = resolveInside(rootUri, rootUri, source.replace(/^\.?\//, ''));
  return uri === undefined ? { kind: 'outside' } : { kind: 'file', uri };
}

export interface NavigationModel {
  pages: PageEntry[];
  operations: OperationEntry[];
  /** Every `openapi` value on a navigation node. */
  specRefs: SpecRef[];
  /** Every `asyncapi`, `graphql` and `sdk` value on a navigation node: sources the platform generates pages from. */
  generators: (SpecRef & { kind: GeneratorKind })[];
  /** The `openapi` of nodes that list nothing else (no pages, groups or other divisions): the platform makes a page of each operation of those specs. */
  wholeSpecs: (SpecRef & { otherVersion: boolean })[];
  /** Every `pages` array, in document order. */
  groups: NavigationGroup[];
  /** The navigation as a tree of its divisions, groups and entries, in the order readers see them (only when asked for: see {@link buildNavigationTree}). */
  tree?: NavigationNode;
}

/** What a node of the navigation tree is: the navigation itself, an item of a division list, a group, or an entry. */
export type NavigationNodeKind =
  'navigation' | 'product' | 'language' | 'version' | 'tab' | 'anchor' | 'dropdown' | 'menu' | 'group' | 'page' | 'operation';

/** The kind of the items of each list that holds divisions (an object in a `pages` list is a group). */
const ITEM_KINDS: Record<(typeof CHILD_ARRAYS)[number], NavigationNodeKind> = {
  products: 'product',
  languages: 'language',
  versions: 'version',
  tabs: 'tab',
  dropdowns: 'dropdown',
  anchors: 'anchor',
  groups: 'group',
  pages: 'group',
  menu: 'menu',
};

/** A node of the navigation tree: what the Navigation view shows and edits. */
export interface NavigationNode {
  kind: NavigationNodeKind;
  /** The object of a division or group; the string of a page or operation entry. */
  node: JsonNode;
  /** A division's or group's label as written (`group`, `tab`, `language`...); an entry's value. */
  label: string;
  children: NavigationNode[];
  /** The array that holds it (a `pages`, `groups` or `tabs` list...): where a move takes it from. */
  list?: JsonNode;
  /** The list that holds its children, when it has one (`pages`, `groups`, `tabs`...), and its key. */
  childList?: { key: string; node: JsonNode };
  page?: PageEntry;
  operation?: OperationEntry;
  /** The spec of a node that lists nothing else: the platform makes a page of each of its operations. */
  wholeSpec?: SpecRef;
}

/** The keys that label a navigation node, for the path shown of a group. */
const LABEL_KEYS = ['group', 'tab', 'anchor', 'dropdown', 'version', 'language', 'product', 'item'];

/** What a node inherits from the nodes above it while the navigation is walked. */
interface Inherited {
  /** The language/version/product it belongs to (`language:en/version:v2/`). */
  scope: string;
  /** The tabs, anchors, dropdowns and menu items above it (`tabs:Guides/`). */
  section: string;
  /** The `openapi` of the nearest node that sets one. */
  specs: SpecRef[] | undefined;
  /** The labels of the divisions above it. */
  labels: string[];
  isApi: boolean;
  /** Under a version other than the default of its `versions` list. */
  otherVersion: boolean;
  /** The `language` of the nearest enclosing item of a `languages` list. */
  language?: string;
}

/** The item readers land on in a list of versions or languages: the one marked `default: true`, else the first. */
function defaultItem(divisions: JsonNode[]): JsonNode | undefined {
  return divisions.find((item) => child(item, 'default')?.value === true) ?? divisions[0];
}

export function parseOperation(value: string): { specFile?: string; method: string; path: string } | undefined {
  const match = OPERATION.exec(value);
  if (!match) return undefined;
  return { specFile: match[1], method: match[2], path: match[3] };
}

/** Spec references marked as under another version of the site, or not. */
function withVersion(refs: SpecRef[], otherVersion: boolean): (SpecRef & { otherVersion: boolean })[] {
  return refs.map((ref) => ({ ...ref, otherVersion }));
}

/** The spec references of an `openapi` value: a string, an array, or `{source}` objects. */
export function specRefsOf(node: JsonNode | undefined): SpecRef[] {
  if (!node) return [];
  if (node.type === 'string') return [{ source: node.value as string, node }];
  if (node.type === 'array') return items(node).flatMap(specRefsOf);
  if (node.type === 'object') {
    const source = child(node, 'source');
    return source?.type === 'string' ? [{ source: source.value as string, node: source }] : [];
  }
  return [];
}

/** What an item of a division list (`tabs`, `languages`, `versions`...) inherits: its section and scope added to the list's. */
function divisionInherits(key: string, item: JsonNode, here: Inherited): Inherited {
  const scoping = SCOPING[key as keyof typeof SCOPING];
  const scopeLabel = scoping ? stringValue(child(item, scoping)) : undefined;
  const sectionLabel = SECTIONS.has(key)
    ? LABEL_KEYS.map((labelKey) => stringValue(child(item, labelKey))).find((x) => x !== undefined)
    : undefined;
  const inSection = sectionLabel === undefined ? here : { ...here, section: `${here.section}${key}:${sectionLabel}/` };
  return scopeLabel === undefined
    ? inSection
    : { ...inSection, scope: `${here.scope}${scoping}:${scopeLabel}/`, ...(key === 'languages' ? { language: scopeLabel } : {}) };
}

/** Adds a page or operation entry to the model, and its leaf to the tree under `parent`. */
function entryAdder(model: NavigationModel, withTree: boolean) {
  return (node: JsonNode, inherited: Inherited, isRoot: boolean, parent: NavigationNode, list?: JsonNode) => {
    const { scope, section, specs, otherVersion, language } = inherited;
    const value = node.value as string;
    const operation = isRoot ? undefined : parseOperation(value);
    if (operation) {
      const entry: OperationEntry = { value, node, ...operation, inherited: specs, otherVersion };
      model.operations.push(entry);
      if (withTree) parent.children.push({ kind: 'operation', node, label: value, children: [], ...(list && { list }), operation: entry });
      return;
    }
    const page: PageEntry = {
      value,
      node,
      page: normalisePageEntry(value),
      scope,
      section,
      isRoot,
      otherVersion,
      ...(language === undefined ? {} : { language }),
    };
    model.pages.push(page);
    if (withTree) parent.children.push({ kind: 'page', node, label: value, children: [], ...(list && { list }), page });
  };
}

/** The tree's root: the navigation object (a null node when there is none). */
function rootNode(navigation: JsonNode | undefined): NavigationNode {
  return { kind: 'navigation', node: navigation ?? { type: 'null', uri: '', offset: 0, length: 0 }, label: '', children: [] };
}

function emptyModel(): NavigationModel {
  return { pages: [], operations: [], specRefs: [], generators: [], wholeSpecs: [], groups: [] };
}

/**
 * The navigation as the Navigation view shows it: the walk of {@link buildNavigationModel}, keeping
 * the tree. Walked again on each request for it (the rules' loads do not pay for it), from the JSON
 * as it is now (the incremental edits of docs.json patch the JSON and the model's lists, not a tree).
 */
export function buildNavigationTree(navigation: JsonNode | undefined, dropped: ReadonlySet<JsonNode> = new Set()): NavigationNode {
  return buildNavigationModel(navigation, dropped, true).tree!;
}

/**
 * The pages, operations and specs of the navigation as the platform keeps it: `dropped` holds the
 * properties it ignores (a second division of a node, an invalid `openapi`), which are left out, and
 * the entry being typed, if any (not an entry yet).
 */
export function buildNavigationModel(
  navigation: JsonNode | undefined,
  dropped: ReadonlySet<JsonNode> = new Set(),
  withTree = false,
): NavigationModel {
  const tree = rootNode(navigation);
  const model: NavigationModel = { ...emptyModel(), ...(withTree && { tree }) };
  if (navigation?.type !== 'object') return model;
  // A repeated key counts once, with its last value (as JSON.parse reads it).
  const kept = (node: JsonNode) => [...lastProperties(node).values()].filter((property) => !dropped.has(property));
  const keptChild = (node: JsonNode, key: string) => {
    const property = lastProperties(node).get(key);
    return property && !dropped.has(property) ? property.children?.[1] : undefined;
  };

  const visitPages = (list: JsonNode, above: Inherited, parent: NavigationNode) => {
    for (const entry of items(list)) {
      if (entry.type === 'string' && !dropped.has(entry)) addEntry(entry, above, false, parent, list);
      else if (entry.type === 'object' && !dropped.has(entry)) visitNode(entry, above, parent, { kind: 'group', list });
    }
  };
  const addEntry = entryAdder(model, withTree);
  const visitNode = (node: JsonNode, above: Inherited, parent: NavigationNode, place?: { kind: NavigationNodeKind; list: JsonNode }) => {
    // Without the tree, every node's place is the root's, which is not kept.
    const treeNode: NavigationNode = place && withTree ? { kind: place.kind, node, label: '', children: [], list: place.list } : parent;
    if (place && withTree) parent.children.push(treeNode);
    let specs = above.specs;
    const openapi = keptChild(node, 'openapi');
    if (openapi) {
      const refs = specRefsOf(openapi);
      appendAll(model.specRefs, refs);
      if (refs.length) specs = refs;
      const listsNothing = !CHILD_ARRAYS.some((key) => keptChild(node, key));
      if (listsNothing) appendAll(model.wholeSpecs, withVersion(refs, above.otherVersion));
      if (listsNothing && refs[0]) treeNode.wholeSpec = refs[0];
    }
    for (const kind of GENERATORS) for (const ref of specRefsOf(keptChild(node, kind))) model.generators.push({ ...ref, kind });
    const labelKey = LABEL_KEYS.find((key) => stringValue(keptChild(node, key)) !== undefined);
    const label = labelKey && stringValue(keptChild(node, labelKey))!;
    treeNode.label = label || '';
    const here: Inherited = {
      scope: above.scope,
      section: above.section,
      specs,
      labels: label ? [...above.labels, label] : above.labels,
      isApi: above.isApi || openapi !== undefined || (label !== undefined && /\bapi\b/i.test(label)),
      otherVersion: above.otherVersion,
      language: above.language,
    };
    const root = keptChild(node, 'root');
    if (stringValue(root) !== undefined) addEntry(root!, here, true, treeNode);
    for (const property of kept(node)) {
      const key = keyOf(property) as (typeof CHILD_ARRAYS)[number];
      if (!CHILD_ARRAYS.includes(key)) continue;
      const list = property.children?.[1];
      if (!list) continue;
      treeNode.childList ??= { key, node: list };
      if (key === 'pages') {
        // Any `pages` array can take a page: a group's, and one straight under the navigation, a tab, an anchor…
        if (list.type === 'array') model.groups.push({ label: here.labels.join(' › ') || 'top level', pages: list, isApi: here.isApi });
        visitPages(list, here, treeNode);
        continue;
      }
      const divisions = items(list).filter((item) => item.type === 'object');
      const defaultVersion = key === 'versions' ? defaultItem(divisions) : undefined;
      for (const item of divisions) {
        const inherited = divisionInherits(key, item, here);
        const inheritedHere = defaultVersion && item !== defaultVersion ? { ...inherited, otherVersion: true } : inherited;
        visitNode(item, inheritedHere, treeNode, { kind: ITEM_KINDS[key], list });
      }
    }
  };
  visitNode(navigation, { scope: '', section: '', specs: undefined, labels: [], isApi: false, otherVersion: false }, tree);
  return model;
}
