import type { GapReport } from '../../../server/src/analytics/gapReport';
import type { ReportCluster } from '../../../server/src/analytics/gaps/reportClusters';
import type { Conversation } from '../../../server/src/analytics/types';
import { clusterReportInWorker } from '../../../server/src/gapWorker/clusterInWorker';
import type { PageIndex } from '../../../server/src/service';
import type { CachedExport } from './exportCache';

/**
 * What the clusters depend on: the export, the range chosen (not its bounds, which move with the
 * clock), the pages, and the similarity chosen (undefined for the default).
 */
export interface ClusterKey {
  export: CachedExport;
  range: string;
  pages: PageIndex | undefined;
  threshold: number | undefined;
}

/**
 * The Docs Gaps view's clusters: computed in a worker thread (10,000 questions take about 2 s, which
 * would hold up every other extension), and kept while their key is the same, so triage and grouping
 * changes do not cluster again.
 */
export class ViewClusters {
  /** Where the last clusters were computed: in the worker, or here when it could not start. */
  clusteredIn: 'worker' | 'extension host' | undefined;
  private memo: (ClusterKey & { clusters: ReportCluster[] }) | undefined;
  /** Stops the clustering under way, if any. */
  private running: AbortController | undefined;

  /**
   * @param log a line for the output
   * @param showing shows the view busy while a clustering runs (the view's progress bar)
   */
  constructor(
    private readonly log: (line: string) => void,
    private readonly showing: <T>(work: Promise<T>) => PromiseLike<T>,
  ) {}

  async of(
    key: ClusterKey,
    report: Pick<GapReport, 'conversations'>,
    previous: () => readonly Pick<Conversation, 'query'>[] | undefined,
  ): Promise<ReportCluster[]> {
    const memo = this.memo;
    if (memo && memo.export === key.export && memo.range === key.range && memo.pages === key.pages && memo.threshold === key.threshold)
      return memo.clusters;
    let where: ViewClusters['clusteredIn'] = 'worker';
    const running = (this.running = new AbortController());
    try {
      const clusters = await this.showing(
        clusterReportInWorker(report, key.pages?.pages ?? [], {
          previous: previous(),
          threshold: key.threshold,
          onFallback: (reason) => {
            where = 'extension host';
            this.log(`[gaps] The clustering worker did not run (${reason}); clustering here instead.`);
          },
          signal: running.signal,
        }),
      );
      this.clusteredIn = where;
      this.memo = { ...key, clusters };
      return clusters;
    } finally {
      if (this.running === running) this.running = undefined;
    }
  }

  /**
   * Stops the clustering under way (its worker is terminated and `of` rejects with an AbortError):
   * what it clusters is out of date (another range, a new export) or no longer shown. Nothing
   * happens when none runs.
   */
  supersede(): void {
    this.running?.abort(new DOMException('a newer view of the gaps replaced this clustering', 'AbortError'));
  }
}
