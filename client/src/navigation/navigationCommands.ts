import type { CommandTable } from '../commands';
import type { NavigationActions } from './navigationActions';
import type { NavNode } from './navigationTree';

/** What the Navigation view's commands act on: the view (refresh, the language shown) and the edits. */
export interface NavigationCommandTarget {
  view: {
    refresh(): Promise<void>;
    chooseScope(): Promise<void>;
    revealActive(): Promise<void>;
    /** The item selected in the view: what a command run from a key binding (no item given) acts on. */
    selected(): NavNode | undefined;
  };
  actions: Pick<NavigationActions, 'moveTo' | 'addToNavigation' | 'newPage' | 'renameGroup' | 'remove' | 'deletePage'>;
}

/** Every command of the Docs Navigation view. */
export const navigationCommands: CommandTable<NavigationCommandTarget> = {
  'docsmith.navigation.refresh': ({ view }) => view.refresh(),
  'docsmith.navigation.chooseScope': ({ view }) => view.chooseScope(),
  'docsmith.navigation.revealActive': ({ view }) => view.revealActive(),
  'docsmith.navigation.moveTo': ({ actions, view }, node?: NavNode) => actions.moveTo(node ?? view.selected()),
  'docsmith.navigation.addToNavigation': ({ actions, view }, node?: NavNode) => actions.addToNavigation(node ?? view.selected()),
  'docsmith.navigation.newPage': ({ actions, view }, node?: NavNode) => actions.newPage(node ?? view.selected()),
  'docsmith.navigation.renameGroup': ({ actions, view }, node?: NavNode) => actions.renameGroup(node ?? view.selected()),
  'docsmith.navigation.remove': ({ actions, view }, node?: NavNode) => actions.remove(node ?? view.selected()),
  'docsmith.navigation.deletePage': ({ actions, view }, node?: NavNode) => actions.deletePage(node ?? view.selected()),
};
