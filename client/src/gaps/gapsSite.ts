import * as vscode from 'vscode';
import type { LanguageClient, RequestType } from 'vscode-languageclient/node';
import { docsRootsRequest, pageIndexRequest, siteMapRequest } from '../../../server/src/lsp/protocol';
import type { PageIndex, SiteMap } from '../../../server/src/service';

/**
 * What the Docs Gaps view knows of the local docs site, asked of the language server (one finder and
 * one index for the whole extension): its root, its site map (pages and spec operations, to map cited
 * URLs to files) and its pages cut into sections (to suggest where answers belong). Each answer is kept
 * until files on disk make it out of date.
 */
export class GapsSite implements vscode.Disposable {
  /** The first docs root of the workspace; undefined before {@link reload} or when there is none. */
  root: vscode.Uri | undefined;
  private siteMap: Promise<SiteMap | undefined> | undefined;
  private pages: Promise<PageIndex | undefined> | undefined;
  private readonly watcher: vscode.FileSystemWatcher;

  constructor(private readonly client: LanguageClient) {
    // Pages and specs created, deleted or changed on disk make the site map out of date; a page's text
    // changes its sections, not the site map.
    this.watcher = vscode.workspace.createFileSystemWatcher('**/*.{md,mdx,json,yaml,yml}');
    this.watcher.onDidCreate(() => this.forget());
    this.watcher.onDidDelete(() => this.forget());
    this.watcher.onDidChange((uri) => {
      if (/\.mdx?$/i.test(uri.path)) this.pages = undefined;
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
    this.root = roots[0] ? vscode.Uri.parse(roots[0]) : undefined;
    this.forget();
  }

  pageIndex(): Promise<PageIndex | undefined> {
    return (this.pages ??= this.ask(pageIndexRequest)) ?? Promise.resolve(undefined);
  }

  map(): Promise<SiteMap | undefined> {
    return (this.siteMap ??= this.ask(siteMapRequest)) ?? Promise.resolve(undefined);
  }

  dispose(): void {
    this.watcher.dispose();
  }

  private forget(): void {
    this.siteMap = undefined;
    this.pages = undefined;
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
