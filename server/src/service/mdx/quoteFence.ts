import { closesFence, fenceOpening } from './blockReaders';

/**
 * A fence inside a block quote: the quote's lines (as deep) are its code up to the closing fence; a
 * line less deep, or outside the quote, ends it.
 */
export class QuoteFence {
  private open: { char: string; count: number; depth: number } | undefined;

  /** A line outside any block quote ends the fence. */
  end(): void {
    this.open = undefined;
  }

  /**
   * A line of a block quote, `depth` `>` deep: `code` when it is the fence's code (or its closing),
   * `opened` when it opens a fence, `text` otherwise.
   */
  line(depth: number, content: string): 'code' | 'opened' | 'text' {
    const fence = this.open;
    if (fence && depth >= fence.depth) {
      if (depth === fence.depth && closesFence(content.trimStart(), fence)) this.open = undefined;
      return 'code';
    }
    const opening = fenceOpening(content.trimStart());
    this.open = opening && { ...opening, depth };
    return opening ? 'opened' : 'text';
  }
}
