import type { Connection } from 'vscode-languageserver';
import type { DocsLanguageService } from '../service';
import {
  NAVIGATION_COMMANDS,
  navigationEditRequest,
  navigationLevelRequest,
  navigationPathRequest,
  navigationTargetsRequest,
  type NavigationEdit,
} from './protocol';
import type { RequestGuard } from './requestGuard';

/**
 * The Navigation view's requests, and the same as `workspace/executeCommand` commands for editors whose
 * LSP clients run commands rather than custom requests (the edit command applies its edit with
 * `workspace/applyEdit`). Only for files of the workspace's folders.
 */
export function answerNavigationRequests(
  connection: Connection,
  service: DocsLanguageService,
  guard: RequestGuard,
  inWorkspace: (uri: unknown) => boolean,
): void {
  const empty = { items: [] };
  connection.onRequest(
    navigationLevelRequest,
    guard.answer(empty, async ({ rootUri, parent, scope }, token) =>
      inWorkspace(rootUri) ? service.getNavigationLevel(rootUri, { parent, scope }, token) : empty,
    ),
  );
  connection.onRequest(
    navigationPathRequest,
    guard.answer(null, async ({ uri, scope }, token) =>
      inWorkspace(uri) ? ((await service.getNavigationPath(uri, scope, token)) ?? null) : null,
    ),
  );
  connection.onRequest(
    navigationTargetsRequest,
    guard.answer([], async ({ rootUri }, token) => (inWorkspace(rootUri) ? service.getNavigationTargets(rootUri, token) : [])),
  );
  const refusedOutside = { refused: 'the file is outside the workspace folders' };
  connection.onRequest(
    navigationEditRequest,
    guard.answer(refusedOutside, async ({ rootUri, edit }, token) =>
      inWorkspace(rootUri) ? service.getNavigationEdit(rootUri, edit, token) : refusedOutside,
    ),
  );
  connection.onExecuteCommand(
    guard.answer(null, async ({ command, arguments: args }, token) => {
      const params = (args?.[0] ?? {}) as { rootUri?: string; uri?: string; parent?: string; scope?: string; edit?: NavigationEdit };
      if (command === NAVIGATION_COMMANDS.level && inWorkspace(params.rootUri))
        return service.getNavigationLevel(params.rootUri!, { parent: params.parent, scope: params.scope }, token);
      if (command === NAVIGATION_COMMANDS.path && inWorkspace(params.uri))
        return (await service.getNavigationPath(params.uri!, params.scope, token)) ?? null;
      if (command === NAVIGATION_COMMANDS.targets && inWorkspace(params.rootUri))
        return service.getNavigationTargets(params.rootUri!, token);
      if (command === NAVIGATION_COMMANDS.edit && inWorkspace(params.rootUri) && params.edit) {
        const answer = await service.getNavigationEdit(params.rootUri!, params.edit, token);
        if ('refused' in answer) return answer;
        const applied = await connection.workspace.applyEdit({ label: 'Edit the navigation', edit: answer.edit });
        return { applied: applied.applied, ...(answer.created && { created: answer.created }) };
      }
      return null;
    }),
  );
}
