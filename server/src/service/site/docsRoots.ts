import { throwIfCancelled, type Cancellation } from '../cancellation';
import { trimEndOf } from '../../common/text';
import { dirnameUri, joinUri } from '../uri';
import type { DocsWorkspace } from '../workspace';

/** How far below a folder docs roots are looked for (`apps/web/content/docs/docs.json` is 4 deep). */
export const MAX_ROOT_DEPTH = 6;
/** How far above a file its docs root is looked for. */
const MAX_ROOT_HEIGHT = 64;

/**
 * The docs root of a file. Inside a workspace folder: the outermost folder holding a docs.json between
 * the file and that folder, which is the root `docsmith check` of the folder finds (it does not look
 * inside a docs root), and the platform builds from: a docs.json nested in a site (a translation's
 * copy, `ja/docs.json`) is one more file of it. Outside any, or when none is inside the folder: the
 * nearest folder above the file (or itself) holding a docs.json.
 */
export async function findDocsRootAbove(
  workspace: DocsWorkspace,
  uri: string,
  folders: readonly string[] = [],
): Promise<string | undefined> {
  const ceiling = workspaceFolderOf(uri, folders);
  let outermost: string | undefined;
  for (let folder = dirnameUri(uri), height = 0; height < MAX_ROOT_HEIGHT; height++) {
    const stat = await workspace.stat(joinUri(folder, 'docs.json'));
    if (stat?.kind === 'file') {
      if (ceiling === undefined || (outermost === undefined && !isInside(folder, ceiling))) return folder;
      outermost = folder;
    }
    if (folder === ceiling && outermost !== undefined) return outermost;
    const parent = dirnameUri(folder);
    if (parent === folder) return outermost;
    folder = parent;
  }
  return outermost;
}

/** The innermost workspace folder holding the file, without a final `/`. */
function workspaceFolderOf(uri: string, folders: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const folder of folders) {
    const trimmed = trimEndOf(folder, '/');
    if (isInside(uri, trimmed) && (found === undefined || trimmed.length > found.length)) found = trimmed;
  }
  return found;
}

function isInside(uri: string, folder: string): boolean {
  return uri === folder || uri.startsWith(`${folder}/`);
}

/**
 * The docs roots in or below a folder, sorted: the folder itself when it holds docs.json, else every
 * folder below it that does (monorepos: `apps/docs/docs.json`), without descending into a docs root,
 * `node_modules` or dot folders. Symlinked folders are not followed, so a loop cannot trap the search.
 */
export async function findDocsRootsBelow(workspace: DocsWorkspace, folderUri: string, token: Cancellation): Promise<string[]> {
  const roots: string[] = [];
  const visit = async (folder: string, depth: number): Promise<void> => {
    throwIfCancelled(token);
    const entries = await workspace.readDirectory(folder);
    throwIfCancelled(token);
    if (entries.some((entry) => entry.name === 'docs.json' && entry.kind === 'file')) {
      roots.push(folder);
      return;
    }
    if (depth >= MAX_ROOT_DEPTH) return;
    const folders = entries.filter((entry) => entry.kind === 'directory' && !entry.name.startsWith('.') && entry.name !== 'node_modules');
    await Promise.all(folders.map((entry) => visit(joinUri(folder, entry.name), depth + 1)));
  };
  await visit(trimEndOf(folderUri, '/'), 0);
  return roots.sort();
}
