/** A line that starts a list item: its marker and the spaces after it. */
export const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
/** What starts a block (and so cannot lazily continue a paragraph in a list item). */
const BLOCK_START = /^(?:`{3}|~{3}|#{1,6}(?:[ \t]|$)|>|<|\$\$|(?:[-*_][ \t]*){3,}$)/;

/**
 * The list items open at a line of the body scanner: their content indentation, innermost last, so
 * that a fence or a flow element is known to end with its item.
 */
export class ListItems {
  private readonly indents: number[] = [];

  /** How many items are open. */
  get depth(): number {
    return this.indents.length;
  }

  /** The content indentation of the innermost open item, or -1 outside lists. */
  get indent(): number {
    return this.indents.length ? this.indents[this.indents.length - 1] : -1;
  }

  /** Closes the items that a line at this indentation is not inside. */
  close(indent: number): void {
    while (this.indents.length && this.indents[this.indents.length - 1] > indent) this.indents.pop();
  }

  /**
   * A line that starts a list item opens one; any other line closes the items it is less indented
   * than, unless it lazily continues a paragraph. Returns the item's marker (with its spaces), if any.
   */
  track(indent: number, stripped: string, inParagraph: boolean): string | undefined {
    const item = LIST_ITEM.exec(stripped);
    if (item && inParagraph && !startsItemInParagraph(item[0], stripped, indent, this.indent)) {
      // Continuation text: an ordered item not numbered 1, or an empty one, cannot interrupt a paragraph.
      return undefined;
    }
    if (item) {
      this.close(indent);
      this.indents.push(indent + item[0].length);
      return item[0];
    }
    if (!inParagraph || BLOCK_START.test(stripped)) this.close(indent);
    return undefined;
  }
}

/**
 * Whether a list marker on a paragraph's line starts an item: a line outside the innermost item's
 * content starts one of an outer list whatever it holds; one that would interrupt the paragraph (at
 * its level) must hold text and, when ordered, be numbered 1.
 */
function startsItemInParagraph(marker: string, stripped: string, indent: number, itemIndent: number): boolean {
  if (itemIndent >= 0 && indent < itemIndent) return true;
  if (stripped.length === marker.length) return false;
  return !/^\d/.test(marker) || /^1[.)]/.test(marker);
}
