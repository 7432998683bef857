import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { decodeFileBytes, SKIPPED_FOLDERS } from '../../../server/src/common/fileText';
import { insideFolders } from '../../../server/src/common/text';
import {
  listFilesRequest,
  readDirectoryRequest,
  readFilesRequest,
  statRequest,
  type ClientFileStat,
  type ClientFileText,
} from '../../../server/src/lsp/protocol';

/** Folders read at once while listing a site: each is a round trip to GitHub on github.dev. */
const LISTING_CONCURRENCY = 8;

type FileSystem = Pick<vscode.FileSystem, 'readFile' | 'stat' | 'readDirectory'>;

/**
 * The browser build's files: the server in its Web Worker asks, and the client reads with
 * `vscode.workspace.fs` (GitHub's files on github.dev, the server's under code-server). Only files of
 * the workspace's folders are read; anything else is answered as missing.
 */
export function serveFiles(client: BaseLanguageClient, fs: FileSystem = vscode.workspace.fs): vscode.Disposable[] {
  const inWorkspace = (uri: string) =>
    insideFolders(
      (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.toString()),
      uri,
    );
  return [
    client.onRequest(readFilesRequest, ({ uris }) => Promise.all(uris.map((uri) => (inWorkspace(uri) ? readText(fs, uri) : null)))),
    client.onRequest(statRequest, ({ uri }) => (inWorkspace(uri) ? statOf(fs, uri) : null)),
    client.onRequest(readDirectoryRequest, async ({ uri }) => (inWorkspace(uri) ? entriesOf(fs, uri) : [])),
    client.onRequest(listFilesRequest, async ({ uri }, token) =>
      inWorkspace(uri) ? listFiles(fs, uri, token) : { files: [], problems: [{ uri, message: `${uri} is not in the workspace.` }] },
    ),
  ];
}

/** A file's text as the service reads it; null when there is none. */
export async function readText(fs: FileSystem, uri: string): Promise<ClientFileText | null> {
  const parsed = vscode.Uri.parse(uri);
  try {
    return decodeFileBytes(await fs.readFile(parsed), parsed.path.slice(parsed.path.lastIndexOf('/') + 1));
  } catch (error) {
    if (notFound(error)) return null;
    return {
      error: {
        reason: 'unreadable',
        message: `${parsed.path} cannot be read (${error instanceof Error ? error.message : String(error)}).`,
      },
    };
  }
}

async function statOf(fs: FileSystem, uri: string): Promise<ClientFileStat | null> {
  try {
    const stat = await fs.stat(vscode.Uri.parse(uri));
    return { kind: stat.type & vscode.FileType.Directory ? 'directory' : 'file', size: stat.size, mtime: stat.mtime };
  } catch {
    return null;
  }
}

async function entriesOf(fs: FileSystem, uri: string): Promise<{ name: string; kind: 'file' | 'directory' | 'symlink' }[]> {
  try {
    return (await fs.readDirectory(vscode.Uri.parse(uri))).map(([name, type]) => ({
      name,
      kind: type & vscode.FileType.SymbolicLink ? 'symlink' : type & vscode.FileType.Directory ? 'directory' : 'file',
    }));
  } catch {
    return [];
  }
}

/**
 * Every file below a folder, its folders read {@link LISTING_CONCURRENCY} at a time. As the platform's
 * build lists pages: `node_modules` and `.git` skipped, a symlinked folder not entered (a symlinked
 * file is listed: the editor's file system cannot say where it leads). Stops when cancelled.
 */
export async function listFiles(
  fs: FileSystem,
  uri: string,
  token?: vscode.CancellationToken,
): Promise<{ files: string[]; problems: { uri: string; message: string }[] }> {
  const files: string[] = [];
  const problems: { uri: string; message: string }[] = [];
  const root = vscode.Uri.parse(uri);
  const waiting: string[] = [''];
  const readOne = async (relative: string) => {
    let entries: [string, vscode.FileType][];
    try {
      entries = await fs.readDirectory(relative ? vscode.Uri.joinPath(root, relative) : root);
    } catch (error) {
      problems.push({
        uri: (relative ? vscode.Uri.joinPath(root, relative) : root).toString(),
        message: `Cannot list ${relative || root.path} (${error instanceof Error ? error.message : String(error)}); its pages were not checked.`,
      });
      return;
    }
    for (const [name, type] of entries) {
      const path = relative + name;
      if (type & vscode.FileType.Directory) {
        if (!(type & vscode.FileType.SymbolicLink) && !SKIPPED_FOLDERS.has(name)) waiting.push(`${path}/`);
      } else if (type & vscode.FileType.File) files.push(path);
    }
  };
  const running = new Set<Promise<void>>();
  while ((waiting.length || running.size) && !token?.isCancellationRequested) {
    while (waiting.length && running.size < LISTING_CONCURRENCY) {
      const read: Promise<void> = readOne(waiting.shift()!).finally(() => running.delete(read));
      running.add(read);
    }
    if (running.size) await Promise.race(running);
  }
  return { files: files.sort(), problems };
}

function notFound(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
}
