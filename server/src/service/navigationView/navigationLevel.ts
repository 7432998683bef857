import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type Cancellation } from '../cancellation';
import type { NavigationNode } from '../docsJson/navigation';
import { lookupOperation } from '../features/operationLookup';
import { operationPosition, type OpenApiSpec, type Operation } from '../openapi/spec';
import type { SiteState } from '../session/siteState';
import { loadSpecs } from '../site/siteSpecs';
import { checkedPageFiles, resolvePageId } from '../site/siteFiles';
import { joinUri } from '../uri';
import { iconOf, keyOf, nodeAt, NOT_IN_NAVIGATION, scopeOf, treeOf, type NavigationItem, type NavigationLevel } from './navigationItems';
import { pageLabels, titleFromPath } from './pageLabels';
import { ProblemCounter } from './problemCounts';

/** What a level of the view reads besides the site's state: the diagnostics the service already has of a page. */
export interface LevelInputs {
  state: SiteState;
  /** A page's diagnostics when they are known (checked and kept), without checking it. */
  knownDiagnostics(uri: string): Diagnostic[] | undefined;
  token: Cancellation;
}

/**
 * The children of one node of the Navigation view (the first level: those of the language, version or
 * product shown, and the pages no entry lists), each labelled as the sidebar labels it. Only this
 * level's pages are read (for their titles): the view asks for a level when it is expanded.
 */
export async function navigationLevel(
  inputs: LevelInputs,
  parent: string | undefined,
  scope: string | undefined,
): Promise<NavigationLevel> {
  const { state, token } = inputs;
  const site = state.context;
  if (!site || state.configBroken) return { items: [] };
  const tree = treeOf(state);
  if (parent === NOT_IN_NAVIGATION) return { items: await orphanItems(inputs) };
  const shown = parent === undefined ? scopeOf(tree, scope) : undefined;
  const id = parent ?? shown!.id;
  const node = nodeAt(tree, id);
  if (!node) return { items: [] };
  const counter = new ProblemCounter(state, inputs.knownDiagnostics);
  const items = node.children.length
    ? await childItems(inputs, node, id, counter)
    : node.wholeSpec
      ? await generatedItems(inputs, node, id)
      : [];
  throwIfCancelled(token);
  if (parent === undefined) {
    const orphans = orphanFiles(state);
    if (orphans.length)
      items.push({
        id: NOT_IN_NAVIGATION,
        key: NOT_IN_NAVIGATION,
        kind: 'notInNavigation',
        label: 'Not in navigation',
        description: `${orphans.length} page${orphans.length === 1 ? '' : 's'}`,
        collapsible: true,
        problems: counter.ofFiles(orphans.map((relative) => joinUri(state.rootUri, relative))),
        canMove: false,
        canRename: false,
        acceptsPages: false,
      });
  }
  return { items, ...(shown && shown.choices.length ? { scope: shown } : {}) };
}

async function childItems(inputs: LevelInputs, node: NavigationNode, id: string, counter: ProblemCounter): Promise<NavigationItem[]> {
  const { state } = inputs;
  const files = state.context!.files;
  const fileOf = (child: NavigationNode) => {
    const page = child.page && resolvePageId(files.pages, child.page.page.id);
    return page === undefined ? undefined : files.pages.get(page);
  };
  // The sidebar's label comes from the page whose path is the entry as written (the build looks its
  // metadata up by that path, a leading and a trailing slash aside); an entry reaching a page any
  // other way (a folder's index, an extension) is titled from its path, as the build titles it.
  const labelled = (child: NavigationNode) => files.pages.get(child.label.replace(/^\//, '').replace(/\/$/, ''));
  const labels = await pageLabels(
    state.context!.workspace,
    state.rootUri,
    node.children.map((child) => (child.page ? labelled(child) : undefined)).filter((file): file is string => file !== undefined),
  );
  throwIfCancelled(inputs.token);
  const items: NavigationItem[] = [];
  for (const [at, child] of node.children.entries()) {
    const childId = id === '' ? String(at) : `${id}/${at}`;
    const base = { id: childId, key: keyOf(child), location: counter.locationOf(child.node), problems: counter.ofNode(child) };
    if (child.kind === 'page') {
      const file = fileOf(child);
      const exact = labelled(child);
      const label = exact === undefined ? undefined : labels.get(exact);
      items.push({
        ...base,
        kind: 'page',
        // A page the build does not find by the entry's path is shown as it shows it: titled from the path.
        label: label?.label ?? titleFromPath(child.label),
        description: child.page!.page.id + (file === undefined ? ' (missing)' : ''),
        ...(label?.icon && { icon: label.icon }),
        ...(file !== undefined && { uri: joinUri(state.rootUri, file) }),
        pageId: child.page!.page.id,
        ...(file === undefined && { missing: true }),
        collapsible: false,
        canMove: !child.page!.isRoot && child.list !== undefined,
        canRename: false,
        acceptsPages: false,
      });
    } else if (child.kind === 'operation') {
      const found = await lookupOperation(
        state,
        child.operation!.value,
        child.operation!.inherited?.map((ref) => ref.source),
      );
      items.push({
        ...base,
        ...(found ? await operationItem(inputs, found.spec, found.operation, childId) : { kind: 'operation', label: child.label }),
        id: childId,
        description: child.label,
        collapsible: false,
        canMove: child.list !== undefined,
        canRename: false,
        acceptsPages: false,
      });
    } else {
      const icon = iconOf(child);
      items.push({
        ...base,
        kind: child.kind,
        label: child.label || `(${child.kind} without a name)`,
        ...(child.kind !== 'group' && { description: child.kind }),
        ...(icon && { icon }),
        collapsible: child.children.length > 0 || child.wholeSpec !== undefined,
        canMove: child.kind === 'group' && child.list !== undefined,
        canRename: child.kind === 'group',
        acceptsPages: child.childList?.key === 'pages' || (child.kind === 'group' && !child.childList),
      });
    }
  }
  return items;
}

/** The pages the platform makes of every operation of a node's spec (the node lists nothing else). */
async function generatedItems(inputs: LevelInputs, node: NavigationNode, id: string): Promise<NavigationItem[]> {
  const specs = await loadSpecs(inputs.state.context!, [node.wholeSpec!.source]);
  const items: NavigationItem[] = [];
  for (const spec of specs)
    for (const operation of spec.operations) {
      if (operation.excluded) continue;
      const item = await operationItem(inputs, spec, operation, `${id}/${items.length}`);
      items.push({
        ...item,
        problems: { errors: 0, warnings: 0 },
        collapsible: false,
        canMove: false,
        canRename: false,
        acceptsPages: false,
      });
    }
  return items;
}

async function operationItem(
  inputs: LevelInputs,
  spec: OpenApiSpec,
  operation: Operation,
  id: string,
): Promise<Pick<NavigationItem, 'id' | 'key' | 'kind' | 'label' | 'description' | 'uri' | 'line'>> {
  const { line } = await operationPosition(spec, operation, inputs.state.context!.workspace);
  const name = `${operation.method} ${operation.path}`;
  return { id, key: `operation:${name}`, kind: 'operation', label: operation.summary ?? name, description: name, uri: spec.uri, line };
}

/** The page files no navigation entry reaches (pages another file imports are snippets, not orphans). */
export function orphanFiles(state: SiteState): string[] {
  const files = state.context?.files;
  if (!files) return [];
  return checkedPageFiles(files)
    .filter(({ id, relative, snippet }) => !snippet && !state.inNavigation.has(id) && !files.imports.importedPageNow(relative))
    .map(({ relative }) => relative);
}

async function orphanItems(inputs: LevelInputs): Promise<NavigationItem[]> {
  const { state } = inputs;
  const orphans = orphanFiles(state);
  const labels = await pageLabels(state.context!.workspace, state.rootUri, orphans);
  const counter = new ProblemCounter(state, inputs.knownDiagnostics);
  return orphans.map((relative, at) => {
    const uri = joinUri(state.rootUri, relative);
    const label = labels.get(relative)!;
    return {
      id: `${NOT_IN_NAVIGATION}/${at}`,
      key: `orphan:${relative}`,
      kind: 'orphan',
      label: label.label,
      description: relative.replace(/\.mdx?$/i, ''),
      ...(label.icon && { icon: label.icon }),
      uri,
      pageId: relative.replace(/\.mdx?$/i, ''),
      collapsible: false,
      problems: counter.ofFiles([uri]),
      canMove: false,
      canRename: false,
      acceptsPages: false,
    };
  });
}
