import type { TextDocuments } from 'vscode-languageserver';
import { TextDocument, type TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import type { DirectoryEntry, DocsWorkspace, FileListing, FileStat } from './service';

/** Where the server's files come from: the file system (node), or the client (the browser build). */
export interface FileSource {
  files: DocsWorkspace;
  /** Whether a URI names a file of a docs site (`file:` on the desktop); others (untitled, git, output) are never read from here. */
  holds(uri: string): boolean;
}

/**
 * The server's view of files: open documents (with unsaved edits) over the files of the disk, or of
 * the editor in the browser build.
 */
export class OpenDocumentsWorkspace implements DocsWorkspace {
  private readonly disk: DocsWorkspace;
  private readonly holds: (uri: string) => boolean;

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    source: FileSource,
    private readonly edits?: LastEdits,
  ) {
    this.disk = source.files;
    this.holds = source.holds;
    this.readsAtOnce = source.files.readsAtOnce;
  }

  readonly readsAtOnce: number | undefined;

  editedAt(uri: string): number | undefined {
    const open = this.documents.get(uri);
    return open && this.edits?.at(uri, open.version);
  }

  async readFile(uri: string): Promise<string | undefined> {
    const open = this.documents.get(uri);
    if (open) return open.getText();
    return this.holds(uri) ? this.disk.readFile(uri) : undefined;
  }

  async stat(uri: string): Promise<FileStat | undefined> {
    const open = this.documents.get(uri);
    const onDisk = this.holds(uri) ? await this.disk.stat(uri) : undefined;
    // An open document's version changes with every edit; its disk time with every save.
    if (open) return { kind: 'file', size: open.getText().length, mtime: onDisk?.mtime ?? 0, version: open.version };
    return onDisk;
  }

  realPathInside(uri: string, rootUri: string): Promise<boolean> {
    return this.disk.realPathInside?.(uri, rootUri) ?? Promise.resolve(true);
  }

  /** The file on disk: the editor shows its bytes that are not UTF-8 as U+FFFD too (with its default encoding). */
  isNotUtf8(uri: string): Promise<boolean> {
    return this.holds(uri) && this.disk.isNotUtf8 ? this.disk.isNotUtf8(uri) : Promise.resolve(false);
  }

  listFiles(folderUri: string): Promise<FileListing> {
    return this.disk.listFiles(folderUri);
  }

  readDirectory(folderUri: string): Promise<DirectoryEntry[]> {
    return this.disk.readDirectory(folderUri);
  }
}

/**
 * Where the last edit of each open document ended, recorded as the editor's changes are applied
 * (pass {@link LastEdits.update} as the documents' update function): an entry being typed is told
 * from one saved that way by it.
 */
export class LastEdits {
  private readonly ends = new Map<string, { version: number; offset: number }>();

  readonly update = (document: TextDocument, changes: TextDocumentContentChangeEvent[], version: number): TextDocument => {
    const updated = TextDocument.update(document, changes, version);
    const last = changes[changes.length - 1];
    if (last && 'range' in last) {
      const offset = updated.offsetAt(last.range.start) + last.text.length;
      this.ends.set(document.uri, { version, offset });
    } else this.ends.delete(document.uri);
    return updated;
  };

  /** The offset where the edit that made this version ended; undefined for another version. */
  at(uri: string, version: number): number | undefined {
    const end = this.ends.get(uri);
    return end?.version === version ? end.offset : undefined;
  }

  forget(uri: string): void {
    this.ends.delete(uri);
  }
}
