import type { CommandTable } from '../commands';
import type { ClusterCorrectionActions } from './clusterCorrections';
import type { GapsActions } from './gapsActions';
import type { ConversationNode, GroupNode, SourceNode } from './treeModel';

/** What the Docs Gaps commands act on: the view's controller (sync, grouping, range) and the author's actions. */
export interface GapsCommandTarget {
  view: {
    setApiKey(): Promise<void>;
    clearApiKey(): Promise<void>;
    setEmbeddingsKey(): Promise<void>;
    clearEmbeddingsKey(): Promise<void>;
    refresh(): Promise<void>;
    chooseRange(): Promise<void>;
    chooseGroupBy(): Promise<void>;
    chooseClusterSimilarity(): Promise<void>;
    setGroupBy(groupBy: 'cluster' | 'category' | 'page'): Promise<void>;
    setShowDone(show: boolean): Promise<void>;
    openConversation(node: ConversationNode): Promise<void>;
    reveal(group: GroupNode): Promise<void>;
  };
  actions: Pick<GapsActions, 'openSource' | 'openSuggested' | 'draftSection' | 'draftPage' | 'triageNodes' | 'undoTriage'>;
  corrections: Pick<ClusterCorrectionActions, 'moveToCluster' | 'mergeClusters' | 'splitOff'>;
}

/** Every command of the Docs Gaps view (and the key commands it owns). */
export const gapsCommands: CommandTable<GapsCommandTarget> = {
  'docsmith.setApiKey': ({ view }) => view.setApiKey(),
  'docsmith.clearApiKey': ({ view }) => view.clearApiKey(),
  'docsmith.gaps.setEmbeddingsKey': ({ view }) => view.setEmbeddingsKey(),
  'docsmith.gaps.clearEmbeddingsKey': ({ view }) => view.clearEmbeddingsKey(),
  'docsmith.gaps.refresh': ({ view }) => view.refresh(),
  'docsmith.gaps.setRange': ({ view }) => view.chooseRange(),
  'docsmith.gaps.groupBy': ({ view }) => view.chooseGroupBy(),
  'docsmith.gaps.setClusterSimilarity': ({ view }) => view.chooseClusterSimilarity(),
  'docsmith.gaps.groupByCluster': ({ view }) => view.setGroupBy('cluster'),
  'docsmith.gaps.groupByCategory': ({ view }) => view.setGroupBy('category'),
  'docsmith.gaps.groupByPage': ({ view }) => view.setGroupBy('page'),
  'docsmith.gaps.showDone': ({ view }) => view.setShowDone(true),
  'docsmith.gaps.hideDone': ({ view }) => view.setShowDone(false),
  'docsmith.gaps.openConversation': ({ view }, node: ConversationNode) => view.openConversation(node),
  'docsmith.gaps.reveal': ({ view }, group: GroupNode) => view.reveal(group),
  'docsmith.gaps.openSource': ({ actions }, node: SourceNode) => actions.openSource(node),
  'docsmith.gaps.openSuggested': ({ actions }, group: GroupNode) => actions.openSuggested(group),
  'docsmith.gaps.draftSection': ({ actions }, group: GroupNode) => actions.draftSection(group),
  'docsmith.gaps.draftPage': ({ actions }, group: GroupNode) => actions.draftPage(group),
  'docsmith.gaps.markDone': ({ actions }, node: ConversationNode | GroupNode) => actions.triageNodes(node, 'done'),
  'docsmith.gaps.dismiss': ({ actions }, node: ConversationNode | GroupNode) => actions.triageNodes(node, 'dismissed'),
  'docsmith.gaps.reopen': ({ actions }, node: ConversationNode | GroupNode) => actions.triageNodes(node, undefined),
  'docsmith.gaps.undoTriage': ({ actions }) => actions.undoTriage(),
  // From the view's context menu, a command gets the item and the items selected (the view allows several).
  'docsmith.gaps.moveToCluster': ({ corrections }, node: ConversationNode, _selected?: unknown, target?: GroupNode | 'new') =>
    corrections.moveToCluster(node, target),
  'docsmith.gaps.mergeClusters': ({ corrections }, group: GroupNode, _selected?: unknown, target?: GroupNode) =>
    corrections.mergeClusters(group, target),
  'docsmith.gaps.splitOff': ({ corrections }, node: ConversationNode, selected?: readonly unknown[]) =>
    corrections.splitOff(node, selected),
};
