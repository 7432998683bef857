import { ErrorCodes, LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { decodeVector, readCorrections } from '../analytics';
import type { SiteClusterer } from '../gapWorker/siteClusterer';
import { CancelledError } from '../service';
import type { GapClustersParams, GapClustersResult, GapSite } from './protocol';

export type Start = (docsJson: string | undefined, onFallback: (reason: string) => void) => SiteClusterer;

interface Indexed {
  siteVersion: number;
  clusterer: SiteClusterer;
  /** Why the worker did not answer, once it did not: its clusters are then computed on the main thread. */
  fallback?: string;
  /** Requests under way; the index is let go only when there are none. */
  busy: number;
  idle?: ReturnType<typeof setTimeout>;
}

/**
 * A site's worker and index are let go after this long without a request: on a 25,000-page site they
 * hold about 0.8 GB, for a view an author opens now and then. The next request indexes again.
 */
export const IDLE_MS = 5 * 60_000;
/**
 * Sites indexed at once at most: each is a worker thread and its index. A new site lets the least
 * recently used idle one go; when all are busy, it is refused (200 distinct uris started 207 threads).
 */
export const MAX_SITES = 2;

/**
 * The server's side of the Docs Gaps view's clusters: one site clusterer (a worker thread holding the
 * site's page index) per docs.json, kept while the client's count of changes to the site is the same,
 * so a second clustering (another range, another threshold) does not index again. A request cancelled
 * while it runs terminates the worker, which starts indexing again at once (the view asks again after
 * what cancelled it). A clusterer no request has used for `idleMs` is closed ({@link IDLE_MS}).
 */
export class GapClusterers {
  private readonly sites = new Map<string, Indexed>();

  constructor(
    private readonly log: (line: string) => void,
    /** Starts a site's clusterer: a worker thread under node (gapWorker/siteClusterer.ts), the server's own thread in the browser (threadClusterer.ts). */
    private readonly start: Start,
    private readonly idleMs = IDLE_MS,
    /** Whether a uri names a docs.json the server serves (inside the workspace); others are refused. */
    private readonly accepts: (uri: string | null) => boolean = () => true,
  ) {}

  /** Starts indexing the site at this version, unless it is (a notification: nothing is answered, a malformed one is ignored). */
  warm(site: GapSite): void {
    if (!isGapSite(site) || !this.accepts(site.uri)) return;
    const indexed = this.prepare(site);
    if (!indexed) return;
    if (indexed.busy === 0) this.idleFrom(site.uri ?? '', indexed);
  }

  /** The site's clusterer at this version, started (its index under way) if it was not. */
  private prepare({ uri, siteVersion }: GapSite): Indexed | undefined {
    const key = uri ?? '';
    const known = this.sites.get(key);
    if (known?.siteVersion === siteVersion) {
      // Most recently used last: the first idle site is the one to let go.
      this.sites.delete(key);
      this.sites.set(key, known);
      return known;
    }
    if (known) this.release(key, known);
    while (this.sites.size >= MAX_SITES) {
      const idle = [...this.sites].find(([, site]) => site.busy === 0);
      if (!idle) return undefined;
      this.release(idle[0], idle[1]);
    }
    const indexed: Indexed = { siteVersion, clusterer: undefined!, busy: 0 };
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
    const corrections = params.corrections && readCorrections(params.corrections);
    const embeddings = params.embeddings && decodeEmbeddings(params.embeddings);
    const key = params.uri ?? '';
    if (!this.accepts(params.uri))
      throw new ResponseError(ErrorCodes.InvalidParams, 'docsmith/gapClusters: the uri is no docs.json of the workspace.');
    const indexed = this.prepare(params);
    if (!indexed)
      throw new ResponseError(
        LSPErrorCodes.RequestFailed,
        `docsmith/gapClusters: ${MAX_SITES} sites are being clustered; try again when one is done.`,
      );
    indexed.busy++;
    clearTimeout(indexed.idle);
    const controller = new AbortController();
    const listener = token.onCancellationRequested(() => controller.abort());
    try {
      if (token.isCancellationRequested) throw new CancelledError();
      const clusters = await indexed.clusterer.cluster(questions, { previous, threshold, corrections, embeddings }, controller.signal);
      return indexed.fallback === undefined ? { clusters } : { clusters, fallback: indexed.fallback };
    } catch (error) {
      // Cancelled, or the site changed under it (its clusterer closed): the client asks again.
      if (controller.signal.aborted || this.sites.get(key) !== indexed) throw new CancelledError();
      throw error;
    } finally {
      listener.dispose();
      if (--indexed.busy === 0 && this.sites.get(key) === indexed) this.idleFrom(key, indexed);
    }
  }

  dispose(): void {
    for (const [key, indexed] of this.sites) this.release(key, indexed);
  }

  /** Lets the site's index go after `idleMs` unless a request comes first (which clears the timer). */
  private idleFrom(key: string, indexed: Indexed): void {
    clearTimeout(indexed.idle);
    indexed.idle = setTimeout(() => {
      this.log(
        `docsmith: the gap index of ${key || 'no site'} is let go after ${Math.round(this.idleMs / 1000)} s unused; the next clustering indexes again`,
      );
      this.release(key, indexed);
    }, this.idleMs);
    // A timer must not keep the server alive once the client has gone.
    indexed.idle.unref?.();
  }

  private release(key: string, indexed: Indexed): void {
    clearTimeout(indexed.idle);
    indexed.clusterer.close();
    if (this.sites.get(key) === indexed) this.sites.delete(key);
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

/** The embeddings a request carries, decoded; undefined when any is malformed (the words alone then cluster). */
function decodeEmbeddings(embeddings: { texts: unknown; vectors: unknown }): Map<string, Float32Array> | undefined {
  const { texts, vectors } = embeddings;
  if (!Array.isArray(texts) || !Array.isArray(vectors) || texts.length !== vectors.length) return undefined;
  const map = new Map<string, Float32Array>();
  for (let i = 0; i < texts.length; i++) {
    const vector = typeof vectors[i] === 'string' ? decodeVector(vectors[i]) : undefined;
    if (typeof texts[i] !== 'string' || !vector) return undefined;
    map.set(texts[i], vector);
  }
  return map;
}

function isGapSite(site: GapSite | undefined): boolean {
  return (site?.uri === null || text(site?.uri)) && typeof site?.siteVersion === 'number';
}

function text(value: unknown): boolean {
  return typeof value === 'string';
}
