import type { GapCluster, GapQuestion } from './gapClusters';
import { shownSuggestion } from './suggestionConfidence';

/** A cluster as the gap report carries it (`docsmith gaps --format json`, the Docs Gaps view). */
export interface ReportCluster extends GapCluster {
  size: number;
}

/** What clustering reads of a report's conversations. */
export function gapQuestions(report: { conversations: readonly GapQuestion[] }): GapQuestion[] {
  return report.conversations.map((conversation) => ({
    id: conversation.id,
    query: conversation.query,
    timestamp: conversation.timestamp,
    sources: conversation.sources.map((source) => ({ file: source.file })),
  }));
}

export function toReportClusters(clusters: readonly GapCluster[]): ReportCluster[] {
  return clusters.map((cluster) => ({
    id: cluster.id,
    label: cluster.label,
    size: cluster.conversationIds.length,
    conversationIds: cluster.conversationIds,
    // Shown only when it is good enough to be right most of the time; else the cluster says no page covers it.
    suggestion: shownSuggestion(cluster.suggestion ?? undefined),
    cited: cluster.cited,
    trend: cluster.trend,
  }));
}
