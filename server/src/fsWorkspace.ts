import { promises as fs, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { WorkspaceError, type DocsWorkspace, type FileListing, type FileStat } from './service/workspace';
import { pathToUri, uriToPath } from './service/uri';

/** Larger files are refused with a message rather than read: real docs.json files stay under 3 MB. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
const SKIPPED_FOLDERS = new Set(['node_modules']);

const decoder = new TextDecoder('utf-8', { fatal: true });

/** The file system as the language service sees it (used by the CLI, and under open documents by the server). */
export class FsWorkspace implements DocsWorkspace {
  async readFile(uri: string): Promise<string | undefined> {
    const path = uriToPath(uri);
    let bytes: Buffer;
    try {
      const stat = await fs.stat(path);
      if (stat.isDirectory()) throw new WorkspaceError(`${path} is a folder, not a file.`, 'unreadable');
      if (stat.size > MAX_FILE_BYTES) {
        throw new WorkspaceError(`${basename(path)} is ${(stat.size / 1024 / 1024).toFixed(1)} MB; Docsmith reads files up to ${MAX_FILE_BYTES / 1024 / 1024} MB.`, 'too-large');
      }
      bytes = await fs.readFile(path);
    } catch (error) {
      if (error instanceof WorkspaceError) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw new WorkspaceError(`${basename(path)} cannot be read (${code ?? (error as Error).message}).`, 'unreadable');
    }
    return decodeText(bytes, path);
  }

  async stat(uri: string): Promise<FileStat | undefined> {
    try {
      const stat = await fs.stat(uriToPath(uri));
      return { kind: stat.isDirectory() ? 'directory' : 'file', size: stat.size, mtime: stat.mtimeMs };
    } catch {
      return undefined;
    }
  }

  async listFiles(folderUri: string): Promise<FileListing> {
    const files: string[] = [];
    const problems: FileListing['problems'] = [];
    const walk = async (folder: string, ancestors: Set<string>): Promise<void> => {
      let entries: Dirent[];
      let real: string;
      try {
        real = await fs.realpath(folder);
        entries = await fs.readdir(folder, { withFileTypes: true });
      } catch (error) {
        problems.push({ uri: pathToUri(folder), message: `Cannot list ${folder} (${(error as NodeJS.ErrnoException).code ?? 'error'}); its pages were not checked.` });
        return;
      }
      if (ancestors.has(real)) {
        problems.push({ uri: pathToUri(folder), message: `${folder} is a symlink loop (it leads back to ${real}); Docsmith did not follow it.` });
        return;
      }
      const chain = new Set(ancestors).add(real);
      const subfolders: string[] = [];
      await Promise.all(
        entries.map(async (entry) => {
          const path = join(folder, entry.name);
          let isDirectory = entry.isDirectory();
          let isFile = entry.isFile();
          if (entry.isSymbolicLink()) {
            const stat = await fs.stat(path).catch(() => undefined);
            if (!stat) return; // dangling link
            isDirectory = stat.isDirectory();
            isFile = stat.isFile();
          }
          if (isDirectory) {
            if (!entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name)) subfolders.push(path);
          } else if (isFile) {
            files.push(pathToUri(path));
          }
        }),
      );
      await Promise.all(subfolders.map((sub) => walk(sub, chain)));
    };
    await walk(uriToPath(folderUri), new Set());
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
