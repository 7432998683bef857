import { referenceLabel, scopeNames, type BodyScan } from './bodyScan';
import { esmStatementCount, MAX_ESM_STATEMENTS, readEsm } from './jsSyntax';
import { parseDestination } from './linkSyntax';
import { thousands } from '../../common/plural';

/**
 * The block constructs the body scanner reads whole, apart from its line loop: a link reference
 * definition, an ESM block, and the small tests of a line it makes.
 */

/**
 * A link reference definition `[label]: url` from `from` (its `[`) to `to` (its line's end). A line
 * that only starts like one (`[ref]: /r <5`, more than a title after the URL) is a paragraph, whose
 * text the parser reads: the page is unsure. Returns where the next line starts when the URL ends its
 * line, so that its title may stand there (see {@link isDefinitionTitle}); -1 otherwise.
 */
export function readDefinition(
  scan: BodyScan,
  text: string,
  from: number,
  to: number,
  host: { unsure(offset: number, reason: string): void },
): number {
  const close = text.indexOf(']:', from);
  let at = close + 2;
  while (at < to && (text[at] === ' ' || text[at] === '\t')) at++;
  const destination = parseDestination(text, at, to, true);
  if (!destination) {
    host.unsure(from, 'a line that starts like a link definition but is none');
    return -1;
  }
  scan.links.push({
    kind: 'definition',
    url: destination.url,
    offset: destination.offset,
    length: destination.length,
    label: referenceLabel(text.slice(from + 1, close)),
  });
  return /^>?[ \t]*$/.test(text.slice(destination.offset + destination.length, to)) ? text.indexOf('\n', to) + 1 || -1 : -1;
}

/**
 * The line after a definition whose URL ended its line, when it is that definition's title
 * (`"title"`, `'title'` or `(title)` alone): part of the definition, so no paragraph starts there and
 * a definition on the line after it is read as one. A title over several lines is left to the parser.
 */
export function isDefinitionTitle(stripped: string): boolean {
  return /^(?:"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\))[ \t]*$/.test(stripped);
}

/** An ESM block (`import`/`export` lines up to a blank line): its imports and exported names, or why the scanner cannot vouch for it. */
export function readEsmBlock(
  scan: BodyScan,
  text: string,
  start: number,
  end: number,
  unsure: (offset: number, reason: string) => void,
): void {
  if (esmStatementCount(text, start, end) > MAX_ESM_STATEMENTS) {
    unsure(start, `an ESM block of more than ${thousands(MAX_ESM_STATEMENTS)} import and export lines`);
    return;
  }
  const esm = readEsm(text.slice(start, end));
  if (!esm) {
    unsure(start, 'an import or export that is not a valid module statement');
    return;
  }
  // The parser rejects a name imported twice, or imported and declared, across all the blocks.
  const locals = esm.imports.flatMap((item) => item.names.map((name) => name.local));
  const before = scopeNames(scan);
  if (new Set(locals).size < locals.length || [...locals, ...esm.exported].some((name) => before.has(name)))
    unsure(start, 'a name imported twice, or imported and declared');
  for (const item of esm.imports) {
    scan.imports.push({ source: item.source, offset: start + item.start, length: item.end - item.start, names: item.names });
  }
  scan.exported.push(...esm.exported);
}

/** The end of the line holding offset `at - 1` (before its `\r`). */
export function lineEndFrom(text: string, at: number): number {
  let end = text.indexOf('\n', at - 1);
  if (end < 0) end = text.length;
  return text[end - 1] === '\r' ? end - 1 : end;
}

/** A GFM table's delimiter row: `| --- | :-: |` (at least one pipe and one dash, nothing else). */
export function isTableDelimiter(line: string): boolean {
  if (!line.includes('|') || !line.includes('-')) return false;
  for (const char of line) if (char !== '|' && char !== '-' && char !== ':' && char !== ' ' && char !== '\t') return false;
  return true;
}

/** A letter (ASCII or not) or a digit-free character that starts no block construct. */
export function isProseStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code >= 128;
}

/** The fence a line opens (a run of 3 or more backticks or tildes; a backtick fence's info holds no backtick), or undefined. */
export function fenceOpening(content: string): { char: string; count: number } | undefined {
  const opening = /^(`{3,}|~{3,})/.exec(content);
  if (!opening || (opening[1][0] === '`' && content.includes('`', opening[1].length))) return undefined;
  return { char: opening[1][0], count: opening[1].length };
}

/** A line that closes an open fence: a run of its marker at least as long, and nothing after it. */
export function closesFence(stripped: string, fence: { char: string; count: number }): boolean {
  let count = 0;
  while (stripped[count] === fence.char) count++;
  return count >= fence.count && stripped.slice(count).trim() === '';
}
