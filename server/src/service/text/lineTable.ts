import type { Position, Range } from 'vscode-languageserver-types';

/**
 * Offsets of a text to line/character positions and back (UTF-16 units, as LSP counts them). The
 * table of line starts is built on first use; an edit that keeps the lines (a change inside one line)
 * derives the next version's table from this one instead of scanning the text again.
 */
export class LineTable {
  private starts: Uint32Array | undefined;

  constructor(
    readonly text: string,
    starts?: Uint32Array,
  ) {
    this.starts = starts;
  }

  private lineStarts(): Uint32Array {
    if (this.starts) return this.starts;
    const starts: number[] = [0];
    const text = this.text;
    if (!text.includes('\r')) {
      // The usual case, found by the native search for line feeds.
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
      return (this.starts = Uint32Array.from(starts));
    }
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (code === 10) starts.push(i + 1);
    }
    return (this.starts = Uint32Array.from(starts));
  }

  get lineCount(): number {
    return this.lineStarts().length;
  }

  positionAt(offset: number): Position {
    const starts = this.lineStarts();
    const at = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    return { line: low, character: this.beforeLineBreak(at, starts[low]) - starts[low] };
  }

  /** An offset inside a line break counts as the end of its line, as vscode-languageserver-textdocument has it. */
  private beforeLineBreak(offset: number, lineStart: number): number {
    let at = offset;
    while (at > lineStart && (this.text.charCodeAt(at - 1) === 10 || this.text.charCodeAt(at - 1) === 13)) at--;
    return at;
  }

  offsetAt(position: Position): number {
    const starts = this.lineStarts();
    if (position.line < 0) return 0;
    if (position.line >= starts.length) return this.text.length;
    const start = starts[position.line];
    if (position.character <= 0) return start;
    const end = position.line + 1 < starts.length ? starts[position.line + 1] : this.text.length;
    return this.beforeLineBreak(Math.min(start + position.character, end), start);
  }

  rangeOf(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }

  /** The text of one line, without its line break. */
  lineText(line: number): string {
    const starts = this.lineStarts();
    if (line < 0 || line >= starts.length) return '';
    const end = line + 1 < starts.length ? starts[line + 1] : this.text.length;
    return this.text.slice(starts[line], end).replace(/\r?\n$|\r$/, '');
  }

  /**
   * The table of `text`, which is this text with the characters from `offset` replaced by ones that
   * hold no line break, `delta` more of them: lines after the edited one start `delta` later.
   */
  withinLineEdit(text: string, offset: number, delta: number): LineTable {
    if (!this.starts) return new LineTable(text);
    const starts = this.starts.slice();
    const line = this.positionAt(offset).line;
    for (let i = line + 1; i < starts.length; i++) starts[i] += delta;
    return new LineTable(text, starts);
  }
}
