import { join } from 'node:path';
import { readFileText } from '../fsWorkspace';
import { UsageError } from './config';
import { guardFolder, parseLocalJson, readLocalFile, writeLocalFile } from './localFiles';
import type { ReportEntry } from './report';

/**
 * A baseline: the findings a team accepts for now, so that only new ones are reported. Each is keyed
 * by its file, its code and its target (the text it points at: the broken link, the page entry), never
 * by its line, so that editing above a finding does not make it new. The same finding twice in a file
 * is counted.
 */
export interface BaselineFile {
  version: 1;
  findings: { file: string; code: string; target: string; count: number }[];
}

/** How long a target may be; longer ones are cut (the key stays stable as long as the start does). */
const MAX_TARGET = 200;

/** The key of each entry (file, code, target), the targets read from the files under `baseDir`. */
export function baselineKeys(baseDir: string, entries: readonly ReportEntry[]): string[] {
  const texts = new Map<string, string[] | undefined>();
  const linesOf = (file: string) => {
    if (!texts.has(file)) {
      let text: string | undefined;
      try {
        text = readFileText(join(baseDir, file));
      } catch {
        text = undefined;
      }
      texts.set(file, text?.split(/\r?\n/));
    }
    return texts.get(file);
  };
  return entries.map((entry) => key(entry.file, entry.code, targetOf(entry, linesOf(entry.file))));
}

/**
 * The keys baselines written before version 0.1.1 gave a finding whose range is empty (a page-wide
 * finding: an orphan page, a page without a title): its message. Read as a second chance, so that
 * those baselines keep working; a baseline written now never holds them.
 */
export function legacyBaselineKeys(entries: readonly ReportEntry[]): (string | undefined)[] {
  return entries.map((entry) => (isEmptyRange(entry) ? key(entry.file, entry.code, entry.message.slice(0, MAX_TARGET)) : undefined));
}

function isEmptyRange(entry: ReportEntry): boolean {
  return entry.line === entry.endLine && entry.column === entry.endColumn;
}

function key(file: string, code: string, target: string): string {
  return JSON.stringify([file, code, target]);
}

/**
 * The text a finding's range covers, its whitespace collapsed. Never the message, which a release may
 * reword: a finding of the whole page (an empty range at its start) has the target `(page)`, and
 * another empty range the text of its line.
 */
function targetOf(entry: ReportEntry, lines: string[] | undefined): string {
  if (isEmptyRange(entry)) {
    if (entry.line === 1 && entry.column === 1) return WHOLE_PAGE;
    return (lines?.[entry.line - 1] ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_TARGET) || WHOLE_PAGE;
  }
  let covered = '';
  if (lines) {
    const parts: string[] = [];
    for (let line = entry.line; line <= entry.endLine && line <= lines.length; line++) {
      const text = lines[line - 1];
      const start = line === entry.line ? entry.column - 1 : 0;
      const end = line === entry.endLine ? entry.endColumn - 1 : text.length;
      parts.push(text.slice(start, end));
    }
    covered = parts.join('\n').replace(/\s+/g, ' ').trim();
  }
  return (covered || WHOLE_PAGE).slice(0, MAX_TARGET);
}

/** The target of a finding about a whole file. */
const WHOLE_PAGE = '(page)';

/** A baseline of 100,000 findings is about 15 MB: a larger file is refused rather than read. */
const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

/** Writes the baseline (see {@link writeLocalFile}: never through a link, never out of `folder`, or of its repository, by one). */
export function writeBaseline(path: string, keys: readonly string[], folder: string, entries?: readonly ReportEntry[]): number {
  // A finding that stands for several places (the same target, grouped) counts as many.
  const counts = new Map<string, number>();
  keys.forEach((one, index) => counts.set(one, (counts.get(one) ?? 0) + (entries?.[index]?.count ?? 1)));
  const findings = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([one, count]) => {
      const [file, code, target] = JSON.parse(one) as [string, string, string];
      return { file, code, target, count };
    });
  const baseline: BaselineFile = { version: 1, findings };
  writeLocalFile(path, `${JSON.stringify(baseline, null, 2)}\n`, 'baseline', guardFolder(path, folder));
  return findings.reduce((sum, finding) => sum + finding.count, 0);
}

export function readBaseline(path: string, folder: string): Map<string, number> {
  const text = readLocalFile(path, 'baseline', MAX_BASELINE_BYTES, folder);
  if (text === undefined) throw new UsageError(`cannot read the baseline ${path} (ENOENT); write one with --write-baseline ${path}.`);
  const raw = parseLocalJson(text, path, 'baseline');
  const findings = (raw as BaselineFile | undefined)?.findings;
  if ((raw as BaselineFile | undefined)?.version !== 1 || !Array.isArray(findings))
    throw new UsageError(`${path} is not a docsmith baseline (expected {"version": 1, "findings": [...]}).`);
  const counts = new Map<string, number>();
  for (const finding of findings) {
    if (typeof finding?.file !== 'string' || typeof finding.code !== 'string' || typeof finding.target !== 'string') continue;
    const one = key(finding.file, finding.code, finding.target);
    counts.set(one, (counts.get(one) ?? 0) + (Number.isInteger(finding.count) && finding.count > 0 ? finding.count : 1));
  }
  return counts;
}

/** The entries the baseline does not know; how many it knew, and how many of its findings are gone. */
export function applyBaseline(
  entries: readonly ReportEntry[],
  keys: readonly string[],
  baseline: ReadonlyMap<string, number>,
  wasChecked: (file: string) => boolean = () => true,
  legacyKeys: readonly (string | undefined)[] = [],
): { fresh: ReportEntry[]; known: number; fixed: number } {
  const left = new Map(baseline);
  const fresh: ReportEntry[] = [];
  let known = 0;
  entries.forEach((entry, index) => {
    // An older baseline may hold the finding under its message (see legacyBaselineKeys).
    const legacy = legacyKeys[index];
    const one = !left.get(keys[index]) && legacy !== undefined && left.get(legacy) ? legacy : keys[index];
    // A grouped finding (count n) is known when the baseline holds n of it: more places than it knew are new.
    const count = left.get(one) ?? 0;
    const needed = entry.count ?? 1;
    left.set(one, Math.max(0, count - needed));
    known += Math.min(count, needed);
    if (count < needed) fresh.push(entry);
  });
  // What the baseline holds and this run did not find is fixed, if its file was checked at all.
  let fixed = 0;
  for (const [key, count] of left) if (wasChecked((JSON.parse(key) as string[])[0])) fixed += count;
  return { fresh, known, fixed };
}
