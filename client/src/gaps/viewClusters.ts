import type { GapCluster, GapQuestion } from '../../../server/src/lsp/protocol';
import type { GapReport } from '../../../server/src/analytics';
import { gapQuestions, toReportClusters, type ReportCluster } from '../../../server/src/analytics';
import type { Conversation } from '../../../server/src/analytics';
import type { ClusterCorrections } from '../../../server/src/analytics';
import type { CachedExport } from './exportCache';

/**
 * What the clusters depend on: the export, the range chosen (not its bounds, which move with the
 * clock), the site (its root and its count of changes), and the similarity chosen (undefined for the default).
 */
export interface ClusterKey {
  export: CachedExport;
  range: string;
  site: string;
  threshold: number | undefined;
  /** The author's corrections (`.docsmith/gaps.json`). */
  corrections: ClusterCorrections;
  /** The embeddings model in use, if any ('' for none). */
  embeddings: string;
}

export interface ClusterRequestOptions {
  previous?: { query: string }[];
  threshold?: number;
  corrections?: ClusterCorrections;
  /** The questions' embeddings from the user's model (see GapEmbeddings). */
  embeddings?: { texts: string[]; vectors: string[] };
}

/** Clusters questions where it does not hold up the extension host (the language server's worker thread); an abort rejects at once. */
export type Clusterer = (
  questions: GapQuestion[],
  options: ClusterRequestOptions,
  signal: AbortSignal,
) => Promise<{ clusters: GapCluster[]; fallback?: string }>;

/**
 * The Docs Gaps view's clusters: computed by the language server in a worker thread (10,000 questions
 * take about 2 s, a big site's index seconds more), and kept while their key is the same, so triage
 * and grouping changes do not cluster again.
 */
export class ViewClusters {
  /** Where the last clusters were computed: in the server's worker thread, or on its main thread when the worker could not run. */
  clusteredIn: 'worker' | 'language server' | undefined;
  private memo: (ClusterKey & { clusters: ReportCluster[] }) | undefined;
  /** Stops the clustering under way, if any. */
  private running: AbortController | undefined;
  /** The last reason told for clustering without the worker (told once until it changes). */
  private toldFallback: string | undefined;

  /**
   * @param cluster computes the clusters
   * @param log a line for the output
   * @param showing shows the view busy while a clustering runs (the view's progress bar)
   */
  constructor(
    private readonly cluster: Clusterer,
    private readonly log: (line: string) => void,
    private readonly showing: <T>(work: Promise<T>) => PromiseLike<T>,
  ) {}

  async of(
    key: ClusterKey,
    report: Pick<GapReport, 'conversations'>,
    previous: () => readonly Pick<Conversation, 'query'>[] | undefined,
  ): Promise<ReportCluster[]> {
    const memo = this.memo;
    if (
      memo &&
      memo.export === key.export &&
      memo.range === key.range &&
      memo.site === key.site &&
      memo.threshold === key.threshold &&
      memo.embeddings === key.embeddings &&
      JSON.stringify(memo.corrections) === JSON.stringify(key.corrections)
    )
      return memo.clusters;
    // One clustering at a time: a newer one makes the one under way stale.
    this.supersede();
    const running = (this.running = new AbortController());
    try {
      const previousQuestions = previous()?.map(({ query }) => ({ query }));
      const { clusters, fallback } = await this.showing(
        this.cluster(
          gapQuestions(report),
          { previous: previousQuestions, threshold: key.threshold, corrections: key.corrections },
          running.signal,
        ),
      );
      if (fallback !== undefined && fallback !== this.toldFallback)
        this.log(`[gaps] The clustering worker did not run (${fallback}); the language server clusters on its main thread instead.`);
      this.toldFallback = fallback;
      this.clusteredIn = fallback === undefined ? 'worker' : 'language server';
      const kept = toReportClusters(clusters);
      this.memo = { ...key, clusters: kept };
      return kept;
    } finally {
      if (this.running === running) this.running = undefined;
    }
  }

  /**
   * Stops the clustering under way (the server terminates its worker and `of` rejects with an AbortError):
   * what it clusters is out of date (another range, a new export) or no longer shown. Nothing
   * happens when none runs.
   */
  supersede(): void {
    this.running?.abort(new DOMException('a newer view of the gaps replaced this clustering', 'AbortError'));
  }
}
