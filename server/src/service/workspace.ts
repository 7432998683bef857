/**
 * What the language service may know of the outside world. Everything reaches it through this
 * interface, so the service runs the same over open editor buffers, the file system (CLI) and the
 * in-memory workspaces of the unit tests. URIs are strings (`file:///abs/path`).
 */
/** How a file changed: its text (an edit, or on disk), or it appeared or went. */
export type FileChange = 'changed' | 'created' | 'deleted';

export interface FileStat {
  kind: 'file' | 'directory';
  size: number;
  /** Modification time in ms on disk (0 for a document that is only open). */
  mtime: number;
  /** For a document open in the editor: its version, which changes with every edit (the disk time does not). */
  version?: number;
}

/**
 * What identifies one content of a file: its disk time, and for an open document its editor version
 * too. A string, so that no two of them can ever compare equal by arithmetic (a time plus a fraction
 * of a version did, at epoch-millisecond sizes, for versions 1 to ~250).
 */
export function contentStamp(stat: FileStat | undefined): string {
  return stat ? `${stat.mtime}:${stat.version ?? ''}` : 'gone';
}

export interface FileListing {
  /** Paths relative to the listed folder, with `/`. */
  files: string[];
  /** Problems met while listing (a symlink loop, an unreadable folder), each at the folder concerned. */
  problems: { uri: string; message: string }[];
}

/** One entry of a folder, as listed: a symlink is reported as one, not followed. */
export interface DirectoryEntry {
  name: string;
  kind: 'file' | 'directory' | 'symlink';
}

export interface DocsWorkspace {
  /** The text of a file, or undefined when there is no such file. Throws a {@link WorkspaceError} when it cannot be read. */
  readFile(uri: string): Promise<string | undefined>;
  /**
   * Whether a file's real location, symlinks followed, is inside `rootUri` (true when it does not
   * exist). Files are never read through a link that leads out of the docs root: the platform would
   * not publish them, and a link could quote a secret from elsewhere. Workspaces without links need
   * not implement it.
   */
  realPathInside?(uri: string, rootUri: string): Promise<boolean>;
  stat(uri: string): Promise<FileStat | undefined>;
  /**
   * Every file below a folder, recursively, following symlinks without looping. Skips `node_modules`
   * and folders whose name starts with a dot.
   */
  listFiles(folderUri: string): Promise<FileListing>;
  /** The entries of one folder; none when it cannot be read. */
  readDirectory(folderUri: string): Promise<DirectoryEntry[]>;
  /**
   * Where the editor's last edit of an open document ended (an offset in its current text), so that
   * an entry being typed is told from one saved that way. Undefined for closed files and outside an editor.
   */
  editedAt?(uri: string): number | undefined;
  /**
   * Whether the file on disk is not valid UTF-8: its text, as {@link readFile} gives it and the
   * platform reads it, has U+FFFD for the bytes that are not. Asked only of a text that holds U+FFFD
   * (one that is valid UTF-8 holds it on purpose: a page about encodings).
   */
  isNotUtf8?(uri: string): Promise<boolean>;
  /**
   * How many reads are worth having under way at once when many files are read (every page, for the
   * site's imports): 1, the default, where a read does not wait (the disk, read synchronously); more
   * where each waits on a round trip (the browser build, which asks the editor for every file).
   */
  readsAtOnce?: number;
}

/** A file exists but cannot be used as text: too large, binary, unreadable. The message is for the user. */
export class WorkspaceError extends Error {
  constructor(
    message: string,
    readonly reason: 'too-large' | 'binary' | 'unreadable',
  ) {
    super(message);
  }
}
