import { resolve } from 'node:path';
import {
  buildGapReport,
  type Conversation,
  createUrlMapper,
  embeddingsDestination,
  ExportApiError,
  fetchAllConversations,
  fetchEmbeddings,
  gapQuestions,
  isUnanswered,
  type MappableSite,
  mayBeUnanswered,
  previousRange,
  toReportClusters,
} from '../analytics';
import { FsWorkspace } from '../fsWorkspace';
import { createLanguageService, NOT_CANCELLED, pathToUri, uriToPath, type DocsLanguageService } from '../service';
import { UsageError } from './config';
import { startSiteClusterer, type SiteClusterer } from '../gapWorker/siteClusterer';
import { formatGapsCsv } from './gapFormats/csv';
import { loadCorrections } from './gapCorrectionsFile';
import { EmbeddingsCacheFile } from './embeddingsCacheFile';
import { jsonChunks, withNewline } from './jsonChunks';
import { formatGapsMarkdown } from './gapFormats/markdown';
import { formatGapsText } from './gapFormats/text';

import type { GapFormat } from './gapOptions';
import { plural } from '../common/plural';

export interface GapsOptions {
  project: string;
  baseUrl: string;
  from?: string;
  to?: string;
  docs: string;
  siteUrl?: string;
  format: GapFormat;
  /** The export stops after this many conversations (and the report says it is incomplete). */
  maxConversations?: number;
  /** How alike questions must be to share a cluster (the clustering's threshold; its default when absent). */
  clusterSimilarity?: number;
  apiKey: string | undefined;
  /** An OpenAI-compatible embeddings API and model, to group by meaning too (opt-in). */
  embeddingsUrl?: string;
  embeddingsModel?: string;
  /** Its key, from DOCSMITH_EMBEDDINGS_KEY. */
  embeddingsKey?: string;
  /** Where the vectors are kept between runs. */
  embeddingsCache?: string;
  progress?: (message: string) => void;
  /** What the user should know, not a warning (where the questions are sent). */
  notice?: (message: string) => void;
  warn: (message: string) => void;
  signal?: AbortSignal;
}

/**
 * `docsmith gaps`: every page of the export, the unanswered conversations, mapped to local pages. The
 * output comes in pieces, to be written one after the other (JSON of a big export is never one string).
 */
export async function runGaps(options: GapsOptions): Promise<Iterable<string>> {
  if (!options.apiKey)
    throw new UsageError(
      'set the admin API key in the environment variable DOCSMITH_API_KEY (it is never read from a flag, so it stays out of shell history and process lists).',
    );
  if (!options.project.trim()) throw new UsageError('--project is required.');
  if (options.embeddingsUrl && !options.embeddingsModel?.trim())
    throw new UsageError('--embeddings-url needs --embeddings-model (the model the server runs, such as nomic-embed-text).');
  const apiKey = options.apiKey;
  // Every format has the clusters (CSV as a column, to sort a spreadsheet by need).
  const clustered = true;
  // The site is read while the export downloads, and its pages indexed for the suggestions (a big
  // site's on another core): on a big site and a slow link, neither waits for the other.
  const loading = loadSite(options.docs, options.warn);
  const clusterer = clustered
    ? loading.then(({ site, docsJson, service }) =>
        startSiteClusterer(docsJson, (reason) => options.warn(`the clusters were computed without a worker thread (${reason}).`), {
          inWorker: site.pages.length >= WORKER_MIN_PAGES,
          service,
        }),
      )
    : undefined;
  // Both are awaited below; a failed export must not leave them unhandled.
  loading.catch(() => undefined);
  clusterer?.catch(() => undefined);
  try {
    return await gapsOutput(options, apiKey, loading, clusterer);
  } finally {
    void clusterer?.then(
      (started) => started.close(),
      () => undefined,
    );
  }
}

/**
 * A site with this many pages is indexed in a worker thread while the export downloads; a smaller one
 * on the main thread, between the export's network waits. Over a 200 ms link, a 2,000-page site takes
 * as long either way, a 25,000-page one 13 s on the main thread and 10 s with the worker, which costs
 * about 40 MB more.
 */
const WORKER_MIN_PAGES = 1000;

async function gapsOutput(
  options: GapsOptions,
  apiKey: string,
  loading: Promise<LoadedSite>,
  clusterer: Promise<SiteClusterer> | undefined,
): Promise<Iterable<string>> {
  let result;
  let sawStatus = false;
  const fetchRange: FetchRange = (query, keep) =>
    fetchAllConversations(query, {
      baseUrl: options.baseUrl,
      projectId: options.project,
      apiKey,
      signal: options.signal,
      maxConversations: options.maxConversations,
      onPage: ({ pages, fetched }) => options.progress?.(`Fetched ${plural(pages, 'page')}, ${plural(fetched, 'conversation')}…`),
      onRetry: (reason, wait) => options.progress?.(`${reason} Retrying in ${(wait / 1000).toFixed(1)} s…`),
      keep,
    });
  try {
    result = await fetchRange({ dateFrom: options.from, dateTo: options.to }, (conversation) => {
      sawStatus ||= conversation.resolutionStatus !== undefined;
      return mayBeUnanswered(conversation);
    });
  } catch (error) {
    if (error instanceof ExportApiError && (error.kind === 'query' || error.kind === 'config')) throw new UsageError(error.message);
    throw error;
  }
  if (result.truncated) {
    options.warn(
      `the export stopped after ${plural(result.fetched, 'conversation')} (--max-conversations); ` +
        `the report covers only those. Raise the limit, or narrow the range with --from and --to.`,
    );
  }
  redactKey(result.conversations, apiKey);
  const { site } = await loading;
  const urls = result.conversations.flatMap((conversation) => conversation.sources.map((source) => source.url));
  const report = buildGapReport(result.conversations, createUrlMapper(site, urls, options.siteUrl), { fetched: result.fetched, sawStatus });
  if (clusterer) {
    // CSV shows no trend: the range before (a second export) is not fetched for it.
    const previous = options.format === 'csv' ? undefined : await previousUnanswered(options, fetchRange, sawStatus);
    const clusters = await (
      await clusterer
    )
      .cluster(
        gapQuestions(report),
        {
          previous,
          threshold: options.clusterSimilarity,
          corrections: loadCorrections(options.docs, options.warn),
          embeddings: await embeddingsOf(report.conversations, options),
        },
        options.signal,
      )
      .catch((error: unknown) => {
        // Ctrl-C while the clusters are computed ends the command as during the export.
        throw options.signal?.aborted ? new ExportApiError('cancelled', 'The gap report was cancelled.') : error;
      });
    report.clusters = toReportClusters(clusters);
  }
  const range = [options.from && `from ${options.from}`, options.to && `to ${options.to}`].filter(Boolean).join(' ');
  switch (options.format) {
    case 'json':
      return withNewline(jsonChunks(result.truncated ? { ...report, truncated: true } : report));
    case 'markdown':
      return [formatGapsMarkdown(report, range)];
    case 'csv':
      return [formatGapsCsv(report)];
    default:
      return [formatGapsText(report, range)];
  }
}

/**
 * The questions' embeddings from the model the user set (opt-in), or undefined: without one, or when
 * the server fails (said, and the clusters are made by the words alone).
 */
async function embeddingsOf(
  conversations: readonly { query: string }[],
  options: GapsOptions,
): Promise<Map<string, Float32Array> | undefined> {
  const { embeddingsUrl: url, embeddingsModel: model } = options;
  if (!url || !model) return undefined;
  options.notice?.(`grouping the questions with ${embeddingsDestination(url, model)} (their texts are sent there).`);
  const cache = options.embeddingsCache ? new EmbeddingsCacheFile(options.embeddingsCache, model, options.warn) : undefined;
  try {
    return await fetchEmbeddings(
      conversations.map((conversation) => conversation.query),
      {
        url,
        model,
        apiKey: options.embeddingsKey,
        signal: options.signal,
        cache,
        onProgress: (done, total) => options.progress?.(`Embedded ${done} of ${plural(total, 'question')}…`),
        // As the export's retries are shown; a long wait is said even where no progress line is drawn.
        onRetry: (reason, wait) => {
          const line = `${reason} Retrying in ${(wait / 1000).toFixed(1)} s…`;
          if (wait >= 5000) options.notice?.(line);
          else options.progress?.(line);
        },
      },
    );
  } catch (error) {
    if (options.signal?.aborted) throw new ExportApiError('cancelled', 'The gap report was cancelled.');
    options.warn(`${error instanceof Error ? error.message : String(error)} The clusters are made by the words alone.`);
    return undefined;
  } finally {
    cache?.save(options.warn);
  }
}

/** What stands in a question or answer where the admin key was pasted: the key never appears in CLI output. */
export const REDACTED_KEY = '[admin API key removed]';

/** The admin key, wherever an asker or the assistant wrote it, replaced (in place) before anything is printed. */
export function redactKey(conversations: Conversation[], apiKey: string): void {
  if (apiKey.length < 8) return; // a key this short would match ordinary words; real keys are long
  const clean = (text: string) => (text.includes(apiKey) ? text.split(apiKey).join(REDACTED_KEY) : text);
  for (const conversation of conversations) {
    conversation.query = clean(conversation.query);
    conversation.response = clean(conversation.response);
    for (const source of conversation.sources) {
      source.title = clean(source.title);
      source.url = clean(source.url);
    }
  }
}

/** One export of a date range, keeping the conversations `keep` accepts. */
type FetchRange = (
  query: { dateFrom?: string; dateTo?: string },
  keep: (conversation: Conversation) => boolean,
) => Promise<{ conversations: Conversation[]; fetched: number; truncated: boolean }>;

/**
 * The unanswered questions of the range before `--from` (as long as the range asked for), for each
 * cluster's trend; undefined without `--from`. A failure there costs the trend only, with a warning.
 */
async function previousUnanswered(options: GapsOptions, fetchRange: FetchRange, sawStatus: boolean): Promise<Conversation[] | undefined> {
  const range = previousRange(options.from, options.to);
  if (!range) return undefined;
  try {
    const earlier = await fetchRange(range, (conversation) => isUnanswered(conversation, !sawStatus));
    return earlier.conversations;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    options.warn(
      `the range before (${range.dateFrom} to ${range.dateTo}) could not be fetched, so clusters have no trend: ${(error as Error).message}`,
    );
    return undefined;
  }
}

/** The site map of the docs root under `docs`, the URI of its docs.json, and the service that read it. */
interface LoadedSite {
  site: MappableSite;
  docsJson: string | undefined;
  service: DocsLanguageService;
}

async function loadSite(docs: string, warn: (message: string) => void): Promise<LoadedSite> {
  const service = createLanguageService({ workspace: new FsWorkspace(), checks: false });
  const roots = await service.findDocsRoots(pathToUri(resolve(docs)), NOT_CANCELLED);
  if (roots.length === 0) {
    warn(`no docs.json in ${docs}: cited pages are not mapped to local files and no page is suggested (use --docs DIR).`);
    return { site: { pages: [], specs: [] }, docsJson: undefined, service };
  }
  if (roots.length > 1) warn(`several docs roots in ${docs}; mapping to ${uriToPath(roots[0])} (use --docs DIR to choose).`);
  const docsJson = `${roots[0]}/docs.json`;
  return { site: (await service.getSiteMap(docsJson, NOT_CANCELLED)) ?? { pages: [], specs: [] }, docsJson, service };
}
