import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { makeDiagnostic } from '../check/diagnostics';
import type { LineTable } from '../text/lineTable';
import type { BodyScan } from '../mdx/bodyScan';
import { codeDidYouMean, isDiagnosticCode } from '../settings';

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
/** A comment expression that is a suppression, and the codes after its marker. */
const SUPPRESSION = /^\{\s*\/\*\s*docsmith-ignore-next-line\b([^*]*)\*\/\s*\}$/;

/**
 * The suppressions of a page among its comment expressions (the body scan's: code blocks and inline
 * code are not read); none, without looking, when the page does not mention the marker.
 */
export function findSuppressions(text: string, comments: () => BodyScan['comments'], lines: LineTable): Suppression[] {
  if (!text.includes(MARKER)) return [];
  const found: Suppression[] = [];
  for (const { offset, length } of comments()) {
    const match = SUPPRESSION.exec(text.slice(offset, offset + length));
    if (!match) continue;
    const range = lines.rangeOf(offset, length);
    found.push({ line: range.end.line + 1, codes: match[1].split(/[\s,]+/).filter(Boolean), range, used: false });
  }
  return found;
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
      ? `${unknown.map((code) => `"${code}"`).join(', ')} ${unknown.length === 1 ? 'is not a Docsmith code' : 'are not Docsmith codes'} (see docs/diagnostics.md): this suppression drops nothing.${codeDidYouMean(unknown[0])}`
      : `This suppression drops nothing: there is no ${what} on the next line. Remove it.`;
    kept.push(makeDiagnostic('suppressions/unused', suppression.range, message));
  }
  return kept;
}
