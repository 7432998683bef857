import * as vscode from 'vscode';
import type { ReportCluster } from '../../../server/src/analytics';
import { placeInFile } from '../../../server/src/analytics';
import { oneLine } from '../../../server/src/common/text';
import { openCount, rowLabel, trendArrow, type ConversationNode, type GapNode, type GroupNode, type SuggestionNode } from './treeModel';
import { plural } from '../../../server/src/common/plural';

/**
 * Renders the gap tree: cluster, page or category groups, a cluster's suggested page, the questions
 * and the sources of each question.
 */
export class GapsTreeProvider implements vscode.TreeDataProvider<GapNode> {
  private readonly emitter = new vscode.EventEmitter<GapNode | undefined>();
  readonly onDidChangeTreeData = this.emitter.event;
  private roots: GroupNode[] = [];

  /** `previous`: what a trend compares with ("previous 30 days"). */
  constructor(
    private readonly docsRoot: () => vscode.Uri | undefined,
    private readonly previous: () => string,
  ) {}

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
    if (node.kind === 'source' || node.kind === 'suggestion') return [];
    return [...(node.suggestion ? [node.suggestion] : []), ...node.conversations];
  }

  getParent(node: GapNode): GapNode | undefined {
    return 'parent' in node ? node.parent : undefined;
  }

  getTreeItem(node: GapNode): vscode.TreeItem {
    if (node.kind === 'conversation') return this.conversationItem(node);
    if (node.kind === 'suggestion') return this.suggestionItem(node);
    if (node.kind === 'cluster') return this.clusterItem(node);
    if (node.kind === 'source') {
      const { source } = node;
      const item = new vscode.TreeItem(oneLine(source.title || source.url), vscode.TreeItemCollapsibleState.None);
      item.id = node.id;
      item.description = source.file ? `${source.file}${source.anchor ? `#${source.anchor}` : ''}` : 'no local file';
      item.tooltip = source.url;
      item.iconPath = new vscode.ThemeIcon(source.file ? 'file' : 'link-external');
      item.contextValue = 'docsmith.gapSource';
      item.command = { command: 'docsmith.gaps.openSource', title: 'Open source', arguments: [node] };
      return item;
    }
    const item = new vscode.TreeItem(oneLine(node.label), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    item.description = questions(openCount(node));
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

  private conversationItem(node: ConversationNode): vscode.TreeItem {
    const { conversation } = node;
    // The asker's words as one plain line: a right-to-left override or a line break would rewrite the row.
    const item = new vscode.TreeItem(
      oneLine(conversation.query),
      conversation.sources.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.id = node.id;
    const asked = node.repeats.length ? `asked ${node.repeats.length + 1} times · last ` : '';
    item.description = `${node.triage ? `${node.triage} · ` : ''}${asked}${conversation.timestamp.slice(0, 10)}`;
    const dates = node.repeats.slice(0, 10).map((repeat) => repeat.timestamp.slice(0, 10));
    if (node.repeats.length > 10) dates.push(`and ${plural(node.repeats.length - 10, 'more time')}`);
    const earlier = dates.length ? `\n\nAlso asked ${dates.join(', ')} (the latest answer is shown).` : '';
    item.tooltip = new vscode.MarkdownString(
      `**${escape(conversation.query)}**\n\n${conversation.timestamp} · ${conversation.queryCategory ?? 'no category'}${node.triage ? ` · ${node.triage}` : ''}${earlier}\n\n${escape(conversation.response)}`,
    );
    item.iconPath = new vscode.ThemeIcon(node.triage === 'done' ? 'pass' : node.triage === 'dismissed' ? 'circle-slash' : 'question');
    item.contextValue = node.triage ? 'docsmith.gapConversation.triaged' : 'docsmith.gapConversation';
    item.command = { command: 'docsmith.gaps.openConversation', title: 'Open question', arguments: [node] };
    return item;
  }

  /** A cluster: its short label, then open questions and trend; the rest in the tooltip. */
  private clusterItem(node: GroupNode): vscode.TreeItem {
    const cluster = node.cluster!;
    const open = openCount(node);
    // A row fits a sidebar of the default width: the label cut to ROW_LABEL columns, then the count and
    // an arrow for the trend (the whole label and trend are in the tooltip).
    const item = new vscode.TreeItem(rowLabel(oneLine(node.label)), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = node.id;
    const trend = trendText(cluster, this.previous());
    item.description = [String(open), trendArrow(cluster), open === 0 ? 'done' : undefined].filter(Boolean).join(' ');
    const place = cluster.suggestion && placeInFile(cluster.suggestion);
    const where = cluster.suggestion
      ? `Suggested: \`${cluster.suggestion.file}\`${place ? ` at “${escape(place)}”` : ''}`
      : 'No page covers this: draft a new page.';
    const cited = cluster.cited.length
      ? `Cited by the answers: ${cluster.cited.map((page) => `\`${page.file}\` (${page.count})`).join(', ')}`
      : 'The answers cited no local page.';
    const sample = node.conversations.slice(0, 5).map((c) => `- ${escape(c.conversation.query)}`);
    item.tooltip = new vscode.MarkdownString(
      [`**${escape(node.label)}**`, `${questions(open)}${trend ? ` · ${trend}` : ''}`, where, cited, sample.join('\n')].join('\n\n'),
    );
    item.iconPath = new vscode.ThemeIcon(open === 0 ? 'pass' : 'comment-discussion');
    // A suggested operation lives in a spec, where no section can be drafted: its cluster offers no "Draft a Section".
    item.contextValue = cluster.suggestion
      ? cluster.suggestion.operation
        ? 'docsmith.gapCluster.suggestedOperation'
        : 'docsmith.gapCluster.suggested'
      : 'docsmith.gapCluster';
    return item;
  }

  private suggestionItem(node: SuggestionNode): vscode.TreeItem {
    const { suggestion } = node;
    const place = placeInFile(suggestion);
    const item = new vscode.TreeItem(place ?? suggestion.file, vscode.TreeItemCollapsibleState.None);
    item.id = node.id;
    item.description = place ? `suggested · ${suggestion.file}` : 'suggested page';
    item.tooltip = suggestion.operation
      ? `Where the answer belongs: the description of ${suggestion.operation} in ${suggestion.file}`
      : `Where the answer belongs: ${suggestion.file}${suggestion.anchor ? `#${suggestion.anchor}` : ''}`;
    item.iconPath = new vscode.ThemeIcon('lightbulb');
    const root = this.docsRoot();
    if (root) item.resourceUri = vscode.Uri.joinPath(root, suggestion.file);
    item.contextValue = 'docsmith.gapSuggestion';
    item.command = { command: 'docsmith.gaps.openSuggested', title: 'Open suggested page', arguments: [node.parent] };
    return item;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

function questions(count: number): string {
  return plural(count, 'question');
}

/** "+5 vs previous 30 days"; empty when the range before was not fetched. */
function trendText(cluster: ReportCluster, previous: string): string {
  if (!cluster.trend) return '';
  const { change } = cluster.trend;
  return change === 0 ? `same as ${previous}` : `${change > 0 ? '+' : ''}${change} vs ${previous}`;
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]<>#|]/g, '\\$&');
}
