import { clusterGaps } from '../analytics';
import type { DocsLanguageService } from '../service';
import { rankerOf, type SiteClusterer } from './clusterer';

/**
 * A site's gap clusterer on the server's own thread, with its pages indexed by the server's service
 * (which has read them already, through the same files): the browser build's, where no worker thread
 * can start. A cancelled request stops before its clustering, not inside it.
 */
export function threadClusterer(service: DocsLanguageService): (docsJson: string | undefined) => SiteClusterer {
  return (docsJson) => {
    const ranker = rankerOf(docsJson, service);
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
