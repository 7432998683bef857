import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { FsWorkspace } from './fsWorkspace';
import type { DirectoryEntry, DocsWorkspace, FileListing, FileStat } from './service';

/**
 * The server's view of files: open documents (with unsaved edits) over the file system. Only
 * `file:` documents belong to a docs site; others (untitled, git, output) are never read from here.
 */
export class OpenDocumentsWorkspace implements DocsWorkspace {
  private readonly disk = new FsWorkspace();

  constructor(private readonly documents: TextDocuments<TextDocument>) {}

  async readFile(uri: string): Promise<string | undefined> {
    const open = this.documents.get(uri);
    if (open) return open.getText();
    return uri.startsWith('file:') ? this.disk.readFile(uri) : undefined;
  }

  async stat(uri: string): Promise<FileStat | undefined> {
    const open = this.documents.get(uri);
    const onDisk = uri.startsWith('file:') ? await this.disk.stat(uri) : undefined;
    // An open document's version changes with every edit; its disk time with every save.
    if (open) return { kind: 'file', size: open.getText().length, mtime: onDisk?.mtime ?? 0, version: open.version };
    return onDisk;
  }

  realPathInside(uri: string, rootUri: string): Promise<boolean> {
    return this.disk.realPathInside(uri, rootUri);
  }

  listFiles(folderUri: string): Promise<FileListing> {
    return this.disk.listFiles(folderUri);
  }

  readDirectory(folderUri: string): Promise<DirectoryEntry[]> {
    return this.disk.readDirectory(folderUri);
  }
}
