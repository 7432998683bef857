import type { GapEmbeddings } from './gapEmbeddings';
import { NO_CORRECTIONS } from '../../../server/src/analytics';
import * as vscode from 'vscode';
import { buildGapReport, createUrlMapper, type ReportCluster } from '../../../server/src/analytics';
import type { DocsmithConfig } from '../config';
import type { ConversationDocuments } from './conversationDocument';
import type { CachedExport } from './exportCache';
import type { GapCodeLens } from './gapCodeLens';
import { rangeBounds, type GapsRange, type RangeBounds } from './gapsRange';
import type { GapsSite } from './gapsSite';
import type { GapsTreeProvider } from './gapsTreeProvider';
import type { TriageStore } from './triage';
import { buildGapTree, citationsByFile, inRange, type GapNode, type GroupBy } from './treeModel';
import type { ViewClusters } from './viewClusters';

/** What the view shows: the cached export, how it is grouped and filtered, and the last failure. */
export interface GapsViewState {
  cached: CachedExport | undefined;
  lastError: string | undefined;
  groupBy: GroupBy;
  showDone: boolean;
  range: GapsRange;
}

/** The parts of the Docs Gaps view a render fills. */
export interface GapsViewParts {
  view: vscode.TreeView<GapNode>;
  tree: GapsTreeProvider;
  lens: GapCodeLens;
  documents: ConversationDocuments;
  site: GapsSite;
  triage: TriageStore | undefined;
  clusters: ViewClusters;
  config: DocsmithConfig;
  embeddings: GapEmbeddings;
}

/**
 * Renders a state into the view: the tree grouped as asked, the CodeLens counts on cited pages, the
 * conversation documents, and the view's description and message (what was synced, what failed).
 */
export class GapsRenderer {
  constructor(private readonly parts: GapsViewParts) {}

  /** Shows `state`; 'superseded' when a newer task took the clustering over (render again after it). */
  async render(state: GapsViewState): Promise<'done' | 'superseded'> {
    const { view, tree, lens, documents, site, triage } = this.parts;
    if (!vscode.workspace.isTrusted) {
      view.message = 'In an untrusted workspace Docsmith only checks files: it fetches nothing and reads no key.';
      tree.update([]);
      return 'done';
    }
    const { cached, lastError } = state;
    if (!cached) {
      view.message = lastError
        ? `The refresh failed: ${lastError}`
        : this.parts.config.analytics.projectId
          ? 'No export yet: refresh to fetch the assistant conversations.'
          : undefined;
      view.description = undefined;
      tree.update([]);
      lens.update(new Map());
      return 'done';
    }
    const bounds = rangeBounds(state.range);
    const conversations = inRange(cached.conversations, bounds.from, bounds.to);
    const mapper = createUrlMapper(
      (await site.map()) ?? { pages: [], specs: [] },
      conversations.flatMap((c) => c.sources.map((s) => s.url)),
      this.parts.config.siteUrl || undefined,
    );
    const report = buildGapReport(conversations, mapper);
    documents.set(report.conversations, site.root);
    const triaged = (await triage?.read()) ?? new Map();
    let clusters: ReportCluster[] | undefined;
    try {
      clusters = state.groupBy === 'cluster' ? await this.clustersOf(cached, state.range, bounds, report, mapper) : undefined;
    } catch (error) {
      if ((error as Error).name === 'AbortError') return 'superseded';
      throw error;
    }
    const groups = buildGapTree(report, triaged, state.groupBy, { clusters, showDone: state.showDone });
    tree.update(groups);
    lens.update(citationsByFile(buildGapTree(report, triaged, 'page')));
    const synced = new Date(cached.syncedAt);
    // After a failed refresh the tree is the last sync's: said in the view, not only in a notification.
    // Questions sent to a model are never sent unknowingly: the view says where, while it groups by need.
    const embedded = clusters ? this.parts.embeddings.last : {};
    view.description =
      `${lastError ? 'not up to date · ' : ''}${bounds.label} · synced ${synced.toLocaleString()}` +
      (embedded.usedWith ? ` · grouped with ${embedded.usedWith}` : '');
    view.message =
      [
        lastError ? `The last refresh failed, so this is the sync of ${synced.toLocaleString()}: ${lastError}` : undefined,
        groups.length === 0 ? `No unanswered questions in the ${bounds.label}.` : undefined,
        report.statusInferred ? 'The export carries no resolutionStatus: "unanswered" means the answer cited no source.' : undefined,
        embedded.failed ? `The embeddings server ${embedded.failed} The words alone grouped the questions.` : undefined,
      ]
        .filter(Boolean)
        .join(' ') || undefined;
    return 'done';
  }

  /**
   * The clusters of the range's unanswered questions (triaged ones too, so triage does not reshuffle
   * them), with trends when the cache holds the range before. Kept until the export, range or pages change.
   */
  private async clustersOf(
    cached: CachedExport,
    range: GapsRange,
    bounds: RangeBounds,
    report: ReturnType<typeof buildGapReport>,
    mapper: ReturnType<typeof createUrlMapper>,
  ): Promise<ReportCluster[]> {
    const { site, clusters, config } = this.parts;
    const key = {
      export: cached,
      range: JSON.stringify(range),
      site: `${site.root?.toString() ?? ''}#${site.version}`,
      threshold: config.clusterSimilarity,
      corrections: (await this.parts.triage?.corrections()) ?? NO_CORRECTIONS,
      embeddings: this.parts.embeddings.setting,
    };
    return clusters.of(key, report, () =>
      cached.from === null || Date.parse(cached.from) <= bounds.previousFrom.getTime()
        ? buildGapReport(inRange(cached.conversations, bounds.previousFrom, bounds.from), mapper).conversations
        : undefined,
    );
  }
}
