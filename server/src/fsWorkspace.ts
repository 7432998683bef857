import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  statSync,
  type Dirent,
} from 'node:fs';
import { isAscii, isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import { BINARY_SNIFF_BYTES, binaryMessage, MAX_FILE_BYTES, SKIPPED_FOLDERS, tooLargeMessage } from './common/fileText';
import { pathToUri, uriToPath, WorkspaceError, type DirectoryEntry, type DocsWorkspace, type FileListing, type FileStat } from './service';

// What a file may be and which folders are walked: the same for the browser build's reader (common/fileText.ts).
export { MAX_FILE_BYTES, SKIPPED_FOLDERS };

/** The file system as the language service sees it (used by the CLI, and under open documents by the server). */
export class FsWorkspace implements DocsWorkspace {
  /**
   * @param options.folderTimes note each folder's modification and change times as it is listed
   * (before it is read), for {@link listedFolders}: `docsmith check --cache` tells from them that no
   * file was added or removed.
   */
  constructor(private readonly options: { folderTimes?: boolean } = {}) {}

  /** The folders of a listing and their times, by listed path; none for a listing with problems. */
  private readonly folderTimes = new Map<string, FolderTimes | undefined>();

  /**
   * The folders walked by the last listing of a folder (relative paths ending in `/`, the folder
   * itself `''`) with their modification and change times, taken before each was read; undefined
   * when they were not noted or some folder could not be read.
   */
  listedFolders(folder: string): FolderTimes | undefined {
    return this.folderTimes.get(folder);
  }

  /**
   * Reads with synchronous calls: one open, fstat, read and close. The promise API costs a thread-pool
   * round trip per call, which tripled the time to read a 10,000-page site; callers that must stay
   * responsive yield between files.
   */
  async readFile(uri: string): Promise<string | undefined> {
    const path = uriToPath(uri);
    return readFileText(path, this.isListedFile(path));
  }

  /**
   * The SHA-1 of a file's bytes (base64), or undefined when there is none: what the cache of
   * `docsmith check` compares, without decoding the text. It equals the hash of the text read by
   * {@link readFile} for a UTF-8 file without a byte-order mark (nearly every page).
   */
  async hashFile(uri: string): Promise<string | undefined> {
    const path = uriToPath(uri);
    return readRegularFile(path, (bytes) => createHash('sha1').update(bytes).digest('base64'), this.isListedFile(path));
  }

  /**
   * Regular files seen by {@link listFiles}, read without an fstat first (a third of the calls per
   * page): per folder listed (its path with a final `/`), the relative paths the listing gave, the same
   * strings (absolute paths of every file of a 150,000-file site would take 15 MB more).
   */
  private readonly listedFiles = new Map<string, Set<string>>();

  private isListedFile(path: string): boolean {
    for (const [folder, files] of this.listedFiles) if (path.startsWith(folder) && files.has(path.slice(folder.length))) return true;
    return false;
  }

  async isNotUtf8(uri: string): Promise<boolean> {
    const path = uriToPath(uri);
    try {
      return statSync(path).size <= MAX_FILE_BYTES && !isUtf8(readFileSync(path));
    } catch {
      return false;
    }
  }

  async realPathInside(uri: string, rootUri: string): Promise<boolean> {
    let real: string;
    try {
      real = realpathSync(uriToPath(uri));
    } catch {
      return true; // missing: reported as such elsewhere
    }
    let root = this.realRoots.get(rootUri);
    if (root === undefined) {
      try {
        root = realpathSync(uriToPath(rootUri));
      } catch {
        root = uriToPath(rootUri);
      }
      this.realRoots.set(rootUri, root);
    }
    return real === root || real.startsWith(root.endsWith('/') ? root : `${root}/`);
  }

  private readonly realRoots = new Map<string, string>();

  async readDirectory(folderUri: string): Promise<DirectoryEntry[]> {
    try {
      return readdirSync(uriToPath(folderUri), { withFileTypes: true }).map((entry) => ({
        name: entry.name,
        kind: entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : 'file',
      }));
    } catch {
      return [];
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

  /**
   * Lists synchronously, like {@link readFile}: a directory walk is thousands of small calls. Real
   * paths are resolved only for the folder listed and for symlinks (each plain folder's is its
   * parent's plus its name), so a loop back to an ancestor is caught without a call per folder. A
   * symlink to a folder is not followed, as the platform's build does not follow one (a link out of
   * the root or a loop is said); a symlink to a file inside the root is listed (the platform reads it
   * as a page), one to a file outside is said and not listed, so nothing outside is ever read.
   */
  async listFiles(folderUri: string): Promise<FileListing> {
    const files: string[] = [];
    const problems: FileListing['problems'] = [];
    const top = uriToPath(folderUri);
    let topReal: string;
    try {
      topReal = realpathSync(top);
    } catch (error) {
      return {
        files,
        problems: [{ uri: folderUri, message: `Cannot list ${top} (${(error as NodeJS.ErrnoException).code ?? 'error'}).` }],
      };
    }
    const inside = (real: string) => real === topReal || real.startsWith(topReal.endsWith('/') ? topReal : topReal + '/');
    const listed = new Set<string>();
    this.listedFiles.set(top.endsWith('/') ? top : `${top}/`, listed);
    const times: FolderTimes | undefined = this.options.folderTimes ? { folders: [], times: [] } : undefined;
    const walk = (folder: string, real: string, relative: string, ancestors: Set<string>): void => {
      let entries: Dirent[];
      try {
        if (times) noteTimes(times, folder, relative);
        entries = readdirSync(folder, { withFileTypes: true });
      } catch (error) {
        problems.push({
          uri: pathToUri(folder),
          message: `Cannot list ${folder} (${(error as NodeJS.ErrnoException).code ?? 'error'}); its pages were not checked.`,
        });
        return;
      }
      const chain = new Set(ancestors).add(real);
      for (const entry of entries) {
        const path = folder.endsWith('/') ? folder + entry.name : `${folder}/${entry.name}`;
        let isDirectory = entry.isDirectory();
        let isFile = entry.isFile();
        let entryReal = real.endsWith('/') ? real + entry.name : `${real}/${entry.name}`;
        if (entry.isSymbolicLink()) {
          try {
            entryReal = realpathSync(path);
            const stat = statSync(entryReal);
            isDirectory = stat.isDirectory();
            isFile = stat.isFile();
          } catch {
            continue; // dangling link
          }
          // Nothing is read from outside the root, whatever the link: a file linked from outside
          // (`security.mdx -> ../SECURITY.md`, `pw.mdx -> /etc/passwd`) is said and left unread.
          if (!inside(entryReal)) {
            problems.push({
              uri: pathToUri(path),
              message: isFile
                ? `${relative}${entry.name} is a symlink to a file outside the docs root; Docsmith does not read files outside the folder it checks (copy the file in to have it checked).`
                : `${relative}${entry.name} is a symlink to ${entryReal}, outside the docs root; Docsmith did not follow it (the platform only publishes what is inside).`,
            });
            continue;
          }
          if (isDirectory && chain.has(entryReal)) {
            problems.push({
              uri: pathToUri(path),
              message: `${path} is a symlink loop (it leads back to ${entryReal}); Docsmith did not follow it.`,
            });
            continue;
          }
          // The platform's build lists pages with a walk that takes a folder link for a file and so
          // never enters it (prebuild's getFileList): what is under a linked folder is not published.
          if (isDirectory) continue;
        }
        if (isDirectory) {
          if (!SKIPPED_FOLDERS.has(entry.name)) walk(path, entryReal, relative + entry.name + '/', chain);
        } else if (isFile) {
          const file = relative + entry.name;
          files.push(file);
          listed.add(file);
        }
      }
    };
    walk(top, topReal, '', new Set());
    this.folderTimes.set(top, problems.length ? undefined : times);
    return { files, problems };
  }
}

/** Folders (relative paths) and their modification and change times, two numbers a folder. */
export interface FolderTimes {
  folders: string[];
  times: number[];
}

/** Notes a folder's times before it is read: a file added after that changes them for the next look. */
function noteTimes(times: FolderTimes, folder: string, relative: string): void {
  const stat = statSync(folder);
  times.folders.push(relative);
  times.times.push(stat.mtimeMs, stat.ctimeMs);
}

/** Most pages fit: they are read with one `read` into this buffer and decoded from it. */
const SCRATCH = Buffer.allocUnsafeSlow(128 * 1024);

/**
 * The text of a regular file, or undefined when there is none (see {@link readRegularFile}).
 */
export function readFileText(path: string, knownRegular = false, maxBytes = MAX_FILE_BYTES): string | undefined {
  return readRegularFile(path, (bytes) => decodeText(bytes, path), knownRegular, maxBytes);
}

/**
 * What `use` makes of the bytes of a regular file, or undefined when there is none. The file is opened
 * without blocking and checked with fstat, so a FIFO, a socket or a device is refused at once instead
 * of hanging the check; a folder and a file over {@link MAX_FILE_BYTES} are refused too. A file the
 * listing already knows as regular skips the fstat: a page that fits {@link SCRATCH} takes three calls
 * (open, read, close), and `use` reads it straight from that buffer (it must not keep the bytes).
 */
export function readRegularFile<T>(
  path: string,
  use: (bytes: Buffer) => T,
  knownRegular = false,
  maxBytes = MAX_FILE_BYTES,
): T | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    let stat = knownRegular ? undefined : fstatSync(fd);
    if (stat && !stat.isFile())
      throw new WorkspaceError(
        stat.isDirectory()
          ? `${path} is a folder, not a file.`
          : `${basename(path)} is not a regular file (a FIFO, socket or device); Docsmith does not read it.`,
        'unreadable',
      );
    if (!stat || stat.size < SCRATCH.length) {
      const read = readSync(fd, SCRATCH, 0, SCRATCH.length, 0);
      if (read < SCRATCH.length) return use(SCRATCH.subarray(0, read));
    }
    stat ??= fstatSync(fd);
    if (!stat.isFile())
      throw new WorkspaceError(
        `${basename(path)} is not a regular file (a FIFO, socket or device); Docsmith does not read it.`,
        'unreadable',
      );
    if (stat.size > maxBytes) {
      throw new WorkspaceError(tooLargeMessage(basename(path), stat.size, maxBytes), 'too-large');
    }
    const bytes = Buffer.allocUnsafe(stat.size);
    let total = 0;
    while (total < bytes.length) {
      const n = readSync(fd, bytes, total, bytes.length - total, total);
      if (n === 0) break;
      total += n;
    }
    return use(bytes.subarray(0, total));
  } catch (error) {
    if (error instanceof WorkspaceError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    if (code === 'EISDIR') throw new WorkspaceError(`${path} is a folder, not a file.`, 'unreadable');
    if (code === 'EAGAIN' || code === 'EWOULDBLOCK')
      throw new WorkspaceError(
        `${basename(path)} is not a regular file (a FIFO, socket or device); Docsmith does not read it.`,
        'unreadable',
      );
    throw new WorkspaceError(`${basename(path)} cannot be read (${code ?? (error as Error).message}).`, 'unreadable');
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * UTF-8 text, BOM removed (kept in a `.json` file: the platform reads docs.json with `JSON.parse`,
 * which refuses it, and the check says so); a NUL byte means the file is not text. Bytes that are not
 * UTF-8 (a page saved as Windows-1252) become U+FFFD, as the platform reads every file (`utf8`): the
 * page builds and shows "�" there, which the checks report. Most pages are plain ASCII: those are
 * checked and copied with native code into a one-byte string (twice as compact in memory), which
 * costs a fraction of a UTF-8 decode.
 */
export function decodeText(bytes: Buffer, path: string): string {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) throw new WorkspaceError(binaryMessage(basename(path)), 'binary');
  if (isAscii(bytes)) return bytes.toString('latin1');
  const text = bytes.toString('utf8');
  return text.charCodeAt(0) === 0xfeff && !path.endsWith('.json') ? text.slice(1) : text;
}
