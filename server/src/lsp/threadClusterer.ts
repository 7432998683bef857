import { clusterGaps, createPageRanker, type PageRanker } from '../analytics';
import { NOT_CANCELLED, type DocsLanguageService } from '../service';
import type { Start } from './gapClusterers';

/**
 * A site's gap clusterer on the server's own thread, with its pages indexed by the server's service
 * (which has read them already, through the same files): the browser build's, where no worker thread
 * can start. A cancelled request stops before its clustering, not inside it.
 */
export function threadClusterer(service: DocsLanguageService): Start {
  return (docsJson) => {
    const ranker: Promise<PageRanker> = (async () =>
      createPageRanker((docsJson && (await service.getPageIndex(docsJson, NOT_CANCELLED))?.pages) || []))();
    ranker.catch(() => undefined); // awaited when the questions come
    return {
      async cluster(questions, options, signal) {
        signal?.throwIfAborted();
        const ready = await ranker;
        signal?.throwIfAborted();
        return clusterGaps(questions, { ...options, ranker: ready });
      },
      close() {},
    };
  };
}
