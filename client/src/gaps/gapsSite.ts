import type { ClusterRequestOptions } from './viewClusters';
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient, CancellationToken, RequestType } from 'vscode-languageclient';
import type { GapCluster, GapQuestion } from '../../../server/src/lsp/protocol';
import {
  docsRootsRequest,
  gapClustersRequest,
  prepareGapClustersNotification,
  siteMapRequest,
  type GapClustersResult,
  type GapSite,
} from '../../../server/src/lsp/protocol';
import type { SiteMap } from '../../../server/src/lsp/protocol';

/**
 * What the Docs Gaps view knows of the local docs site, asked of the language server (one finder and
 * one index for the whole extension): its root, its site map (pages and spec operations, to map cited
 * URLs to files), and the clusters of questions with where each answer belongs among its pages (the
 * server indexes the pages in a worker thread of its own: a big site's index never crosses the LSP).
 * Each answer is kept until files on disk make it out of date.
 */
export class GapsSite implements vscode.Disposable {
  /** The first docs root of the workspace; undefined before {@link reload} or when there is none. */
  root: vscode.Uri | undefined;
  /** Counts the changes to the site's files on disk: the server indexes the pages again for another count. */
  version = 0;
  private siteMap: Promise<SiteMap | undefined> | undefined;
  private readonly watcher: vscode.FileSystemWatcher;

  constructor(private readonly client: LanguageClient) {
    // Pages and specs created, deleted or changed on disk make the site map out of date; a page's text
    // changes its sections (the suggestions), not the site map.
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*.{md,mdx,json,yaml,yml}');
    this.watcher.onDidCreate(() => this.forget());
    this.watcher.onDidDelete(() => this.forget());
    this.watcher.onDidChange((uri) => {
      if (/\.mdx?$/i.test(uri.path)) this.version++;
      else this.forget();
    });
  }

  /** Finds the docs root again and forgets what was asked of the previous one. */
  async reload(): Promise<void> {
    const folderUris = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.toString());
    const roots = await this.client.sendRequest(docsRootsRequest, { folderUris }).then(
      (found) => found,
      () => [],
    );
    const root = roots[0] ? vscode.Uri.parse(roots[0]) : undefined;
    if (root?.toString() !== this.root?.toString()) this.forget();
    else this.siteMap = undefined;
    this.root = root;
  }

  /** Where the server indexes the pages for the clusters. */
  private gapSite(): GapSite {
    return { uri: this.root ? vscode.Uri.joinPath(this.root, 'docs.json').toString() : null, siteVersion: this.version };
  }

  /** Lets the server index the pages while the questions download. */
  prepareClusters(): void {
    void this.client.sendNotification(prepareGapClustersNotification, this.gapSite()).catch(() => undefined);
  }

  /**
   * The clusters of these questions, computed by the language server. A cancellation rejects at once
   * with an AbortError (the server stops its work); a failure with what went wrong.
   */
  async clusters(
    questions: GapQuestion[],
    options: ClusterRequestOptions,
    signal: AbortSignal,
  ): Promise<{ clusters: GapCluster[]; fallback?: string }> {
    signal.throwIfAborted();
    const source = new vscode.CancellationTokenSource();
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener(
        'abort',
        () => {
          source.cancel();
          reject(signal.reason);
        },
        { once: true },
      ),
    );
    aborted.catch(() => undefined);
    try {
      const asked = this.client.sendRequest(
        gapClustersRequest,
        { ...this.gapSite(), questions, ...options },
        source.token as CancellationToken,
      );
      const result: GapClustersResult | null = await Promise.race([asked, aborted]);
      if (!result) throw new Error('the language server could not cluster the questions (see the Docsmith Language Server output)');
      return result;
    } finally {
      source.dispose();
    }
  }

  map(): Promise<SiteMap | undefined> {
    return (this.siteMap ??= this.ask(siteMapRequest)) ?? Promise.resolve(undefined);
  }

  dispose(): void {
    this.watcher.dispose();
  }

  private forget(): void {
    this.siteMap = undefined;
    this.version++;
  }

  /** Asks the server about the docs site (undefined when there is none, or the server fails). */
  private ask<R>(type: RequestType<{ uri: string }, R | null, void>): Promise<R | undefined> | undefined {
    const root = this.root;
    return root
      ? this.client.sendRequest(type, { uri: vscode.Uri.joinPath(root, 'docs.json').toString() }).then(
          (answer) => answer ?? undefined,
          () => undefined,
        )
      : undefined;
  }
}
