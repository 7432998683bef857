import type { Report } from '../report';

/** Codes whose findings name a target (`Link "/x"`, `Import "/snippets/y.mdx"`) that many places can share. */
const TARGETED = new Set(['links/page-not-found', 'links/file-not-found', 'links/anchor-not-found', 'snippets/not-found']);
/** Below this many such places, the details are short enough to read as they are. */
const MIN_PLACES = 20;
/** A target is a cause worth leading with when this many places name it. */
const MIN_SHARED = 3;
const SHOWN = 10;

export interface Cause {
  target: string;
  code: string;
  places: number;
  files: number;
}

/**
 * The missing targets most places link to, most first: a half-migrated site has thousands of broken
 * links and a few dozen causes (one missing page linked 847 times from 36 files). The text and GitHub
 * outputs lead with them; every place is still listed after them, and kept in JSON and SARIF.
 */
export function leadingCauses(report: Report): Cause[] {
  const byTarget = new Map<string, { target: string; code: string; places: number; files: Set<string> }>();
  let places = 0;
  for (const entry of report.entries) {
    if (!TARGETED.has(entry.code)) continue;
    const target = /"([^"]+)"/.exec(entry.message)?.[1];
    if (target === undefined) continue;
    const count = entry.count ?? 1;
    places += count;
    const key = `${entry.code}\u0000${target}`;
    const cause = byTarget.get(key) ?? { target, code: entry.code, places: 0, files: new Set<string>() };
    cause.places += count;
    cause.files.add(entry.file);
    byTarget.set(key, cause);
  }
  if (places < MIN_PLACES) return [];
  return [...byTarget.values()]
    .filter((cause) => cause.places >= MIN_SHARED)
    .sort((a, b) => b.places - a.places || b.files.size - a.files.size || (a.target < b.target ? -1 : 1))
    .slice(0, SHOWN)
    .map(({ target, code, places: count, files }) => ({ target, code, places: count, files: files.size }));
}

/** The causes as lines: `  847 places in 36 files  links/page-not-found  "/knowledgebase/x"`. */
export function causeLines(causes: readonly Cause[], quote: (text: string) => string): string[] {
  if (causes.length === 0) return [];
  const width = String(causes[0].places).length;
  return [
    `Most linked missing targets (fixing each mends every place that names it):`,
    ...causes.map(
      (cause) =>
        `  ${String(cause.places).padStart(width)} place${cause.places === 1 ? '' : 's'} in ${cause.files} file${cause.files === 1 ? '' : 's'}  ${cause.code}  "${quote(cause.target)}"`,
    ),
  ];
}
