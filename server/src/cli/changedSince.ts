import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { basename, join, relative, resolve, sep } from 'node:path';
import { readFileText } from '../fsWorkspace';
import { SITE_WIDE_FILE } from './checkCache';
import { UsageError } from './config';

/**
 * `--changed-since REF`: which files of the docs roots changed since a git ref (from where the branch
 * left it, to the working tree, untracked files included), and so which pages a pull request's check
 * needs: the pages changed, and every page that may link to one of them or import it.
 */
export interface ChangedFiles {
  ref: string;
  /** Absolute paths of the files changed, added or deleted. */
  files: Set<string>;
}

function git(cwd: string, args: string[]): { ok: boolean; out: string; err: string } {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new UsageError(`--changed-since needs git, which could not run: ${result.error.message}`);
  return { ok: result.status === 0, out: result.stdout, err: result.stderr.trim() };
}

export function changedFiles(dir: string, ref: string): ChangedFiles {
  const top = git(dir, ['rev-parse', '--show-toplevel']);
  if (!top.ok) throw new UsageError(`--changed-since needs ${dir} to be in a git repository (${top.err}).`);
  const root = top.out.trim();
  if (!git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]).ok)
    throw new UsageError(`--changed-since: "${ref}" is not a commit of this repository (fetch it first, e.g. git fetch origin main).`);
  // From where this branch left REF, as a pull request's diff; REF itself when they share no history.
  const base = git(root, ['merge-base', ref, 'HEAD']);
  const from = base.ok ? base.out.trim() : ref;
  const diff = git(root, ['diff', '--name-only', '--no-renames', '-z', from, '--']);
  if (!diff.ok) throw new UsageError(`--changed-since: git diff failed: ${diff.err}`);
  const untracked = git(root, ['ls-files', '--others', '--exclude-standard', '-z']);
  const names = [...diff.out.split('\0'), ...(untracked.ok ? untracked.out.split('\0') : [])].filter(Boolean);
  return { ref, files: new Set(names.map((name) => resolve(root, name))) };
}

const PAGE = /\.mdx?$/i;
const SCRIPT = /\.[cm]?[jt]sx?$/i;
/** What precedes a file's name in a link, an href or an import: a path's `/`, `(` of a Markdown link, a quote, a reference definition's `:`. */
const NAME_STARTS = ['/', '(', '"', "'", '`', ':', ': '];

export type PageSelection = { kind: 'all'; why: string } | { kind: 'some'; pages: Set<string>; changed: number };

/**
 * The page files (relative to the docs root) a check since the ref needs: the changed pages and
 * snippets, and every page whose text names one of them (its file name, or its folder's for an
 * index page, or a redirect source leading there, after a `/`, `(` or quote): a superset of the pages linking to or importing
 * them, found by reading text, not by checking. A configuration file changed: every page.
 */
export function pagesToCheck(rootPath: string, changed: ChangedFiles, siteFiles: ReadonlySet<string>): PageSelection {
  const inRoot = [...changed.files]
    .map((file) => relative(rootPath, file).split(sep).join('/'))
    .filter((file) => file && !file.startsWith('../') && !file.startsWith('/'));
  const wide = inRoot.find((file) => SITE_WIDE_FILE.test(file));
  if (wide) return { kind: 'all', why: `${wide} changed` };
  const changedPages = inRoot.filter((file) => PAGE.test(file) || SCRIPT.test(file));
  const pages = new Set(changedPages.filter((file) => siteFiles.has(file) && PAGE.test(file)));
  if (!changedPages.length) return { kind: 'some', pages, changed: 0 };
  const terms = new Set<string>();
  for (const file of changedPages) {
    const name = basename(file).replace(/\.[^.]+$/, '');
    terms.add(name === 'index' ? basename(file.slice(0, file.lastIndexOf('/'))) || name : name);
  }
  for (const source of redirectSourcesTo(rootPath, terms)) terms.add(source);
  for (const file of siteFiles) {
    if (!PAGE.test(file) || pages.has(file)) continue;
    let text: string | undefined;
    try {
      text = readFileText(join(rootPath, file));
    } catch {
      text = undefined;
    }
    if (text !== undefined && namesOneOf(text, terms)) pages.add(file);
  }
  return { kind: 'some', pages, changed: changedPages.length };
}

/** What ends a name in a path: a separator, a quote, a bracket, an anchor, a query, a space. */
const NAME_END = /[/()"'`:#?\s[\]<>,;|*]/;

/**
 * Whether the text names one of the terms right after `/`, `(`, a quote or `:` (with or without its
 * extension): one pass over the text, each name looked up, so a pull request that changes thousands
 * of pages costs no more per page than one that changes one (it used to search the text once per
 * term).
 */
function namesOneOf(text: string, terms: ReadonlySet<string>): boolean {
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (!NAME_STARTS.includes(char)) continue;
    let start = at + 1;
    if (char === ':' && text[start] === ' ') start++;
    let end = start;
    while (end < text.length && !NAME_END.test(text[end])) end++;
    if (end === start) continue;
    const name = text.slice(start, end);
    if (terms.has(name) || terms.has(name.replace(/\.[^.]+$/, ''))) return true;
    // A term is a prefix of the name in the text (`/setup` in `/setup.mdx#x`, or `/v1.2`): the same as reading `start + term`.
    for (let dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) if (terms.has(name.slice(0, dot))) return true;
  }
  return false;
}

/** The last segment of each redirect source whose destination names one of the terms. */
function redirectSourcesTo(rootPath: string, terms: ReadonlySet<string>): string[] {
  let redirects: unknown;
  try {
    redirects = (JSON.parse(readFileSync(join(rootPath, 'docs.json'), 'utf8')) as { redirects?: unknown }).redirects;
  } catch {
    return [];
  }
  if (!Array.isArray(redirects)) return [];
  const found: string[] = [];
  for (const redirect of redirects as { source?: unknown; destination?: unknown }[]) {
    if (typeof redirect?.source !== 'string' || typeof redirect.destination !== 'string') continue;
    const destination = redirect.destination;
    if (![...terms].some((term) => destination.includes(term))) continue;
    const segment = redirect.source
      .split('/')
      .filter((part) => part && !part.startsWith(':') && part !== '*')
      .pop();
    if (segment) found.push(segment);
  }
  return found;
}
