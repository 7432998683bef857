import { createHash, type Hash } from 'node:crypto';
import { homedir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative as relativePath, sep } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { joinUri, uriToPath, type CheckCache, type WholeSite } from '../service';
import type { FsWorkspace } from '../fsWorkspace';
import { isUsageError } from './usageError';
import { jsonChunks } from './jsonChunks';
import { readLocalFile, writeLocalFile } from './localFiles';
import { listedEntries, sameFolders, sameMeta, statOf, unchangedSince } from './checkCacheFreshness';
import { Earlier, FORMAT, isCacheData, type CacheData, type FileSeen, type StoredRoot } from './checkCacheData';

/**
 * The file's first line: `docsmith-cache <format> <digest>`, the digest of the JSON that follows and of
 * the salt (the build and the settings). A file edited by hand (a finding taken out, a message changed)
 * or written by another build no longer matches it, and is not used.
 */
const HEADER = 'docsmith-cache';
/** A SHA-256 digest in base64url: 43 characters. */
const DIGEST_LENGTH = 43;
/**
 * Files whose content the site's configuration reads: docs.json and its `$ref` files, OpenAPI specs
 * (any JSON or YAML file may be one), `.mintignore` (and `.docsmithrc.json`, a JSON file too). A change
 * to one of them can change any page's findings: the cache re-checks every page, `--changed-since` too.
 */
export const SITE_WIDE_FILE = /(?:\.(?:json|ya?ml)|(?:^|\/)\.mintignore)$/i;
/**
 * A file modified this close to the start of the run that saw it may change again without its
 * modification time changing (the clock's resolution): its metadata is not trusted next time, its
 * content is hashed again.
 */
const RACY_MS = 2000;

/** Where the cache lives unless `--cache-location` says: the user's cache folder, one file per folder checked. */
export function defaultCacheLocation(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  // base64url: a name of base64's alphabet may hold `/`, which made a folder of the cache (`check-ab/cd.json`).
  return join(base, 'docsmith', `check-${createHash('sha1').update(dir).digest('base64url').slice(0, 16)}.json`);
}

/** A cache of a 25,000-page site is a few MB: a larger file is not read. */
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('base64');
}

/** What a thread's cache learnt of a root: the files it hashed, the pages it kept or reused. */
export interface CacheLearnt {
  files: [string, FileSeen][];
  pages: [string, { dependencies: string[]; diagnostics: Diagnostic[] }][];
  changed: boolean;
}

/**
 * The CLI's {@link CheckCache}: a JSON file of each page's findings with the hashes of what they
 * depend on. A file's metadata (size, modification and change times) stands for its content when it
 * has not changed since the run that hashed it; otherwise the content is read and hashed, so a fresh
 * clone (every time new) still reuses what did not change.
 */
export class FileCheckCache implements CheckCache {
  private data: CacheData = { format: FORMAT, roots: {} };
  private readonly started: number;
  private root:
    | {
        uri: string;
        path: string;
        key: string;
        earlier: Earlier | undefined;
        files: Map<string, FileSeen>;
        pages: Map<string, { dependencies: string[]; diagnostics: Diagnostic[] }>;
        /** The configuration files' findings (relative paths), kept or reused by this run. */
        config?: [string, Diagnostic[]][];
        /** Every finding of the root was reused as the file holds them. */
        whole?: boolean;
        /** The root's files as listed (without the cache file), sorted. */
        listing?: string[];
        /** What a check of every page said it covered (see {@link StoredRoot.complete}). */
        complete?: [number, number];
        /** Something differs from what the file holds: it is written again. */
        changed: boolean;
      }
    | undefined;
  /** Hashes of this run, by relative path of the current root (null: no such file). */
  private readonly hashes = new Map<string, Promise<string | null>>();
  private dirty = false;

  /**
   * @param location the cache file
   * @param salt what else the findings depend on: the tool's build and the settings
   * @param started when the run started (a test moves it, to have files just written taken as settled)
   */
  constructor(
    readonly location: string,
    private readonly workspace: FsWorkspace,
    private readonly salt: string,
    private readonly warn: (message: string) => void,
    started = Date.now(),
    /** The folder checked: the cache is never written out of it through a link. */
    private readonly folder = dirname(location),
  ) {
    this.started = started;
    // Read as guardedly as the site's files; anything but a cache written by this format is taken as no cache.
    let text: string | undefined;
    try {
      text = readLocalFile(location, 'cache', MAX_CACHE_BYTES, this.folder);
    } catch (error) {
      if (!isUsageError(error)) throw error;
      warn(`${error.message}; checking every page without it.`);
      return;
    }
    if (text === undefined) return; // no cache yet
    const newline = text.indexOf('\n');
    const [magic, format, digest] = text.slice(0, Math.max(newline, 0)).split(' ');
    const body = text.slice(newline + 1);
    if (magic !== HEADER || format !== String(FORMAT) || digest !== this.digest(body)) {
      warn(
        `the cache ${location} was written by another version of Docsmith, with other settings, or edited; checking every page and writing it again.`,
      );
      return;
    }
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      warn(`the cache ${location} is not valid JSON; checking every page and writing it again.`);
      return;
    }
    if (!isCacheData(data)) {
      warn(`the cache ${location} is not a Docsmith cache of this version (or was edited); checking every page and writing it again.`);
      return;
    }
    this.data = data;
  }

  private digest(body: string): string {
    return this.hasher().update(body).digest('base64url');
  }

  private hasher(): Hash {
    return createHash('sha256').update(this.salt).update('\0');
  }

  async open(rootUri: string, files: Iterable<string>, siteKey = ''): Promise<void> {
    this.close();
    const path = uriToPath(rootUri);
    const stored = this.data.roots[path];
    let earlier: Earlier | undefined;
    try {
      earlier = stored ? new Earlier(stored) : undefined;
    } catch {
      earlier = undefined; // a file written by hand or half-written: start afresh
    }
    // The cache file itself, when it is kept inside the docs root, is not part of the site.
    const own = relativePath(path, this.location).split(sep).join('/');
    const listed = [...files].filter((file) => file !== own).sort();
    this.root = { uri: rootUri, path, key: '', earlier, files: new Map(), pages: new Map(), changed: !earlier, listing: listed };
    const key = createHash('sha1').update(`${FORMAT}\0${this.salt}\0${siteKey}\0`);
    for (const file of listed) {
      key.update(`${file}\0`);
      if (SITE_WIDE_FILE.test(file)) key.update(`${(await this.hash(file)) ?? '-'}\0`);
    }
    this.root.key = key.digest('base64');
    if (this.root.key !== stored?.key) this.root.changed = true;
  }

  async reuse(relative: string): Promise<Diagnostic[] | undefined> {
    const root = this.root;
    if (!root?.earlier || root.earlier.stored.key !== root.key) return undefined;
    const entry = root.earlier.pages.get(relative);
    if (!entry || (await this.hash(relative)) !== root.earlier.file(relative)?.hash) return undefined;
    const dependencies = entry.dependencies.map((dependency) => root.earlier!.path(dependency));
    for (const file of dependencies) if ((await this.hash(file)) !== (root.earlier.file(file)?.hash ?? null)) return undefined;
    root.pages.set(relative, { dependencies, diagnostics: entry.diagnostics });
    return entry.diagnostics;
  }

  async reuseConfig(): Promise<Map<string, Diagnostic[]> | undefined> {
    const root = this.root;
    const config = root?.earlier?.config;
    if (!root || !config || root.earlier!.stored.key !== root.key) return undefined;
    for (const [file] of config) if ((await this.hash(file)) !== root.earlier!.file(file)?.hash) return undefined;
    root.config = config;
    return new Map(config.map(([file, diagnostics]) => [joinUri(root.uri, file), diagnostics]));
  }

  async keepConfig(diagnostics: ReadonlyMap<string, Diagnostic[]>): Promise<void> {
    const root = this.root;
    if (!root) return;
    const prefix = `${root.uri}/`;
    const config: [string, Diagnostic[]][] = [];
    for (const [uri, found] of diagnostics) {
      const relative = uri.startsWith(prefix) ? uri.slice(prefix.length) : undefined;
      // A file out of the root, or gone, is not kept: the next run checks the configuration again.
      if (!relative || !(await this.hash(relative))) return;
      config.push([relative, found]);
    }
    root.config = config;
    root.changed = true;
  }

  async reuseSite(rootUri: string): Promise<WholeSite | undefined> {
    this.close();
    const path = uriToPath(rootUri);
    const stored = this.data.roots[path];
    if (!stored || !stored.config || !stored.complete || !stored.folders || stored.pages.length !== stored.complete[0]) return undefined;
    if (!unchangedSince(path, stored, basename(this.location))) return undefined;
    const { paths, pages, config, complete } = stored;
    const diagnostics = new Map(config.map(([file, found]) => [joinUri(rootUri, paths[file]), found]));
    for (const [page, , found] of pages) if (found.length) diagnostics.set(joinUri(rootUri, paths[page]), found);
    // Open and done: the file keeps what it holds.
    this.root = {
      uri: rootUri,
      path,
      key: stored.key,
      earlier: undefined,
      files: new Map(),
      pages: new Map(),
      changed: false,
      whole: true,
    };
    return { diagnostics, pages: complete[0], filesChecked: complete[1] };
  }

  checkedSite({ pages, filesChecked }: Omit<WholeSite, 'diagnostics'>): void {
    const root = this.root;
    if (!root) return;
    const before = root.earlier?.stored.complete;
    if (before?.[0] !== pages || before[1] !== filesChecked) root.changed = true;
    root.complete = [pages, filesChecked];
  }

  seen(relative: string, text: string): void {
    // Recorded with its metadata, which {@link hash} reads first: no promise kept per page. The hash of
    // the text is that of the file's bytes (FsWorkspace.hashFile) but for a page with a byte-order mark
    // or bytes that are not UTF-8, which a fresh clone therefore checks again.
    if (this.root) this.record(relative, sha1(text));
  }

  async keep(relative: string, diagnostics: Diagnostic[], dependencies: Iterable<string>): Promise<void> {
    const root = this.root;
    if (!root || !(root.files.get(relative)?.hash ?? (await this.hashes.get(relative)))) return;
    const read: string[] = [];
    // Hashed now, so that the file written holds the hash of every file a page read.
    for (const file of dependencies) if (file !== relative && (await this.hash(file))) read.push(file);
    root.pages.set(relative, { dependencies: read, diagnostics });
    root.changed = true;
  }

  /** What this run learnt of the current root, for the cache of the thread that writes the file (plain data). */
  learnt(): CacheLearnt | undefined {
    const root = this.root;
    return root && { files: [...root.files], pages: [...root.pages], changed: root.changed };
  }

  /** Takes what another thread's cache learnt of the same root (its share of the pages). */
  adopt(learnt: CacheLearnt): void {
    const root = this.root;
    if (!root) return;
    for (const [path, seen] of learnt.files) root.files.set(path, seen);
    for (const [page, kept] of learnt.pages) root.pages.set(page, kept);
    if (learnt.changed) root.changed = true;
  }

  /** Writes the cache when it changed (atomically: a run stopped half-way leaves the previous file). */
  save(): void {
    this.close();
    if (!this.dirty) return;
    try {
      // Written in pieces as it is hashed: the cache of a large site is a JSON text of tens of MB.
      const hash = this.hasher();
      const body = function* (chunks: Iterable<string>) {
        for (const chunk of chunks) yield (hash.update(chunk), chunk);
      };
      const start = `${HEADER} ${FORMAT} `;
      writeLocalFile(this.location, body(jsonChunks(this.data, 4, true)), 'cache', this.folder, {
        length: start.length + DIGEST_LENGTH + 1,
        text: () => `${start}${hash.digest('base64url')}\n`,
      });
    } catch (error) {
      if (!isUsageError(error)) throw error;
      this.warn(`could not write the cache: ${error.message}`);
    }
  }

  /** What this run learnt of the current root replaces what the cache held. */
  private close(): void {
    const root = this.root;
    this.root = undefined;
    this.hashes.clear();
    if (!root) return;
    const earlierPages = root.earlier?.pages.size ?? 0;
    if (root.whole) return;
    const folders = this.listedFolders(root.path, root.listing);
    if (
      !root.changed &&
      root.pages.size === earlierPages &&
      root.files.size === root.earlier?.stored.paths.length &&
      sameFolders(folders, root.earlier.stored)
    )
      return;
    this.dirty = true;
    const stored: StoredRoot = { key: root.key, paths: [], meta: [], hashes: [], pages: [], ...folders };
    const index = new Map<string, number>();
    for (const [path, seen] of root.files) {
      index.set(path, stored.paths.length);
      stored.paths.push(path);
      stored.meta.push(seen.size, seen.mtime, seen.ctime);
      stored.hashes.push(seen.hash);
    }
    for (const [page, { dependencies, diagnostics }] of root.pages) {
      const at = index.get(page);
      if (at !== undefined) stored.pages.push([at, dependencies.map((file) => index.get(file) ?? file), diagnostics]);
    }
    const config = root.config?.map(([file, diagnostics]): [number | undefined, Diagnostic[]] => [index.get(file), diagnostics]);
    if (config?.every((entry): entry is [number, Diagnostic[]] => entry[0] !== undefined)) stored.config = config;
    if (root.complete) stored.complete = root.complete;
    this.data.roots[root.path] = stored;
  }

  /**
   * The folders of the root's listing with their times, when all were listed (those modified just
   * before the run marked as not trusted, -1). The cache file's own folder, when it is inside the root,
   * is kept by what the listing found in it instead: writing the file sets its times.
   */
  private listedFolders(
    rootPath: string,
    listing: readonly string[] | undefined,
  ): Pick<StoredRoot, 'folders' | 'folderTimes' | 'ownFolder'> {
    const listed = this.workspace.listedFolders(rootPath);
    if (!listed || !listing) return {};
    const own = relativePath(rootPath, this.location).split(sep).join('/');
    const ownFolder = own.startsWith('../') || isAbsolute(own) ? undefined : own.slice(0, own.lastIndexOf('/') + 1);
    // A folder this run's cache file made (`.docsmith/`) is listed by the next run.
    if (ownFolder !== undefined && !listed.folders.includes(ownFolder)) return {};
    const folders: string[] = [];
    const folderTimes: number[] = [];
    for (const [index, folder] of listed.folders.entries()) {
      if (folder === ownFolder) continue;
      const [mtime, ctime] = [listed.times[2 * index], listed.times[2 * index + 1]];
      folders.push(folder);
      folderTimes.push(this.racy(mtime, ctime) ? -1 : mtime, ctime);
    }
    if (ownFolder === undefined) return { folders, folderTimes };
    return { folders, folderTimes, ownFolder: [ownFolder, ...listedEntries(ownFolder, listing, listed.folders)] };
  }

  private racy(mtimeMs: number, ctimeMs: number): boolean {
    return mtimeMs >= this.started - RACY_MS || ctimeMs >= this.started - RACY_MS;
  }

  private hash(relative: string): Promise<string | null> {
    const seen = this.root?.files.get(relative);
    if (seen) return Promise.resolve(seen.hash);
    let found = this.hashes.get(relative);
    if (!found) this.hashes.set(relative, (found = this.computeHash(relative)));
    return found;
  }

  private async computeHash(relative: string): Promise<string | null> {
    const root = this.root!;
    const stat = statOf(join(root.path, relative));
    if (!stat) return null;
    const earlier = root.earlier?.file(relative);
    if (sameMeta(earlier, stat)) {
      root.files.set(relative, earlier);
      return earlier.hash;
    }
    // The bytes are hashed, not decoded: a fresh clone (every time new) hashes every file of the site.
    const hash = await this.workspace.hashFile(joinUri(root.uri, relative)).catch(() => undefined);
    if (hash === undefined) return null;
    this.record(relative, hash, stat);
    return hash;
  }

  private record(relative: string, hash: string, stat = statOf(join(this.root!.path, relative))): void {
    if (!stat) return;
    const racy = this.racy(stat.mtimeMs, stat.ctimeMs);
    this.root!.files.set(relative, { size: stat.size, mtime: racy ? -1 : stat.mtimeMs, ctime: stat.ctimeMs, hash });
    this.root!.changed = true;
  }
}
