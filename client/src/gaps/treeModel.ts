// The gaps tree as data (no vscode import): what the view shows, built from a gap report.
import type { GapReport, ReportConversation, ReportSource } from '../../../server/src/analytics/gapReport';
import { withoutQueryOrFragment } from '../../../server/src/common/text';

export type TriageState = 'done' | 'dismissed';
export type GroupBy = 'page' | 'category';

export interface ConversationNode {
  kind: 'conversation';
  id: string;
  conversation: ReportConversation;
  parent: GroupNode;
  sources: SourceNode[];
}

export interface SourceNode {
  kind: 'source';
  id: string;
  source: ReportSource;
  parent: ConversationNode;
}

export interface GroupNode {
  kind: 'page' | 'uncited' | 'category';
  id: string;
  label: string;
  /** The local page (relative to the docs root) of a page group, null when no local file matches. */
  file: string | null;
  url?: string;
  conversations: ConversationNode[];
}

export type GapNode = GroupNode | ConversationNode | SourceNode;

/**
 * Groups the unanswered conversations that are not triaged: by cited page (most cited first, then
 * "No source cited"), or by query category. Conversations are newest first.
 */
export function buildGapTree(report: GapReport, triage: ReadonlyMap<string, TriageState>, groupBy: GroupBy): GroupNode[] {
  const open = report.conversations
    .filter((conversation) => !triage.has(conversation.id))
    .sort((a, b) => (a.timestamp < b.timestamp ? 1 : -1));
  const groups = new Map<string, GroupNode>();
  const group = (key: string, make: () => Omit<GroupNode, 'conversations' | 'id'>) => {
    let node = groups.get(key);
    if (!node) groups.set(key, (node = { ...make(), id: key, conversations: [] }));
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
    for (const target of targets) {
      const node: ConversationNode = {
        kind: 'conversation',
        id: `${target.id}/${conversation.id}`,
        conversation,
        parent: target,
        sources: [],
      };
      node.sources = conversation.sources.map((source, index) => ({ kind: 'source', id: `${node.id}/${index}`, source, parent: node }));
      target.conversations.push(node);
    }
  }
  const rank = (node: GroupNode) => (node.kind === 'uncited' ? 1 : 0);
  return [...groups.values()].sort(
    (a, b) => rank(a) - rank(b) || b.conversations.length - a.conversations.length || a.label.localeCompare(b.label),
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
