import { closeSync, fstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { WorkspaceError, type DocsWorkspace, type FileListing, type FileStat } from './service/workspace';
import { pathToUri, uriToPath } from './service/uri';

/** Larger files are refused with a message rather than read: real docs.json files stay under 3 MB. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
const SKIPPED_FOLDERS = new Set(['node_modules']);

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The file system as the language service sees it (used by the CLI, and under open documents by the server). */
export class FsWorkspace implements DocsWorkspace {
  /**
   * Reads with synchronous calls: one open, fstat, read and close. The promise API costs a thread-pool
   * round trip per call, which tripled the time to read a 10,000-page site; callers that must stay
   * responsive yield between files.
   */
  async readFile(uri: string): Promise<string | undefined> {
    const path = uriToPath(uri);
    let fd: number | undefined;
    try {
      fd = openSync(path, 'r');
      const stat = fstatSync(fd);
      if (stat.isDirectory()) throw new WorkspaceError(`${path} is a folder, not a file.`, 'unreadable');
      if (stat.size > MAX_FILE_BYTES) {
        throw new WorkspaceError(`${basename(path)} is ${(stat.size / 1024 / 1024).toFixed(1)} MB; Docsmith reads files up to ${MAX_FILE_BYTES / 1024 / 1024} MB.`, 'too-large');
      }
      const bytes = Buffer.allocUnsafe(stat.size);
      let read = 0;
      while (read < bytes.length) {
        const n = readSync(fd, bytes, read, bytes.length - read, null);
        if (n === 0) break;
        read += n;
      }
      return decodeText(bytes.subarray(0, read), path);
    } catch (error) {
      if (error instanceof WorkspaceError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      if (code === 'EISDIR') throw new WorkspaceError(`${path} is a folder, not a file.`, 'unreadable');
      throw new WorkspaceError(`${basename(path)} cannot be read (${code ?? (error as Error).message}).`, 'unreadable');
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  async stat(uri: string): Promise<FileStat | undefined> {
    try {
      const stat = statSync(uriToPath(uri));
      return { kind: stat.isDirectory() ? 'directory' : 'file', size: stat.size, mtime: stat.mtimeMs };
    } catch {
      return undefined;
    }
  }

  /** Lists synchronously, like {@link readFile}: a directory walk is thousands of small calls. */
  async listFiles(folderUri: string): Promise<FileListing> {
    const files: string[] = [];
    const problems: FileListing['problems'] = [];
    const walk = (folder: string, relative: string, ancestors: Set<string>): void => {
      let entries: Dirent[];
      let real: string;
      try {
        real = realpathSync(folder);
        entries = readdirSync(folder, { withFileTypes: true });
      } catch (error) {
        problems.push({ uri: pathToUri(folder), message: `Cannot list ${folder} (${(error as NodeJS.ErrnoException).code ?? 'error'}); its pages were not checked.` });
        return;
      }
      if (ancestors.has(real)) {
        problems.push({ uri: pathToUri(folder), message: `${folder} is a symlink loop (it leads back to ${real}); Docsmith did not follow it.` });
        return;
      }
      const chain = new Set(ancestors).add(real);
      for (const entry of entries) {
        const path = join(folder, entry.name);
        let isDirectory = entry.isDirectory();
        let isFile = entry.isFile();
        if (entry.isSymbolicLink()) {
          let stat;
          try {
            stat = statSync(path);
          } catch {
            continue; // dangling link
          }
          isDirectory = stat.isDirectory();
          isFile = stat.isFile();
        }
        if (isDirectory) {
          if (!entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name)) walk(path, relative + entry.name + '/', chain);
        } else if (isFile) {
          files.push(relative + entry.name);
        }
      }
    };
    walk(uriToPath(folderUri), '', new Set());
    return { files, problems };
  }
}

function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** UTF-8 text, BOM removed; a NUL byte or invalid UTF-8 means the file is not text. */
export function decodeText(bytes: Uint8Array, path: string): string {
  if (bytes.subarray(0, 8192).includes(0)) throw new WorkspaceError(`${basename(path)} is a binary file, not text.`, 'binary');
  try {
    return decoder.decode(bytes);
  } catch {
    throw new WorkspaceError(`${basename(path)} is not valid UTF-8 text.`, 'binary');
  }
}
