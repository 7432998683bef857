import { fetchAllConversations } from '../../../server/src/analytics';
import { mergeConversations, type CachedExport, type ExportCache } from './exportCache';

/** An incremental sync starts a little before the last one, for conversations recorded late. */
const OVERLAP_MS = 10 * 60_000;

export interface SyncRequest {
  cache: ExportCache;
  baseUrl: string;
  projectId: string;
  apiKey: string;
  /** The earliest time the view needs (the start of the range before the one shown, for trends). */
  since: Date;
  signal: AbortSignal;
  onProgress(fetched: number): void;
  onRetry(reason: string): void;
}

export interface SyncResult {
  export: CachedExport;
  /** Cut short by the export's own cap: shown, never cached (an incremental sync would miss the rest). */
  truncated: boolean;
  fetched: number;
  pages: number;
  incremental: boolean;
}

/**
 * Brings the cached export up to date: from a little before the last sync when the cache already
 * reaches back to `since`, else everything from `since`. The cache is written only when complete.
 */
export async function syncExport(request: SyncRequest): Promise<SyncResult> {
  const { cache, baseUrl, projectId, since } = request;
  const cached = await cache.read(baseUrl, projectId);
  const incremental = !!cached && (cached.from === null || Date.parse(cached.from) <= since.getTime());
  const dateFrom = incremental ? new Date(Date.parse(cached!.syncedAt) - OVERLAP_MS) : since;
  const started = new Date();
  const result = await fetchAllConversations(
    { dateFrom: dateFrom.toISOString() },
    {
      baseUrl,
      projectId,
      apiKey: request.apiKey,
      signal: request.signal,
      onPage: ({ fetched }) => request.onProgress(fetched),
      onRetry: request.onRetry,
    },
  );
  // The cache keeps the earliest start it ever covered.
  const from = incremental ? cached!.from : cached?.from && Date.parse(cached.from) < since.getTime() ? cached.from : since.toISOString();
  const data: CachedExport = {
    version: 1,
    baseUrl,
    projectId,
    from,
    syncedAt: started.toISOString(),
    conversations: mergeConversations(cached?.conversations ?? [], result.conversations),
  };
  if (!result.truncated) await cache.write(data);
  return { export: data, truncated: result.truncated, fetched: result.fetched, pages: result.pages, incremental };
}
