import { LIST_ITEM } from './listItems';

/**
 * The cells of a GFM table row, as micromark splits them: at every `|` that a backslash does not
 * escape, before any inline construct is read. A pipe inside a code span, link text or a tag's
 * attribute splits the cell too (`` | `a|b` | `` is two cells, `` `a `` and `` b` ``), so a code span
 * never goes on past its cell, let alone to the next row.
 */
export interface Cell {
  from: number;
  to: number;
}

/** The cells of the row from `from` to `to` (its line's end): the leading and trailing pipes and the white space around them left out. */
export function tableCells(text: string, from: number, to: number): Cell[] {
  while (from < to && isSpace(text.charCodeAt(from))) from++;
  while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
  if (text[from] === '|') from++;
  const cells: Cell[] = [];
  let start = from;
  for (let at = from; at < to; at++) {
    const char = text[at];
    if (char === '\\' && (text[at + 1] === '|' || text[at + 1] === '\\')) at++;
    else if (char === '|') {
      cells.push({ from: start, to: at });
      start = at + 1;
    }
  }
  // A trailing pipe ends the last cell; no empty cell after it.
  if (start < to || cells.length === 0) cells.push({ from: start, to });
  return cells;
}

/** How many cells the delimiter row `|---|:--:|` has (each `:?-+:?`), or -1 when the line is not one. */
export function delimiterCells(text: string, from: number, to: number): number {
  const cells = tableCells(text, from, to);
  for (const cell of cells) if (!/^[ \t]*:?-+:?[ \t]*$/.test(text.slice(cell.from, cell.to))) return -1;
  return cells.length;
}

/**
 * What the delimiter row makes of the line before it (`header`, from its start to its end), in a
 * list item whose content is indented `itemIndent` (-1 outside lists): a table's header when both
 * have as many cells, a paragraph's line (`none`) when they do not, `unsure` when the line is not
 * surely in the item (less indented, and not the line that opens it).
 */
export function headerRow(
  text: string,
  header: { offset: number; end: number },
  delimiter: Cell,
  itemIndent: number,
): 'table' | 'none' | 'unsure' {
  let from = header.offset;
  while (from < header.end && (text[from] === ' ' || text[from] === '\t')) from++;
  const item = LIST_ITEM.exec(text.slice(from, header.end));
  if (item) from += item[0].length;
  else if (from - header.offset < itemIndent) return 'unsure';
  const cells = delimiterCells(text, delimiter.from, delimiter.to);
  return cells > 0 && cells === tableCells(text, from, header.end).length ? 'table' : 'none';
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 13;
}
