import { CancellationTokenSource, type Connection } from 'vscode-languageserver';
import { listFilesRequest, readDirectoryRequest, readFilesRequest, statRequest, type ClientFileText } from './lsp/protocol';
import { SKIPPED_FOLDERS } from './common/fileText';
import { WorkspaceError, type DirectoryEntry, type DocsWorkspace, type FileListing, type FileStat } from './service';

/** Requests to the client under way at most: the browser's connection to GitHub is the bottleneck, not the server. */
export const MAX_PENDING_READS = 8;
/** Files asked for in one request at most. */
export const FILES_PER_REQUEST = 32;
/** Files read ahead of the workspace pass's checks (see {@link ClientWorkspace.readAhead}). */
const READ_AHEAD = 128;
/**
 * File texts kept at most (UTF-16 code units): a read again costs a round trip to the editor, and the
 * service reads a page several times in a pass (its imports, its check, the anchors linked into it).
 * The crewAI-shaped site (230 MB of pages) fits: with 48 MB it was read 2.8 times over in 48,000
 * requests (101 s, 473 MB of heap at the peak, against 21 s and 380 MB).
 */
const KEPT_TEXT = 256 * 1024 * 1024;

/**
 * The server's files when it runs in a Web Worker (the browser build): every read goes to the client
 * (`docsmith/fs/*`, answered with `vscode.workspace.fs`). Each answer is kept until the client's file
 * watcher says the file changed ({@link forget}), so a file is asked for once: on github.dev a first
 * read is a network round trip. At most {@link MAX_PENDING_READS} requests are under way at once;
 * {@link dispose} cancels those waiting and under way (the server shuts down).
 */
export class ClientWorkspace implements DocsWorkspace {
  private readonly texts = new Map<string, Promise<ClientFileText | null>>();
  private readonly sizes = new Map<string, number>();
  private keptSize = 0;
  private readonly stats = new Map<string, Promise<FileStat | undefined>>();
  private readonly listings = new Map<string, Promise<FileListing>>();
  private readonly folders = new Map<string, Promise<DirectoryEntry[]>>();
  private pending = 0;
  private readonly queue: (() => void)[] = [];
  private cancel = new CancellationTokenSource();
  /** How many requests were sent, by kind: for the bench and the tests. */
  readonly sent = { readFile: 0, stat: 0, readDirectory: 0, listFiles: 0 };

  /** The site's imports are read this many files at a time: several requests' worth. */
  readonly readsAtOnce = FILES_PER_REQUEST * 2;

  constructor(private readonly connection: Pick<Connection, 'sendRequest'>) {}

  async readFile(uri: string): Promise<string | undefined> {
    const at = this.ahead.position.get(uri);
    if (at !== undefined && at > this.ahead.reached) {
      this.ahead.reached = at;
      this.pump();
    }
    const read = await this.fetch(uri, true);
    if (!read) return undefined;
    if ('error' in read) throw new WorkspaceError(read.error.message, read.error.reason);
    return read.text;
  }

  async isNotUtf8(uri: string): Promise<boolean> {
    const read = await this.texts.get(uri);
    return Boolean(read && 'notUtf8' in read && read.notUtf8);
  }

  stat(uri: string): Promise<FileStat | undefined> {
    const listed = this.fromListing(uri);
    if (listed !== NOT_LISTED) return Promise.resolve(listed);
    return cached(this.stats, uri, () =>
      this.ask('stat', () => this.connection.sendRequest(statRequest, { uri }, this.cancel.token)).then((stat) => stat ?? undefined),
    );
  }

  listFiles(folderUri: string): Promise<FileListing> {
    return cached(this.listings, folderUri, async () => {
      const listing = await this.ask('listFiles', () =>
        this.connection.sendRequest(listFilesRequest, { uri: folderUri }, this.cancel.token),
      );
      if (!listing.problems.length) this.listed.set(folderUri.endsWith('/') ? folderUri : `${folderUri}/`, indexListing(listing.files));
      return listing;
    });
  }

  /** The files and folders of each folder listed without a problem, by its URI with a final `/`. */
  private readonly listed = new Map<string, { files: Set<string>; folders: Set<string> }>();
  /** How many times the watcher said each file changed: its time, for a stat answered from a listing. */
  private readonly changes = new Map<string, number>();

  /**
   * A stat answered from a listing, without a round trip (a page's check stats it, an asset link stats
   * its file: thousands on a large site); {@link NOT_LISTED} when no listing covers the URI, or it lies
   * in a folder listings skip. Its time counts the watcher's changes of the file, so it changes with it.
   */
  private fromListing(uri: string): FileStat | undefined | typeof NOT_LISTED {
    for (const [folder, { files, folders }] of this.listed) {
      if (!uri.startsWith(folder) && uri !== folder.slice(0, -1)) continue;
      const path = uri.length < folder.length ? '' : decodeURIComponent(uri.slice(folder.length));
      if (files.has(path)) return { kind: 'file', size: 0, mtime: this.changes.get(uri) ?? 0 };
      if (path === '' || folders.has(path)) return { kind: 'directory', size: 0, mtime: 0 };
      if (path.split('/').some((segment) => SKIPPED_FOLDERS.has(segment))) return NOT_LISTED;
      return undefined;
    }
    return NOT_LISTED;
  }

  readDirectory(folderUri: string): Promise<DirectoryEntry[]> {
    return cached(this.folders, folderUri, () =>
      this.ask('readDirectory', () => this.connection.sendRequest(readDirectoryRequest, { uri: folderUri }, this.cancel.token)),
    );
  }

  /**
   * Files to read ahead, in the order they will be asked for (the workspace pass's): they are read
   * {@link READ_AHEAD} ahead of the furthest one asked for, so the checks seldom wait on the client,
   * and memory holds a window of the site, not all of it. Replaces the order given before.
   */
  readAhead(uris: readonly string[]): void {
    this.ahead = { order: uris, position: new Map(uris.map((uri, index) => [uri, index])), next: 0, reached: 0 };
    this.pump();
  }

  private ahead: { order: readonly string[]; position: Map<string, number>; next: number; reached: number } = {
    order: [],
    position: new Map(),
    next: 0,
    reached: 0,
  };

  private pump(): void {
    const ahead = this.ahead;
    // Refilled once half the window has been used, so that the reads go out several to a request.
    if (ahead.next > ahead.reached + READ_AHEAD / 2) return;
    while (ahead.next < ahead.order.length && ahead.next <= ahead.reached + READ_AHEAD) {
      const uri = ahead.order[ahead.next++];
      if (!this.texts.has(uri)) this.fetch(uri, false).catch(() => undefined);
    }
  }

  /** A file's answer, asked once: `now` when the service waits for it (before the reads ahead). */
  private fetch(uri: string, now: boolean): Promise<ClientFileText | null> {
    let answer = this.texts.get(uri);
    if (!answer) {
      answer = this.requestText(uri, now);
      this.texts.set(uri, answer);
      void answer.then(
        (read) => this.keep(uri, read),
        () => this.texts.delete(uri),
      );
    }
    return answer;
  }

  /** The client's watcher saw a file change, come or go: what was kept of it (and of the listings, when it came or went) is asked again. */
  forget(uri: string, listingChanged: boolean): void {
    const size = this.sizes.get(uri);
    if (size !== undefined) this.keptSize -= size;
    this.sizes.delete(uri);
    this.texts.delete(uri);
    this.stats.delete(uri);
    this.changes.set(uri, (this.changes.get(uri) ?? 0) + 1);
    if (listingChanged) {
      this.listings.clear();
      this.listed.clear();
      this.folders.clear();
    }
  }

  /** Cancels every request waiting or under way; later reads ask again. */
  dispose(): void {
    this.cancel.cancel();
    this.cancel = new CancellationTokenSource();
    this.texts.clear();
    this.stats.clear();
    this.listings.clear();
    this.listed.clear();
    this.folders.clear();
    this.sizes.clear();
    this.keptSize = 0;
    this.ahead = { order: [], position: new Map(), next: 0, reached: 0 };
  }

  /** Files to ask for, gathered until the current task ends: what the service waits for, and what is read ahead. */
  private readonly gathered = { now: [] as Asked[], ahead: [] as Asked[], scheduled: false };

  private requestText(uri: string, now: boolean): Promise<ClientFileText | null> {
    return new Promise((done, fail) => {
      (now ? this.gathered.now : this.gathered.ahead).push({ uri, done, fail });
      if (this.gathered.scheduled) return;
      this.gathered.scheduled = true;
      queueMicrotask(() => this.sendGathered());
    });
  }

  private sendGathered(): void {
    this.gathered.scheduled = false;
    for (const now of [true, false]) {
      const list = now ? this.gathered.now : this.gathered.ahead;
      while (list.length) {
        const part = list.splice(0, FILES_PER_REQUEST);
        const uris = part.map((asked) => asked.uri);
        this.ask('readFile', () => this.connection.sendRequest(readFilesRequest, { uris }, this.cancel.token), now).then(
          (answers) => part.forEach((asked, index) => asked.done(answers[index] ?? null)),
          (error: unknown) => part.forEach((asked) => asked.fail(error)),
        );
      }
    }
  }

  /** A request, sent when fewer than {@link MAX_PENDING_READS} are under way. A failed request is not kept (the next read asks again). */
  private async ask<T>(kind: keyof ClientWorkspace['sent'], send: () => Promise<T>, now = true): Promise<T> {
    // What the service waits for goes before the reads ahead.
    if (this.pending >= MAX_PENDING_READS) await new Promise<void>((go) => (now ? this.queue.unshift(go) : this.queue.push(go)));
    this.pending++;
    this.sent[kind]++;
    try {
      return await send();
    } finally {
      this.pending--;
      this.queue.shift()?.();
    }
  }

  /** Keeps a text read, letting the oldest go past {@link KEPT_TEXT}. */
  private keep(uri: string, read: ClientFileText | null): void {
    const size = read && 'text' in read ? read.text.length : 0;
    this.sizes.set(uri, size);
    this.keptSize += size;
    for (const [old, oldSize] of this.sizes) {
      if (this.keptSize <= KEPT_TEXT || old === uri) break;
      this.sizes.delete(old);
      this.texts.delete(old);
      this.keptSize -= oldSize;
    }
  }
}

const NOT_LISTED = Symbol('not listed');

interface Asked {
  uri: string;
  done(answer: ClientFileText | null): void;
  fail(error: unknown): void;
}

/** A listing's files, and every folder above one of them (relative paths). */
function indexListing(files: readonly string[]): { files: Set<string>; folders: Set<string> } {
  const folders = new Set<string>();
  for (const file of files)
    for (let slash = file.indexOf('/'); slash >= 0; slash = file.indexOf('/', slash + 1)) folders.add(file.slice(0, slash));
  return { files: new Set(files), folders };
}

/** The promise kept for `key`, or a new one (forgotten when it fails, so the next call asks again). */
function cached<T>(map: Map<string, Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
  let promise = map.get(key);
  if (!promise) {
    promise = make();
    map.set(key, promise);
    promise.catch(() => map.delete(key));
  }
  return promise;
}
