import { FileCheckCache } from '../../server/src/cli/checkCache';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { createLanguageService, pathToUri, relativeUri, uriToPath } from '../../server/src/service';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

export interface CheckRun {
  /** Every finding as `file:line:column code message`, sorted. */
  findings: string[];
  reused: number;
  warnings: string[];
  /** The files the check read (absolute paths), in order. */
  reads: string[];
  /** How many times a folder was listed (none: the cache held every finding of an unchanged site). */
  listings: number;
}

/**
 * A whole-site check of a folder on disk, through a cache file when one is given (saved at the end, as
 * the CLI does). `started` moves the run's start, so files just written count as settled.
 */
export async function cachedCheck(dir: string, cacheFile?: string, started?: number): Promise<CheckRun> {
  // As the CLI makes it: with a cache, the listing notes its folders' times.
  const workspace = new FsWorkspace({ folderTimes: Boolean(cacheFile) });
  const reads: string[] = [];
  const readFile = workspace.readFile.bind(workspace);
  workspace.readFile = (uri) => (reads.push(uriToPath(uri)), readFile(uri));
  let listings = 0;
  const listFiles = workspace.listFiles.bind(workspace);
  workspace.listFiles = (uri) => (listings++, listFiles(uri));
  const service = createLanguageService({ workspace, settings: {} });
  const warnings: string[] = [];
  const cache = cacheFile ? new FileCheckCache(cacheFile, workspace, 'test', (message) => warnings.push(message), started) : undefined;
  const root = pathToUri(dir);
  const result = await service.checkSite(root, { cache, token: NOT_CANCELLED });
  cache?.save();
  const findings: string[] = [];
  for (const [uri, diagnostics] of result.diagnostics) {
    for (const { range, code, message } of diagnostics)
      findings.push(`${relativeUri(root, uri) ?? uri}:${range.start.line + 1}:${range.start.character + 1} ${code} ${message}`);
  }
  return { findings: findings.sort(), reused: result.reused, warnings, reads, listings };
}
