import type { ClusterOptions, GapCluster, GapQuestion } from '../analytics/gaps/gapClusters';
import type { IndexedPage } from '../service';

/** What the gap worker is asked: the clusters of these questions, with suggestions among these pages. */
export interface WorkerRequest {
  questions: readonly GapQuestion[];
  pages: readonly IndexedPage[];
  options: Omit<ClusterOptions, 'ranker'>;
}

export type WorkerReply = { kind: 'clustered'; clusters: GapCluster[] } | { kind: 'failed'; message: string };
