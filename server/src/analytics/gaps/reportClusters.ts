import type { IndexedPage } from '../../service';
import type { GapReport } from '../gapReport';
import { clusterGapsAmong, type ClusterOptions, type GapCluster, type GapQuestion } from './gapClusters';

/** A cluster as the gap report carries it (`docsmith gaps --format json`, the Docs Gaps view). */
export interface ReportCluster extends GapCluster {
  size: number;
}

/** How a report is clustered: the questions of the range before (for trends), and how alike a cluster's questions must be. */
export type ReportClusterOptions = Omit<ClusterOptions, 'ranker'>;

/**
 * The clusters of a report's unanswered conversations, each with where its answer belongs among
 * `pages` and, given the unanswered conversations of the range before, its trend.
 */
export function clusterReport(
  report: Pick<GapReport, 'conversations'>,
  pages: readonly IndexedPage[],
  options: ReportClusterOptions = {},
): ReportCluster[] {
  return toReportClusters(clusterGapsAmong(gapQuestions(report), pages, options));
}

/** What clustering reads of a report's conversations. */
export function gapQuestions(report: Pick<GapReport, 'conversations'>): GapQuestion[] {
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
    suggestion: cluster.suggestion,
    cited: cluster.cited,
    trend: cluster.trend,
  }));
}
