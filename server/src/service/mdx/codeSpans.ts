import { fenceOpening, isProseStart } from './blockReaders';
import { parseTag } from './jsxTag';
import { runLength } from './runs';
import { scanWork } from './scanWork';

/** What a code span left open on a paragraph's line turns out to be. */
export type OpenCodeSpan = 'code' | 'literal' | 'unsure';

/**
 * Whether a code span opened on a paragraph's line and not closed there closes on a later line of the
 * paragraph (`` `MCP-Protocol-Version: `` then `` <protocol-version>` header``): CommonMark reads it
 * as code to its closing run wherever that is in the paragraph, and as literal backticks when the
 * paragraph ends first.
 *
 * The lines after it are looked at up to the next blank line. A closing run on a line that surely
 * goes on with the paragraph (it starts with a letter, or with a tag followed by text) is `code`. No
 * run of that length before the blank line: `literal`. A closing run after a line that might start a
 * block of its own (a heading, a list item, a flow tag): `unsure`, for the parser to read. The
 * scanner follows the span on a paragraph's lines outside containers and in list items; in a block
 * quote or a table row it only asks whether the span may close (then the parser reads the page).
 */
export class CodeSpanLookahead {
  /** The lines after the last span asked about, to the blank line that ends their paragraph. */
  private segment: Segment | undefined;

  constructor(private readonly text: string) {}

  /** The span whose opening run of `run` backticks is on the line ending at `lineEnd`. */
  find(run: number, lineEnd: number): OpenCodeSpan {
    let segment = this.segment;
    if (!segment || lineEnd < segment.from || lineEnd >= segment.end) segment = this.segment = readSegment(this.text, lineEnd);
    // The lines below the opening one: the first run of that length on them closes the span.
    const firstLine = upperBound(segment.lineStarts, lineEnd);
    const runs = segment.runs.get(run);
    const at = runs?.[upperBound(runs, lineEnd)];
    if (at === undefined || firstLine >= segment.lineStarts.length) return 'literal';
    const closing = upperBound(segment.lineStarts, at) - 1;
    return segment.firstUnsure[firstLine] > closing ? 'code' : 'unsure';
  }
}

/** The lines of a paragraph below a line: where each starts, the runs of backticks by length, and which may start a block. */
interface Segment {
  from: number;
  /** The blank line after the paragraph (or the end of the text). */
  end: number;
  lineStarts: number[];
  /** Per line, the first line from it on that might not go on with the paragraph (lineStarts.length: none). */
  firstUnsure: number[];
  /** The starts of the runs of backticks, by run length, in order. */
  runs: Map<number, number[]>;
}

function readSegment(text: string, lineEnd: number): Segment {
  const lineStarts: number[] = [];
  const sure: boolean[] = [];
  const runs = new Map<number, number[]>();
  const from = lineEnd;
  let end = text.length;
  for (let start = text.indexOf('\n', lineEnd); start >= 0;) {
    start++;
    let lineStop = text.indexOf('\n', start);
    if (lineStop < 0) lineStop = text.length;
    scanWork.characters += lineStop - start + 1;
    let first = start;
    while (first < lineStop && (text[first] === ' ' || text[first] === '\t' || text[first] === '\r')) first++;
    if (first === lineStop || (first - start <= 3 && endsParagraph(text.slice(first, lineStop)))) {
      end = start; // a blank line ends the paragraph, as does a line that surely starts a block
      break;
    }
    lineStarts.push(start);
    sure.push(continuesParagraph(text.slice(first, lineStop)));
    for (let at = text.indexOf('`', start); at >= 0 && at < lineStop;) {
      const length = runLength(text, at, '`');
      let list = runs.get(length);
      if (!list) runs.set(length, (list = []));
      list.push(at);
      at = text.indexOf('`', at + length);
    }
    start = lineStop < text.length ? lineStop : -1;
  }
  const firstUnsure = new Array<number>(lineStarts.length);
  for (let index = lineStarts.length - 1, next = lineStarts.length; index >= 0; index--) {
    if (!sure[index]) next = index;
    firstUnsure[index] = next;
  }
  return { from, end, lineStarts, firstUnsure, runs };
}

/** The index of the first value above `value` in a sorted list (its length when there is none). */
function upperBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle] <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * A line (indented at most 3 spaces) that surely ends the paragraph before it, wherever that paragraph
 * is: it starts a block that interrupts any paragraph, in its list item or outside it. Those are an
 * ATX heading, a fence, a block quote, a bullet item or one numbered 1 that holds text, and a
 * thematic break (or a `---` underline, which ends the paragraph as its heading). A shorter underline
 * is not sure: a list item's paragraph takes it as a lazy line.
 */
function endsParagraph(line: string): boolean {
  switch (line[0]) {
    case '#':
      return /^#{1,6}(?:[ \t]|$)/.test(line);
    case '`':
    case '~':
      return fenceOpening(line) !== undefined;
    case '>':
      return true;
    case '-':
    case '*':
    case '+':
    case '_':
      return /^[-*+][ \t]+\S/.test(line) || /^(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/.test(line.trimEnd());
    case '1':
      return /^1[.)][ \t]+\S/.test(line);
    default:
      return false;
  }
}

/**
 * A line that surely goes on with the paragraph before it (its indentation aside: a paragraph takes
 * lazy lines): one that cannot start a block that interrupts a paragraph. Those are an ATX heading, a fence, a block quote, a list item,
 * a thematic break or setext underline, a line of tags alone (a flow element), an expression, math,
 * a table row and a footnote definition; a line that might be one of them is not sure.
 */
function continuesParagraph(from: string): boolean {
  if (isProseStart(from.charCodeAt(0))) return true;
  const line = from.trimEnd();
  switch (line[0]) {
    case '#':
      return !/^#{1,6}(?:\s|$)/.test(line);
    case '`':
    case '~':
      return runLength(line, 0, line[0]) < 3;
    case '-':
    case '*':
    case '+':
    case '_':
    case '=':
      return !/^[-*+_=](?:[ \t]|$)/.test(line) && !/^[-*_= \t]+$/.test(line);
    case '<': {
      // A tag followed by text is inline; alone on the line, it may open a flow element, and a tag
      // the parser cannot read is an error there.
      const tag = parseTag(line, 0);
      return tag !== undefined && tag.end < line.length && !/[>}]$/.test(line);
    }
    case '$':
      return line[1] !== '$';
    case '{': // the parser reads an expression at the start of a line before it knows whether text follows
    case '>':
    case '|':
      return false;
    case '[':
      return line[1] !== '^';
    default:
      return !/^\d{1,9}[.)](?:[ \t]|$)/.test(line);
  }
}
