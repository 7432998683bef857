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
function delimiterCells(text: string, from: number, to: number): number {
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
function headerRow(
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

/** The line before a delimiter row, as the scanner knows it: where it is, and in how many list items. */
export interface HeaderLine {
  offset: number;
  end: number;
  depth: number;
}

/** Whether the scanner is in a table, and how sure it is of its rows. */
export class TableState {
  /** The paragraph being read is a table (a delimiter row followed its header): no setext heading. */
  active = false;
  /**
   * While {@link active}: the indentation from which a line is surely a row, read cell by cell (its
   * header and delimiter rows have as many cells, in one container); -1 when the scanner is not sure
   * of that, and reads each row whole.
   */
  private rowIndent = -1;
  /** Where the last line that ended a table in a list item starts (see {@link endsOutside}). */
  private lazyLine = -1;

  /** Rows read cell by cell (a table the scanner is sure of). */
  get sure(): boolean {
    return this.active && this.rowIndent >= 0;
  }

  /** A line at this indentation is a row read cell by cell. */
  cellsAt(indent: number): boolean {
    return this.sure && indent >= this.rowIndent;
  }

  /**
   * The delimiter row from `from` to `to` (indented `indent`, in list items `depth` deep whose content
   * is indented `itemIndent`) after `header`: starts a table (true), or leaves a paragraph's line.
   * `plain`: the header is no lazy line and no block quote's.
   */
  start(
    text: string,
    header: HeaderLine | undefined,
    delimiter: Cell,
    at: { indent: number; depth: number; itemIndent: number; plain: boolean },
  ): boolean {
    let kind: 'table' | 'none' | 'unsure';
    if (header?.offset === this.lazyLine) kind = 'none';
    else if (!header || !at.plain || header.depth !== at.depth || at.indent < at.itemIndent) kind = 'unsure';
    else kind = headerRow(text, header, delimiter, at.itemIndent);
    if (kind === 'none') return false;
    this.active = true;
    this.rowIndent = kind === 'table' ? Math.max(0, at.itemIndent) : -1;
    return true;
  }

  /**
   * A table has no lazy lines: a line less indented than the list item holding the table ends both
   * (true). The parser still counts it a lazy line (`start`; -1 for a list item, which continues the
   * list), so it cannot be the header of a table in turn.
   */
  endsOutside(start: number, indent: number): boolean {
    if (!this.active || indent >= this.rowIndent) return false;
    this.active = false;
    this.lazyLine = start;
    return true;
  }
}
