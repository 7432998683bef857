import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * Recorded answers of the platform's slowest oracle (the link checker: about 10 s per megabyte of
 * pages), so that `npm test` compares Docsmith with it on every recorded site in seconds. A record is
 * used only while it is current: its key is a hash of the oracle's lock file (every package version),
 * the worker that runs the checker, and every file of the site (path and content). Any change, and the checker runs live.
 *
 * DOCSMITH_ORACLE_RECORDS says what to do with them:
 * - `use` (the default of the quick pass): a current record stands for the checker;
 * - `verify` (the default of `npm run test:differential`): the checker always runs, and a current
 *   record must hold exactly what it says (a record that drifted, or a checker that answers otherwise
 *   from run to run, fails the test);
 * - `write`: the checker runs, and its answer is recorded (`npm run test:differential:record`).
 */
export const RECORDS_DIR = resolve(__dirname, '../differential/records');
const mode = process.env.DOCSMITH_ORACLE_RECORDS ?? (process.env.DOCSMITH_DIFFERENTIAL === 'all' ? 'verify' : 'use');

export interface OracleAnswer<T> {
  result: T;
  /** Where the answer came from: the record, or the checker run now. */
  source: 'recorded' | 'live';
  /** In `verify`, whether a current record held the same answer; undefined when there was none. */
  verified?: boolean;
}

/** The oracle's packages, pinned (every version of every package it installs). */
const ORACLE_LOCK = resolve(__dirname, '../oracle/package-lock.json');

/** The key of a site's record: the oracle's pinned packages, the worker that runs it, and every file of the site. */
export function recordKey(worker: string, root: string): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(ORACLE_LOCK)).update('\0').update(readFileSync(worker)).update('\0');
  for (const file of siteFiles(root))
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(root, file)))
      .update('\0');
  return hash.digest('hex');
}

/** Whether a site has a current record (so the quick pass can afford it whatever its size). */
export function hasCurrentRecord(kind: string, site: string, key: () => string): boolean {
  const record = readRecord(kind, site);
  return record !== undefined && record.key === key();
}

/** The oracle's answer for a site: recorded, or run now, as DOCSMITH_ORACLE_RECORDS says. */
export async function recordedOrLive<T>(kind: string, site: string, key: string, live: () => Promise<T>): Promise<OracleAnswer<T>> {
  const record = readRecord(kind, site);
  const current = record?.key === key ? (record.result as T) : undefined;
  if (mode === 'use' && current !== undefined) return { result: current, source: 'recorded' };
  const result = await live();
  if (mode === 'write') {
    mkdirSync(join(RECORDS_DIR, kind), { recursive: true });
    writeFileSync(recordPath(kind, site), gzipSync(JSON.stringify({ key, result }), { level: 9 }));
  }
  const verified = mode === 'verify' && current !== undefined ? JSON.stringify(current) === JSON.stringify(result) : undefined;
  return { result, source: 'live', verified };
}

/** Each record read, by its path: the quick pass asks for one twice (is it current? then its answer). */
const records = new Map<string, { key: string; result: unknown } | undefined>();

function readRecord(kind: string, site: string): { key: string; result: unknown } | undefined {
  const path = recordPath(kind, site);
  if (!records.has(path))
    records.set(
      path,
      existsSync(path) ? (JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as { key: string; result: unknown }) : undefined,
    );
  return records.get(path);
}

function recordPath(kind: string, site: string): string {
  return join(RECORDS_DIR, kind, `${site}.json.gz`);
}

/** Every file of a site (relative paths, sorted), `node_modules` and `.git` left out. */
function siteFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (folder: string, prefix: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === '.git') continue;
      const relative = prefix + entry.name;
      if (entry.isDirectory()) walk(join(folder, entry.name), `${relative}/`);
      else if (entry.isFile()) files.push(relative);
    }
  };
  walk(root, '');
  return files.sort();
}
