import type { MappedUrl } from './pageMapping';
import type { Conversation } from './types';
import type { ReportCluster } from './gaps/reportClusters';
import { withoutQueryOrFragment } from '../common/text';

export interface ReportSource {
  title: string;
  url: string;
  /** The local file, relative to the docs root, or null. */
  file: string | null;
  anchor?: string;
  line?: number;
}

export interface ReportConversation {
  id: string;
  timestamp: string;
  query: string;
  response: string;
  queryCategory: string | null;
  resolutionStatus: 'answered' | 'unanswered';
  sources: ReportSource[];
}

export interface ReportPage {
  file: string | null;
  url: string;
  count: number;
  conversationIds: string[];
}

/** The `docsmith gaps --format json` shape, a stable contract (README documents it). */
export interface GapReport {
  conversations: ReportConversation[];
  pages: ReportPage[];
  /** The unanswered conversations by need, largest first: each conversation in exactly one cluster. */
  clusters?: ReportCluster[];
  fetched: number;
  unanswered: number;
  /** True when no conversation carried `resolutionStatus`: unanswered then means "cited no source". */
  statusInferred: boolean;
}

/** The API does not promise `resolutionStatus`: without it, a conversation citing nothing is taken as unanswered. */
export function isStatusInferred(conversations: Conversation[]): boolean {
  return !conversations.some((conversation) => conversation.resolutionStatus !== undefined);
}

export function isUnanswered(conversation: Conversation, inferred: boolean): boolean {
  return inferred ? conversation.sources.length === 0 : conversation.resolutionStatus === 'unanswered';
}

/** Keeps what may be unanswered, whichever way the export turns out: for large exports. */
export function mayBeUnanswered(conversation: Conversation): boolean {
  return (
    conversation.resolutionStatus === 'unanswered' || (conversation.resolutionStatus === undefined && conversation.sources.length === 0)
  );
}

/**
 * The unanswered conversations with their sources mapped to local files, and the pages they cite,
 * most first. `totals` gives the size of the export and whether any conversation carried a status,
 * when only {@link mayBeUnanswered} conversations were kept.
 */
export function buildGapReport(
  conversations: Conversation[],
  mapUrl: (url: string) => MappedUrl,
  totals?: { fetched: number; sawStatus: boolean },
): GapReport {
  const statusInferred = totals ? !totals.sawStatus : isStatusInferred(conversations);
  const unanswered = conversations.filter((conversation) => isUnanswered(conversation, statusInferred));
  const pages = new Map<string, ReportPage>();
  const reportConversations = unanswered.map((conversation): ReportConversation => {
    const sources = conversation.sources.map((source): ReportSource => {
      const mapped = mapUrl(source.url);
      const entry: ReportSource = { title: source.title, url: source.url, file: mapped.file };
      if (mapped.anchor) entry.anchor = mapped.anchor;
      if (mapped.line) entry.line = mapped.line;
      return entry;
    });
    const cited = new Set<string>();
    for (const source of sources) {
      const pageUrl = withoutQueryOrFragment(source.url);
      const key = source.file ?? pageUrl;
      if (cited.has(key)) continue;
      cited.add(key);
      const page = pages.get(key) ?? { file: source.file, url: pageUrl, count: 0, conversationIds: [] };
      page.count++;
      page.conversationIds.push(conversation.id);
      pages.set(key, page);
    }
    return {
      id: conversation.id,
      timestamp: conversation.timestamp,
      query: conversation.query,
      response: conversation.response,
      queryCategory: conversation.queryCategory,
      resolutionStatus: 'unanswered',
      sources,
    };
  });
  return {
    conversations: reportConversations,
    pages: [...pages.values()].sort((a, b) => b.count - a.count || (a.file ?? a.url).localeCompare(b.file ?? b.url)),
    fetched: totals?.fetched ?? conversations.length,
    unanswered: unanswered.length,
    statusInferred,
  };
}
