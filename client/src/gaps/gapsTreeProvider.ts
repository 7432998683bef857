import * as vscode from 'vscode';
import type { GapNode, GroupNode } from './treeModel';

/** Renders the gap tree: page (or category) groups, their questions, and the sources of each question. */
export class GapsTreeProvider implements vscode.TreeDataProvider<GapNode> {
  private readonly emitter = new vscode.EventEmitter<GapNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private roots: GroupNode[] = [];

  constructor(private readonly docsRoot: () => vscode.Uri | undefined) {}

  update(roots: GroupNode[]): void {
    this.roots = roots;
    this.emitter.fire(undefined);
  }

  get groups(): GroupNode[] {
    return this.roots;
  }

  getChildren(node?: GapNode): GapNode[] {
    if (!node) return this.roots;
    if (node.kind === 'conversation') return node.sources;
    if (node.kind === 'source') return [];
    return node.conversations;
  }

  getParent(node: GapNode): GapNode | undefined {
    return node.kind === 'conversation' || node.kind === 'source' ? node.parent : undefined;
  }

  getTreeItem(node: GapNode): vscode.TreeItem {
    if (node.kind === 'conversation') {
      const { conversation } = node;
      const item = new vscode.TreeItem(
        conversation.query,
        conversation.sources.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
      );
      item.id = node.id;
      item.description = conversation.timestamp.slice(0, 10);
      item.tooltip = new vscode.MarkdownString(
        `**${escape(conversation.query)}**\n\n${conversation.timestamp} · ${conversation.queryCategory ?? 'no category'}\n\n${escape(conversation.response)}`,
      );
      item.iconPath = new vscode.ThemeIcon('question');
      item.contextValue = 'docsmith.gapConversation';
      item.command = { command: 'docsmith.gaps.openConversation', title: 'Open question', arguments: [node] };
      return item;
    }
    if (node.kind === 'source') {
      const { source } = node;
      const item = new vscode.TreeItem(source.title || source.url, vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.description = source.file ? `${source.file}${source.anchor ? `#${source.anchor}` : ''}` : 'no local file';
      item.tooltip = source.url;
      item.iconPath = new vscode.ThemeIcon(source.file ? 'file' : 'link-external');
      item.contextValue = 'docsmith.gapSource';
      item.command = { command: 'docsmith.gaps.openSource', title: 'Open source', arguments: [node] };
      return item;
    }
    const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = `${node.conversations.length} question${node.conversations.length === 1 ? '' : 's'}`;
    const root = this.docsRoot();
    if (node.kind === 'page' && node.file && root) item.resourceUri = vscode.Uri.joinPath(root, node.file);
    item.iconPath =
      node.kind === 'uncited'
        ? new vscode.ThemeIcon('circle-slash')
        : node.kind === 'category'
          ? new vscode.ThemeIcon('tag')
          : node.file
            ? vscode.ThemeIcon.File
            : new vscode.ThemeIcon('globe');
    item.tooltip = node.kind === 'page' ? `${node.url}${node.file ? `\n${node.file}` : '\nNo local file matches this page.'}` : undefined;
    item.contextValue = `docsmith.gapGroup.${node.kind}`;
    return item;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|]/g, '\\$&');
}
