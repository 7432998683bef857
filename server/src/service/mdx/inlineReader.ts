import { expressionEnd, isCommentExpression, type Braces } from './jsSyntax';
import { parseTag, type Tag } from './jsxTag';
import { referenceLabel, type BodyLink, type BodyScan } from './bodyScan';
import { indexBefore, parseDestination } from './linkSyntax';
import { runLength, Runs } from './runs';
import { scanWork } from './scanWork';

/** CommonMark's longest link label: longer bracketed text is no reference. */
const MAX_LABEL = 999;
/** What inline reading stops at: escapes, code, math, tags, expressions, brackets, autolink literals. */
const INTERESTING = /[\\`$<{[\]]/g;
const INTERESTING_WITH_URLS = /[\\`$<{[\]]|https?:\/\/|www\./gi;
/** `http://`, `https://` or `www.` (any case): where a GFM autolink literal may start. */
const AUTOLINK_START = /^(?:https?:\/\/|www\.)/i;

/** What reading a line of text needs from the scanner of the page. */
export interface InlineHost {
  readonly text: string;
  /** The braces of `text`, matched line by line. */
  readonly braces: Braces;
  readonly links: BodyLink[];
  /** Comment-only expressions met (see {@link BodyScan.comments}). */
  readonly comments: BodyScan['comments'];
  /** Reference labels used (see {@link BodyScan.references}). */
  readonly references: BodyScan['references'];
  /** The `[` still open: link text may span the lines of a paragraph. */
  readonly brackets: { offset: number; image: boolean }[];
  unsure(offset: number, reason: string): void;
  /** A tag met in text: an element that opens and closes on the line, or the closing tag of one opened before. */
  inlineTag(tag: Tag): void;
}

/**
 * Text: code spans, links, images, inline tags, expressions, math. Inline elements close on the line,
 * unless the caller passes `carried`, the elements still open from the paragraph's lines before: then
 * those left open are carried on to its next line, and the caller checks that the paragraph closes them.
 */
export function readInline(host: InlineHost, from: number, to: number, carried?: Tag[]): void {
  const text = host.text;
  const inlineOpen: Tag[] = carried ?? [];
  const brackets = host.brackets;
  let mathOpen = -1;
  // Searched alone, so that no search runs past the end of the line.
  const line = text.slice(from, to);
  const withUrls = line.includes('://') || line.includes('www.') || line.includes('WWW.');
  const runs = new Runs(line, from);
  for (let at = from; at < to; at++) {
    // Jump to the next character that can start something: prose in between needs nothing. Lines
    // with a URL in them also stop at autolink literals (a slower search).
    const search = withUrls ? INTERESTING_WITH_URLS : INTERESTING;
    search.lastIndex = at - from;
    const next = search.exec(line);
    scanWork.characters += (next ? next.index : line.length) - (at - from);
    if (!next) break;
    at = next.index + from;
    const char = text[at];
    if (char === '\\') {
      at++;
      continue;
    }
    if ((char === 'h' || char === 'w' || char === 'H' || char === 'W') && AUTOLINK_START.test(text.slice(at, at + 8))) {
      const before = at === from ? ' ' : text[at - 1];
      // As micromark's GFM autolink literal: after any non-letter for a protocol; for `www.`, after
      // a space or one of `*_~([]`.
      const www = char === 'w' || char === 'W';
      if (www ? /[\s*_~()[\]]/.test(before) : !/[A-Z]/i.test(before)) {
        // A GFM autolink literal runs to the next space or `<`: backticks and braces in it are URL.
        // Inside link text, the `]` that closes it ends the URL too.
        const stop = host.brackets.length ? /[\s<\]]/ : /[\s<]/;
        while (at + 1 < to && !stop.test(text[at + 1])) at++;
        continue;
      }
    }
    if (char === '`') {
      const run = runLength(line, at - from, '`');
      const close = runs.next('`', run, at + run);
      if (close >= 0) at = close + run - 1;
      else at += run - 1;
      continue;
    }
    if (char === '$') {
      const run = runLength(line, at - from, '$');
      if (mathOpen < 0) {
        const close = runs.next('$', run, at + run);
        if (close >= 0) {
          at = close + run - 1; // inline math: its content is not markdown
          continue;
        }
      }
      at += run - 1;
      mathOpen = -1;
      continue;
    }
    if (char === '<') {
      const next = text[at + 1];
      if (next === ' ' || next === '\t' || at + 1 >= to) continue; // `a < b` is text
      const tag = parseTag(text, at, false, host.braces);
      if (!tag || tag.end > to) {
        host.unsure(at, 'a `<` that starts no complete tag on its line');
        continue;
      }
      if (tag.closing) {
        const top = inlineOpen[inlineOpen.length - 1];
        if (top && top.name === tag.name) inlineOpen.pop();
        else host.inlineTag(tag); // closes a flow element opened on an earlier line
      } else {
        if (!tag.selfClosing) inlineOpen.push(tag);
        host.inlineTag(tag);
      }
      at = tag.end - 1;
      continue;
    }
    if (char === '{') {
      const close = expressionEnd(host.braces, at, true, to);
      if (close === undefined) {
        host.unsure(at, 'an expression that is not one JavaScript expression closing on its line');
        // The reference parser reads the page now: the braces inside are not read again one by one.
        const balanced = host.braces.match(at, to);
        if (balanced >= 0) at = balanced;
        continue;
      }
      if (isCommentExpression(text, at, close)) host.comments.push({ offset: at, length: close - at + 1 });
      at = close;
      continue;
    }
    if (char === '[') {
      brackets.push({ offset: at, image: text[at - 1] === '!' && text[at - 2] !== '\\' });
      continue;
    }
    if (char === ']') {
      const opening = brackets.pop();
      if (!opening) continue;
      if (text[at + 1] !== '(' && at - opening.offset <= MAX_LABEL) {
        // `[text][label]`, `[label][]` or `[label]`: a reference, if a definition has the label.
        const labelEnd = text[at + 1] === '[' ? indexBefore(text, ']', at + 2, Math.min(to, at + 2 + MAX_LABEL)) : -1;
        const label = labelEnd > at + 2 ? text.slice(at + 2, labelEnd) : text.slice(opening.offset + 1, at);
        host.references.add(referenceLabel(label));
        if (labelEnd >= 0 && text[labelEnd + 1] !== '(') at = labelEnd;
        continue;
      }
      if (text[at + 1] === '(') {
        const destination = parseDestination(text, at + 2, to);
        if (destination) {
          const label = text.slice(opening.offset + 1, at);
          host.links.push({
            kind: opening.image ? 'image' : 'link',
            url: destination.url,
            offset: destination.offset,
            length: destination.length,
            ...(opening.image ? { alt: label } : {}),
          });
          if (!opening.image) brackets.length = 0; // links do not nest
          at = destination.end - 1;
        }
      }
      continue;
    }
  }
  if (!carried && inlineOpen.length) host.unsure(inlineOpen[0].start, `<${inlineOpen[0].name}> is not closed on its line`);
}
