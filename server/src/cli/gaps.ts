import { resolve } from 'node:path';
import { fetchAllConversations } from '../analytics/client';
import { ExportApiError } from '../analytics/errors';
import { buildGapReport, mayBeUnanswered } from '../analytics/gapReport';
import { createUrlMapper, type MappableSite } from '../analytics/pageMapping';
import { FsWorkspace } from '../fsWorkspace';
import { createLanguageService, pathToUri, uriToPath } from '../service';
import { UsageError } from './config';
import { formatGapsCsv } from './gapFormats/csv';
import { formatGapsMarkdown } from './gapFormats/markdown';
import { formatGapsText } from './gapFormats/text';

import type { GapFormat } from './gapOptions';

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
  apiKey: string | undefined;
  progress?: (message: string) => void;
  warn: (message: string) => void;
  signal?: AbortSignal;
}

/** `docsmith gaps`: every page of the export, the unanswered conversations, mapped to local pages. */
export async function runGaps(options: GapsOptions): Promise<string> {
  if (!options.apiKey)
    throw new UsageError(
      'set the admin API key in the environment variable DOCSMITH_API_KEY (it is never read from a flag, so it stays out of shell history and process lists).',
    );
  if (!options.project.trim()) throw new UsageError('--project is required.');
  const site = await loadSite(options.docs, options.warn);
  let result;
  let sawStatus = false;
  try {
    result = await fetchAllConversations(
      { dateFrom: options.from, dateTo: options.to },
      {
        baseUrl: options.baseUrl,
        projectId: options.project,
        apiKey: options.apiKey,
        signal: options.signal,
        maxConversations: options.maxConversations,
        onPage: ({ pages, fetched }) =>
          options.progress?.(`Fetched ${pages} page${pages === 1 ? '' : 's'}, ${fetched.toLocaleString('en')} conversations…`),
        onRetry: (reason, wait) => options.progress?.(`${reason} Retrying in ${(wait / 1000).toFixed(1)} s…`),
        keep: (conversation) => {
          sawStatus ||= conversation.resolutionStatus !== undefined;
          return mayBeUnanswered(conversation);
        },
      },
    );
  } catch (error) {
    if (error instanceof ExportApiError && (error.kind === 'query' || error.kind === 'config')) throw new UsageError(error.message);
    throw error;
  }
  if (result.truncated) {
    options.warn(
      `the export stopped after ${result.fetched.toLocaleString('en')} conversations (--max-conversations); ` +
        `the report covers only those. Raise the limit, or narrow the range with --from and --to.`,
    );
  }
  const urls = result.conversations.flatMap((conversation) => conversation.sources.map((source) => source.url));
  const report = buildGapReport(result.conversations, createUrlMapper(site, urls, options.siteUrl), { fetched: result.fetched, sawStatus });
  const range = [options.from && `from ${options.from}`, options.to && `to ${options.to}`].filter(Boolean).join(' ');
  switch (options.format) {
    case 'json':
      return JSON.stringify(result.truncated ? { ...report, truncated: true } : report, null, 2) + '\n';
    case 'markdown':
      return formatGapsMarkdown(report, range);
    case 'csv':
      return formatGapsCsv(report);
    default:
      return formatGapsText(report, range);
  }
}

async function loadSite(docs: string, warn: (message: string) => void): Promise<MappableSite> {
  const service = createLanguageService({ workspace: new FsWorkspace() });
  const roots = await service.findDocsRoots(pathToUri(resolve(docs)));
  if (roots.length === 0) {
    warn(`no docs.json in ${docs}: cited pages are not mapped to local files (use --docs DIR).`);
    return { pages: [], specs: [] };
  }
  if (roots.length > 1) warn(`several docs roots in ${docs}; mapping to ${uriToPath(roots[0])} (use --docs DIR to choose).`);
  return (await service.getSiteMap(`${roots[0]}/docs.json`)) ?? { pages: [], specs: [] };
}
