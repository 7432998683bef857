import { promises as fs, statSync } from 'node:fs';
import { applyBaseline, baselineKeys, legacyBaselineKeys, readBaseline, writeBaseline } from './baseline';
import { changedFiles, pagesToCheck, type ChangedFiles } from './changedSince';
import { defaultCacheLocation, FileCheckCache } from './checkCache';
import { join, relative, resolve, sep } from 'node:path';
import { MainShare, type CacheArguments } from './checkThreads';
import { FsWorkspace } from '../fsWorkspace';
import { useParserTimeout } from './parserTimeout';
import { createLanguageService, NOT_CANCELLED, pathToUri, uriToPath } from '../service';
import ignore from 'ignore';
import { CONFIG_FILE, loadConfig, UsageError } from './config';
import { formatGithub } from './formats/github';
import { formatJson } from './formats/json';
import { formatSarif } from './formats/sarif';
import { writeLocalFile } from './localFiles';
import { formatText } from './formats/text';
import { toEntries, type Report, type ReportEntry } from './report';
import { appendAll } from '../common/arrays';
import { plural } from '../common/plural';

export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export interface CheckOptions {
  format: CheckFormat;
  config?: string;
  orphans?: boolean;
  /** Reuse the findings of pages unchanged since the last run: the cache file (`true`: the default location). */
  cache?: string | boolean;
  /** Check only the pages changed since this git ref, and those that may link to them (plus docs.json). */
  changedSince?: string;
  /** Report only findings this baseline file does not hold. */
  baseline?: string;
  /** Record every finding of this run in a baseline file (then exit 0). */
  writeBaseline?: string;
  /** Threads that check pages (`auto`: both cores on a large site); one with --changed-since. */
  threads?: number | 'auto';
  /** Stop the MDX reference parser on a page after this long (a worker thread); by default it parses every page in full. */
  parserTimeoutMs?: number;
  /** Also write the reported findings as SARIF to this file (for code scanning), whatever the format. */
  sarifFile?: string;
  colour: boolean;
  version: string;
  /** What the user should know whatever the format (stderr): the baseline's counts. */
  note?: (message: string) => void;
  /** Progress lines, shown only where someone watches (stderr is a terminal). */
  progress?: (message: string) => void;
  /** How many of a docs root's pages are checked so far, for a line that a terminal shows and overwrites. */
  pagesDone?: (done: number, total: number) => void;
  warn: (message: string) => void;
}

export interface CheckOutcome {
  /** What goes to stdout, in pieces (a large site's JSON is never one string). */
  output: Iterable<string>;
  exitCode: 0 | 1;
}

/** `docsmith check [DIR]`: exit 0 without errors, 1 with errors; usage problems throw {@link UsageError} (exit 2). */
export async function runCheck(dirArgument: string, options: CheckOptions): Promise<CheckOutcome> {
  const dir = resolve(dirArgument);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat) throw new UsageError(`${dirArgument} does not exist.`);
  if (!stat.isDirectory()) throw new UsageError(`${dirArgument} is not a folder; give the folder that holds docs.json (or one above it).`);
  if (options.writeBaseline && options.changedSince)
    throw new UsageError(
      '--write-baseline records every finding of the site, but --changed-since checks only some pages: write the baseline without --changed-since.',
    );
  const parser = options.parserTimeoutMs ? useParserTimeout(options.parserTimeoutMs, options.warn) : undefined;
  try {
    return await checkFolder(dir, dirArgument, options);
  } finally {
    parser?.close();
  }
}

async function checkFolder(dir: string, dirArgument: string, options: CheckOptions): Promise<CheckOutcome> {
  const settings = await loadConfig(dir, options.config, options.warn);
  if (options.orphans === false) settings.orphans = false;
  // With a cache, the listing notes its folders' times: they tell the next run whether a file was added or removed.
  const workspace = new FsWorkspace({ folderTimes: Boolean(options.cache) });
  const changed = options.changedSince ? changedFiles(dir, options.changedSince) : undefined;
  const cacheArguments = options.cache ? cacheArgumentsOf(dir, options.cache, settings, options) : undefined;
  const cache = cacheArguments && openCache(cacheArguments, workspace, options);
  // The service, and the site it loaded, are out of reach from here on: the cache and the report are
  // written with that memory free (on a crewAI-sized site, about 70 MB).
  const { report, checkedPages } = await checkRoots({ dir, dirArgument, settings, workspace, changed, cache, cacheArguments, options });
  cache?.save();
  if (settings.ignore) report.entries = applyIgnores(report.entries, settings.ignore, options.config ?? CONFIG_FILE, options.warn);
  // A baseline finding of a page that was not checked is neither known nor fixed (docs.json and its files always are).
  const wasChecked = checkedPages && ((file: string) => !/\.mdx?$/i.test(file) || checkedPages!.has(file));
  const written = applyBaselines(report, options, wasChecked);
  if (options.sarifFile) writeLocalFile(options.sarifFile, formatSarif(report, options.version), 'SARIF file', report.baseDir);
  const output = format(report, options);
  return { output, exitCode: !written && report.entries.some((entry) => entry.severity === 'error') ? 1 : 0 };
}

interface RootsCheck {
  dir: string;
  dirArgument: string;
  settings: Awaited<ReturnType<typeof loadConfig>>;
  workspace: FsWorkspace;
  changed: ChangedFiles | undefined;
  cache: FileCheckCache | undefined;
  cacheArguments: CacheArguments | undefined;
  options: CheckOptions;
}

/** Checks every docs root under `dir`, with a service of its own: the report, and with --changed-since the pages checked. */
async function checkRoots({ dir, dirArgument, settings, workspace, changed, cache, cacheArguments, options }: RootsCheck) {
  const service = createLanguageService({ workspace, settings });
  const roots = await service.findDocsRoots(pathToUri(dir), NOT_CANCELLED);
  if (roots.length === 0) throw new UsageError(noDocsJson(dir, dirArgument));
  const report: Report = { baseDir: dir, entries: [], files: 0 };
  /** With --changed-since, the pages checked (relative to `dir`); undefined when every page was. */
  let checkedPages: Set<string> | undefined;
  for (const root of roots) {
    options.progress?.(`Checking ${uriToPath(root)}…`);
    const pages = changed
      ? selectPages(uriToPath(root), changed, options, (selected) => {
          checkedPages ??= new Set();
          for (const page of selected)
            checkedPages.add(
              relative(dir, join(uriToPath(root), page))
                .split(sep)
                .join('/'),
            );
        })
      : undefined;
    // The bundle (dist/cli.js) is also the check threads' script; from the sources, one thread.
    const threads = options.threads ?? 'auto';
    const shares =
      !changed && threads !== 1 && __filename.endsWith('.js')
        ? new MainShare(root, settings, threads, __filename, cacheArguments, options.parserTimeoutMs)
        : undefined;
    let result;
    try {
      result = await service.checkSite(root, { cache, pages, token: NOT_CANCELLED, shares, pagesDone: options.pagesDone });
      for (const part of (await shares?.finish()) ?? []) {
        for (const [uri, list] of part.diagnostics) result.diagnostics.set(uri, list);
        result.filesChecked += part.filesChecked;
        result.reused += part.reused;
        if (part.cache) cache?.adopt(part.cache);
      }
    } catch (error) {
      shares?.stop();
      throw error;
    }
    appendAll(report.entries, toEntries(dir, result.diagnostics));
    report.files += result.filesChecked;
    if (cache) options.progress?.(`Reused the findings of ${plural(result.reused, 'unchanged page')} (cache: ${cache.location})`);
  }
  return { report, checkedPages };
}

/** The pages a check since a git ref needs, with a note of what it checks and why. */
function selectPages(
  rootPath: string,
  changed: ChangedFiles,
  options: CheckOptions,
  selected: (pages: ReadonlySet<string>) => void,
): (files: ReadonlySet<string>) => ReadonlySet<string> | undefined {
  return (files) => {
    const selection = pagesToCheck(rootPath, changed, files);
    if (selection.kind === 'all') {
      options.note?.(`--changed-since ${changed.ref}: ${selection.why}, so every page of ${rootPath} is checked.`);
      return undefined;
    }
    options.note?.(
      `--changed-since ${changed.ref}: ${plural(selection.changed, 'page or snippet file')} changed; checking docs.json and ${plural(selection.pages.size, 'page')} (those changed and those that may link to them).`,
    );
    selected(selection.pages);
    return selection.pages;
  };
}

/**
 * Drops the findings of files that an `ignore` glob of the settings matches (gitignore syntax, relative
 * to the folder checked), and warns of a glob that dropped nothing.
 */
function applyIgnores(entries: ReportEntry[], globs: string[], where: string, warn: (message: string) => void): ReportEntry[] {
  const each = globs.map((glob) => ({ glob, matcher: ignore().add(glob), used: false }));
  const all = ignore().add(globs);
  const kept = entries.filter((entry) => {
    if (entry.file === '.' || entry.file.startsWith('../') || !all.ignores(entry.file)) return true;
    for (const one of each) if (!one.glob.startsWith('!') && one.matcher.ignores(entry.file)) one.used = true;
    return false;
  });
  for (const { glob, used } of each)
    if (!used && !glob.startsWith('!')) warn(`${where}: the "ignore" glob "${glob}" matches no file with findings; remove it.`);
  return kept;
}

/** `--write-baseline` records the findings; `--baseline` keeps only the new ones in the report. True when one was written. */
function applyBaselines(report: Report, options: CheckOptions, wasChecked?: (file: string) => boolean): boolean {
  if (!options.baseline && !options.writeBaseline) return false;
  const keys = baselineKeys(report.baseDir, report.entries);
  const known = options.baseline ? readBaseline(resolve(options.baseline), report.baseDir) : undefined;
  if (options.writeBaseline) {
    const count = writeBaseline(resolve(options.writeBaseline), keys, report.baseDir, report.entries);
    options.note?.(
      `wrote a baseline of ${plural(count, 'finding')} to ${options.writeBaseline}; check with --baseline ${options.writeBaseline} to see only new ones.`,
    );
  }
  if (known) {
    const { fresh, known: hidden, fixed } = applyBaseline(report.entries, keys, known, wasChecked, legacyBaselineKeys(report.entries));
    report.entries = fresh;
    report.baseline = { file: options.baseline!, known: hidden, fixed };
    if (options.format !== 'text')
      options.note?.(
        `${plural(hidden, 'known finding')} from the baseline ${options.baseline} not shown; ${fixed} of its findings ${fixed === 1 ? 'is' : 'are'} fixed.`,
      );
  }
  return Boolean(options.writeBaseline);
}

/** The cache file and its salt: what else findings depend on, the build of Docsmith that found them and the settings. */
function cacheArgumentsOf(dir: string, cache: string | true, settings: object, options: CheckOptions): CacheArguments {
  const location = cache === true ? defaultCacheLocation(dir) : resolve(cache);
  const build = statSync(__filename, { throwIfNoEntry: false });
  // A page the parser was stopped on is found otherwise: the timeout is part of what findings depend on.
  const salt = JSON.stringify([options.version, build?.size, build?.mtimeMs, settings, options.parserTimeoutMs ?? null]);
  return { location, salt, started: Date.now(), folder: dir };
}

function openCache({ location, salt, started, folder }: CacheArguments, workspace: FsWorkspace, options: CheckOptions): FileCheckCache {
  return new FileCheckCache(location, workspace, salt, options.warn, started, folder);
}

function format(report: Report, options: CheckOptions): Iterable<string> {
  switch (options.format) {
    case 'json':
      return formatJson(report);
    case 'sarif':
      return formatSarif(report, options.version);
    case 'github':
      return [formatGithub(report)];
    default:
      return [formatText(report, options.colour)];
  }
}

/** Why no docs root was found, and what to do: a site still configured by mint.json is told how to move on. */
function noDocsJson(dir: string, dirArgument: string): string {
  const message = `no docs.json found in ${dirArgument} or the folders below it.`;
  let legacy = false;
  try {
    legacy = statSync(join(dir, 'mint.json')).isFile();
  } catch {
    // no mint.json either
  }
  return legacy
    ? `${message} ${join(dirArgument, 'mint.json')} is the platform's older configuration, which Docsmith does not read: \`npx mint upgrade\` converts it to docs.json.`
    : message;
}
