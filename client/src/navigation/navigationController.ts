import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { docsRootsRequest, navigationLevelRequest, navigationPathRequest } from '../../../server/src/lsp/protocol';
import { registerCommands } from '../commands';
import type { DocsmithConfig } from '../config';
import { NavigationActions } from './navigationActions';
import { navigationCommands } from './navigationCommands';
import { NavigationTreeProvider, type NavNode } from './navigationTree';

/** How long the view waits after a change of the problems or the configuration before it reads itself again. */
const REFRESH_DELAY_MS = 400;

/**
 * The Docs Navigation view: the sidebar of the workspace's docs site (the one of the active editor's
 * file, else the first), which follows the active editor as the Explorer does and reads itself again
 * when the problems or the configuration files change.
 */
export class NavigationController implements vscode.Disposable {
  readonly tree: NavigationTreeProvider;
  readonly actions: NavigationActions;
  private readonly view: vscode.TreeView<NavNode>;
  private readonly disposables: vscode.Disposable[] = [];
  private roots: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly client: LanguageClient,
    config: DocsmithConfig,
  ) {
    this.tree = new NavigationTreeProvider({
      level: (rootUri, parent, scope) => this.client.sendRequest(navigationLevelRequest, { rootUri, parent, scope }),
      apply: (edit, what) => this.actions.apply(edit, what),
    });
    this.actions = new NavigationActions({ client, tree: this.tree, redirects: () => config.renameRedirects });
    this.view = vscode.window.createTreeView('docsmith.navigation', {
      treeDataProvider: this.tree,
      dragAndDropController: this.tree,
      showCollapseAll: true,
      canSelectMany: false,
    });
    this.disposables.push(
      this.view,
      ...registerCommands(vscode.commands, navigationCommands, { view: this, actions: this.actions }),
      vscode.languages.onDidChangeDiagnostics((event) => {
        const root = this.tree.root?.toString();
        if (root && event.uris.some((uri) => uri.toString().startsWith(`${root}/`))) this.refreshSoon();
      }),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (/\.json$/i.test(event.document.uri.path) && event.contentChanges.length) this.refreshSoon();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => void this.revealActive().catch(() => undefined)),
      this.view.onDidChangeVisibility(() => void this.revealActive().catch(() => undefined)),
      vscode.workspace.onDidChangeWorkspaceFolders(() => void this.load()),
    );
  }

  /** Finds the docs roots of the workspace's folders and shows the active file's (else the first). */
  async load(): Promise<void> {
    const folderUris = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.toString());
    this.roots = await this.client.sendRequest(docsRootsRequest, { folderUris }).then(
      (found) => found,
      () => [],
    );
    this.chooseRoot();
    this.tree.refresh();
  }

  selected(): NavNode | undefined {
    return this.view.selection[0];
  }

  async refresh(): Promise<void> {
    await this.load();
  }

  /** Picks the language, version or product shown. */
  async chooseScope(): Promise<void> {
    const choices = this.tree.choices;
    if (!choices.length) {
      void vscode.window.showInformationMessage('Docsmith: this site has one language and version.');
      return;
    }
    const picked = await vscode.window.showQuickPick(
      choices.map((choice) => ({ label: choice.label, description: choice.kind + (choice.selected ? ' (shown)' : ''), id: choice.id })),
      { title: 'Show the navigation of…' },
    );
    if (!picked) return;
    this.tree.scope = picked.id;
    this.tree.refresh();
  }

  /** Selects the active editor's page in the view, when the view is visible and a navigation entry lists it. */
  async revealActive(): Promise<void> {
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (!this.view.visible || !uri || !/\.mdx?$/i.test(uri.path)) return;
    // Opened from the view (a click on its row): it is selected already, and revealing it again would move the selection under the author.
    if (this.view.selection.some((node) => node.uri === uri.toString())) return;
    if (this.chooseRoot()) this.tree.refresh();
    const path = await this.client.sendRequest(navigationPathRequest, { uri: uri.toString(), scope: this.tree.scope });
    if (!path?.length) return;
    if (!this.tree.node(path[0])) await this.tree.getChildren();
    for (const id of path.slice(0, -1)) {
      const node = this.tree.node(id);
      if (!node) return;
      if (!this.tree.node(path[path.indexOf(id) + 1])) await this.tree.getChildren(node);
    }
    const leaf = this.tree.node(path[path.length - 1]);
    if (leaf) await this.view.reveal(leaf, { select: true, focus: false, expand: false });
  }

  /** The root of the active editor's file, else the first; true when it changed. */
  private chooseRoot(): boolean {
    const active = vscode.window.activeTextEditor?.document.uri.toString();
    const holding = active ? this.roots.filter((root) => active.startsWith(`${root}/`)).sort((a, b) => b.length - a.length)[0] : undefined;
    const next = holding ?? (this.tree.root && this.roots.includes(this.tree.root.toString()) ? this.tree.root.toString() : this.roots[0]);
    const changed = next !== this.tree.root?.toString();
    if (changed) {
      this.tree.root = next ? vscode.Uri.parse(next) : undefined;
      this.tree.scope = undefined;
    }
    return changed;
  }

  private refreshSoon(): void {
    if (!this.view.visible) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tree.refreshChanged().catch(() => this.tree.refresh()), REFRESH_DELAY_MS);
  }

  dispose(): void {
    clearTimeout(this.timer);
    for (const disposable of this.disposables) disposable.dispose();
  }
}
