import type { Range } from 'vscode-languageserver-types';
import type { NavigationNode, NavigationNodeKind } from '../docsJson/navigation';
import { stringValue, child } from '../json/jsonTree';
import type { SiteState } from '../session/siteState';

/**
 * The Navigation view's nodes as they cross the wire: the site's sidebar as readers see it, one level
 * per request. Each node is named by its `id`, the path of child positions from the navigation
 * (`2/0/5`); the orphan pages are under {@link NOT_IN_NAVIGATION}.
 */
export interface NavigationItem {
  id: string;
  /**
   * What the node is (its kind and its entry or label): an edit names its nodes by id and key, and is
   * refused when the node at that id is no longer that one (the navigation changed since it was shown).
   */
  key: string;
  kind: NavigationNodeKind | 'notInNavigation' | 'orphan';
  /** As the sidebar labels it: a page's `sidebarTitle`, else its `title`, else its file name as the platform titles it. */
  label: string;
  /** The page's path (`guides/setup`), a division's kind, or `missing`. */
  description?: string;
  /** The front matter `icon` of a page, or a division's or group's `icon`, as written. */
  icon?: string;
  /** The page's file (a page or an orphan), or the spec holding an operation. */
  uri?: string;
  /** The 0-based line to open `uri` at (an operation's place in its spec). */
  line?: number;
  /** The page id (path without extension) a page entry names. */
  pageId?: string;
  /** A page entry whose page does not exist (its docs.json diagnostic is counted in `problems`). */
  missing?: boolean;
  /** Whether it has children (divisions, groups, a spec's operations, the orphans). */
  collapsible: boolean;
  /** Errors and warnings of the node and everything under it: docs.json findings on it, and its pages' (as far as they are known). */
  problems: { errors: number; warnings: number };
  /** Where it is written (the file holding it, which may be a `$ref` file); none for what the platform generates. */
  location?: { uri: string; range: Range };
  /** What can be done to it: move (a page or group entry), rename (a group), take pages (a list of pages). */
  canMove: boolean;
  canRename: boolean;
  acceptsPages: boolean;
}

/** One level of the Navigation view. */
export interface NavigationLevel {
  items: NavigationItem[];
  /**
   * For the first level only: the language, version or product shown (the site has lists of them at
   * its top), and every choice of each such list on the way, for the view's picker.
   */
  scope?: { id: string; choices: NavigationScopeChoice[] };
}

export interface NavigationScopeChoice {
  id: string;
  kind: 'language' | 'version' | 'product';
  label: string;
  selected: boolean;
}

export const NOT_IN_NAVIGATION = 'orphans';

/** The node an id names, or undefined (the navigation changed since the id was handed out). */
export function nodeAt(tree: NavigationNode, id: string): NavigationNode | undefined {
  if (id === '') return tree;
  let node: NavigationNode | undefined = tree;
  for (const part of id.split('/')) {
    if (!/^\d+$/.test(part)) return undefined;
    node = node?.children[Number(part)];
  }
  return node;
}

const trees = new WeakMap<SiteState, NavigationNode>();

/**
 * The navigation tree of a state, walked once per state: an edit of docs.json makes a new state (the
 * incremental ones patch the JSON and the context in place, so a tree kept with the context would be stale).
 */
export function treeOf(state: SiteState): NavigationNode {
  let tree = trees.get(state);
  if (!tree) trees.set(state, (tree = state.context!.navigationTree()));
  return tree;
}

/** A node's key (see {@link NavigationItem.key}). */
export function keyOf(node: NavigationNode): string {
  return `${node.kind}:${node.label}`;
}

/** Ids from the navigation down to a node's, first to last. */
export function idChain(id: string): string[] {
  const parts = id === '' ? [] : id.split('/');
  return parts.map((_, at) => parts.slice(0, at + 1).join('/'));
}

const SCOPING_KINDS = new Set<NavigationNodeKind>(['language', 'version', 'product']);

/** Whether a node's children are the items of a language, version or product list (the view shows one at a time). */
function scopes(node: NavigationNode): boolean {
  return node.children.length > 0 && node.children.every((item) => SCOPING_KINDS.has(item.kind));
}

/** The item readers land on: the one marked `default: true`, else the first. */
function defaultChild(node: NavigationNode): number {
  const marked = node.children.findIndex((item) => child(item.node, 'default')?.value === true);
  return marked < 0 ? 0 : marked;
}

/**
 * The node whose children make the view's first level: from the navigation down through its lists of
 * languages, versions and products, taking the one `requested` chose on the way (an id of one of
 * them), and each list's default below it. With the choices of each list on the way.
 */
export function scopeOf(tree: NavigationNode, requested: string | undefined): { id: string; choices: NavigationScopeChoice[] } {
  const wanted = new Set(requested === undefined ? [] : idChain(requested));
  const idOf = (parent: string, at: number) => (parent === '' ? String(at) : `${parent}/${at}`);
  let id = '';
  let node = tree;
  const choices: NavigationScopeChoice[] = [];
  while (scopes(node)) {
    const parent = id;
    const picked = node.children.findIndex((_, at) => wanted.has(idOf(parent, at)));
    const chosenAt = picked < 0 ? defaultChild(node) : picked;
    node.children.forEach((item, at) =>
      choices.push({
        id: idOf(parent, at),
        kind: item.kind as NavigationScopeChoice['kind'],
        label: item.label || `${item.kind} ${at + 1}`,
        selected: at === chosenAt,
      }),
    );
    id = idOf(parent, chosenAt);
    node = node.children[chosenAt];
  }
  return { id, choices };
}

/** A division's or group's own `icon`, when it is a string. */
export function iconOf(node: NavigationNode): string | undefined {
  return node.node.type === 'object' ? stringValue(child(node.node, 'icon')) : undefined;
}

/** A place a page or group can be moved or added to: a node with a list of pages (or groups), by its path of labels. */
export interface NavigationTarget {
  id: string;
  key: string;
  /** "en › Guides › Get started". */
  label: string;
  /** What its list takes: pages (and groups) in a `pages` list, groups only in a `groups` list. */
  takes: 'pages' | 'groups';
}

/** Every node of the tree whose list takes pages or groups, in order, each with the labels above it. */
export function navigationTargets(tree: NavigationNode): NavigationTarget[] {
  const targets: NavigationTarget[] = [];
  const visit = (node: NavigationNode, id: string, labels: string[]) => {
    const here = node.kind === 'navigation' ? labels : [...labels, node.label || node.kind];
    const key = node.childList?.key;
    if ((key === 'pages' || key === 'groups') && node.childList!.node.type === 'array')
      targets.push({ id, key: keyOf(node), label: here.join(' › ') || 'Top level', takes: key });
    node.children.forEach((below, at) => {
      if (below.kind !== 'page' && below.kind !== 'operation') visit(below, id === '' ? String(at) : `${id}/${at}`, here);
    });
  };
  visit(tree, '', []);
  return targets;
}
