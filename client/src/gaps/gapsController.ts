import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ExportApiError } from '../../../server/src/analytics';
import { buildGapReport } from '../../../server/src/analytics';
import { createUrlMapper } from '../../../server/src/analytics';
import type { ReportCluster } from '../../../server/src/analytics';
import type { DocsmithConfig } from '../config';
import type { ApiKeyStore } from '../secrets';
import { ConversationDocuments, CONVERSATION_SCHEME } from './conversationDocument';
import { ExportCache, type CachedExport } from './exportCache';
import { syncExport } from './gapsSync';
import { GapCodeLens } from './gapCodeLens';
import { GapsTreeProvider } from './gapsTreeProvider';
import { GapsActions } from './gapsActions';
import { GapsSite } from './gapsSite';
import { pickRange, rangeBounds, type GapsRange, type RangeBounds } from './gapsRange';
import { TriageStore } from './triage';
import { pickClusterSimilarity } from './clusterSimilarity';
import { ViewClusters } from './viewClusters';
import { buildGapTree, citationsByFile, inRange, type GapNode, type GroupBy, type GroupNode, type ConversationNode } from './treeModel';
import { plural } from '../../../server/src/common/plural';

const GROUPINGS: { groupBy: GroupBy; label: string; detail: string }[] = [
  { groupBy: 'cluster', label: 'By need (clusters)', detail: 'Questions of the same need together, with where the answer belongs' },
  { groupBy: 'page', label: 'By cited page', detail: 'The pages the answers cited, most cited first' },
  { groupBy: 'category', label: 'By category', detail: 'The category of each question' },
];
const SET_KEY = 'Set Admin API Key';

/** The "Docs gaps" view: fetching, caching, grouping, triage, and the way from a question to the page. */
export class GapsController implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  readonly tree: GapsTreeProvider;
  readonly view: vscode.TreeView<GapNode>;
  /** The last thing that went wrong, for the view's message and the tests. */
  lastError: string | undefined;
  /** Where the last clusters were computed (for the tests): in the language server's worker thread, or on its main thread. */
  get clusteredIn(): ViewClusters['clusteredIn'] {
    return this.clusters.clusteredIn;
  }
  private readonly documents: ConversationDocuments;
  private readonly lens: GapCodeLens;
  readonly cache: ExportCache;
  private readonly triage: TriageStore | undefined;
  readonly actions: GapsActions;
  private readonly site: GapsSite;
  private cached: CachedExport | undefined;
  private readonly clusters: ViewClusters;
  /**
   * Loads, refreshes and renders run one at a time: a load that read the cache before a refresh wrote
   * it must not overwrite the fresh export with its stale read.
   */
  private queue: Promise<void> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly config: DocsmithConfig,
    private readonly keys: ApiKeyStore,
    client: LanguageClient,
    private readonly output: vscode.OutputChannel,
  ) {
    this.cache = new ExportCache(context.globalStorageUri);
    this.documents = new ConversationDocuments(client);
    this.site = new GapsSite(client);
    this.clusters = new ViewClusters(
      (questions, options, signal) => this.site.clusters(questions, options, signal),
      (line) => output.appendLine(line),
      (work) => vscode.window.withProgress({ location: { viewId: 'docsmith.gaps' } }, () => work),
    );
    this.tree = new GapsTreeProvider(
      () => this.site.root,
      () => this.rangeBounds().previousLabel,
    );
    this.lens = new GapCodeLens(() => this.site.root);
    this.view = vscode.window.createTreeView('docsmith.gaps', { treeDataProvider: this.tree, showCollapseAll: true });
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder) this.triage = new TriageStore(folder.uri);
    this.actions = new GapsActions({
      docsRoot: () => this.site.root,
      siteMap: () => this.site.map(),
      triage: this.triage,
      client,
    });
    const command = (id: string, run: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, run);
    this.disposables.push(
      this.view,
      this.site,
      this.tree,
      this.actions,
      this.lens,
      ...(this.triage ? [this.triage, this.triage.onDidChange(() => void this.serial(() => this.render()))] : []),
      vscode.workspace.registerTextDocumentContentProvider(CONVERSATION_SCHEME, this.documents),
      vscode.languages.registerDocumentLinkProvider({ scheme: CONVERSATION_SCHEME }, this.documents),
      vscode.languages.registerCodeLensProvider(
        [
          { scheme: 'file', pattern: '**/*.mdx' },
          { scheme: 'file', pattern: '**/*.md' },
        ],
        this.lens,
      ),
      command('docsmith.setApiKey', () => this.setApiKey()),
      command('docsmith.clearApiKey', async () => {
        await this.keys.clear();
        void vscode.window.showInformationMessage('Docsmith: admin API key removed.');
      }),
      command('docsmith.gaps.refresh', () => this.refresh()),
      command('docsmith.gaps.setRange', () => this.chooseRange()),
      command('docsmith.gaps.groupBy', () => this.chooseGroupBy()),
      command('docsmith.gaps.setClusterSimilarity', () => this.chooseClusterSimilarity()),
      command('docsmith.gaps.groupByCluster', () => this.setGroupBy('cluster')),
      command('docsmith.gaps.groupByCategory', () => this.setGroupBy('category')),
      command('docsmith.gaps.groupByPage', () => this.setGroupBy('page')),
      command('docsmith.gaps.showDone', () => this.setShowDone(true)),
      command('docsmith.gaps.hideDone', () => this.setShowDone(false)),
      command('docsmith.gaps.openConversation', (node: ConversationNode) => this.openConversation(node)),
      command('docsmith.gaps.reveal', (group: GroupNode) => this.reveal(group)),
      config.onDidChange(() => void this.load()),
      // A key stored (by the command, or in another window) refreshes the view by itself.
      keys.onDidChange(async () => {
        if (await keys.get()) void this.refresh();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.load()),
    );
    void vscode.commands.executeCommand('setContext', 'docsmith.gaps.groupBy', this.groupBy);
    void vscode.commands.executeCommand('setContext', 'docsmith.gaps.showDone', this.showDone);
  }

  private get groupBy(): GroupBy {
    const groupBy = this.context.workspaceState.get<GroupBy>('docsmith.gaps.groupBy', 'cluster');
    return GROUPINGS.some((grouping) => grouping.groupBy === groupBy) ? groupBy : 'cluster';
  }

  private get showDone(): boolean {
    return this.context.workspaceState.get<boolean>('docsmith.gaps.showDone', false);
  }

  private get range(): GapsRange {
    return this.context.workspaceState.get<GapsRange>('docsmith.gaps.range', { days: 30 });
  }

  private rangeBounds(): RangeBounds {
    return rangeBounds(this.range);
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Shows what the cache holds (offline), without fetching. */
  load(): Promise<void> {
    this.clusters.supersede();
    return this.serial(() => this.loadNow());
  }

  private async loadNow(): Promise<void> {
    const { projectId, baseUrl } = this.config.analytics;
    const cached = projectId ? await this.cache.read(baseUrl, projectId) : undefined;
    await this.site.reload();
    this.cached = cached;
    await this.render();
  }

  private async render(): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      this.view.message = 'In an untrusted workspace Docsmith only checks files: it fetches nothing and reads no key.';
      this.tree.update([]);
      return;
    }
    if (!this.cached) {
      this.view.message = this.lastError
        ? `The refresh failed: ${this.lastError}`
        : this.config.analytics.projectId
          ? 'No export yet: refresh to fetch the assistant conversations.'
          : undefined;
      this.view.description = undefined;
      this.tree.update([]);
      this.lens.update(new Map());
      return;
    }
    const bounds = this.rangeBounds();
    const conversations = inRange(this.cached.conversations, bounds.from, bounds.to);
    const mapper = createUrlMapper(
      (await this.site.map()) ?? { pages: [], specs: [] },
      conversations.flatMap((c) => c.sources.map((s) => s.url)),
      this.config.siteUrl || undefined,
    );
    const report = buildGapReport(conversations, mapper);
    this.documents.set(report.conversations, this.site.root);
    const triage = (await this.triage?.read()) ?? new Map();
    let clusters: ReportCluster[] | undefined;
    try {
      clusters = this.groupBy === 'cluster' ? await this.clustersOf(report, bounds, mapper) : undefined;
    } catch (error) {
      // Superseded: rendered again after what superseded it (cheap when that task rendered: the clusters are kept).
      if ((error as Error).name === 'AbortError') {
        if (!this.disposed) void this.serial(() => this.render());
        return;
      }
      throw error;
    }
    const groups = buildGapTree(report, triage, this.groupBy, { clusters, showDone: this.showDone });
    this.tree.update(groups);
    this.lens.update(citationsByFile(buildGapTree(report, triage, 'page')));
    const synced = new Date(this.cached.syncedAt);
    // After a failed refresh the tree is the last sync's: said in the view, not only in a notification.
    this.view.description = `${this.lastError ? 'not up to date · ' : ''}${bounds.label} · synced ${synced.toLocaleString()}`;
    this.view.message =
      [
        this.lastError ? `The last refresh failed, so this is the sync of ${synced.toLocaleString()}: ${this.lastError}` : undefined,
        groups.length === 0 ? `No unanswered questions in the ${bounds.label}.` : undefined,
        report.statusInferred ? 'The export carries no resolutionStatus: "unanswered" means the answer cited no source.' : undefined,
      ]
        .filter(Boolean)
        .join(' ') || undefined;
  }

  /**
   * The clusters of the range's unanswered questions (triaged ones too, so triage does not reshuffle
   * them), with trends when the cache holds the range before. Kept until the export, range or pages change.
   */
  private async clustersOf(
    report: ReturnType<typeof buildGapReport>,
    bounds: RangeBounds,
    mapper: ReturnType<typeof createUrlMapper>,
  ): Promise<ReportCluster[]> {
    const cached = this.cached!;
    const key = {
      export: cached,
      range: JSON.stringify(this.range),
      site: `${this.site.root?.toString() ?? ''}#${this.site.version}`,
      threshold: this.config.clusterSimilarity,
    };
    return this.clusters.of(key, report, () =>
      cached.from === null || Date.parse(cached.from) <= bounds.previousFrom.getTime()
        ? buildGapReport(inRange(cached.conversations, bounds.previousFrom, bounds.from), mapper).conversations
        : undefined,
    );
  }

  private async setApiKey(): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage('Docsmith reads no API key in an untrusted workspace.');
      return;
    }
    await this.keys.prompt(); // storing it refreshes the view (keys.onDidChange)
  }

  refresh(): Promise<void> {
    // A clustering of what the refresh replaces would hold the fetch up, to no use.
    this.clusters.supersede();
    return this.serial(() => this.refreshNow());
  }

  private async refreshNow(): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage('Docsmith fetches nothing in an untrusted workspace. Trust the workspace to review gaps.');
      return;
    }
    const { projectId, baseUrl } = this.config.analytics;
    // A notification is never awaited here: a refresh waiting on one would hold up every later refresh
    // until it is dismissed (a hidden notification stays pending in the notification centre).
    if (!projectId) {
      void vscode.window
        .showWarningMessage('Set docsmith.analytics.projectId to fetch the assistant conversations.', 'Open Settings')
        .then((choice) => {
          if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'docsmith.analytics');
        });
      return;
    }
    const key = await this.keys.get();
    if (!key) {
      this.view.message = 'Set the admin API key (Docsmith: Set Admin API Key) to fetch the assistant conversations.';
      void vscode.window.showWarningMessage('Set the admin API key to fetch the assistant conversations.', SET_KEY).then((choice) => {
        if (choice) void this.setApiKey();
      });
      return;
    }
    // The server indexes the pages for the clusters while the questions download (seconds each on a big site).
    if (this.groupBy === 'cluster') this.site.prepareClusters();
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Docsmith: fetching assistant conversations', cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        try {
          const result = await syncExport({
            cache: this.cache,
            baseUrl,
            projectId,
            apiKey: key,
            // A full sync also fetches the range before, for the clusters' trends.
            since: this.rangeBounds().previousFrom,
            signal: abort.signal,
            onProgress: (fetched) => progress.report({ message: plural(fetched, 'conversation') }),
            onRetry: (reason) => this.output.appendLine(`[gaps] ${reason} Retrying.`),
          });
          this.cached = result.export;
          if (result.truncated) {
            const note = `The export stopped after ${plural(result.fetched, 'conversation')}; the view shows only those. Choose a shorter date range.`;
            this.output.appendLine(`[gaps] ${note}`);
            void vscode.window.showWarningMessage(`Docsmith: ${note}`);
          }
          this.lastError = undefined;
          this.output.appendLine(
            `[gaps] fetched ${plural(result.fetched, 'conversation')} in ${plural(result.pages, 'page')} (${result.incremental ? 'incremental' : 'full'} sync).`,
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          this.lastError = message;
          this.output.appendLine(`[gaps] ${message}`);
          const auth = error instanceof ExportApiError && error.kind === 'auth';
          if (!/cancelled/.test(message))
            void vscode.window.showErrorMessage(`Docsmith: ${message}`, ...(auth ? [SET_KEY] : [])).then((choice) => {
              if (choice) void this.setApiKey();
            });
        }
      },
    );
    await this.render();
  }

  private async chooseRange(): Promise<void> {
    const range = await pickRange(this.range);
    if (!range) return;
    await this.context.workspaceState.update('docsmith.gaps.range', range);
    await this.refresh();
  }

  private async chooseGroupBy(): Promise<void> {
    const current = this.groupBy;
    const choice = await vscode.window.showQuickPick(
      GROUPINGS.map((grouping) => ({ ...grouping, description: grouping.groupBy === current ? '(current)' : undefined })),
      { title: 'Docsmith: group the Docs Gaps' },
    );
    if (choice) await this.setGroupBy(choice.groupBy);
  }

  /** Sets how alike a cluster's questions must be; the setting's change clusters the view again (config.onDidChange). */
  private async chooseClusterSimilarity(): Promise<void> {
    const choice = await pickClusterSimilarity(this.config.clusterSimilarity);
    if (choice === undefined) return;
    await this.config.setClusterSimilarity(choice === 'default' ? undefined : choice);
    if (this.groupBy !== 'cluster') await this.setGroupBy('cluster');
  }

  private async setGroupBy(groupBy: GroupBy): Promise<void> {
    await this.context.workspaceState.update('docsmith.gaps.groupBy', groupBy);
    if (groupBy !== 'cluster') this.clusters.supersede();
    await vscode.commands.executeCommand('setContext', 'docsmith.gaps.groupBy', groupBy);
    await this.serial(() => this.render());
  }

  /** Shows a cited page's questions (from its CodeLens): the page grouping is where a page is a row. */
  private async reveal(group: GroupNode): Promise<void> {
    if (group.kind === 'page' && this.groupBy !== 'page') await this.setGroupBy('page');
    const node = this.tree.groups.find((g) => g.id === group.id);
    if (node) await this.view.reveal(node, { expand: true, select: true, focus: true });
  }

  private async setShowDone(show: boolean): Promise<void> {
    await this.context.workspaceState.update('docsmith.gaps.showDone', show);
    await vscode.commands.executeCommand('setContext', 'docsmith.gaps.showDone', show);
    await this.serial(() => this.render());
  }

  private async openConversation(node: ConversationNode): Promise<void> {
    const opened = await vscode.workspace.openTextDocument(this.documents.uri(node.conversation));
    // The path is the question itself, with no extension: the language is set, not guessed.
    const document = opened.languageId === 'markdown' ? opened : await vscode.languages.setTextDocumentLanguage(opened, 'markdown');
    await vscode.window.showTextDocument(document, { preview: true });
  }

  dispose(): void {
    this.disposed = true;
    this.clusters.supersede();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
