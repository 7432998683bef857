import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SKIPPED_FOLDERS } from '../fsWorkspace';
import type { StoredRoot } from './checkCacheData';

// Whether the files and folders a stored root describes are still as the run that stored it saw them.

/**
 * Whether nothing of a root changed since the run that stored it: no file added, removed or renamed
 * (each folder listed has the times it had: such a change sets them), and every file its findings
 * came from has the size and times it had (a file whose times were not trusted never has). A file
 * that did not exist then, and that a page looked for, still does not.
 */
export function unchangedSince(rootPath: string, stored: StoredRoot, cacheName: string): boolean {
  const { folders = [], folderTimes = [], paths, meta, pages } = stored;
  if (stored.ownFolder) {
    // The cache file's folder, whose times its writing sets: by what it holds, the cache file aside.
    const [folder, ...names] = stored.ownFolder;
    if (!same(entriesNow(join(rootPath, folder), cacheName), names)) return false;
  }
  for (const [index, folder] of folders.entries()) {
    const stat = statSync(join(rootPath, folder), { throwIfNoEntry: false });
    const mtime = folderTimes[2 * index];
    if (!stat?.isDirectory() || mtime < 0 || stat.mtimeMs !== mtime || stat.ctimeMs !== folderTimes[2 * index + 1]) return false;
  }
  for (const [index, path] of paths.entries()) {
    const [size, mtime, ctime] = meta.slice(3 * index, 3 * index + 3);
    if (!sameMeta({ size, mtime, ctime }, statOf(join(rootPath, path)))) return false;
  }
  for (const [, dependencies] of pages)
    for (const dependency of dependencies) if (typeof dependency === 'string' && statOf(join(rootPath, dependency))) return false;
  return true;
}

/** The names in a folder now, sorted, without the cache file and the folders a listing skips; undefined when it cannot be read. */
function entriesNow(folder: string, cacheName: string): string[] | undefined {
  try {
    // Folders a listing never walks hold no part of the site.
    return readdirSync(folder)
      .filter((name) => name !== cacheName && !SKIPPED_FOLDERS.has(name))
      .sort();
  } catch {
    return undefined;
  }
}

/**
 * The names a listing found in a folder (relative, `''` the root, else ending in `/`), sorted: its
 * files, and the folders it walked below it. The listing leaves the cache file out already.
 */
export function listedEntries(folder: string, files: readonly string[], folders: readonly string[]): string[] {
  const names: string[] = [];
  const direct = (path: string) => path.length > folder.length && path.startsWith(folder) && !path.slice(folder.length, -1).includes('/');
  for (const file of files) if (direct(file + '/')) names.push(file.slice(folder.length));
  for (const child of folders) if (direct(child)) names.push(child.slice(folder.length, -1));
  return names.sort();
}

/** Whether two lists hold the same items in the same order (both absent counts as the same). */
function same(a: readonly (string | number)[] | undefined, b: readonly (string | number)[] | undefined): boolean {
  return a === b || (!!a && !!b && a.length === b.length && a.every((item, index) => item === b[index]));
}

/** Whether a listing's folders are those stored, with the same times. */
export function sameFolders(listed: Pick<StoredRoot, 'folders' | 'folderTimes' | 'ownFolder'>, stored: StoredRoot): boolean {
  return same(listed.folders, stored.folders) && same(listed.folderTimes, stored.folderTimes) && same(listed.ownFolder, stored.ownFolder);
}

/**
 * Whether a file's metadata now is what a run stored (a modification time of -1, one that run did
 * not trust, never is): then it stands for the file's content.
 */
export function sameMeta<Stored extends { size: number; mtime: number; ctime: number }>(
  stored: Stored | undefined,
  now: { size: number; mtimeMs: number; ctimeMs: number } | undefined,
): stored is Stored {
  return !!stored && !!now && stored.mtime >= 0 && stored.size === now.size && stored.mtime === now.mtimeMs && stored.ctime === now.ctimeMs;
}

/** A regular file's size and times; undefined for anything else, or nothing. */
export function statOf(path: string): { size: number; mtimeMs: number; ctimeMs: number } | undefined {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat?.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}
