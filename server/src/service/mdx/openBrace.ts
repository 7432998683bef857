import { endsParagraph, unclosedExpressionError, type ScannedSyntaxError } from './syntaxErrors';

/** What the brace reports to: the scanner. */
interface BraceHost {
  readonly text: string;
  unsure(offset: number, reason: string): void;
  vouch(error: ScannedSyntaxError): void;
}

const REASON = 'an expression that is not one JavaScript expression closing on its line';

/**
 * An expression a paragraph's line opens in its text (`The value {count is read.`) with no `}` after
 * it. MDX reads the rest of the paragraph as the expression's code, up to a `}` (whatever it is in:
 * a code span, a link), and at the paragraph's end without one, stops with "Unexpected end of file in
 * expression" there. So a paragraph ended by a blank line or the page's end with no `}` after the
 * brace has that error, which the scanner is sure of; a `}` on a later line leaves the page to the
 * parser (acorn decides whether the expression is one), as does any other end of the paragraph.
 */
export class OpenBrace {
  private at = -1;
  private end = -1;

  constructor(private readonly host: BraceHost) {}

  /** A `{` in the text of a paragraph's line (not its first character) with no `}` after it on the line, which ends at `lineEnd`. */
  open(at: number, lineEnd: number): void {
    if (this.at >= 0) return;
    this.at = at;
    this.end = lineEnd;
  }

  /** A later line of the paragraph, about to be read (`from` to `to`, its end): a `}` on it may close the brace. */
  read(from: number, to: number): void {
    if (this.at < 0) return;
    if (this.host.text.slice(from, to).includes('}')) {
      this.host.unsure(this.at, REASON);
      this.at = -1;
    } else this.end = to;
  }

  /** The paragraph ended, at the line from `lineStart` to `lineEnd` (-1: the end of the page). */
  close(lineStart: number, lineEnd: number): void {
    if (this.at < 0) return;
    if (endsParagraph(this.host.text, lineStart, lineEnd)) this.host.vouch(unclosedExpressionError(this.end));
    else this.host.unsure(this.at, REASON);
    this.at = this.end = -1;
  }
}
