import type { Connection, RenameFilesParams, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { appendAll } from '../common/arrays';
import type { Cancellation, DocsLanguageService } from '../service';
import type { RenameRedirects } from './clientSettings';

/**
 * Renaming or moving pages in the editor rewrites the navigation entries that name them, and (as
 * the user's setting says, or after asking) adds redirects from the old paths to docs.json.
 */
export async function willRenameFiles(
  params: RenameFilesParams,
  service: DocsLanguageService,
  connection: Connection,
  redirects: RenameRedirects,
  token: Cancellation,
): Promise<WorkspaceEdit | null> {
  const plan = await service.planRename(params.files, token);
  const changes: Record<string, TextEdit[]> = plan.edit.changes ?? {};
  if (plan.moved.length && redirects !== 'never' && (redirects === 'always' || (await askForRedirects(connection, plan.moved)))) {
    for (const rootUri of new Set(plan.moved.map((move) => move.rootUri))) {
      const moved = plan.moved.filter((move) => move.rootUri === rootUri);
      const { uri, edits } = await service.redirectEdits(rootUri, moved, token);
      appendAll((changes[uri] ??= []), edits);
    }
  }
  return Object.keys(changes).length ? { changes } : null;
}

async function askForRedirects(connection: Connection, moved: { from: string }[]): Promise<boolean> {
  const answer = await connection.window
    .showInformationMessage(redirectQuestion(moved), { title: 'Add redirects' }, { title: 'Not now' })
    // A client that cannot ask gets no redirects rather than a failed rename.
    .catch(() => undefined);
  return answer?.title === 'Add redirects';
}

/** The question asked before adding redirects for moved pages. */
function redirectQuestion(moved: { from: string }[]): string {
  const one = moved.length === 1;
  return `Add ${one ? 'a redirect' : `${moved.length} redirects`} from the old path${one ? '' : 's'} (${moved[0].from}${one ? '' : ', …'}) to docs.json?`;
}
