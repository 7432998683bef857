import type { CommandTable } from '../commands';
import type { NavigationActions } from './navigationActions';
import type { NavNode } from './navigationTree';

/** What the Navigation view's commands act on: the view (refresh, the language shown) and the edits. */
export interface NavigationCommandTarget {
  view: { refresh(): Promise<void>; chooseScope(): Promise<void>; revealActive(): Promise<void> };
  actions: Pick<NavigationActions, 'moveTo' | 'addToNavigation' | 'newPage' | 'renameGroup' | 'remove' | 'deletePage'>;
}

/** Every command of the Docs Navigation view. */
export const navigationCommands: CommandTable<NavigationCommandTarget> = {
  'docsmith.navigation.refresh': ({ view }) => view.refresh(),
  'docsmith.navigation.chooseScope': ({ view }) => view.chooseScope(),
  'docsmith.navigation.revealActive': ({ view }) => view.revealActive(),
  'docsmith.navigation.moveTo': ({ actions }, node?: NavNode) => actions.moveTo(node),
  'docsmith.navigation.addToNavigation': ({ actions }, node?: NavNode) => actions.addToNavigation(node),
  'docsmith.navigation.newPage': ({ actions }, node?: NavNode) => actions.newPage(node),
  'docsmith.navigation.renameGroup': ({ actions }, node?: NavNode) => actions.renameGroup(node),
  'docsmith.navigation.remove': ({ actions }, node?: NavNode) => actions.remove(node),
  'docsmith.navigation.deletePage': ({ actions }, node?: NavNode) => actions.deletePage(node),
};
