import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { readFileText } from '../fsWorkspace';
import { WorkspaceError } from '../service';
import { UsageError } from './usageError';

/**
 * The files the CLI keeps beside a site (its config, a baseline, the check cache) are read and written
 * as guardedly as the site's own: a repository is input from strangers (a pull request can commit a
 * symlink, a FIFO or a huge file where one of them is expected).
 * - Read: regular files only, up to a size cap (a FIFO, `/dev/zero` or a 5 GB file is refused at once).
 * - Written: never through a symlink, never onto anything but a regular file, never outside the folder
 *   checked by way of a linked folder (a path given outside it, on purpose, is written there), through
 *   a temporary file created exclusively under an unpredictable name, then renamed into place.
 * Failures are {@link UsageError}s with a message that names the file and says what to do (exit 2).
 */

/** A file of the folder checked (or given on the command line) to read: its text, or undefined when it does not exist. */
export function readLocalFile(path: string, what: string, maxBytes: number, folder?: string): string | undefined {
  if (folder !== undefined) refuseLinkOut(path, what, folder);
  try {
    return readFileText(path, false, maxBytes);
  } catch (error) {
    if (error instanceof WorkspaceError) throw new UsageError(`cannot read the ${what} ${path}: ${error.message}`);
    throw error;
  }
}

/**
 * JSON read without quoting the file back: a parse error says where (line and column) and what,
 * never the text (a config linked to `/etc/passwd` would print its first line into a public CI log).
 */
export function parseLocalJson(text: string, path: string, what: string): unknown {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length || !tree) {
    const error = errors[0];
    if (!error) throw new UsageError(`the ${what} ${path} is empty; it must hold JSON.`);
    const before = text.slice(0, error.offset);
    const line = before.split('\n').length;
    const column = error.offset - before.lastIndexOf('\n');
    throw new UsageError(`the ${what} ${path} is not valid JSON: ${printParseErrorCode(error.error)} at line ${line}, column ${column}.`);
  }
  return JSON.parse(text) as unknown;
}

/** A first line written once the rest is: `length` bytes are kept for it, and it must fill them exactly. */
export interface LateHeader {
  length: number;
  text(): string;
}

/**
 * Writes `content` to `path`, refusing a symlink or anything but a regular file there, and (when the
 * path lies inside `folder`) a folder on the way that links out of it. Content in pieces is written as
 * it comes (in writes of about 64 KB), never joined; a `header` goes before it, filled in at the end.
 */
export function writeLocalFile(path: string, content: string | Iterable<string>, what: string, folder: string, header?: LateHeader): void {
  const target = resolve(path);
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(target);
  } catch {
    existing = undefined;
  }
  if (existing?.isSymbolicLink())
    throw new UsageError(
      `the ${what} ${path} is a symbolic link; Docsmith does not write through links (a committed link could make it overwrite a file outside the repository). Remove the link, or give another path.`,
    );
  if (existing && !existing.isFile())
    throw new UsageError(
      `the ${what} ${path} is not a regular file (${existing.isDirectory() ? 'a folder' : 'a device, FIFO or socket'}); give the path of a file.`,
    );
  refuseLinkOut(target, what, folder);
  const temporary = `${target}.${randomBytes(8).toString('hex')}.tmp`;
  let fd: number | undefined;
  try {
    mkdirSync(dirname(target), { recursive: true });
    fd = openSync(temporary, 'wx', 0o644); // exclusive: fails on anything already there, a planted link included
    writeAll(fd, typeof content === 'string' ? [content] : content, header?.length ?? 0);
    if (header) {
      const line = Buffer.from(header.text());
      if (line.length !== header.length) throw new Error(`a header of ${line.length} bytes where ${header.length} were kept`);
      writeAt(fd, line, 0);
    }
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, target);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      rmSync(temporary, { force: true });
    } catch {
      // nothing was made there
    }
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot write the ${what} ${path} (${code ?? (error as Error).message}); check that its folder exists and is writable.`,
    );
  }
}

/** The pieces from byte `from` on, gathered into writes of about 64 KB. */
function writeAll(fd: number, pieces: Iterable<string>, from: number): void {
  let position = from;
  let pending = '';
  const flush = () => {
    const bytes = Buffer.from(pending);
    writeAt(fd, bytes, position);
    position += bytes.length;
    pending = '';
  };
  for (const piece of pieces) {
    pending += piece;
    if (pending.length >= 65536) flush();
  }
  if (pending) flush();
}

function writeAt(fd: number, bytes: Buffer, position: number): void {
  for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written, position + written);
}

/** A path inside `folder` whose nearest existing folder really lies outside it (through a link) is refused. */
function refuseLinkOut(path: string, what: string, folder: string): void {
  const root = resolve(folder);
  const target = resolve(path);
  if (!inside(root, target)) return; // given outside the folder on purpose
  let existing = target;
  for (;;) {
    try {
      lstatSync(existing);
      break;
    } catch {
      const parent = dirname(existing);
      if (parent === existing) return;
      existing = parent;
    }
  }
  let real: string;
  let realRoot: string;
  try {
    real = realpathSync(existing);
    realRoot = realpathSync(root);
  } catch {
    return;
  }
  if (!inside(realRoot, real))
    throw new UsageError(
      `the ${what} ${path} is inside ${folder}, but ${existing === target ? 'it' : relative(root, existing) || '.'} links to ${real}, outside it; Docsmith does not follow links out of the folder it checks. Remove the link, or give a path outside the folder on purpose.`,
    );
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The nearest folder at or above `dir` holding `.git` (a folder, or a file in a worktree). */
export function repositoryRoot(dir: string): string | undefined {
  for (let at = resolve(dir); ; at = dirname(at)) {
    if (existsSync(resolve(at, '.git'))) return at;
    if (dirname(at) === at) return undefined;
  }
}

/**
 * The folder a file the CLI writes must not leave by a link: the repository's root when the path lies
 * in the repository of the folder checked (a committed link anywhere in it is input from strangers),
 * else the folder checked.
 */
export function guardFolder(path: string, folder: string): string {
  const repository = repositoryRoot(folder);
  return repository !== undefined && inside(resolve(repository), resolve(path)) ? repository : folder;
}
