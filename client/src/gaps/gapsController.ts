import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { fetchAllConversations } from '../../../server/src/analytics/client';
import { ExportApiError } from '../../../server/src/analytics/errors';
import { buildGapReport } from '../../../server/src/analytics/gapReport';
import { createUrlMapper } from '../../../server/src/analytics/pageMapping';
import { docsRootsRequest, siteMapRequest } from '../../../server/src/lsp/protocol';
import type { SiteMap } from '../../../server/src/service';
import { parseExportDate } from '../../../server/src/analytics/query';
import type { DocsmithConfig } from '../config';
import type { ApiKeyStore } from '../secrets';
import { ConversationDocuments, CONVERSATION_SCHEME } from './conversationDocument';
import { ExportCache, mergeConversations, type CachedExport } from './exportCache';
import { GapCodeLens } from './gapCodeLens';
import { GapsTreeProvider } from './gapsTreeProvider';
import { headingLine } from './headingLine';
import { TriageStore } from './triage';
import { buildGapTree, citationsByFile, inRange, type ConversationNode, type GroupBy, type GroupNode, type SourceNode } from './treeModel';
import { externalLink } from './externalLink';

type Range = { days: 7 | 30 | 90 } | { from: string; to?: string };
const DAY = 86_400_000;
const SET_KEY = 'Set Admin API Key';
/** An incremental sync starts a little before the last one, for conversations recorded late. */
const OVERLAP_MS = 10 * 60_000;

/** The "Docs gaps" view: fetching, caching, grouping, triage, and the way from a question to the page. */
export class GapsController implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  readonly tree: GapsTreeProvider;
  readonly view: vscode.TreeView<GroupNode | ConversationNode | SourceNode>;
  /** The last thing that went wrong, for the view's message and the tests. */
  lastError: string | undefined;
  private readonly documents = new ConversationDocuments();
  private readonly lens: GapCodeLens;
  readonly cache: ExportCache;
  private triage: TriageStore | undefined;
  private docsRoot: vscode.Uri | undefined;
  private cached: CachedExport | undefined;
  /** The site's pages and spec operations, asked of the server once, until files appear or go. */
  private siteMap: Promise<SiteMap | undefined> | undefined;
  /**
   * Loads, refreshes and renders run one at a time: a load that read the cache before a refresh wrote
   * it must not overwrite the fresh export with its stale read.
   */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly config: DocsmithConfig,
    private readonly keys: ApiKeyStore,
    private readonly client: LanguageClient,
    private readonly output: vscode.OutputChannel,
  ) {
    this.cache = new ExportCache(context.globalStorageUri);
    this.tree = new GapsTreeProvider(() => this.docsRoot);
    this.lens = new GapCodeLens(() => this.docsRoot);
    this.view = vscode.window.createTreeView('docsmith.gaps', { treeDataProvider: this.tree, showCollapseAll: true });
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (folder) this.triage = new TriageStore(folder.uri);
    const command = (id: string, run: (...args: any[]) => unknown) => vscode.commands.registerCommand(id, run);
    this.disposables.push(
      this.view,
      this.tree,
      this.lens,
      ...(this.triage ? [this.triage, this.triage.onDidChange(() => void this.serial(() => this.render()))] : []),
      vscode.workspace.registerTextDocumentContentProvider(CONVERSATION_SCHEME, this.documents),
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
      command('docsmith.gaps.groupByCategory', () => this.setGroupBy('category')),
      command('docsmith.gaps.groupByPage', () => this.setGroupBy('page')),
      command('docsmith.gaps.openConversation', (node: ConversationNode) => this.openConversation(node)),
      command('docsmith.gaps.openSource', (node: SourceNode) => this.openSource(node)),
      command('docsmith.gaps.markDone', (node: ConversationNode) =>
        this.triage?.set(node.conversation.id, 'done', node.conversation.query),
      ),
      command('docsmith.gaps.dismiss', (node: ConversationNode) =>
        this.triage?.set(node.conversation.id, 'dismissed', node.conversation.query),
      ),
      command('docsmith.gaps.reveal', (group: GroupNode) =>
        this.view.reveal(this.tree.groups.find((g) => g.id === group.id) ?? group, { expand: true, select: true, focus: true }),
      ),
      this.watchSiteFiles(),
      config.onDidChange(() => void this.load()),
      // A key stored (by the command, or in another window) refreshes the view by itself.
      keys.onDidChange(async () => {
        if (await keys.get()) void this.refresh();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => void this.load()),
    );
    void vscode.commands.executeCommand('setContext', 'docsmith.gaps.groupBy', this.groupBy);
  }

  private get groupBy(): GroupBy {
    return this.context.workspaceState.get<GroupBy>('docsmith.gaps.groupBy', 'page');
  }

  private get range(): Range {
    return this.context.workspaceState.get<Range>('docsmith.gaps.range', { days: 30 });
  }

  private rangeBounds(): { from: Date; to?: Date; label: string } {
    const range = this.range;
    if ('days' in range) return { from: new Date(Date.now() - range.days * DAY), label: `last ${range.days} days` };
    return {
      from: parseExportDate(range.from)!,
      to: range.to ? parseExportDate(range.to) : undefined,
      label: `${range.from} – ${range.to ?? 'now'}`,
    };
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Shows what the cache holds (offline), without fetching. */
  load(): Promise<void> {
    return this.serial(() => this.loadNow());
  }

  private async loadNow(): Promise<void> {
    const { projectId, baseUrl } = this.config.analytics;
    const cached = projectId ? await this.cache.read(baseUrl, projectId) : undefined;
    this.docsRoot = await this.findDocsRoot();
    this.siteMap = undefined;
    this.cached = cached;
    await this.render();
  }

  /** The first docs root of the workspace, as the language server finds them (one finder for all). */
  private async findDocsRoot(): Promise<vscode.Uri | undefined> {
    const folderUris = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.toString());
    const roots = await this.client.sendRequest(docsRootsRequest, { folderUris }).then(
      (found) => found,
      () => [],
    );
    return roots[0] ? vscode.Uri.parse(roots[0]) : undefined;
  }

  /** Pages and specs created, deleted or changed on disk make the site map out of date. */
  private watchSiteFiles(): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher('**/*.{md,mdx,json,yaml,yml}');
    const forget = () => (this.siteMap = undefined);
    watcher.onDidCreate(forget);
    watcher.onDidDelete(forget);
    watcher.onDidChange((uri) => {
      if (!/\.mdx?$/i.test(uri.path)) forget();
    });
    return watcher;
  }

  private currentSiteMap(): Promise<SiteMap | undefined> {
    const root = this.docsRoot;
    if (!root) return Promise.resolve(undefined);
    return (this.siteMap ??= this.client.sendRequest(siteMapRequest, { uri: vscode.Uri.joinPath(root, 'docs.json').toString() }).then(
      (map) => map ?? undefined,
      () => undefined,
    ));
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
      (await this.currentSiteMap()) ?? { pages: [], specs: [] },
      conversations.flatMap((c) => c.sources.map((s) => s.url)),
      this.config.siteUrl || undefined,
    );
    const report = buildGapReport(conversations, mapper);
    this.documents.set(report.conversations);
    const groups = buildGapTree(report, (await this.triage?.read()) ?? new Map(), this.groupBy);
    this.tree.update(groups);
    this.lens.update(citationsByFile(groups));
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

  private async setApiKey(): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage('Docsmith reads no API key in an untrusted workspace.');
      return;
    }
    await this.keys.prompt(); // storing it refreshes the view (keys.onDidChange)
  }

  refresh(): Promise<void> {
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
    const bounds = this.rangeBounds();
    const cached = await this.cache.read(baseUrl, projectId);
    const coversRange = cached && (cached.from === null || Date.parse(cached.from) <= bounds.from.getTime());
    const dateFrom = coversRange ? new Date(Date.parse(cached.syncedAt) - OVERLAP_MS) : bounds.from;
    const started = new Date();
    await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'Docsmith: fetching assistant conversations', cancellable: true },
      async (progress, token) => {
        const abort = new AbortController();
        token.onCancellationRequested(() => abort.abort());
        try {
          const result = await fetchAllConversations(
            { dateFrom: dateFrom.toISOString() },
            {
              baseUrl,
              projectId,
              apiKey: key,
              signal: abort.signal,
              onPage: ({ fetched }) => progress.report({ message: `${fetched.toLocaleString()} conversations` }),
              onRetry: (reason) => this.output.appendLine(`[gaps] ${reason} Retrying.`),
            },
          );
          const from = coversRange
            ? cached.from
            : cached?.from && Date.parse(cached.from) < bounds.from.getTime()
              ? cached.from
              : bounds.from.toISOString();
          this.cached = {
            version: 1,
            baseUrl,
            projectId,
            from,
            syncedAt: started.toISOString(),
            conversations: mergeConversations(coversRange ? cached.conversations : (cached?.conversations ?? []), result.conversations),
          };
          if (result.truncated) {
            // Not cached: an incremental sync from this point would never fetch what was left out.
            const note = `The export stopped after ${result.fetched.toLocaleString()} conversations; the view shows only those. Choose a shorter date range.`;
            this.output.appendLine(`[gaps] ${note}`);
            void vscode.window.showWarningMessage(`Docsmith: ${note}`);
          } else await this.cache.write(this.cached);
          this.lastError = undefined;
          this.output.appendLine(
            `[gaps] fetched ${result.fetched} conversations in ${result.pages} pages (${coversRange ? 'incremental' : 'full'} sync).`,
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
    const picks = [
      { label: 'Last 7 days', range: { days: 7 } as Range },
      { label: 'Last 30 days', range: { days: 30 } as Range },
      { label: 'Last 90 days', range: { days: 90 } as Range },
      { label: 'Custom range…', range: undefined },
    ];
    const current = this.range;
    const now = this.rangeBounds().label;
    // A preset is current when its days are; "Custom range…" when the range is custom.
    const isCurrent = (range: Range | undefined) =>
      range && 'days' in range ? 'days' in current && range.days === current.days : !('days' in current);
    const items = picks.map((pick) => ({
      ...pick,
      description: isCurrent(pick.range) ? (pick.range ? '(current)' : `(current: ${now})`) : undefined,
    }));
    const choice = await vscode.window.showQuickPick(items, {
      title: `Docsmith: date range of the gaps (now: ${now})`,
      placeHolder: `Now: ${now}`,
    });
    if (!choice) return;
    let range = choice.range;
    if (!range) {
      const from = await vscode.window.showInputBox({
        title: 'From (inclusive)',
        prompt: 'YYYY-MM-DD or an ISO 8601 date-time',
        validateInput: (v) => (parseExportDate(v.trim()) ? undefined : 'Use YYYY-MM-DD, such as 2026-10-01.'),
      });
      if (!from) return;
      const to = await vscode.window.showInputBox({
        title: 'To (exclusive, empty for now)',
        prompt: 'YYYY-MM-DD or an ISO 8601 date-time',
        validateInput: (v) => (!v.trim() || parseExportDate(v.trim()) ? undefined : 'Use YYYY-MM-DD, such as 2026-11-01.'),
      });
      if (to === undefined) return;
      range = { from: from.trim(), to: to.trim() || undefined };
    }
    await this.context.workspaceState.update('docsmith.gaps.range', range);
    await this.refresh();
  }

  private async setGroupBy(groupBy: GroupBy): Promise<void> {
    await this.context.workspaceState.update('docsmith.gaps.groupBy', groupBy);
    await vscode.commands.executeCommand('setContext', 'docsmith.gaps.groupBy', groupBy);
    await this.serial(() => this.render());
  }

  private async openConversation(node: ConversationNode): Promise<void> {
    const document = await vscode.workspace.openTextDocument(this.documents.uri(node.conversation));
    await vscode.window.showTextDocument(document, { preview: true });
  }

  /** A source opens the local page at its heading (or the spec at its operation), else the URL. */
  private async openSource(node: SourceNode): Promise<void> {
    const { source } = node;
    if (!source.file || !this.docsRoot) {
      const link = externalLink(source.url);
      if (link) await vscode.env.openExternal(vscode.Uri.parse(link));
      else void vscode.window.showWarningMessage(`Docsmith opens only http and https links; this source is "${source.url.slice(0, 80)}".`);
      return;
    }
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(this.docsRoot, source.file));
    const line = source.line !== undefined ? source.line - 1 : source.anchor ? headingLine(document.getText(), source.anchor) : undefined;
    const position = new vscode.Position(line ?? 0, 0);
    await vscode.window.showTextDocument(document, { selection: new vscode.Range(position, position) });
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
