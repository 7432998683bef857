import * as vscode from 'vscode';
import { conversationCount, type GroupNode } from './treeModel';
import { plural } from '../../../server/src/common/plural';

/** "3 unanswered questions cite this page" at the top of a cited page; it reveals them in the view. */
export class GapCodeLens implements vscode.CodeLensProvider {
  private readonly emitter = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.emitter.event;
  private byFile = new Map<string, GroupNode>();

  constructor(private readonly docsRoot: () => vscode.Uri | undefined) {}

  update(byFile: Map<string, GroupNode>): void {
    this.byFile = byFile;
    this.emitter.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const root = this.docsRoot();
    if (!root) return [];
    const prefix = root.path.endsWith('/') ? root.path : `${root.path}/`;
    if (!document.uri.path.startsWith(prefix)) return [];
    const group = this.byFile.get(document.uri.path.slice(prefix.length));
    if (!group) return [];
    const count = conversationCount(group);
    return [
      new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), {
        title: `${plural(count, 'unanswered question')} cite${count === 1 ? 's' : ''} this page`,
        command: 'docsmith.gaps.reveal',
        arguments: [group],
      }),
    ];
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
