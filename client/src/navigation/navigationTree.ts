import * as vscode from 'vscode';
import type { NavigationEdit, NavigationItem, NavigationScopeChoice } from '../../../server/src/lsp/protocol';

/** An item of the Navigation view: the server's item, with the site it belongs to and its parent's id. */
export interface NavNode extends NavigationItem {
  rootUri: string;
  parentId?: string;
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
    if (!element) this.nodes.clear();
    const level = await this.source.level(root, element?.id, element ? undefined : this.scope);
    if (!element) {
      this.choices = level.scope?.choices ?? [];
      void vscode.commands.executeCommand('setContext', 'docsmith.navigation.hasScopes', this.choices.length > 0);
    }
    return level.items.map((item) => {
      const node: NavNode = { ...item, rootUri: root, ...(element && { parentId: element.id }) };
      this.nodes.set(item.id, node);
      return node;
    });
  }

  getParent(element: NavNode): NavNode | undefined {
    return element.parentId === undefined ? undefined : this.nodes.get(element.parentId);
  }

  getTreeItem(node: NavNode): vscode.TreeItem {
    const item = new vscode.TreeItem(
      node.label,
      node.collapsible ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = `${this.scope ?? ''}|${node.id}`;
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
        arguments: [vscode.Uri.parse(open), { selection: new vscode.Range(line, 0, line, 0), preview: true }],
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
      node.kind === 'orphan' ? { kind: 'add', pageId: node.pageId!, parent: target.id } : { kind: 'move', id: node.id, parent: target.id };
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
