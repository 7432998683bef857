import { promises as fs, statSync } from 'node:fs';
import { defaultCacheLocation, FileCheckCache } from './checkCache';
import { resolve } from 'node:path';
import { FsWorkspace } from '../fsWorkspace';
import { createLanguageService, pathToUri, uriToPath } from '../service';
import { loadConfig, UsageError } from './config';
import { formatGithub } from './formats/github';
import { formatJson } from './formats/json';
import { formatSarif } from './formats/sarif';
import { formatText } from './formats/text';
import { toEntries, type Report } from './report';
import { appendAll } from '../common/arrays';

export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export interface CheckOptions {
  format: CheckFormat;
  config?: string;
  orphans?: boolean;
  /** Reuse the findings of pages unchanged since the last run: the cache file (`true`: the default location). */
  cache?: string | boolean;
  colour: boolean;
  version: string;
  /** Progress lines, shown only where someone watches (stderr is a terminal). */
  progress?: (message: string) => void;
  warn: (message: string) => void;
}

export interface CheckOutcome {
  output: string;
  exitCode: 0 | 1;
}

/** `docsmith check [DIR]`: exit 0 without errors, 1 with errors; usage problems throw {@link UsageError} (exit 2). */
export async function runCheck(dirArgument: string, options: CheckOptions): Promise<CheckOutcome> {
  const dir = resolve(dirArgument);
  const stat = await fs.stat(dir).catch(() => undefined);
  if (!stat) throw new UsageError(`${dirArgument} does not exist.`);
  if (!stat.isDirectory()) throw new UsageError(`${dirArgument} is not a folder; give the folder that holds docs.json (or one above it).`);
  const settings = await loadConfig(dir, options.config, options.warn);
  if (options.orphans === false) settings.orphans = false;
  const workspace = new FsWorkspace();
  const service = createLanguageService({ workspace, settings });
  const roots = await service.findDocsRoots(pathToUri(dir));
  if (roots.length === 0) throw new UsageError(`no docs.json found in ${dirArgument} or the folders below it.`);

  const cache = options.cache ? openCache(dir, options.cache, workspace, settings, options) : undefined;
  const report: Report = { baseDir: dir, entries: [], files: 0 };
  for (const root of roots) {
    options.progress?.(`Checking ${uriToPath(root)}…`);
    const result = await service.checkSite(root, { cache });
    appendAll(report.entries, toEntries(dir, result.diagnostics));
    report.files += result.filesChecked;
    if (cache) options.progress?.(`Reused the findings of ${result.reused} unchanged pages (cache: ${cache.location})`);
  }
  cache?.save();
  const output = format(report, options);
  return { output, exitCode: report.entries.some((entry) => entry.severity === 'error') ? 1 : 0 };
}

/** The cache's salt: what else findings depend on, the build of Docsmith that found them and the settings. */
function openCache(dir: string, cache: string | true, workspace: FsWorkspace, settings: object, options: CheckOptions): FileCheckCache {
  const location = cache === true ? defaultCacheLocation(dir) : resolve(cache);
  const build = statSync(__filename, { throwIfNoEntry: false });
  const salt = JSON.stringify([options.version, build?.size, build?.mtimeMs, settings]);
  return new FileCheckCache(location, workspace, salt, options.warn);
}

function format(report: Report, options: CheckOptions): string {
  switch (options.format) {
    case 'json':
      return formatJson(report);
    case 'sarif':
      return formatSarif(report, options.version);
    case 'github':
      return formatGithub(report);
    default:
      return formatText(report, options.colour);
  }
}
