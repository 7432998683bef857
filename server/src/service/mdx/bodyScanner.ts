import { emptyScan, type BodyLink, type BodyScan } from './bodyScan';
import { QuoteFence } from './quoteFence';
import { closesFence, fenceOpening, isDefinitionTitle, isProseStart, isTableDelimiter, readDefinition, readEsmBlock } from './blockReaders';
import { readFlowTagLine } from './flowTagLine';
import type { NotedExpressions } from './jsSyntax';
import { atxHeading, setextHeading, underlines } from './headingReader';
import { readInline, type InlineHost } from './inlineReader';
import { Braces, esmGoesOn } from './jsSyntax';
import type { Tag } from './jsxTag';
import { closesNothingOpen, OpenElements, quotedFlowTags } from './openElements';
import { CodeSpanLookahead, type OpenCodeSpan } from './codeSpans';
import { LIST_ITEM, ListItems } from './listItems';
import { scanWork } from './scanWork';
import { TableState, tableCells } from './tableCells';
import { tagOverLines } from './tagOverLines';
import { closingTagError, endsParagraph, laterError, trustedError, unclosedTagError, type ScannedSyntaxError } from './syntaxErrors';
import { OpenBrace } from './openBrace';

/** Characters of one ESM block acorn may read to follow it over its blank lines (MDX reads it again at each one). */
const ESM_BUDGET = 200_000;
/** A link reference definition `[label]: url` (a label starting with `^` is a GFM footnote: its text is read as text). */
const DEFINITION = /^\[(?!\^)(?:[^\]\\]|\\.){1,999}\]:[ \t]*/;

/** Reads a page body in one pass (see {@link BodyScan}): the text from `bodyOffset`, after the front matter. */
export function scanBody(text: string, bodyOffset: number): BodyScan {
  return trustedError(new Scanner(text, bodyOffset).run(), text);
}

class Scanner implements InlineHost {
  private readonly scan: BodyScan = emptyScan();
  /** What inline reading adds to (see {@link InlineHost}): the scan's own lists. */
  readonly links: BodyLink[] = this.scan.links;
  readonly noted: NotedExpressions = this.scan;
  readonly references: Set<string> = this.scan.references;
  private readonly elements: OpenElements;
  /** The list items open here. */
  private readonly items = new ListItems();
  /** The previous line continued a paragraph (a setext underline may follow; a definition may not start). */
  private inParagraph = false;
  private titleLineStart = -1; // where the line after a definition whose URL ends its line starts: its title may stand there
  /** The line before, and how many list items were open on it (a setext underline must be in the same ones). */
  private previousLine: { offset: number; end: number; depth: number } | undefined;
  /** Where the paragraph being read starts: a setext underline makes all its lines the heading. */
  private paragraphStart = 0;
  private readonly table = new TableState();
  /** Unclosed `[` of the paragraph being read: link text may go on over several lines. */
  brackets: { offset: number; image: boolean }[] = [];
  /** The paragraph being read is inside a block quote (a line without `>` continues it lazily). */
  private quotedParagraph = false;
  /**
   * This line interrupts a paragraph of a container it is not in (a list item, a block quote): MDX
   * reads it as a lazy line, and a tag or an expression on it that goes on over more lines is an error.
   */
  private lazy = false;
  /**
   * Inline elements of the paragraph being read still open (`<p>text` ... `more</p>`): a paragraph
   * outside containers may close them on a later line; whatever ends it first leaves the page unsure.
   */
  private readonly inlineOpen: Tag[] = [];
  /** The line just read continued the paragraph's text with {@link inlineOpen} carried. */
  private carried = false;
  codeOpen: { offset: number; run: number } | undefined;
  /** The line just read was a paragraph's that follows a code span left open (readInline's `spanLines`). */
  private spanCarried = false;
  private codeSpans: CodeSpanLookahead | undefined;
  /** After a tag spanning lines, the offset of the end of its last line (the main loop goes on from there). */
  private skipTo = -1;

  readonly braces: Braces;
  readonly brace = new OpenBrace(this);

  constructor(
    readonly text: string,
    private readonly from: number,
  ) {
    this.braces = new Braces(text);
    const unsure = (offset: number, reason: string) => this.unsure(offset, reason);
    this.elements = new OpenElements(this.scan, unsure, (tag, open, flow) => {
      const error = flow && this.inlineOpen.length ? undefined : this.decided ? laterError(tag.start) : closingTagError(text, tag, open);
      if (error) this.vouch(error);
      else unsure(tag.start, closesNothingOpen(tag));
    });
  }

  /** An open fence: its marker, and the content indentation of the list item holding it (0 outside lists). */
  private fence: { char: string; code: number; count: number; container: number } | undefined;
  private readonly quoteFence = new QuoteFence();
  /** Inside a `$$` math block. */
  private math = false;
  /** An ESM block being read (`import`/`export` lines up to a blank line). */
  private esm: { start: number; end: number; budget: { characters: number } } | undefined;

  run(): BodyScan {
    const text = this.text;
    for (let start = this.from; start < text.length || (start === text.length && start === this.from);) {
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const lineEnd = text.charCodeAt(end - 1) === 13 && end > start ? end - 1 : end;
      scanWork.characters += end - start + 1;
      let indent = 0;
      while (start + indent < lineEnd && (text.charCodeAt(start + indent) === 32 || text.charCodeAt(start + indent) === 9)) indent++;
      const first = start + indent < lineEnd ? text.charCodeAt(start + indent) : -1;
      // A line outside the block quote ends it, and a fence in it.
      if (first !== 62) this.quoteFence.end();
      // A line of code inside a fence, in its container, that cannot close it: nothing to read.
      const fence = this.fence;
      if (fence && first !== fence.code && (first === -1 || indent >= fence.container)) {
        this.elements.checkListEnds(indent, first === -1, start);
      } else if (!fence && !this.math && !this.esm && isProseStart(first) && !(indent === 0 && (first === 105 || first === 101))) {
        this.proseLine(start, indent, lineEnd);
      } else {
        const line = text.slice(start, lineEnd);
        this.blockLine(start, end, line, indent, line.slice(indent));
      }
      start = this.nextLineStart(start, lineEnd, end);
      if (start < 0) break;
    }
    if (this.esm) readEsmBlock(this.scan, this.text, this.esm.start, this.esm.end, (offset, reason) => this.unsure(offset, reason));
    this.carried = this.spanCarried = false;
    this.endInline();
    const unclosed = this.elements.unclosed();
    if (unclosed !== undefined) this.unsure(unclosed, 'an element is not closed');
    return this.scan;
  }

  /** A line that is not plain prose: code, math or ESM going on, a blank line, or the start of a block. */
  private blockLine(start: number, end: number, line: string, indent: number, stripped: string): void {
    const blank = stripped === '';
    // A line less indented than the list item holding a fence ends the item, and the fence with it.
    if (this.fence && !blank && indent < this.fence.container) this.fence = undefined;
    if (this.fence) {
      if (closesFence(stripped, this.fence)) this.fence = undefined;
    } else if (this.math) {
      if (stripped.startsWith('$$')) this.math = false;
    } else if (this.esm) {
      if (!blank) this.esm.end = end;
      else {
        // MDX reads on past a blank line while the code so far ends unfinished (a component's body).
        const goesOn = esmGoesOn(this.text.slice(this.esm.start, this.esm.end), this.esm.budget);
        if (goesOn === undefined) this.unsure(this.esm.start, 'an ESM block too long to follow over its blank lines');
        if (goesOn) {
          this.esm.end = end;
          scanWork.esmOverBlankLines++;
        } else {
          readEsmBlock(this.scan, this.text, this.esm.start, this.esm.end, (offset, reason) => this.unsure(offset, reason));
          this.esm = undefined;
        }
      }
    } else if (blank) {
      this.inParagraph = this.quotedParagraph = this.lazy = this.table.active = false;
    } else this.blockStart(start, end, line, indent, stripped);
    this.elements.checkListEnds(indent, blank, start);
  }

  /** A line that may start a block: a fence, math, ESM, or what {@link readLine} reads. */
  private blockStart(start: number, end: number, line: string, indent: number, stripped: string): void {
    const marker = LIST_ITEM.test(stripped);
    // A list item's line continues the list: not a lazy line.
    if (this.table.endsOutside(marker ? -1 : start, indent)) this.inParagraph = false;
    // A paragraph's link text may span lines; a table row's may not, nor a new list item's.
    if (!this.inParagraph || marker || stripped.startsWith('|')) this.brackets = [];
    const itemsBefore = this.items.depth;
    // A table's row is no paragraph's line: a list item may interrupt it whatever its number.
    const item = this.items.track(indent, stripped, this.inParagraph && !this.table.sure);
    // Once lazy, the paragraph's later lines are lazy too; a list item is a block of its own, which ends a table or a block quote above it.
    this.lazy =
      this.inParagraph && !item && (this.lazy || this.items.depth < itemsBefore || (this.quotedParagraph && !stripped.startsWith('>')));
    if (item) this.table.active = this.quotedParagraph = false;
    // A fence may open a list item's content: `- ```js`.
    const opening = fenceOpening(item ? stripped.slice(item.length) : stripped);
    if (opening) {
      this.fence = { ...opening, code: opening.char.charCodeAt(0), container: Math.max(0, this.items.indent) };
      this.scan.hasContent = true;
      this.inParagraph = false;
    } else if (stripped.startsWith('$$')) {
      this.math = !stripped.slice(2).includes('$$');
      this.scan.hasContent = true;
      this.inParagraph = false;
    } else if (indent === 0 && (!this.inParagraph || this.table.active) && /^(?:import|export)[\s{*]/.test(stripped)) {
      // ESM starts where a paragraph does not go on (a table row is no paragraph: it interrupts a table).
      this.table.active = false;
      this.inParagraph = false;
      this.esm = { start, end, budget: { characters: ESM_BUDGET } };
    } else {
      this.scan.hasContent = true;
      this.readLine(start, line, indent, stripped);
    }
  }

  /** The usual line: text starting with a letter. No block construct starts with one. */
  private proseLine(start: number, indent: number, lineEnd: number): void {
    this.scan.hasContent = true;
    if (this.table.endsOutside(start, indent)) this.inParagraph = false;
    if (!this.inParagraph) {
      this.lazy = this.quotedParagraph = false;
      this.brackets = [];
      this.table.active = false;
      this.items.close(indent);
      this.paragraphStart = start + indent;
    }
    this.elements.checkListEnds(indent, false, start);
    this.readText(start + indent, lineEnd, indent);
    this.inParagraph = true;
  }

  /** After a line that did not carry the paragraph's open inline elements on: those still open are never closed. */
  private endInline(lineStart = -1, lineEnd = -1): void {
    if (!this.carried) this.brace.close(lineStart, lineEnd);
    if (!this.carried && this.inlineOpen.length) {
      const ends = endsParagraph(this.text, lineStart, lineEnd); // the parser names the paragraph then
      const error = !ends
        ? undefined
        : this.decided
          ? laterError(this.inlineOpen[0].start)
          : unclosedTagError(this.text, this.inlineOpen[this.inlineOpen.length - 1]);
      if (error) this.vouch(error);
      else this.unsure(this.inlineOpen[0].start, `<${this.inlineOpen[0].name}> is not closed in its paragraph`);
      this.inlineOpen.length = 0;
    }
    // Its run was literal backticks, and the lines after it were read as code: the parser reads them.
    if (!this.spanCarried && this.codeOpen) {
      this.unsure(this.codeOpen.offset, 'a code span that is not closed in its paragraph');
      this.codeOpen = undefined;
    }
    this.carried = this.spanCarried = false;
  }

  openCodeSpan(run: number, lineEnd: number): OpenCodeSpan {
    // Once unsure, the parser reads the page: no need to look further.
    if (this.scan.uncertain) return 'literal';
    return (this.codeSpans ??= new CodeSpanLookahead(this.text)).find(run, lineEnd);
  }

  unsure(offset: number, reason: string): void {
    this.scan.uncertain ??= { offset, reason };
  }

  /** The page has its error, or is left to the parser: a later error's words no longer matter. */
  get decided(): boolean {
    return this.scan.error !== undefined || this.scan.uncertain !== undefined;
  }

  vouch(error: ScannedSyntaxError): void {
    if (this.decided) this.unsure(error.offset, 'a second MDX syntax error');
    else this.scan.error = error;
  }

  /**
   * Records the line just read and gives where the next one starts: after the lines a tag went on
   * over (they are read), or -1 at the end of the text.
   */
  private nextLineStart(start: number, lineEnd: number, end: number): number {
    this.endInline(start, lineEnd);
    this.previousLine = { offset: start, end: lineEnd, depth: this.items.depth };
    if (this.skipTo > end) {
      end = this.skipTo;
      this.skipTo = -1;
    }
    return end >= this.text.length ? -1 : end + 1;
  }

  /** One line that is neither code nor ESM: a heading, a definition, a line of tags, or text. */
  private readLine(start: number, line: string, indent: number, stripped: string): void {
    const contentStart = start + indent;
    if (stripped.startsWith('>')) {
      // Block quotes are containers too: an element inside one must close on the same line. One ends a table.
      this.table.active = false;
      let at = contentStart;
      let depth = 0;
      for (; this.text[at] === '>'; depth++) at += this.text[at + 1] === ' ' ? 2 : 1;
      const end = start + line.length;
      if (this.quotedCode(depth, this.text.slice(at, end))) return;
      const quoted = /^(#{1,6})(?:[ \t]+|$)/.exec(this.text.slice(at, end));
      if (quoted) {
        this.scan.headings.push(atxHeading(this, at, end, quoted[1].length, quoted[0].length, () => this.elements.parent));
        this.inParagraph = false;
        return;
      }
      const quotedTags = this.text[at] === '<' ? quotedFlowTags(this.text, at, end, this.braces) : undefined;
      if (quotedTags) {
        for (const tag of quotedTags) this.elements.apply(tag, true, 0, false);
        return;
      }
      readInline(this, at, end, undefined, 'unsure');
      this.inParagraph = true;
      this.quotedParagraph = true;
      return;
    }
    const item = LIST_ITEM.exec(stripped);
    const afterMarker = item ? contentStart + item[0].length : contentStart;
    const rest = item ? stripped.slice(item[0].length) : stripped;
    const heading = /^(#{1,6})(?:[ \t]+|$)/.exec(rest);
    if (heading) {
      this.scan.headings.push(
        atxHeading(this, afterMarker, start + line.length, heading[1].length, heading[0].length, () => this.elements.parent),
      );
      this.inParagraph = false;
      return;
    }
    if (!item && start === this.titleLineStart && isDefinitionTitle(rest)) return;
    if (!this.inParagraph && !item && DEFINITION.test(rest))
      return void (this.titleLineStart = readDefinition(this.scan, this.text, afterMarker, start + line.length, this));
    if ((rest.startsWith('<') || rest.startsWith('{')) && this.readFlowTags(afterMarker, start + line.length, indent, item !== null)) {
      this.inParagraph = false;
      return;
    }
    if (!this.inParagraph && !item && indent < 4 && rest.startsWith('<') && this.paragraphTag(afterMarker, start + line.length)) return;
    // A delimiter row after a paragraph's line (its arguments made only then: this is a hot path).
    if (
      this.inParagraph &&
      !this.table.active &&
      !item &&
      isTableDelimiter(stripped) &&
      this.table.start(
        this.text,
        this.previousLine,
        { from: contentStart, to: start + line.length },
        { indent, depth: this.items.depth, itemIndent: this.items.indent, plain: !this.lazy && !this.quotedParagraph },
      )
    )
      return;
    if (this.inParagraph && this.previousLine && /^(?:=+|-+)[ \t]*$/.test(stripped) && !item && this.underlines(indent)) {
      const previous = this.previousLine!;
      const from = Math.min(this.paragraphStart, previous.offset);
      this.scan.headings.push(setextHeading(this.text, from, previous.end, stripped[0] === '=' ? 1 : 2, this.elements.parent));
      this.inParagraph = false;
      return;
    }
    if (/^(?:\*[ \t]*){3,}$|^(?:-[ \t]*){3,}$|^(?:_[ \t]*){3,}$/.test(stripped)) {
      this.inParagraph = false;
      return;
    }
    if (!this.inParagraph) {
      this.table.active = this.quotedParagraph = false; // a fence or a heading may have ended a quote's paragraph
      this.paragraphStart = afterMarker;
    }
    this.readText(afterMarker, start + line.length, indent);
    this.inParagraph = true;
  }

  /** A line of a block quote that a fence in it holds, or that opens one (see {@link QuoteFence}). */
  private quotedCode(depth: number, content: string): boolean {
    const line = this.quoteFence.line(depth, content);
    if (line === 'opened') this.inParagraph = this.quotedParagraph = false;
    return line !== 'text';
  }

  /** A line of a paragraph's text: outside containers and tables, its inline elements may close on a later line. */
  private readText(from: number, to: number, indent: number): void {
    if (this.table.cellsAt(indent)) {
      // A row of a table: each cell is read alone, and a code span ends with its cell.
      for (const cell of tableCells(this.text, from, to)) {
        this.brackets = [];
        readInline(this, cell.from, cell.to, undefined, 'literal');
      }
      this.spanCarried = false;
      this.carried = false;
      return;
    }
    const carry = this.items.indent < 0 && !this.table.active;
    readInline(this, from, to, carry ? this.inlineOpen : undefined, this.table.active ? 'unsure' : 'follow');
    this.spanCarried = !this.table.active;
    this.carried = carry;
  }

  /** A line of tags and expressions alone ({@link readFlowTagLine}): its elements applied. False when the line holds more. */
  private readFlowTags(from: number, lineEnd: number, indent: number, inListItem: boolean): boolean {
    const multiline = !inListItem && this.items.indent < 0 && !this.lazy;
    const line = readFlowTagLine(this.text, this.braces, from, lineEnd, { multiline, lazy: this.lazy }, this.scan);
    if (!line) return false;
    for (const tag of line.tags) this.elements.apply(tag, true, indent, inListItem || this.items.indent >= 0);
    if (line.end > lineEnd) this.skipTo = line.end;
    return true;
  }

  /** A paragraph opened by a tag over lines with text after it ({@link tagOverLines}): false when not one. */
  private paragraphTag(from: number, lineEnd: number): boolean {
    if (this.items.depth > 0 || this.lazy || this.table.active || this.inlineOpen.length || this.scan.uncertain) return false;
    const found = tagOverLines(this.text, this.braces, from, lineEnd);
    if (!found) return false;
    this.scan.hasContent = this.inParagraph = this.carried = this.spanCarried = true;
    this.brackets = [];
    this.paragraphStart = from;
    if (!found.tag.selfClosing) this.inlineOpen.push(found.tag);
    this.elements.inline(found.tag);
    readInline(this, found.tag.end, found.lastEnd, this.inlineOpen, 'follow');
    this.skipTo = found.lastEnd;
    return true;
  }

  /** Whether a `===` or `---` line underlines the paragraph before it ({@link underlines}): not a table's, nor after a lazy line. */
  private underlines(indent: number): boolean {
    return !this.table.active && !this.lazy && underlines(this.text, this.previousLine!, this.items, indent);
  }

  inlineTag(tag: Tag, inlineTop?: Tag): void {
    this.elements.inText(tag, inlineTop);
  }
}
