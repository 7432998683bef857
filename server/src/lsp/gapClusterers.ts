import { ErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { startSiteClusterer, type SiteClusterer } from '../gapWorker/siteClusterer';
import { CancelledError } from '../service';
import type { GapClustersParams, GapClustersResult, GapSite } from './protocol';

type Start = (docsJson: string | undefined, onFallback: (reason: string) => void) => SiteClusterer;

interface Indexed {
  siteVersion: number;
  clusterer: SiteClusterer;
  /** Why the worker did not answer, once it did not: its clusters are then computed on the main thread. */
  fallback?: string;
}

/**
 * The server's side of the Docs Gaps view's clusters: one site clusterer (a worker thread holding the
 * site's page index) per docs.json, kept while the client's count of changes to the site is the same,
 * so a second clustering (another range, another threshold) does not index again. A request cancelled
 * while it runs terminates the worker, which starts indexing again at once (the view asks again after
 * what cancelled it).
 */
export class GapClusterers {
  private readonly sites = new Map<string, Indexed>();

  constructor(
    private readonly log: (line: string) => void,
    private readonly start: Start = startSiteClusterer,
  ) {}

  /** Starts indexing the site at this version, unless it is (a notification: nothing is answered, a malformed one is ignored). */
  warm(site: GapSite): void {
    if (isGapSite(site)) this.prepare(site);
  }

  /** The site's clusterer at this version, started (its index under way) if it was not. */
  private prepare({ uri, siteVersion }: GapSite): Indexed {
    const key = uri ?? '';
    const known = this.sites.get(key);
    if (known?.siteVersion === siteVersion) return known;
    known?.clusterer.close();
    const indexed: Indexed = { siteVersion, clusterer: undefined! };
    indexed.clusterer = this.start(uri ?? undefined, (reason) => {
      indexed.fallback = reason;
      this.log(`docsmith: the gap clusters are computed on the server's main thread: ${reason}`);
    });
    this.sites.set(key, indexed);
    return indexed;
  }

  async cluster(params: GapClustersParams, token: CancellationToken): Promise<GapClustersResult> {
    if (!wellFormed(params)) throw new ResponseError(ErrorCodes.InvalidParams, 'docsmith/gapClusters: malformed questions.');
    const { questions, previous, threshold } = params;
    const indexed = this.prepare(params);
    const controller = new AbortController();
    const listener = token.onCancellationRequested(() => controller.abort());
    try {
      if (token.isCancellationRequested) throw new CancelledError();
      const clusters = await indexed.clusterer.cluster(questions, { previous, threshold }, controller.signal);
      return indexed.fallback === undefined ? { clusters } : { clusters, fallback: indexed.fallback };
    } catch (error) {
      // Cancelled, or the site changed under it (its clusterer closed): the client asks again.
      if (controller.signal.aborted || this.sites.get(params.uri ?? '') !== indexed) throw new CancelledError();
      throw error;
    } finally {
      listener.dispose();
    }
  }

  dispose(): void {
    for (const { clusterer } of this.sites.values()) clusterer.close();
    this.sites.clear();
  }
}

/** What the worker can cluster: a malformed request is refused here, not failed there (which would cost the worker). */
function wellFormed(params: GapClustersParams): boolean {
  const { questions, previous, threshold } = params;
  return (
    isGapSite(params) &&
    Array.isArray(questions) &&
    questions.every(
      (question) =>
        text(question?.id) &&
        text(question.query) &&
        text(question.timestamp) &&
        Array.isArray(question.sources) &&
        question.sources.every((source) => source?.file === null || text(source?.file)),
    ) &&
    (previous === undefined || (Array.isArray(previous) && previous.every((question) => text(question?.query)))) &&
    (threshold === undefined || (typeof threshold === 'number' && Number.isFinite(threshold)))
  );
}

function isGapSite(site: GapSite | undefined): boolean {
  return (site?.uri === null || text(site?.uri)) && typeof site?.siteVersion === 'number';
}

function text(value: unknown): boolean {
  return typeof value === 'string';
}
