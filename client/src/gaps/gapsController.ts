import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { registerCommands } from '../commands';
import type { DocsmithConfig } from '../config';
import type { ApiKeyStore } from '../secrets';
import { ConversationDocuments, CONVERSATION_SCHEME } from './conversationDocument';
import { ExportCache, type CachedExport } from './exportCache';
import { GapCodeLens } from './gapCodeLens';
import { GapsTreeProvider } from './gapsTreeProvider';
import { GapsActions } from './gapsActions';
import { gapsCommands } from './gapsCommands';
import { refreshExport } from './gapsRefresh';
import { GapsRenderer } from './gapsRenderer';
import { GapsSite } from './gapsSite';
import { pickRange, rangeBounds, type GapsRange, type RangeBounds } from './gapsRange';
import { TriageStore } from './triage';
import { ClusterCorrectionActions } from './clusterCorrections';
import { GapEmbeddings } from './gapEmbeddings';
import { EmbeddingsKeyStore } from '../secrets';
import { pickClusterSimilarity } from './clusterSimilarity';
import { ViewClusters, type Clusterer } from './viewClusters';
import type { GapNode, GroupBy, GroupNode, ConversationNode } from './treeModel';

const GROUPINGS: { groupBy: GroupBy; label: string; detail: string }[] = [
  { groupBy: 'cluster', label: 'By need (clusters)', detail: 'Questions of the same need together, with where the answer belongs' },
  { groupBy: 'page', label: 'By cited page', detail: 'The pages the answers cited, most cited first' },
  { groupBy: 'category', label: 'By category', detail: 'The category of each question' },
];

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
  private readonly embeddings: GapEmbeddings;
  private readonly embeddingKeys: EmbeddingsKeyStore;
  private readonly renderer: GapsRenderer;
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
    this.embeddingKeys = new EmbeddingsKeyStore(context.secrets);
    this.embeddings = new GapEmbeddings(config, this.embeddingKeys, context.globalStorageUri);
    this.clusters = new ViewClusters(
      (questions, options, signal) => this.clusterOnServer(questions, options, signal),
      (line) => output.appendLine(line),
      (work) => vscode.window.withProgress({ location: { viewId: 'docsmith.gaps' } }, () => work),
    );
    this.tree = new GapsTreeProvider(
      () => this.site.root,
      () => this.rangeBounds().previousLabel,
    );
    this.lens = new GapCodeLens(() => this.site.root);
    this.view = vscode.window.createTreeView('docsmith.gaps', { treeDataProvider: this.tree, showCollapseAll: true, canSelectMany: true });
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder) this.triage = new TriageStore(folder.uri);
    this.actions = new GapsActions({
      docsRoot: () => this.site.root,
      siteMap: () => this.site.map(),
      triage: this.triage,
      client,
    });
    this.renderer = new GapsRenderer({
      view: this.view,
      tree: this.tree,
      lens: this.lens,
      documents: this.documents,
      site: this.site,
      triage: this.triage,
      clusters: this.clusters,
      config,
      embeddings: this.embeddings,
    });
    this.disposables.push(
      this.embeddings,
      // A new key may make a failing embeddings server answer: cluster again.
      this.embeddingKeys.onDidChange(() => void this.serial(() => this.render())),
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
      ...registerCommands(vscode.commands, gapsCommands, {
        view: this,
        actions: this.actions,
        corrections: this.corrections(),
      }),
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

  /** Move, merge and split, kept with the triage; Undo through the actions' stack. */
  private corrections(): ClusterCorrectionActions {
    return new ClusterCorrectionActions({
      triage: this.triage,
      clusters: () => this.tree.groups.filter((group) => group.kind === 'cluster'),
      remember: (what, restore) => this.actions.remember(what, restore),
    });
  }

  /** The language server clusters; with the embeddings of the model the user set, when there is one and it answers. */
  private async clusterOnServer(
    questions: Parameters<Clusterer>[0],
    options: Parameters<Clusterer>[1],
    signal: AbortSignal,
  ): ReturnType<Clusterer> {
    const { embeddings, failed } = await this.embeddings.of(
      questions.map((question) => question.query),
      signal,
    );
    if (failed) this.output.appendLine(`[gaps] The embeddings server ${failed} The words alone grouped the questions.`);
    return this.site.clusters(questions, embeddings ? { ...options, embeddings } : options, signal);
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
    const outcome = await this.renderer.render({
      cached: this.cached,
      lastError: this.lastError,
      groupBy: this.groupBy,
      showDone: this.showDone,
      range: this.range,
    });
    // Superseded: rendered again after what superseded it (cheap when that task rendered: the clusters are kept).
    if (outcome === 'superseded' && !this.disposed) void this.serial(() => this.render());
  }

  async clearApiKey(): Promise<void> {
    await this.keys.clear();
    void vscode.window.showInformationMessage('Docsmith: admin API key removed.');
  }

  async setEmbeddingsKey(): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage('Docsmith reads no API key in an untrusted workspace.');
      return;
    }
    await this.embeddingKeys.prompt();
  }

  async clearEmbeddingsKey(): Promise<void> {
    await this.embeddingKeys.clear();
    void vscode.window.showInformationMessage('Docsmith: embeddings API key removed.');
  }

  async setApiKey(): Promise<void> {
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
    // A full sync also fetches the range before, for the clusters' trends.
    const outcome = await refreshExport(
      {
        config: this.config,
        keys: this.keys,
        cache: this.cache,
        output: this.output,
        setApiKey: () => this.setApiKey(),
        say: (message) => (this.view.message = message),
        // The server indexes the pages for the clusters while the questions download (seconds each on a big site).
        fetching: () => this.groupBy === 'cluster' && this.site.prepareClusters(),
        viewVisible: () => this.view.visible,
      },
      this.rangeBounds().previousFrom,
    );
    if (!outcome) return;
    if (outcome.export) this.cached = outcome.export;
    this.lastError = outcome.error;
    await this.render();
  }

  async chooseRange(): Promise<void> {
    const range = await pickRange(this.range);
    if (!range) return;
    await this.context.workspaceState.update('docsmith.gaps.range', range);
    await this.refresh();
  }

  async chooseGroupBy(): Promise<void> {
    const current = this.groupBy;
    const choice = await vscode.window.showQuickPick(
      GROUPINGS.map((grouping) => ({ ...grouping, description: grouping.groupBy === current ? '(current)' : undefined })),
      { title: 'Docsmith: group the Docs Gaps' },
    );
    if (choice) await this.setGroupBy(choice.groupBy);
  }

  /** Sets how alike a cluster's questions must be; the setting's change clusters the view again (config.onDidChange). */
  async chooseClusterSimilarity(): Promise<void> {
    const choice = await pickClusterSimilarity(this.config.clusterSimilarity);
    if (choice === undefined) return;
    await this.config.setClusterSimilarity(choice === 'default' ? undefined : choice);
    if (this.groupBy !== 'cluster') await this.setGroupBy('cluster');
  }

  async setGroupBy(groupBy: GroupBy): Promise<void> {
    await this.context.workspaceState.update('docsmith.gaps.groupBy', groupBy);
    if (groupBy !== 'cluster') this.clusters.supersede();
    await vscode.commands.executeCommand('setContext', 'docsmith.gaps.groupBy', groupBy);
    await this.serial(() => this.render());
  }

  /** Shows a cited page's questions (from its CodeLens): the page grouping is where a page is a row. */
  async reveal(group: GroupNode): Promise<void> {
    if (group.kind === 'page' && this.groupBy !== 'page') await this.setGroupBy('page');
    const node = this.tree.groups.find((g) => g.id === group.id);
    if (node) await this.view.reveal(node, { expand: true, select: true, focus: true });
  }

  async setShowDone(show: boolean): Promise<void> {
    await this.context.workspaceState.update('docsmith.gaps.showDone', show);
    await vscode.commands.executeCommand('setContext', 'docsmith.gaps.showDone', show);
    await this.serial(() => this.render());
  }

  async openConversation(node: ConversationNode): Promise<void> {
    const opened = await vscode.workspace.openTextDocument(this.documents.uri(node.conversation));
    // The path is the question itself, with no extension: the language is set, not guessed.
    const document = opened.languageId === 'markdown' ? opened : await vscode.languages.setTextDocumentLanguage(opened, 'markdown');
    // Rendered, as a reader sees an answer (remote images and HTML are inert: see inertMarkdown.ts);
    // the source where VS Code has no Markdown preview.
    try {
      await vscode.commands.executeCommand('markdown.showPreview', document.uri);
    } catch {
      await vscode.window.showTextDocument(document, { preview: true });
    }
  }

  dispose(): void {
    this.disposed = true;
    this.clusters.supersede();
    for (const disposable of this.disposables) disposable.dispose();
  }
}
