import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { createLanguageService, NOT_CANCELLED, pathToUri } from '../../server/src/service';

/**
 * The whole-site check of an unchanged corpus site (`docsmith check`'s: the service over the file
 * system, default settings), made once per run of the test command and shared by the suites that
 * start from it (corpus, quick fixes, fix all, the browser build's comparison): each used to check
 * every site again, about a minute of CPU each. Kept in .tmp/ under a key of the service's sources and
 * the site's files (names, sizes, times), so an edit of either checks again. Two suites running side
 * by side take turns: the first to need a site checks it under a lock file, the other waits for it.
 */
const REPO = resolve(__dirname, '../..');
const SOURCES = ['server/src', 'schemas'];
const LOCK_WAIT_MS = 300_000;

let folder: string | undefined;

/** Every file below `dir`, in name order, as `visit(path)`. */
function walkFiles(dir: string, visit: (path: string) => void): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walkFiles(path, visit);
    else visit(path);
  }
}

/** The folder of this build's baselines (older builds' are removed). */
function baselineFolder(): string {
  if (folder) return folder;
  const hash = createHash('sha1');
  for (const source of SOURCES)
    walkFiles(join(REPO, source), (path) => hash.update(`${relative(REPO, path)}\0`).update(readFileSync(path)));
  const parent = join(REPO, '.tmp', 'corpus-baseline');
  const key = hash.digest('hex').slice(0, 16);
  mkdirSync(join(parent, key), { recursive: true });
  for (const old of readdirSync(parent)) if (old !== key) rmSync(join(parent, old), { recursive: true, force: true });
  return (folder = join(parent, key));
}

/** A key of a site's files as they are on disk: names, sizes and modification times. */
function siteKey(dir: string): string {
  const hash = createHash('sha1');
  walkFiles(dir, (path) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    hash.update(`${relative(dir, path).split(sep).join('/')}\0${stat?.size}\0${stat?.mtimeMs}\0`);
  });
  return hash.digest('hex').slice(0, 16);
}

/** The findings of the unchanged site at `dir`, by `./` and the text of each file's URI after the site's (encoded as the service wrote it), or the URI. */
export async function baselineCheck(dir: string): Promise<Map<string, Diagnostic[]>> {
  const file = join(baselineFolder(), `${dir.split(sep).pop()}-${siteKey(dir)}.json`);
  const lock = `${file}.lock`;
  for (const started = Date.now(); ;) {
    if (existsSync(file)) return new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, Diagnostic[]>));
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch {
      // Another suite checks it: wait for its result (or, past the wait or should it have died, check it here).
      if (Date.now() - started > LOCK_WAIT_MS) break;
      await new Promise((done) => setTimeout(done, 100));
    }
  }
  try {
    const root = pathToUri(dir);
    const result = await createLanguageService({ workspace: new FsWorkspace() }).checkSite(root, { token: NOT_CANCELLED });
    const found = new Map<string, Diagnostic[]>();
    // Kept as the URI's own text after the root (encoded as the service wrote it), or the whole URI.
    for (const [uri, diagnostics] of result.diagnostics)
      found.set(uri.startsWith(`${root}/`) ? `./${uri.slice(root.length + 1)}` : uri, diagnostics);
    const written = `${file}.${process.pid}`;
    writeFileSync(written, JSON.stringify(Object.fromEntries(found)));
    renameSync(written, file);
    return found;
  } finally {
    try {
      unlinkSync(lock);
    } catch {
      // not ours (a wait that gave up)
    }
  }
}

/** The same findings by URI, as the service reports them for the site at `dir`. */
export async function baselineByUri(dir: string): Promise<Map<string, Diagnostic[]>> {
  const root = pathToUri(dir);
  const byUri = new Map<string, Diagnostic[]>();
  for (const [path, diagnostics] of await baselineCheck(dir))
    byUri.set(path.startsWith('./') ? `${root}/${path.slice(2)}` : path, diagnostics);
  return byUri;
}
