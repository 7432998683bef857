import * as vscode from 'vscode';
import { mergeClusters, moveQuestion, splitOff, type ClusterCorrections } from '../../../server/src/analytics';
import { plural } from '../../../server/src/common/plural';
import type { TriageStore } from './triage';
import type { ConversationNode, GroupNode } from './treeModel';

/** What the corrections need of the Docs Gaps view. */
export interface CorrectionsHost {
  readonly triage: TriageStore | undefined;
  /** The clusters shown now (the view grouped by need). */
  clusters(): readonly GroupNode[];
  /** Keeps a change for Undo, and says it in a notification with an Undo button. */
  remember(what: string, restore: () => Promise<void>): void;
}

/** A cluster picked as the target of a move or a merge, or a new cluster of its own. */
export type ClusterChoice = GroupNode | 'new';

/**
 * An author's fixes of the clusters: **Move to Cluster…**, **Merge Clusters…** and **Split Off**.
 * Each is stored in `.docsmith/gaps.json` as pairs of questions that must (or must not) share a
 * cluster, so every later clustering, in the view and in `docsmith gaps`, honours it; Undo restores
 * the corrections as they were. The view clusters again when the file changes.
 */
export class ClusterCorrectionActions {
  constructor(private readonly host: CorrectionsHost) {}

  /** Moves a question (with its repeats) to another cluster, or to a new one; `target` skips the quick pick. */
  async moveToCluster(node: ConversationNode, target?: ClusterChoice): Promise<void> {
    const from = node.parent;
    const choice = target ?? (await this.pickCluster(`Move “${node.conversation.query}” to which cluster?`, [from], true));
    if (!choice) return;
    const to = choice === 'new' ? [] : questionsOf(choice);
    await this.correct(
      choice === 'new' ? `Moved a question to a cluster of its own` : `Moved a question to “${choice.label}”`,
      (corrections) => moveQuestion(corrections, node.conversation.query, questionsOf(from), to),
    );
  }

  /** Makes one cluster of two; `target` skips the quick pick. */
  async mergeClusters(group: GroupNode, target?: GroupNode): Promise<void> {
    const other = target ?? (await this.pickCluster(`Merge “${group.label}” with which cluster?`, [group], false));
    if (!other || other === 'new') return;
    await this.correct(`Merged “${group.label}” and “${other.label}”`, (corrections) =>
      mergeClusters(corrections, questionsOf(group), questionsOf(other)),
    );
  }

  /**
   * The question, or the questions selected in the view (those of its cluster), become a cluster of
   * their own. A cluster's every question selected is nothing to split.
   */
  async splitOff(node: ConversationNode, selected?: readonly unknown[]): Promise<void> {
    const group = node.parent;
    const chosen = [...new Set([node, ...(selected ?? [])].filter((item): item is ConversationNode => isConversationOf(item, group)))];
    const queries = [...new Set(chosen.map((item) => item.conversation.query))];
    if (chosen.length >= group.conversations.length) {
      void vscode.window.showInformationMessage('Docsmith: every question of that cluster is selected; select fewer to split them off.');
      return;
    }
    await this.correct(`Split ${plural(queries.length, 'question')} off “${group.label}”`, (corrections) =>
      splitOff(corrections, queries, questionsOf(group)),
    );
  }

  private async correct(what: string, change: (corrections: ClusterCorrections) => ClusterCorrections): Promise<void> {
    const triage = this.host.triage;
    if (!triage) {
      void vscode.window.showWarningMessage('Docsmith keeps corrections in the workspace folder: open a folder first.');
      return;
    }
    const before = await triage.setCorrections(change(await triage.corrections()));
    this.host.remember(what, async () => void (await triage.setCorrections(before)));
  }

  private async pickCluster(title: string, except: readonly GroupNode[], offerNew: boolean): Promise<ClusterChoice | undefined> {
    const items: (vscode.QuickPickItem & { choice: ClusterChoice })[] = this.host
      .clusters()
      .filter((group) => !except.includes(group))
      .map((group) => ({
        label: group.label,
        description: plural(group.conversations.length, 'question'),
        detail: group.conversations
          .slice(0, 3)
          .map((item) => item.conversation.query)
          .join(' · '),
        choice: group,
      }));
    if (offerNew) items.unshift({ label: '$(add) New cluster', description: 'a cluster of its own', choice: 'new' });
    const picked = await vscode.window.showQuickPick(items, { title: `Docsmith: ${title}`, matchOnDescription: true, matchOnDetail: true });
    return picked?.choice;
  }
}

/** A cluster's questions as corrections name them: each distinct one once, the most asked first (it stands for the cluster). */
function questionsOf(group: GroupNode): string[] {
  return group.conversations.map((item) => item.conversation.query);
}

function isConversationOf(item: unknown, group: GroupNode): boolean {
  return (
    typeof item === 'object' &&
    item !== null &&
    (item as ConversationNode).kind === 'conversation' &&
    (item as ConversationNode).parent === group
  );
}
