import * as vscode from 'vscode';
import type { NavigationEdit, NavigationItem, NavigationScopeChoice } from '../../../server/src/lsp/protocol';

/** An item of the Navigation view: the server's item, with the site it belongs to and its parent's id. */
export interface NavNode extends NavigationItem {
  rootUri: string;
  parentId?: string;
  /**
   * The item's identity in VS Code's tree: its key under its parent's (with a count for a repeat), not
   * its position, so that focus, selection and expansion stay on the same page or group when entries
   * above it move and the view is read again.
   */
  treeId: string;
}

/** How the view reads levels and applies edits: through the language server (see navigationController.ts). */
export interface NavigationSource {
  level(
    rootUri: string,
    parent: string | undefined,
    scope: string | undefined,
  ): Promise<{ items: NavigationItem[]; scope?: { id: string; choices: NavigationScopeChoice[] } }>;
  apply(edit: NavigationEdit, what: string): Promise<boolean>;
}

const MIME = 'application/vnd.code.tree.docsmith.navigation';

const ICONS: Record<NavigationItem['kind'], string> = {
  navigation: 'list-tree',
  product: 'package',
  language: 'globe',
  version: 'versions',
  tab: 'window',
  anchor: 'link',
  dropdown: 'chevron-down',
  menu: 'list-flat',
  group: 'folder',
  page: 'file',
  operation: 'symbol-method',
  notInNavigation: 'eye-closed',
  orphan: 'file',
};

/**
 * The Navigation view's tree: the site's sidebar as readers see it, each level asked of the server as
 * it is expanded. Pages and groups are dragged to another place (a group, or after a page), orphans
 * into the navigation; each drop is one edit of docs.json (or the `$ref` file holding the list).
 */
export class NavigationTreeProvider implements vscode.TreeDataProvider<NavNode>, vscode.TreeDragAndDropController<NavNode> {
  readonly dropMimeTypes = [MIME];
  readonly dragMimeTypes = [MIME];
  private readonly changed = new vscode.EventEmitter<NavNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** Every item handed out since the last refresh, by id (for getParent and reveal). */
  private readonly nodes = new Map<string, NavNode>();
  root: vscode.Uri | undefined;
  /** The language, version or product chosen (a choice's id); undefined: the one readers land on. */
  scope: string | undefined;
  /** The choices of the first level, when the site has languages, versions or products. */
  choices: NavigationScopeChoice[] = [];

  constructor(private readonly source: NavigationSource) {}

  refresh(): void {
    this.changed.fire(undefined);
  }

  /**
   * Reads the levels shown again and redraws only what changed (a count of problems, a label): while a
   * site is checked in the background its diagnostics change many times, and redrawing the whole tree
   * each time would close the context menu or the drag under the author's hand.
   */
  async refreshChanged(): Promise<void> {
    const root = this.root?.toString();
    if (!root) return;
    const parents = [undefined, ...new Set([...this.nodes.values()].map((node) => node.parentId).filter((id) => id !== undefined))];
    for (const parentId of parents) {
      const parent = parentId === undefined ? undefined : this.nodes.get(parentId);
      if (parentId !== undefined && !parent) continue;
      const shown = [...this.nodes.values()].filter((node) => node.parentId === parentId);
      const fresh = (await this.source.level(root, parentId, parentId === undefined ? this.scope : undefined)).items;
      if (fresh.length !== shown.length || fresh.some((item, at) => item.id !== shown[at].id || item.key !== shown[at].key)) {
        this.changed.fire(parent);
        continue;
      }
      for (const [at, item] of fresh.entries()) {
        const node = shown[at];
        const { rootUri, parentId: above, treeId, ...was } = node;
        if (JSON.stringify(was) === JSON.stringify(item)) continue;
        Object.assign(node, item, { rootUri, treeId, ...(above !== undefined && { parentId: above }) });
        this.changed.fire(node);
      }
    }
  }

  node(id: string): NavNode | undefined {
    return this.nodes.get(id);
  }

  /** The items shown beside a node (its parent's children, as last read). */
  siblingsOf(node: NavNode): NavNode[] {
    return [...this.nodes.values()].filter((other) => other.parentId === node.parentId && other.id !== node.id);
  }

  async getChildren(element?: NavNode): Promise<NavNode[]> {
    const root = this.root?.toString();
    if (!root) return [];
    const level = await this.source.level(root, element?.id, element ? undefined : this.scope);
    if (!element) {
      this.choices = level.scope?.choices ?? [];
      void vscode.commands.executeCommand('setContext', 'docsmith.navigation.hasScopes', this.choices.length > 0);
    }
    const seen = new Map<string, number>();
    // What the parent held before and no longer does is forgotten (its items, and theirs).
    const kept = new Set(level.items.map((item) => item.id));
    for (const [id, node] of this.nodes) if (node.parentId === element?.id && !kept.has(id)) this.forget(id);
    return level.items.map((item) => {
      const count = (seen.get(item.key) ?? 0) + 1;
      seen.set(item.key, count);
      const treeId = `${element ? element.treeId : (this.scope ?? '')}/${item.key}${count > 1 ? `#${count}` : ''}`;
      const fresh: NavNode = { ...item, rootUri: root, treeId, ...(element && { parentId: element.id }) };
      // The same object for the same item: VS Code knows the elements it was given by identity
      // (reveal, a command's argument), across refreshes.
      const known = this.nodes.get(item.id);
      const node = known && known.treeId === treeId ? Object.assign(known, fresh) : fresh;
      this.nodes.set(item.id, node);
      return node;
    });
  }

  private forget(id: string): void {
    this.nodes.delete(id);
    for (const [below, node] of this.nodes) if (node.parentId === id) this.forget(below);
  }

  getParent(element: NavNode): NavNode | undefined {
    return element.parentId === undefined ? undefined : this.nodes.get(element.parentId);
  }

  getTreeItem(node: NavNode): vscode.TreeItem {
    const item = new vscode.TreeItem(
      node.label,
      node.collapsible ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.treeId;
    const problems = describeProblems(node.problems);
    item.description = [node.kind === 'page' || node.kind === 'orphan' ? node.pageId : node.description, problems]
      .filter(Boolean)
      .join(' · ');
    item.iconPath = node.missing
      ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'))
      : new vscode.ThemeIcon(ICONS[node.kind] ?? 'circle-outline');
    const tooltip = new vscode.MarkdownString();
    tooltip.appendMarkdown(`**${escape(node.label)}**`);
    if (node.pageId) tooltip.appendMarkdown(`\n\n\`${escape(node.pageId)}\`${node.missing ? ' — no such page (see Problems)' : ''}`);
    if (node.icon) tooltip.appendMarkdown(`\n\nIcon: \`${escape(node.icon)}\``);
    if (problems) tooltip.appendMarkdown(`\n\n${problems}`);
    item.tooltip = tooltip;
    item.contextValue = contextOf(node);
    const open = node.uri ?? (node.missing ? node.location?.uri : undefined);
    if (open) {
      const line = node.uri ? (node.line ?? 0) : (node.location?.range.start.line ?? 0);
      item.command = {
        command: 'vscode.open',
        title: 'Open',
        // As the Explorer does, a click shows the page and leaves the focus in the view (keyboard users go on from there).
        arguments: [vscode.Uri.parse(open), { selection: new vscode.Range(line, 0, line, 0), preview: true, preserveFocus: true }],
      };
      if (node.uri) item.resourceUri = vscode.Uri.parse(node.uri);
    }
    return item;
  }

  handleDrag(sources: readonly NavNode[], transfer: vscode.DataTransfer): void {
    const movable = sources.filter((node) => node.canMove || node.kind === 'orphan');
    if (movable.length) transfer.set(MIME, new vscode.DataTransferItem(movable));
  }

  async handleDrop(target: NavNode | undefined, transfer: vscode.DataTransfer): Promise<void> {
    const dragged = transfer.get(MIME)?.value as NavNode[] | undefined;
    if (!dragged?.length) return;
    if (!target || (!target.acceptsPages && target.kind !== 'page' && target.kind !== 'operation' && target.kind !== 'group')) {
      void vscode.window.showWarningMessage('Docsmith: drop pages on a group (or after a page) of the navigation.');
      return;
    }
    // The view selects one item at a time: ids change as entries move.
    const node = dragged[0];
    const edit: NavigationEdit =
      node.kind === 'orphan'
        ? { kind: 'add', pageId: node.pageId!, parent: target.id, keys: { parent: target.key } }
        : { kind: 'move', id: node.id, parent: target.id, keys: { id: node.key, parent: target.key } };
    await this.source.apply(edit, node.kind === 'orphan' ? `add ${node.label}` : `move ${node.label}`);
  }
}

/** "1 error, 2 warnings" (empty without any). */
export function describeProblems(problems: { errors: number; warnings: number }): string {
  const parts = [];
  if (problems.errors) parts.push(`${problems.errors} error${problems.errors === 1 ? '' : 's'}`);
  if (problems.warnings) parts.push(`${problems.warnings} warning${problems.warnings === 1 ? '' : 's'}`);
  return parts.join(', ');
}

/** The item's context value, which the view's menus match: its kind, then what can be done to it. */
export function contextOf(node: NavigationItem): string {
  const flags = [
    node.canMove && 'movable',
    node.canRename && 'renamable',
    node.acceptsPages && 'takesPages',
    (node.kind === 'page' || node.kind === 'orphan') && !node.missing && 'file',
  ].filter(Boolean);
  return ['docsmith.nav', node.kind, ...flags].join('.');
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+!|<>]/g, '\\$&');
}
