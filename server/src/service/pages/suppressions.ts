import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { makeDiagnostic } from '../diagnostics';
import type { LineTable } from '../documents/lineTable';
import { isDiagnosticCode } from '../settings';

/**
 * Inline suppressions in a page: `{/* docsmith-ignore-next-line links/page-not-found *\/}` drops the
 * findings of those codes (all codes when none is named) that start on the next line. One that drops
 * nothing is reported, so that stale suppressions do not pile up. (An HTML comment is no form of it:
 * the platform reads `.md` pages as MDX too, where `<!--` does not parse.)
 */
interface Suppression {
  /** The line (0-based) whose findings it drops. */
  line: number;
  codes: string[];
  range: Range;
  used: boolean;
}

const MARKER = 'docsmith-ignore-next-line';
const COMMENT = /\{\/\*\s*docsmith-ignore-next-line([^*]*)\*\/\}/g;
/** A line opening or closing a fenced code block (up to 3 spaces, then 3 or more backticks or tildes). */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** The suppressions of a page, outside code blocks; none (fast) when the page does not mention the marker. */
export function findSuppressions(text: string, lines: LineTable): Suppression[] {
  if (!text.includes(MARKER)) return [];
  const fenced = fencedLines(text);
  const found: Suppression[] = [];
  for (const match of text.matchAll(COMMENT)) {
    const range = lines.rangeOf(match.index, match[0].length);
    if (fenced.has(range.start.line)) continue;
    const codes = match[1].split(/[\s,]+/).filter(Boolean);
    found.push({ line: range.end.line + 1, codes, range, used: false });
  }
  return found;
}

function fencedLines(text: string): Set<number> {
  const inside = new Set<number>();
  let fence: string | undefined;
  text.split('\n').forEach((line, index) => {
    const opening = FENCE.exec(line)?.[1];
    if (fence) {
      inside.add(index);
      if (opening && opening[0] === fence[0] && opening.length >= fence.length && line.trim() === opening) fence = undefined;
    } else if (opening) {
      fence = opening;
      inside.add(index);
    }
  });
  return inside;
}

/** The diagnostics no suppression drops, then one `suppressions/unused` for each suppression that dropped nothing. */
export function applySuppressions(diagnostics: Diagnostic[], suppressions: Suppression[]): Diagnostic[] {
  if (!suppressions.length) return diagnostics;
  const kept = diagnostics.filter((diagnostic) => {
    const code = String(diagnostic.code);
    const by = suppressions.find((one) => one.line === diagnostic.range.start.line && (!one.codes.length || one.codes.includes(code)));
    if (by) by.used = true;
    return !by;
  });
  for (const suppression of suppressions) {
    if (suppression.used) continue;
    const unknown = suppression.codes.filter((code) => !isDiagnosticCode(code));
    const what = suppression.codes.length ? suppression.codes.join(', ') : 'any finding';
    const message = unknown.length
      ? `${unknown.map((code) => `"${code}"`).join(', ')} ${unknown.length === 1 ? 'is not a Docsmith code' : 'are not Docsmith codes'} (see docs/diagnostics.md): this suppression drops nothing.`
      : `This suppression drops nothing: there is no ${what} on the next line. Remove it.`;
    kept.push(makeDiagnostic('suppressions/unused', suppression.range, message));
  }
  return kept;
}
