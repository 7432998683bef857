/**
 * A line of progress on a terminal that the next one overwrites (`12,000 of 29,223 pages checked`),
 * beside lines that stay: a line that stays, a warning or a note clears the overwritten one first, so
 * that nothing is printed over half a line.
 */
export class StatusLine {
  private shown = false;

  constructor(private readonly stream: Pick<NodeJS.WriteStream, 'write'>) {}

  /** Shows `text` in place of the last line shown this way. */
  show(text: string): void {
    this.stream.write(`\r\x1b[K${text}`);
    this.shown = true;
  }

  /** A line that stays. */
  say(text: string): void {
    this.clear();
    this.stream.write(`${text}\n`);
  }

  /** Takes the overwritten line away (before other output, and at the end). */
  clear(): void {
    if (this.shown) this.stream.write('\r\x1b[K');
    this.shown = false;
  }
}
