import type { Diagnostic } from 'vscode-languageserver-types';
import { readFixData, type FixData } from './fixData';

/**
 * Findings about what a page names (a link's target, a component): the same broken target, or the
 * same unknown component, written many times in a page is one problem.
 */
const GROUPED = new Set([
  'links/page-not-found',
  'links/file-not-found',
  'links/anchor-not-found',
  'links/anchor-unchecked',
  'snippets/not-found',
  'mdx/unknown-component',
]);
/** A target reported this often in one file is reported once. */
export const MIN_REPEATS = 3;
/** Places listed as related information (the count says how many there are in all). */
const MAX_RELATED = 100;
/** Lines named in the message. */
const LINES_NAMED = 5;

/**
 * One missing file linked 1,809 times in a generated page is one thing to fix, not 1,809: findings of
 * the same code and message (the same target) in one file, {@link MIN_REPEATS} or more, become the
 * first of them, whose message gives the count and the first lines, with the other places as related
 * information and the count in `data.occurrences` (the CLI's formats and baseline count it). Other
 * findings are kept as they are, in order.
 */
export function groupRepeats(uri: string, diagnostics: Diagnostic[]): Diagnostic[] {
  const byTarget = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    if (!GROUPED.has(String(diagnostic.code))) continue;
    const key = `${diagnostic.code}\u0000${diagnostic.message}`;
    const same = byTarget.get(key);
    if (same) same.push(diagnostic);
    else byTarget.set(key, [diagnostic]);
  }
  const dropped = new Set<Diagnostic>();
  const grouped = new Map<Diagnostic, Diagnostic>();
  for (const same of byTarget.values()) {
    if (same.length < MIN_REPEATS) continue;
    same.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    const [first, ...rest] = same;
    for (const other of rest) dropped.add(other);
    const lines = [...new Set(same.map((d) => d.range.start.line + 1))];
    const named = lines.slice(0, LINES_NAMED).join(', ') + (lines.length > LINES_NAMED ? ` and ${lines.length - LINES_NAMED} more` : '');
    grouped.set(first, {
      ...first,
      message: `${first.message} (${same.length} times in this file, on line${lines.length === 1 ? '' : 's'} ${named}.)`,
      relatedInformation: [
        ...(first.relatedInformation ?? []),
        ...rest.slice(0, MAX_RELATED).map((other) => ({ location: { uri, range: other.range }, message: 'The same finding here' })),
      ],
      data: { ...(first.data as object | undefined), occurrences: same.length, ...alsoFixed(first, rest) },
    });
  }
  if (dropped.size === 0) return diagnostics;
  return diagnostics.filter((diagnostic) => !dropped.has(diagnostic)).map((diagnostic) => grouped.get(diagnostic) ?? diagnostic);
}

/** How many findings a diagnostic stands for (more than one when {@link groupRepeats} grouped it). */
export function occurrences(diagnostic: Diagnostic): number {
  const count = (diagnostic.data as { occurrences?: unknown } | undefined)?.occurrences;
  return typeof count === 'number' && Number.isInteger(count) && count > 1 ? count : 1;
}

/** When the first place has a replacement, the other places with theirs, for a fix that mends them all. */
function alsoFixed(first: Diagnostic, rest: Diagnostic[]): { also?: FixData['also'] } {
  if (readFixData(first.data).replace === undefined) return {};
  const also = rest.flatMap((other) => {
    const replace = readFixData(other.data).replace;
    return replace === undefined ? [] : [{ range: other.range, replace }];
  });
  return also.length ? { also } : {};
}
