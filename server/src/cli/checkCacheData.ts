import type { Diagnostic } from 'vscode-languageserver-types';
import { isDiagnosticCode } from '../service';
import { printable } from './printable';

/** The cache file's data (checkCache.ts), and the check of its shape before any of it is used. */

/** Bumped when what the file holds changes shape: a file of another format is ignored. */
export const FORMAT = 3;

/** What a file was when this run hashed it: size, modification and change times (mtime -1: racy, not trusted) and content hash. */
export interface FileSeen {
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
export interface StoredRoot {
  key: string;
  paths: string[];
  /** size, mtime, ctime of each file of `paths`. */
  meta: number[];
  hashes: string[];
  /** [index of the page in `paths`, what it read, its findings]. */
  pages: [number, (number | string)[], Diagnostic[]][];
  /**
   * The findings of docs.json and the files its `$ref`s name (every one of them, in the order the
   * check reports them): [index of the file in `paths`, its findings]. The docs.json rules read
   * nothing but the configuration, the specs and which files exist, all of them in `key`.
   */
  config?: [number, Diagnostic[]][];
  /**
   * Set by a check of every page: [how many pages and snippets it covered, how many files it
   * checked]. When `pages` holds that many, they are every finding of the site besides `config`.
   */
  complete?: [number, number];
  /**
   * The folders the check listed (relative paths ending in `/`, the root `''`), and their modification
   * and change times, two numbers a folder (-1: modified just before that run, not trusted). Set when
   * every folder could be listed and the cache file is in none of them.
   */
  folders?: string[];
  folderTimes?: number[];
  /**
   * When the cache file is inside the docs root: its folder (left out of `folders`, since writing the
   * file sets its times) and the names of what the check listed in it, [folder, ...names].
   */
  ownFolder?: string[];
}

export interface CacheData {
  format: number;
  roots: Record<string, StoredRoot>;
}

/** A stored root, read for lookups. */
export class Earlier {
  private readonly index = new Map<string, number>();
  readonly pages = new Map<string, { dependencies: (number | string)[]; diagnostics: Diagnostic[] }>();
  /** The configuration files' findings, by relative path, in the order of the check that kept them. */
  readonly config: [string, Diagnostic[]][] | undefined;

  constructor(readonly stored: StoredRoot) {
    stored.paths.forEach((path, index) => this.index.set(path, index));
    for (const [page, dependencies, diagnostics] of stored.pages) this.pages.set(stored.paths[page], { dependencies, diagnostics });
    this.config = stored.config?.map(([file, diagnostics]) => [stored.paths[file], diagnostics]);
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

/**
 * The shape of a cache file, checked before anything of it is used: a file of another shape (written
 * by hand, half-written, another tool's) is no cache. Findings must be diagnostics of known codes,
 * with a message and a range: a finding from the cache is printed as found.
 */
export function isCacheData(value: unknown): value is CacheData {
  const data = value as CacheData;
  if (
    !data ||
    typeof data !== 'object' ||
    data.format !== FORMAT ||
    !data.roots ||
    typeof data.roots !== 'object' ||
    Array.isArray(data.roots)
  )
    return false;
  return Object.values(data.roots).every(isStoredRoot);
}

function isStoredRoot(value: unknown): value is StoredRoot {
  const root = value as StoredRoot;
  if (!root || typeof root !== 'object' || typeof root.key !== 'string') return false;
  const { paths, meta, hashes, pages } = root;
  if (!Array.isArray(paths) || !Array.isArray(meta) || !Array.isArray(hashes) || !Array.isArray(pages)) return false;
  if (meta.length !== paths.length * 3 || hashes.length !== paths.length) return false;
  if (!paths.every((path) => typeof path === 'string') || !hashes.every((hash) => typeof hash === 'string')) return false;
  if (!meta.every((number) => typeof number === 'number')) return false;
  const inPaths = (index: unknown) => Number.isInteger(index) && (index as number) >= 0 && (index as number) < paths.length;
  if (root.folders !== undefined || root.folderTimes !== undefined) {
    const { folders, folderTimes } = root;
    if (!Array.isArray(folders) || !Array.isArray(folderTimes) || folderTimes.length !== folders.length * 2) return false;
    if (!folders.every((folder) => typeof folder === 'string') || !folderTimes.every((time) => typeof time === 'number')) return false;
  }
  if (
    root.ownFolder !== undefined &&
    !(Array.isArray(root.ownFolder) && root.ownFolder.length > 0 && root.ownFolder.every((name) => typeof name === 'string'))
  )
    return false;
  if (root.complete !== undefined && !(Array.isArray(root.complete) && root.complete.length === 2 && root.complete.every(isCount)))
    return false;
  if (
    root.config !== undefined &&
    !(
      Array.isArray(root.config) &&
      root.config.every((file) => Array.isArray(file) && file.length === 2 && inPaths(file[0]) && isStoredFindings(file[1]))
    )
  )
    return false;
  return pages.every(
    (page) =>
      Array.isArray(page) &&
      page.length === 3 &&
      inPaths(page[0]) &&
      Array.isArray(page[1]) &&
      page[1].every((dependency) => typeof dependency === 'string' || inPaths(dependency)) &&
      isStoredFindings(page[2]),
  );
}

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

const isStoredFindings = (value: unknown): value is Diagnostic[] => Array.isArray(value) && value.every(isStoredDiagnostic);

function isStoredDiagnostic(value: unknown): value is Diagnostic {
  const diagnostic = value as Diagnostic;
  const position = (place: unknown) =>
    !!place &&
    typeof place === 'object' &&
    Number.isInteger((place as { line: unknown }).line) &&
    Number.isInteger((place as { character: unknown }).character);
  return (
    !!diagnostic &&
    typeof diagnostic === 'object' &&
    typeof diagnostic.message === 'string' &&
    printable(diagnostic.message, true) === diagnostic.message &&
    typeof diagnostic.code === 'string' &&
    isDiagnosticCode(diagnostic.code) &&
    (diagnostic.severity === undefined || [1, 2, 3, 4].includes(diagnostic.severity)) &&
    !!diagnostic.range &&
    position(diagnostic.range.start) &&
    position(diagnostic.range.end)
  );
}
