import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { MemoryWorkspace } from './memoryWorkspace';
import { join, resolve } from 'node:path';

/** The full corpus of real sites: beside the clone (`../shared/corpus/real`), or where DOCSMITH_CORPUS says. */
export const FULL_CORPUS = process.env.DOCSMITH_CORPUS ?? resolve(__dirname, '../../../shared/corpus/real');

/**
 * Ten real sites vendored into the repository (Apache-2.0, each with its LICENSE and SOURCE): a
 * fresh clone runs the real-site suites on them when the full corpus is absent.
 */
export const VENDORED = resolve(__dirname, '../corpus/sites');

/** The sites of a corpus folder (folders holding docs.json), sorted; none when it is absent. */
export function sitesIn(folder: string): string[] {
  return existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => existsSync(join(folder, name, 'docs.json')))
        .sort()
    : [];
}

const fullSites = sitesIn(FULL_CORPUS);
const vendoredSites = sitesIn(VENDORED);

/** The corpus the real-site suites read: the full one when present, else the vendored sites. */
export const CORPUS = fullSites.length ? FULL_CORPUS : VENDORED;

/** Says which corpus a suite runs on. */
export const CORPUS_LABEL = fullSites.length
  ? `the full corpus (${fullSites.length} sites at ${FULL_CORPUS})`
  : `the ${vendoredSites.length} vendored sites (the full corpus is absent at ${FULL_CORPUS}; set DOCSMITH_CORPUS or check out ../shared beside the project)`;

/** The sites of {@link CORPUS}, read once per test process. */
export function corpusSites(): string[] {
  return [...(fullSites.length ? fullSites : vendoredSites)];
}

/**
 * The characters of a site's pages and snippets (its `.md` and `.mdx` files): what the platform's
 * link checker takes time on (about 10 s per megabyte on the 2-core CI machine).
 */
export function sitePageBytes(root: string): number {
  let bytes = 0;
  for (const path of sitePageFiles(root)) bytes += statSync(path).size;
  return bytes;
}

/** The paths of a site's pages and snippets (its `.md` and `.mdx` files), `node_modules` and `.git` left out. */
export function sitePageFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.git') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && /\.mdx?$/i.test(entry.name)) files.push(path);
    }
  };
  walk(root);
  return files;
}

/** The root a site read into memory by {@link siteInMemory} has. */
export const MEMORY_ROOT = 'file:///site';

/** Every file of a site on disk, read into a MemoryWorkspace (as text) rooted at {@link MEMORY_ROOT}: edits and moves without touching the disk. */
export function siteInMemory(dir: string): MemoryWorkspace {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files[name.split('\\').join('/')] = readFileSync(path, 'utf8');
  }
  return new MemoryWorkspace(files, MEMORY_ROOT);
}
