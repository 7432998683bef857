import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredRoot } from './checkCacheData';

/** Whether the files and folders a stored root describes are still as the run that stored it saw them. */

/**
 * Whether nothing of a root changed since the run that stored it: no file added, removed or renamed
 * (each folder listed has the times it had: such a change sets them), and every file its findings
 * came from has the size and times it had (a file whose times were not trusted never has). A file
 * that did not exist then, and that a page looked for, still does not.
 */
export function unchangedSince(rootPath: string, stored: StoredRoot): boolean {
  const { folders = [], folderTimes = [], paths, meta, pages } = stored;
  for (const [index, folder] of folders.entries()) {
    const stat = statSync(join(rootPath, folder), { throwIfNoEntry: false });
    const mtime = folderTimes[2 * index];
    if (!stat?.isDirectory() || mtime < 0 || stat.mtimeMs !== mtime || stat.ctimeMs !== folderTimes[2 * index + 1]) return false;
  }
  for (const [index, path] of paths.entries()) {
    const stat = statOf(join(rootPath, path));
    const mtime = meta[3 * index + 1];
    if (!stat || mtime < 0 || stat.size !== meta[3 * index] || stat.mtimeMs !== mtime || stat.ctimeMs !== meta[3 * index + 2]) return false;
  }
  for (const [, dependencies] of pages)
    for (const dependency of dependencies) if (typeof dependency === 'string' && statOf(join(rootPath, dependency))) return false;
  return true;
}

/** Whether a listing's folders are those stored, with the same times. */
export function sameFolders(listed: Pick<StoredRoot, 'folders' | 'folderTimes'>, stored: StoredRoot): boolean {
  const same = (a: readonly (string | number)[] | undefined, b: readonly (string | number)[] | undefined) =>
    a === b || (!!a && !!b && a.length === b.length && a.every((item, index) => item === b[index]));
  return same(listed.folders, stored.folders) && same(listed.folderTimes, stored.folderTimes);
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
