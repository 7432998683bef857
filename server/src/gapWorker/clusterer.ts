/**
 * What a site's gap clusterer is, wherever it runs: in a worker thread (siteClusterer.ts, under node)
 * or on the server's thread (threadClusterer.ts, the browser build); and the ranker of a site's pages
 * both build their suggestions from.
 */
import { createPageRanker, type ClusterOptions, type GapCluster, type GapQuestion, type PageRanker } from '../analytics';
import { NOT_CANCELLED, type DocsLanguageService } from '../service';

export type Options = Omit<ClusterOptions, 'ranker'>;

export interface SiteClusterer {
  /**
   * The clusters of these questions, with suggestions among the site's pages. Requests are answered
   * one after the other. An abort rejects with the signal's reason; when the request was under way it
   * terminates the worker at once, and a new one indexes the site again for the requests after it.
   */
  cluster(questions: readonly GapQuestion[], options: Options, signal?: AbortSignal): Promise<GapCluster[]>;
  /** Stops the worker (at once, even while it indexes); a request under way or asked later rejects. */
  close(): void;
}

/** The ranker of the pages of `docsJson`'s site, indexed by `service` (none: no pages, and no suggestions). */
export async function rankerOf(docsJson: string | undefined, service: DocsLanguageService): Promise<PageRanker> {
  return createPageRanker((docsJson && (await service.getPageIndex(docsJson, NOT_CANCELLED))?.pages) || []);
}
