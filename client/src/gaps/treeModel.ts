// The gaps tree as data (no vscode import): what the view shows, built from a gap report.
import type { GapReport, ReportConversation, ReportSource } from '../../../server/src/analytics';
import type { PageSuggestion } from '../../../server/src/lsp/protocol';
import { byMostAsked, cutToWidth, labelWidth, mostAsked } from '../../../server/src/analytics';
import type { ReportCluster } from '../../../server/src/analytics';
import { groupBy } from '../../../server/src/common/arrays';
import { withoutQueryOrFragment } from '../../../server/src/common/text';

export type TriageState = 'done' | 'dismissed';
export type GroupBy = 'cluster' | 'page' | 'category';

/**
 * A question of a group: its latest conversation, with the others of the group that asked the same
 * question word for word (`repeats`, newest first); its sources are theirs, each once.
 */
export interface ConversationNode {
  kind: 'conversation';
  id: string;
  conversation: ReportConversation;
  /** The group's other conversations with the same question (and the same triage), newest first. */
  repeats: ReportConversation[];
  parent: GroupNode;
  sources: SourceNode[];
  /** Set when the question was marked done or dismissed (shown only with "show done"). */
  triage?: TriageState;
}

/** Where a cluster's answer belongs: the first child of a cluster with a suggestion. */
export interface SuggestionNode {
  kind: 'suggestion';
  id: string;
  suggestion: PageSuggestion;
  parent: GroupNode;
}

export interface SourceNode {
  kind: 'source';
  id: string;
  source: ReportSource;
  parent: ConversationNode;
}

export interface GroupNode {
  kind: 'cluster' | 'page' | 'uncited' | 'category';
  id: string;
  label: string;
  /** The local page (relative to the docs root) of a page group, null when no local file matches. */
  file: string | null;
  url?: string;
  conversations: ConversationNode[];
  /** A cluster group's cluster (its trend, suggestion and cited pages). */
  cluster?: ReportCluster;
  /** A cluster group's suggested page, shown above its questions. */
  suggestion?: SuggestionNode;
}

export type GapNode = GroupNode | ConversationNode | SourceNode | SuggestionNode;

export interface TreeOptions {
  /** The report's clusters: needed to group by cluster. */
  clusters?: readonly ReportCluster[];
  /** Triaged questions are listed too, marked, instead of left out. */
  showDone?: boolean;
}

/**
 * Groups the unanswered conversations that are not triaged (all of them with `showDone`): by cluster
 * of the same need (most open questions first), by cited page (most cited first, then "No source
 * cited"), or by query category. Conversations are newest first.
 */
export function buildGapTree(
  report: GapReport,
  triage: ReadonlyMap<string, TriageState>,
  groupBy: GroupBy,
  options: TreeOptions = {},
): GroupNode[] {
  const open = report.conversations
    .filter((conversation) => options.showDone || !triage.has(conversation.id))
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : -1));
  if (groupBy === 'cluster') return clusterTree(open, triage, options.clusters ?? []);
  const groups = new Map<string, GroupNode>();
  const members = new Map<GroupNode, ReportConversation[]>();
  const group = (key: string, make: () => Omit<GroupNode, 'conversations' | 'id'>) => {
    let node = groups.get(key);
    if (!node) {
      groups.set(key, (node = { ...make(), id: key, conversations: [] }));
      members.set(node, []);
    }
    return node;
  };
  for (const conversation of open) {
    const targets: GroupNode[] = [];
    if (groupBy === 'category') {
      const category = conversation.queryCategory ?? 'No category';
      targets.push(group(`category:${category}`, () => ({ kind: 'category', label: category, file: null })));
    } else if (conversation.sources.length === 0) {
      targets.push(group('uncited', () => ({ kind: 'uncited', label: 'No source cited', file: null })));
    } else {
      for (const source of conversation.sources) {
        const url = withoutQueryOrFragment(source.url);
        const key = `page:${source.file ?? url}`;
        const node = group(key, () => ({ kind: 'page', label: source.file ?? url, file: source.file, url }));
        if (!targets.includes(node)) targets.push(node);
      }
    }
    for (const target of targets) members.get(target)!.push(conversation);
  }
  for (const [node, conversations] of members) node.conversations = questionNodes(node, conversations, triage);
  const rank = (node: GroupNode) => (node.kind === 'uncited' ? 1 : 0);
  return [...groups.values()].sort((a, b) => rank(a) - rank(b) || openCount(b) - openCount(a) || a.label.localeCompare(b.label));
}

/**
 * One node per question of a group (conversations newest first): a question asked again word for word,
 * with the same triage, is one node, the most asked first.
 */
function questionNodes(
  parent: GroupNode,
  conversations: ReportConversation[],
  triage: ReadonlyMap<string, TriageState>,
): ConversationNode[] {
  // Copies triaged apart stay apart.
  const lists = triage.size ? groupBy(conversations, (conversation) => triage.get(conversation.id)) : [conversations];
  const asked = lists.flatMap((list) => mostAsked(list));
  if (lists.length > 1) asked.sort(byMostAsked);
  return asked.map(({ copies }) => conversationNode(parent, copies, triage));
}

/** `copies`: the conversations of one question, newest first. */
function conversationNode(parent: GroupNode, copies: ReportConversation[], triage: ReadonlyMap<string, TriageState>): ConversationNode {
  const conversation = copies[0];
  const repeats = copies.slice(1);
  const node: ConversationNode = {
    kind: 'conversation',
    id: `${parent.id}/${conversation.id}`,
    conversation,
    repeats,
    parent,
    sources: [],
  };
  const state = triage.get(conversation.id);
  if (state) node.triage = state;
  const seen = new Set<string>();
  const sources = !repeats.length
    ? conversation.sources
    : copies
        .flatMap((copy) => copy.sources)
        .filter((source) => {
          const key = source.file ? `${source.file}#${source.anchor ?? ''}` : source.url;
          return !seen.has(key) && !!seen.add(key);
        });
  node.sources = sources.map((source, index) => ({ kind: 'source', id: `${node.id}/${index}`, source, parent: node }));
  return node;
}

/** The conversations a question node stands for: its latest and its repeats. */
export function conversationsOf(node: ConversationNode): ReportConversation[] {
  return [node.conversation, ...node.repeats];
}

/** The conversations of a group (each repeat of a question counted). */
export function conversationCount(group: GroupNode): number {
  return group.conversations.reduce((count, node) => count + 1 + node.repeats.length, 0);
}

/** The conversations of a group that are not triaged (each repeat of a question counted). */
export function openCount(group: GroupNode): number {
  return group.conversations.reduce((count, node) => count + (node.triage ? 0 : 1 + node.repeats.length), 0);
}

/** One group per cluster that has a question to show, most open questions first; its suggestion above its questions. */
function clusterTree(
  shown: ReportConversation[],
  triage: ReadonlyMap<string, TriageState>,
  clusters: readonly ReportCluster[],
): GroupNode[] {
  // Each cluster's shown conversations, newest first as `shown` is, in one pass.
  const clusterOf = new Map(clusters.flatMap((cluster, index) => cluster.conversationIds.map((id) => [id, index] as const)));
  const members = clusters.map((): ReportConversation[] => []);
  for (const conversation of shown) {
    const index = clusterOf.get(conversation.id);
    if (index !== undefined) members[index].push(conversation);
  }
  const groups: GroupNode[] = [];
  for (const [index, cluster] of clusters.entries()) {
    const group: GroupNode = {
      kind: 'cluster',
      id: `cluster:${cluster.id}`,
      label: cluster.label,
      file: cluster.suggestion?.file ?? null,
      conversations: [],
      cluster,
    };
    group.conversations = questionNodes(group, members[index], triage);
    if (!group.conversations.length) continue;
    if (cluster.suggestion)
      group.suggestion = { kind: 'suggestion', id: `${group.id}/suggestion`, suggestion: cluster.suggestion, parent: group };
    groups.push(group);
  }
  return groups.sort(
    (a, b) => openCount(b) - openCount(a) || conversationCount(b) - conversationCount(a) || a.label.localeCompare(b.label),
  );
}

/** The page groups of a tree by local file (relative path → its group: count and conversations), for CodeLens. */
export function citationsByFile(tree: GroupNode[]): Map<string, GroupNode> {
  return new Map(tree.filter((node) => node.kind === 'page' && node.file).map((node) => [node.file!, node]));
}

/** The conversations whose time falls in [from, to): filtered before a report is built of them. */
export function inRange<T extends { timestamp: string }>(conversations: readonly T[], from: Date | undefined, to: Date | undefined): T[] {
  const start = from?.getTime() ?? -Infinity;
  const end = to?.getTime() ?? Infinity;
  return conversations.filter((conversation) => {
    const time = Date.parse(conversation.timestamp);
    return time >= start && time < end;
  });
}

/**
 * Columns a cluster's label takes in its row at most: with its count and trend (`12 ↑3`), the row fits
 * the Explorer at its default width (about 40 columns beside the tree's indent and icon).
 */
export const ROW_LABEL = 30;

/** A label cut at a word to {@link ROW_LABEL} columns, with "…". */
export function rowLabel(label: string): string {
  return labelWidth(label) <= ROW_LABEL ? label : cutToWidth(label, ROW_LABEL);
}

/** `↑5`, `↓2` or `=` beside the count; empty when the range before was not fetched. */
export function trendArrow(cluster: Pick<ReportCluster, 'trend'>): string {
  if (!cluster.trend) return '';
  const { change } = cluster.trend;
  return change === 0 ? '=' : `${change > 0 ? '↑' : '↓'}${Math.abs(change)}`;
}
