import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, relative as relativePath, sep } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { joinUri, uriToPath, type CheckCache, type DocsWorkspace } from '../service';

/** Bumped when what the file holds changes shape: a file of another format is ignored. */
const FORMAT = 1;
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

/** What a file was when this run hashed it: size, modification and change times (mtime -1: racy, not trusted) and content hash. */
interface FileSeen {
  size: number;
  mtime: number;
  ctime: number;
  hash: string;
}

/**
 * One docs root as the cache file holds it, compact (a 25,000-page site takes a few MB): the files
 * hashed, as parallel arrays, and the pages' findings with the files they read (an index into `paths`,
 * or the path of a file that did not exist). A page's own hash and those of what it read are the
 * ones of `hashes`: a page is kept only with the hashes of the run that wrote the file.
 */
interface StoredRoot {
  key: string;
  paths: string[];
  /** size, mtime, ctime of each file of `paths`. */
  meta: number[];
  hashes: string[];
  /** [index of the page in `paths`, what it read, its findings]. */
  pages: [number, (number | string)[], Diagnostic[]][];
}

interface CacheData {
  format: number;
  roots: Record<string, StoredRoot>;
}

/** A stored root, read for lookups. */
class Earlier {
  private readonly index = new Map<string, number>();
  readonly pages = new Map<string, { dependencies: (number | string)[]; diagnostics: Diagnostic[] }>();

  constructor(readonly stored: StoredRoot) {
    stored.paths.forEach((path, index) => this.index.set(path, index));
    for (const [page, dependencies, diagnostics] of stored.pages) this.pages.set(stored.paths[page], { dependencies, diagnostics });
  }

  file(relative: string): FileSeen | undefined {
    const index = this.index.get(relative);
    if (index === undefined) return undefined;
    const { meta, hashes } = this.stored;
    return { size: meta[index * 3], mtime: meta[index * 3 + 1], ctime: meta[index * 3 + 2], hash: hashes[index] };
  }

  path(dependency: number | string): string {
    return typeof dependency === 'number' ? this.stored.paths[dependency] : dependency;
  }
}

/** Where the cache lives unless `--cache-location` says: the user's cache folder, one file per folder checked. */
export function defaultCacheLocation(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(base, 'docsmith', `check-${sha1(dir).slice(0, 16)}.json`);
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('base64');
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
    private readonly workspace: DocsWorkspace,
    private readonly salt: string,
    private readonly warn: (message: string) => void,
    started = Date.now(),
  ) {
    this.started = started;
    let text: string;
    try {
      text = readFileSync(location, 'utf8');
    } catch {
      return; // no cache yet
    }
    try {
      const data = JSON.parse(text) as CacheData;
      if (data?.format === FORMAT && typeof data.roots === 'object' && data.roots) this.data = data;
    } catch {
      warn(`the cache ${location} is not valid JSON; checking every page and writing it again.`);
    }
  }

  async open(rootUri: string, files: Iterable<string>): Promise<void> {
    this.close();
    const path = uriToPath(rootUri);
    const stored = this.data.roots[path];
    let earlier: Earlier | undefined;
    try {
      earlier = stored ? new Earlier(stored) : undefined;
    } catch {
      earlier = undefined; // a file written by hand or half-written: start afresh
    }
    this.root = { uri: rootUri, path, key: '', earlier, files: new Map(), pages: new Map(), changed: !earlier };
    // The cache file itself, when it is kept inside the docs root, is not part of the site.
    const own = relativePath(path, this.location).split(sep).join('/');
    const listed = [...files].filter((file) => file !== own).sort();
    const key = createHash('sha1').update(`${FORMAT}\0${this.salt}\0`);
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

  seen(relative: string, text: string): void {
    if (!this.root) return;
    const hash = sha1(text);
    this.hashes.set(relative, Promise.resolve(hash));
    this.record(relative, hash);
  }

  async keep(relative: string, diagnostics: Diagnostic[], dependencies: Iterable<string>): Promise<void> {
    const root = this.root;
    if (!root || !(await this.hashes.get(relative))) return;
    const read: string[] = [];
    // Hashed now, so that the file written holds the hash of every file a page read.
    for (const file of dependencies) if (file !== relative && (await this.hash(file))) read.push(file);
    root.pages.set(relative, { dependencies: read, diagnostics });
    root.changed = true;
  }

  /** Writes the cache when it changed (atomically: a run stopped half-way leaves the previous file). */
  save(): void {
    this.close();
    if (!this.dirty) return;
    try {
      mkdirSync(dirname(this.location), { recursive: true });
      const temporary = `${this.location}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(this.data));
      renameSync(temporary, this.location);
    } catch (error) {
      this.warn(`could not write the cache ${this.location}: ${(error as Error).message}`);
    }
  }

  /** What this run learnt of the current root replaces what the cache held. */
  private close(): void {
    const root = this.root;
    this.root = undefined;
    this.hashes.clear();
    if (!root) return;
    const earlierPages = root.earlier?.pages.size ?? 0;
    if (!root.changed && root.pages.size === earlierPages && root.files.size === root.earlier?.stored.paths.length) return;
    this.dirty = true;
    const stored: StoredRoot = { key: root.key, paths: [], meta: [], hashes: [], pages: [] };
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
    this.data.roots[root.path] = stored;
  }

  private hash(relative: string): Promise<string | null> {
    let found = this.hashes.get(relative);
    if (!found) this.hashes.set(relative, (found = this.computeHash(relative)));
    return found;
  }

  private async computeHash(relative: string): Promise<string | null> {
    const root = this.root!;
    const stat = statOf(join(root.path, relative));
    if (!stat) return null;
    const earlier = root.earlier?.file(relative);
    if (earlier && earlier.mtime >= 0 && earlier.size === stat.size && earlier.mtime === stat.mtimeMs && earlier.ctime === stat.ctimeMs) {
      root.files.set(relative, earlier);
      return earlier.hash;
    }
    const text = await this.workspace.readFile(joinUri(root.uri, relative)).catch(() => undefined);
    if (text === undefined) return null;
    const hash = sha1(text);
    this.record(relative, hash, stat);
    return hash;
  }

  private record(relative: string, hash: string, stat = statOf(join(this.root!.path, relative))): void {
    if (!stat) return;
    const racy = stat.mtimeMs >= this.started - RACY_MS || stat.ctimeMs >= this.started - RACY_MS;
    this.root!.files.set(relative, { size: stat.size, mtime: racy ? -1 : stat.mtimeMs, ctime: stat.ctimeMs, hash });
    this.root!.changed = true;
  }
}

function statOf(path: string): { size: number; mtimeMs: number; ctimeMs: number } | undefined {
  try {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat?.isFile() ? stat : undefined;
  } catch {
    return undefined;
  }
}
