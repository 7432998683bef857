import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import {
  navigationEditRequest,
  navigationTargetsRequest,
  type NavigationEdit,
  type NavigationTarget,
} from '../../../server/src/lsp/protocol';
import type { NavNode, NavigationTreeProvider } from './navigationTree';

/** What the Navigation view's actions need: the server, the tree, and the rename-redirects setting. */
export interface NavigationActionsHost {
  client: LanguageClient;
  tree: NavigationTreeProvider;
  redirects(): 'ask' | 'always' | 'never';
}

/**
 * The Navigation view's commands: each asks what it needs (a place, a title, a name), has the server
 * plan the edit, and applies it as one workspace edit (one undo). A refused edit says why.
 */
export class NavigationActions {
  constructor(private readonly host: NavigationActionsHost) {}

  /** Applies an edit the server plans; false when it is refused or fails. */
  async apply(edit: NavigationEdit, what: string): Promise<boolean> {
    const root = this.host.tree.root;
    if (!root) return false;
    const answer = await this.host.client.sendRequest(navigationEditRequest, { rootUri: root.toString(), edit });
    if ('refused' in answer) {
      void vscode.window.showWarningMessage(`Docsmith: cannot ${what}: ${answer.refused}.`);
      this.host.tree.refresh();
      return false;
    }
    const converted = await this.host.client.protocol2CodeConverter.asWorkspaceEdit(answer.edit);
    if (!(await vscode.workspace.applyEdit(converted, { isRefactoring: true }))) {
      void vscode.window.showErrorMessage(`Docsmith: could not ${what}: the editor did not apply the edit.`);
      return false;
    }
    // The configuration files are saved, as a move in the Explorer is: the site on disk stays whole (undo still works).
    for (const [uri] of converted.entries()) {
      const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === uri.toString());
      if (document?.isDirty && /\.json$/i.test(uri.path)) await document.save();
    }
    if (answer.created) {
      const created = vscode.workspace.textDocuments.find((open) => open.uri.toString() === answer.created);
      if (created?.isDirty) await created.save();
      await vscode.window.showTextDocument(vscode.Uri.parse(answer.created), { preview: false });
    }
    this.host.tree.refresh();
    return true;
  }

  async moveTo(node: NavNode | undefined): Promise<void> {
    if (!node?.canMove) return;
    const target = await this.pickTarget(`Move "${node.label}" to…`, node.kind === 'group' ? ['pages', 'groups'] : ['pages'], node.id);
    if (target)
      await this.apply({ kind: 'move', id: node.id, parent: target.id, keys: { id: node.key, parent: target.key } }, `move ${node.label}`);
  }

  async addToNavigation(node: NavNode | undefined): Promise<void> {
    if (!node?.pageId) return;
    const target = await this.pickTarget(`Add "${node.label}" to…`, ['pages']);
    if (target)
      await this.apply({ kind: 'add', pageId: node.pageId, parent: target.id, keys: { parent: target.key } }, `add ${node.pageId}`);
  }

  async newPage(node: NavNode | undefined): Promise<void> {
    const target = node?.acceptsPages
      ? { id: node.id, key: node.key, label: node.label }
      : await this.pickTarget('New page in…', ['pages']);
    if (!target) return;
    const title = await vscode.window.showInputBox({
      title: `New page in "${target.label}"`,
      prompt: 'The page title: the file is named after it, in the folder of the group’s pages.',
      validateInput: (value) => (value.trim() ? undefined : 'A page needs a title.'),
    });
    if (title) await this.apply({ kind: 'newPage', parent: target.id, title, keys: { parent: target.key } }, `create "${title}"`);
  }

  async renameGroup(node: NavNode | undefined): Promise<void> {
    if (!node?.canRename) return;
    const name = await vscode.window.showInputBox({
      title: 'Rename group',
      value: node.label,
      validateInput: (value) => (value.trim() ? undefined : 'A group needs a name.'),
    });
    if (name && name !== node.label)
      await this.apply({ kind: 'renameGroup', id: node.id, name, keys: { id: node.key } }, `rename ${node.label}`);
  }

  async remove(node: NavNode | undefined): Promise<void> {
    if (!node?.canMove) return;
    await this.apply({ kind: 'remove', id: node.id, keys: { id: node.key } }, `remove ${node.label} from the navigation`);
  }

  async deletePage(node: NavNode | undefined): Promise<void> {
    if (!node?.pageId || !node.uri) return;
    const confirmed = await vscode.window.showWarningMessage(
      `Delete ${node.pageId}? The file is deleted and every navigation entry of it removed (Undo brings both back).`,
      { modal: true },
      'Delete',
    );
    if (confirmed !== 'Delete') return;
    const redirectTo = await this.redirectFor(node);
    if (redirectTo === null) return;
    await this.apply({ kind: 'deletePage', pageId: node.pageId, ...(redirectTo && { redirectTo }) }, `delete ${node.pageId}`);
  }

  /** Where readers of a deleted page are sent, as the rename setting says: a page the author picks, none, or null (cancelled). */
  private async redirectFor(node: NavNode): Promise<string | undefined | null> {
    if (this.host.redirects() === 'never' || node.kind === 'orphan') return undefined;
    const siblings = [...new Set(this.siblingPages(node))];
    const none = { label: 'No redirect', pageId: undefined as string | undefined };
    const picked = await vscode.window.showQuickPick(
      [
        ...siblings.map((pageId) => ({ label: pageId, description: 'in the same group', pageId })),
        { label: 'Another page…', pageId: '' },
        ...(this.host.redirects() === 'always' ? [] : [none]),
      ],
      { title: `Redirect /${node.pageId} to…`, placeHolder: 'Readers and search engines that follow old links land here' },
    );
    if (!picked) return null;
    if (picked.pageId !== '') return picked.pageId;
    const typed = await vscode.window.showInputBox({
      title: `Redirect /${node.pageId} to`,
      prompt: 'A page path, as docs.json lists pages',
    });
    return typed === undefined ? null : typed.trim() || undefined;
  }

  private siblingPages(node: NavNode): string[] {
    return this.host.tree
      .siblingsOf(node)
      .filter((other) => other.kind === 'page' && other.pageId !== node.pageId && !other.missing)
      .map((other) => other.pageId!);
  }

  private async pickTarget(title: string, takes: NavigationTarget['takes'][], except?: string): Promise<NavigationTarget | undefined> {
    const root = this.host.tree.root;
    if (!root) return undefined;
    const targets = (await this.host.client.sendRequest(navigationTargetsRequest, { rootUri: root.toString() })).filter(
      (target) => takes.includes(target.takes) && (except === undefined || (target.id !== except && !target.id.startsWith(`${except}/`))),
    );
    if (!targets.length) {
      void vscode.window.showWarningMessage('Docsmith: the navigation has no group to put this in.');
      return undefined;
    }
    return vscode.window.showQuickPick(
      targets.map((target) => ({ ...target, description: target.takes === 'groups' ? 'groups only' : undefined })),
      { title, placeHolder: 'A group of the navigation (type to filter)', matchOnDescription: true },
    );
  }
}
