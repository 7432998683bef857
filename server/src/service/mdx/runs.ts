import { scanWork } from './scanWork';

/**
 * The runs of backticks and dollars of one line, by character and length, listed on first use: a code
 * span's closing run is then found without searching the line again for each opening run (a line of
 * runs of growing length would take time quadratic in its length).
 */
export class Runs {
  /** Made on first use: most lines hold no run. */
  private lists: Map<string, Map<number, number[]>> | undefined;
  /** Per character and length, how many of its runs lie before the last search (searches go forward). */
  private cursors: Map<string, number> | undefined;

  constructor(
    private readonly line: string,
    private readonly offset: number,
  ) {}

  /** The start (in the page) of the next run of exactly `length` `char`s from `from`, or -1. */
  next(char: string, length: number, from: number): number {
    const lists = (this.lists ??= new Map());
    let byLength = lists.get(char);
    if (!byLength) lists.set(char, (byLength = this.list(char)));
    const starts = byLength.get(length);
    if (!starts) return -1;
    const key = `${char}${length}`;
    const cursors = (this.cursors ??= new Map());
    let index = cursors.get(key) ?? 0;
    while (index < starts.length && starts[index] < from) index++;
    cursors.set(key, index);
    return index < starts.length ? starts[index] : -1;
  }

  private list(char: string): Map<number, number[]> {
    scanWork.characters += this.line.length;
    const byLength = new Map<number, number[]>();
    for (let at = this.line.indexOf(char); at >= 0;) {
      const run = runLength(this.line, at, char);
      const starts = byLength.get(run) ?? [];
      starts.push(at + this.offset);
      byLength.set(run, starts);
      at = this.line.indexOf(char, at + run);
    }
    return byLength;
  }
}

/** How many `char`s in a row start at `at`. */
export function runLength(text: string, at: number, char: string): number {
  let end = at;
  while (text[end] === char) end++;
  return end - at;
}
