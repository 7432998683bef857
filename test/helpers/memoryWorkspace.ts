import {
  WorkspaceError,
  type DirectoryEntry,
  type DocsWorkspace,
  type FileListing,
  type FileStat,
} from '../../server/src/service/workspace';
import { joinUri, relativeUri } from '../../server/src/service/uri';

export const ROOT = 'file:///site';

/** A docs site held in memory: paths relative to {@link ROOT} → content. `null` content is an unreadable file. */
export class MemoryWorkspace implements DocsWorkspace {
  readonly files = new Map<string, string | null>();
  private version = 0;
  /** Each file's modification time: the count of changes when it was last set (as a disk keeps one per file). */
  private readonly mtimes = new Map<string, number>();
  readonly reads: string[] = [];

  constructor(
    files: Record<string, string | null> = {},
    readonly rootUri = ROOT,
  ) {
    for (const [path, content] of Object.entries(files)) this.set(path, content);
  }

  set(path: string, content: string | null): void {
    this.version++;
    this.files.set(joinUri(this.rootUri, path), content);
    this.mtimes.set(joinUri(this.rootUri, path), this.version);
  }

  delete(path: string): void {
    this.files.delete(joinUri(this.rootUri, path));
    this.version++;
  }

  async readFile(uri: string): Promise<string | undefined> {
    this.reads.push(uri);
    if (!this.files.has(uri)) return undefined;
    const content = this.files.get(uri);
    if (content === null) throw new WorkspaceError(`${uri} cannot be read (EACCES).`, 'unreadable');
    return content;
  }

  async stat(uri: string): Promise<FileStat | undefined> {
    if (this.files.has(uri)) return { kind: 'file', size: this.files.get(uri)?.length ?? 0, mtime: this.mtimes.get(uri) ?? 0 };
    const prefix = uri.endsWith('/') ? uri : uri + '/';
    for (const file of this.files.keys()) if (file.startsWith(prefix)) return { kind: 'directory', size: 0, mtime: 0 };
    return undefined;
  }

  async listFiles(folderUri: string): Promise<FileListing> {
    const files: string[] = [];
    for (const uri of this.files.keys()) {
      const relative = relativeUri(folderUri, uri);
      if (relative === undefined) continue;
      const folders = relative.split('/').slice(0, -1);
      // As FsWorkspace lists them (and the platform's lister): every folder but node_modules and .git.
      if (!folders.some((segment) => segment === '.git' || segment === 'node_modules')) files.push(relative);
    }
    return { files, problems: [] };
  }

  async readDirectory(folderUri: string): Promise<DirectoryEntry[]> {
    const entries = new Map<string, DirectoryEntry['kind']>();
    for (const uri of this.files.keys()) {
      const relative = relativeUri(folderUri, uri);
      if (relative === undefined || relative === '') continue;
      const [name, ...rest] = relative.split('/');
      entries.set(name, rest.length ? 'directory' : 'file');
    }
    return [...entries].map(([name, kind]) => ({ name, kind }));
  }
}
