import type { BodyScan } from './bodyScan';
import type { Braces } from './jsSyntax';
import { parseTag, type Tag } from './jsxTag';
import { attributeLink } from './linkSyntax';
import { scanWork } from './scanWork';

/** An opening tag's name and place (`start` its `<`, `end` after its `>`). */
export type TagPlace = Pick<Tag, 'name' | 'start' | 'end'>;

interface OpenElement {
  index: number;
  name: string;
  indent: number;
  /** A flow element opened inside a list item: lines less indented end the item, and the element with it. */
  inList: boolean;
  /** The largest `indent` of the elements open from the first to this one that are in a list (-1: none is). */
  listIndent: number;
}

/**
 * The elements of a page as the scanner meets their tags: each opening tag is an element of the scan
 * (and its URL attributes links), kept open until its closing tag. A closing tag that closes nothing
 * open, or a list item that ends inside an element, leaves the page to the parser.
 */
export class OpenElements {
  private readonly open: OpenElement[] = [];
  /** How many elements of each name are open: a closing tag for none of them is known at once, however deep the nesting. */
  private readonly openNames = new Map<string, number>();

  constructor(
    private readonly scan: BodyScan,
    private readonly unsure: (offset: number, reason: string) => void,
    /**
     * A closing tag that does not close the innermost element open: `open` is that element (undefined:
     * none is), `flow` says whether the tag is a block's (the host knows the paragraph's own elements:
     * a block's tag after a paragraph that leaves some open, the paragraph's error comes first).
     */
    private readonly closesOther: (tag: Tag, open: TagPlace | undefined, flow: boolean) => void,
  ) {}

  /** The index of the element holding what is read now (-1: none). */
  get parent(): number {
    return this.open.length ? this.open[this.open.length - 1].index : -1;
  }

  /** A tag met: an element opened (an element of the scan), or the one open closed. */
  apply(tag: Tag, flow: boolean, indent: number, inList: boolean): void {
    if (tag.closing) {
      const top = this.open[this.open.length - 1];
      if (!top || top.name !== tag.name) {
        this.closesOther(tag, top && this.placeOf(top), true);
        // Closes the innermost element of its name, and what is open inside it (each element is removed once).
        if (this.openNames.get(tag.name)) while (this.pop()?.name !== tag.name);
        return;
      }
      this.pop();
      return;
    }
    const index = this.scan.elements.length;
    this.scan.elements.push({
      name: tag.name,
      offset: tag.start,
      length: tag.end - tag.start,
      nameOffset: tag.start + 1,
      nameLength: tag.name.length,
      attributes: tag.attributes,
      selfClosing: tag.selfClosing,
      flow,
      parent: this.parent,
    });
    for (const attribute of tag.attributes) {
      const link = attributeLink(tag.name, attribute);
      if (link) this.scan.links.push(link);
    }
    if (!tag.selfClosing) this.push(index, tag.name, indent, inList);
  }

  private push(index: number, name: string, indent: number, inList: boolean): void {
    const outer = this.open.length ? this.open[this.open.length - 1].listIndent : -1;
    this.open.push({ index, name, indent, inList, listIndent: inList ? Math.max(outer, indent) : outer });
    this.openNames.set(name, (this.openNames.get(name) ?? 0) + 1);
  }

  private pop(): OpenElement | undefined {
    scanWork.characters++;
    const element = this.open.pop();
    if (element) this.openNames.set(element.name, this.openNames.get(element.name)! - 1);
    return element;
  }

  /** A tag in text: an element opened there closes on its own line (the inline reader checks it), so it is not left open. */
  inline(tag: Tag): void {
    this.apply(tag, false, 0, false);
    if (!tag.closing && !tag.selfClosing) this.pop();
  }

  /** A tag in text, and the innermost element the text itself leaves open before it (a closing tag closes nothing of the text's). */
  inText(tag: Tag, inlineTop?: Tag): void {
    if (!tag.closing) return this.inline(tag);
    const top = this.open[this.open.length - 1];
    // Closing in text the element a block opened: the parser's error names the paragraph's start and end.
    if (!inlineTop && top?.name === tag.name)
      this.unsure(tag.start, `</${tag.name}> in text closes an element opened before its paragraph`);
    else this.closesOther(tag, inlineTop ?? (top && this.placeOf(top)), false);
  }

  private placeOf(element: OpenElement): TagPlace {
    const { offset, length } = this.scan.elements[element.index];
    return { name: element.name, start: offset, end: offset + length };
  }

  /** A line less indented than a list item holding an open element ends the item inside the element. */
  checkListEnds(indent: number, blank: boolean, offset: number): void {
    // Some element open in a list item is more indented than this line (read in one step, however deep the nesting).
    scanWork.characters++;
    if (!blank && this.open.length && indent < this.open[this.open.length - 1].listIndent)
      this.unsure(offset, 'a list item ends inside an element');
  }

  /** Where the innermost element left open at the end starts; undefined when all closed. */
  unclosed(): number | undefined {
    return this.open.length ? this.scan.elements[this.open[this.open.length - 1].index].offset : undefined;
  }
}

/** In a block quote, a line of tags that all close on it (or close themselves): its tags, else undefined (it is text). */
export function quotedFlowTags(text: string, from: number, to: number, braces: Braces): Tag[] | undefined {
  const tags: Tag[] = [];
  const open: string[] = [];
  let at = from;
  while (at < to && text[at] === '<') {
    const tag = parseTag(text, at, false, braces);
    if (!tag || tag.end > to) return undefined;
    tags.push(tag);
    if (tag.closing) {
      if (open.pop() !== tag.name) return undefined;
    } else if (!tag.selfClosing) open.push(tag.name);
    at = tag.end;
    while (at < to && (text[at] === ' ' || text[at] === '\t')) at++;
  }
  return at < to || open.length ? undefined : tags;
}

/** Why a closing tag leaves the page to the parser: it does not close the element open there. */
export function closesNothingOpen(tag: Tag): string {
  return `a closing tag </${tag.name}> that does not close the element open here`;
}
