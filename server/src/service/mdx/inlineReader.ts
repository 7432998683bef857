import { expressionEnd, noteExpression, type Braces, type NotedExpressions } from './jsSyntax';
import { parseTag, type Tag } from './jsxTag';
import { referenceLabel, type BodyLink, type BodyScan } from './bodyScan';
import { indexBefore, parseDestination } from './linkSyntax';
import { runLength, Runs } from './runs';
import { scanWork } from './scanWork';
import type { OpenCodeSpan } from './codeSpans';
import { beforeNameError, type ScannedSyntaxError } from './syntaxErrors';
import type { OpenBrace } from './openBrace';

/** CommonMark's longest link label: longer bracketed text is no reference. */
const MAX_LABEL = 999;
/** What inline reading stops at: escapes, code, math, tags, expressions, brackets, autolink literals. */
const INTERESTING = /[\\`$<{[\]]/g;
const INTERESTING_WITH_URLS = /[\\`$<{[\]]|https?:\/\/|www\./gi;
/** A line that may hold a GFM autolink literal (one search of the line: three `includes` cost more). */
const URL_MARK = /:\/\/|www\./i;
/** `http://`, `https://` or `www.` (any case): where a GFM autolink literal may start. */
const AUTOLINK_START = /^(?:https?:\/\/|www\.)/i;

/** What reading a line of text needs from the scanner of the page. */
export interface InlineHost {
  readonly text: string;
  /** The braces of `text`, matched line by line. */
  readonly braces: Braces;
  readonly links: BodyLink[];
  /** The expressions it notes: comment-only ones, and `{{name}}` ones. */
  readonly noted: NotedExpressions;
  /** Reference labels used (see {@link BodyScan.references}). */
  readonly references: BodyScan['references'];
  /** The `[` still open: link text may span the lines of a paragraph. */
  readonly brackets: { offset: number; image: boolean }[];
  unsure(offset: number, reason: string): void;
  /** A syntax error the scanner is sure of ({@link ScannedSyntaxError}); a second one leaves the page unsure. */
  vouch(error: ScannedSyntaxError): void;
  /** An expression a paragraph's line leaves open (only on a line whose inline elements the paragraph carries). */
  readonly brace: OpenBrace;
  /** A tag met in text: an element that opens and closes on the line, or a closing tag that closes nothing the text opened (`inlineTop`: its innermost element open). */
  inlineTag(tag: Tag, inlineTop?: Tag): void;
  /**
   * A code span a line of the paragraph opened and did not close (`` `MCP-Protocol-Version: ``): its
   * opening run, carried to the paragraph's next lines (see {@link readInline}'s `carried`).
   */
  codeOpen: { offset: number; run: number } | undefined;
  /** What a code span left open on a paragraph's line is (see {@link CodeSpanLookahead}). */
  openCodeSpan(run: number, lineEnd: number): OpenCodeSpan;
}

/** One line being read: its text (searched alone, so that no search runs past its end) and what is open. */
interface InlineLine {
  host: InlineHost;
  text: string;
  from: number;
  to: number;
  line: string;
  runs: Runs;
  /** Inline elements open (carried over from the paragraph's lines before, when the caller passes them). */
  inlineOpen: Tag[];
  /** Where an unclosed `$` run opened inline math, or -1. */
  mathOpen: number;
  spanLines: SpanLines;
  /** The paragraph carries its inline elements over its lines (the caller passed them). */
  carried: boolean;
}

/**
 * What a code span left open on the line read may be: `follow`, a paragraph's line (outside
 * containers or in a list item), where the scanner follows it to the later line that closes it;
 * `unsure`, a block quote's line or a table row (which a lazy line may make a paragraph's), where the
 * parser does; `literal`, a heading's, which cannot go on.
 */
export type SpanLines = 'follow' | 'unsure' | 'literal';

/**
 * Text: code spans, links, images, inline tags, expressions, math. Inline elements close on the line,
 * unless the caller passes `carried`, the elements still open from the paragraph's lines before: then
 * those left open are carried on to its next line, and the caller checks that the paragraph closes them.
 */
export function readInline(host: InlineHost, from: number, to: number, carried?: Tag[], spanLines: SpanLines = 'literal'): void {
  const text = host.text;
  const line = text.slice(from, to);
  const runs = new Runs(line, from);
  const state: InlineLine = {
    host,
    text,
    from,
    to,
    line,
    runs,
    inlineOpen: carried ?? [],
    mathOpen: -1,
    spanLines,
    carried: carried !== undefined,
  };
  // All of the line is the code of an expression an earlier line of the paragraph left open.
  if (carried) host.brace.read(from, to);
  let start = from;
  const open = spanLines === 'follow' && host.codeOpen;
  if (open) {
    // A code span opened on a line above: this line is code up to its closing run, if it has one.
    const close = runs.next('`', open.run, from);
    if (close < 0) return;
    host.codeOpen = undefined;
    start = close + open.run;
  }
  // Most lines of prose hold nothing to read: whether they hold a URL does not matter then.
  INTERESTING.lastIndex = start - from;
  const first = INTERESTING.exec(line);
  scanWork.characters += (first ? first.index : line.length) - (start - from);
  const withUrls = first !== null && URL_MARK.test(line);
  if (first && !withUrls) start = first.index + from;
  for (let at = first ? start : to; at < to; at++) {
    // Jump to the next character that can start something: prose in between needs nothing. Lines
    // with a URL in them also stop at autolink literals (a slower search).
    const search = withUrls ? INTERESTING_WITH_URLS : INTERESTING;
    search.lastIndex = at - from;
    const next = search.exec(line);
    scanWork.characters += (next ? next.index : line.length) - (at - from);
    if (!next) break;
    at = next.index + from;
    const char = text[at];
    if (char === '\\') at++;
    else if ((char === 'h' || char === 'w' || char === 'H' || char === 'W') && AUTOLINK_START.test(text.slice(at, at + 8)))
      at = autolink(state, at);
    else if (char === '`') at = codeSpan(state, at);
    else if (char === '$') at = math(state, at);
    else if (char === '<') at = inlineTag(state, at);
    else if (char === '{') at = expression(state, at);
    else if (char === '[') host.brackets.push({ offset: at, image: text[at - 1] === '!' && text[at - 2] !== '\\' });
    else if (char === ']') at = closeBracket(state, at);
  }
  const { inlineOpen } = state;
  if (!carried && inlineOpen.length) host.unsure(inlineOpen[0].start, `<${inlineOpen[0].name}> is not closed on its line`);
}

/** A GFM autolink literal at `at` (as micromark's: after any non-letter for a protocol; for `www.`, after a space or one of `*_~([]`): skipped to its end. */
function autolink({ host, text, from, to }: InlineLine, at: number): number {
  const char = text[at];
  const before = at === from ? ' ' : text[at - 1];
  const www = char === 'w' || char === 'W';
  if (!(www ? /[\s*_~()[\]]/.test(before) : !/[A-Z]/i.test(before))) return at;
  // A GFM autolink literal runs to the next space or `<`: backticks and braces in it are URL.
  // Inside link text, the `]` that closes it ends the URL too.
  const stop = host.brackets.length ? /[\s<\]]/ : /[\s<]/;
  while (at + 1 < to && !stop.test(text[at + 1])) at++;
  return at;
}

/**
 * A code span: skipped to the run of backticks that closes it. Unclosed on a paragraph's line, it may
 * close on a later one: then the rest of the line is code, and the run is carried to the lines below.
 * Elsewhere (a heading, a table cell) it is literal backticks.
 */
function codeSpan({ host, line, from, to, runs, spanLines }: InlineLine, at: number): number {
  const run = runLength(line, at - from, '`');
  const close = runs.next('`', run, at + run);
  if (close >= 0) return close + run - 1;
  if (spanLines === 'literal') return at + run - 1;
  // A run of three or more opening a block quote's line is a fence there, not a span.
  if (spanLines === 'unsure' && run >= 3 && at === from) return at + run - 1;
  const span = host.openCodeSpan(run, to);
  if (span === 'literal') return at + run - 1;
  if (span === 'unsure' || spanLines === 'unsure') {
    host.unsure(at, 'a code span that may close on a later line');
    return at + run - 1;
  }
  host.codeOpen = { offset: at, run };
  scanWork.spansOverLines++;
  return to - 1;
}

/** Inline math: its content is not markdown. */
function math(state: InlineLine, at: number): number {
  const run = runLength(state.line, at - state.from, '$');
  if (state.mathOpen < 0) {
    const close = state.runs.next('$', run, at + run);
    if (close >= 0) return close + run - 1;
  }
  state.mathOpen = -1;
  return at + run - 1;
}

/** A tag on the line: opened, closed, or one that closes a flow element opened on an earlier line. */
function inlineTag({ host, text, to, inlineOpen }: InlineLine, at: number): number {
  const next = text[at + 1];
  if (next === ' ' || next === '\t' || at + 1 >= to) return at; // `a < b` is text
  const tag = parseTag(text, at, false, host.braces);
  if (!tag || tag.end > to) {
    const error = beforeNameError(text, at);
    if (error) host.vouch(error);
    else host.unsure(at, 'a `<` that starts no complete tag on its line');
    return at;
  }
  if (tag.closing) {
    const top = inlineOpen[inlineOpen.length - 1];
    if (top && top.name === tag.name) inlineOpen.pop();
    else host.inlineTag(tag, top); // closes nothing this paragraph opened
  } else {
    if (!tag.selfClosing) inlineOpen.push(tag);
    host.inlineTag(tag);
  }
  return tag.end - 1;
}

/** An expression: one JavaScript expression closing on its line, else the page is unsure. */
function expression({ host, text, from, to, carried }: InlineLine, at: number): number {
  const close = expressionEnd(host.braces, at, true, to);
  if (close === undefined) {
    // Left open in a paragraph's text, it may be an error the scanner is sure of; first on its line, MDX reads it as a block.
    if (carried && at > from && !text.slice(at + 1, to).includes('}')) host.brace.open(at, to);
    else host.unsure(at, 'an expression that is not one JavaScript expression closing on its line');
    // The reference parser reads the page now: the braces inside are not read again one by one.
    const balanced = host.braces.match(at, to);
    return balanced >= 0 ? balanced : at;
  }
  noteExpression(host.noted, text, at, close);
  return close;
}

/** A `]`: the end of a link or image (`[text](url)`), of a reference (`[text][label]`), or of nothing. */
function closeBracket({ host, text, to }: InlineLine, at: number): number {
  const brackets = host.brackets;
  const opening = brackets.pop();
  if (!opening) return at;
  if (text[at + 1] !== '(' && at - opening.offset <= MAX_LABEL) {
    // `[text][label]`, `[label][]` or `[label]`: a reference, if a definition has the label.
    const labelEnd = text[at + 1] === '[' ? indexBefore(text, ']', at + 2, Math.min(to, at + 2 + MAX_LABEL)) : -1;
    const label = labelEnd > at + 2 ? text.slice(at + 2, labelEnd) : text.slice(opening.offset + 1, at);
    host.references.add(referenceLabel(label));
    return labelEnd >= 0 && text[labelEnd + 1] !== '(' ? labelEnd : at;
  }
  if (text[at + 1] !== '(') return at;
  const destination = parseDestination(text, at + 2, to);
  if (!destination) return at;
  const label = text.slice(opening.offset + 1, at);
  host.links.push({
    kind: opening.image ? 'image' : 'link',
    url: destination.url,
    offset: destination.offset,
    length: destination.length,
    ...(opening.image ? { alt: label } : {}),
  });
  if (!opening.image) brackets.length = 0; // links do not nest
  return destination.end - 1;
}
