import type { BodyElement, BodyScan } from './bodyScan';
import { detached } from '../../common/text';
import { cleanHeadingId, componentId, customHeadingId, newSlugger, paramFieldId, slugifyTitle } from './slug';

/** Components that do not pass an `id` to the page: a link to one is a link to nothing. */
const WITHOUT_ID = new Set([
  'Info', 'Warning', 'Note', 'Tip', 'Check', 'Danger', 'Callout', 'AccordionGroup', 'Card', 'CardGroup', 'Tabs', 'CodeGroup',
  'Column', 'Columns', 'CustomCode', 'CustomComponent', 'DynamicCustomComponent', 'Expandable', 'Frame', 'GitHub', 'Github',
  'Icon', 'Latex', 'Mermaid', 'Panel', 'Popup', 'Prompt', 'RequestExample', 'ResponseExample', 'SnippetGroup', 'Steps',
  'Tile', 'Tooltip', 'Tree', 'FileTree', 'Variation', 'Visibility', 'MDX', 'Badge', 'Color', 'ZoomImage',
]); // prettier-ignore
/** Components whose `id` is cleaned (punctuation, emoji, percent-encoding) before it reaches the page. */
const CLEANED_ID = new Set(['Heading', 'Step', 'Update']);
const PARAM_FIELDS = new Set(['ParamField', 'Param', 'ResponseField']);
const PARAM_NAME_ATTRIBUTES = new Set(['query', 'path', 'body', 'header', 'name']);
const JSX_HEADINGS = new Set(['h1', 'h2', 'h3', 'h4']);
/** Headings inside these are left out of the table of contents (they still get their anchor). */
const EXCLUDING = new Set(['Accordion', 'AccordionGroup', 'Expandable', 'Update', 'Prompt']);

export interface PageAnchors {
  anchors: Set<string>;
  /**
   * The anchor of each Markdown heading of the scan (by index), as the rendered page gives it:
   * numbered when repeated (`a`, `a-2`), from a custom id when there is one; undefined for a heading
   * of level 5 or 6, or one whose title gives no id. The one rule every feature reads a heading's anchor by.
   */
  headingIds: (string | undefined)[];
  /**
   * The ids of HTML elements inside text (part of `anchors`): the rendered page has them, the
   * platform's table of contents and link checker do not (the differential tests set them apart).
   */
  elementIds: Set<string>;
  /** False when a heading holds markup the scanner does not read exactly: an anchor may be missing here. */
  exact: boolean;
  /**
   * The page's content comes from an OpenAPI operation or schema (`openapi:` or `openapi-schema:` in
   * its front matter), said as `operation "GET /users"` or `schema "File"`: the anchors of its
   * parameters, fields and responses are made from the spec when the page is rendered. Or the page
   * stands for another site's (`url:` in its front matter, said as `url "https://..."`): its sidebar
   * entry opens that URL, whose anchors are its own.
   */
  operation?: string;
  /**
   * The MDX snippets the page shows (a default import used as an element), as its imports name them:
   * the platform inlines them before it builds the page, so their headings are the page's anchors too.
   */
  shows: string[];
}

/**
 * The `#anchors` a page offers, as the platform computes them for its broken-link check: headings of
 * levels 1 to 4 (numbered when repeated), custom heading ids, `<h1>`-`<h4>` and other elements with an
 * `id`, Steps with a `titleSize`, Updates with a label, Tabs, Accordions and Views (from their titles),
 * and ParamField, Param and ResponseField anchors.
 */
export function pageAnchors(scan: BodyScan): PageAnchors {
  const collector = new AnchorCollector(scan);
  // Markdown headings and custom ids, and the elements, in document order (a heading first at one offset).
  const { headings, elements } = scan;
  const byOffset = (list: readonly { offset: number }[]) =>
    list.every((item, index) => index === 0 || list[index - 1].offset <= item.offset)
      ? list.map((_, index) => index)
      : list.map((_, index) => index).sort((a, b) => list[a].offset - list[b].offset);
  const headingOrder = byOffset(headings);
  const elementOrder = byOffset(elements);
  for (let h = 0, e = 0; h < headingOrder.length || e < elementOrder.length;) {
    const heading = headings[headingOrder[h]];
    if (e >= elementOrder.length || (heading && heading.offset <= elements[elementOrder[e]].offset)) {
      if (!heading.exact) collector.exact = false;
      collector.heading(headingOrder[h++], heading);
    } else collector.element(elements[elementOrder[e++]]);
  }
  const { anchors, elementIds, headingIds, exact } = collector;
  anchors.delete(''); // `#` alone is the top of the page
  headingIds.length = scan.headings.length;
  // Kept after the page is read (a whole-site check keeps every page's): copies, not slices that
  // would keep the page's text alive, one copy of each id (a heading's id is in anchors and headingIds).
  const copies = new Map<string, string>();
  const copy = (id: string): string => {
    let copied = copies.get(id);
    if (copied === undefined) copies.set(id, (copied = detached(id)));
    return copied;
  };
  return {
    anchors: new Set(Array.from(anchors, copy)),
    elementIds: new Set(Array.from(elementIds, copy)),
    headingIds: headingIds.map((id) => id && copy(id)),
    exact,
    shows: shownSnippets(scan).map(detached),
  };
}

/** The anchors of one page, gathered heading by heading and element by element in document order. */
class AnchorCollector {
  readonly anchors = new Set<string>();
  readonly elementIds = new Set<string>();
  readonly headingIds: (string | undefined)[] = [];
  exact = true;
  /** Slugs the table of contents has given, and how often. */
  private readonly seen = new Map<string, number>();
  private readonly slugger = newSlugger();
  private readonly tabSlugger = newSlugger();
  private readonly explicitTabIds: Set<string>;
  private readonly accordionCounts = new Map<string, number>();
  private readonly viewCounts = new Map<string, number>();
  private readonly paramCounts = new Map<string, number>();

  constructor(private readonly scan: BodyScan) {
    this.explicitTabIds = new Set(
      scan.elements.filter((element) => element.name === 'Tab' && element.flow).flatMap((element) => stringAttribute(element, 'id') ?? []),
    );
  }

  private add(slug: string): void {
    const id = cleanHeadingId(slug);
    if (id !== '') this.anchors.add(id);
  }

  /** The table of contents numbers a slug seen before: `a`, then `a-2`. */
  private tocSlug(slug: string): string {
    const { seen } = this;
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    if (count === 0) return slug;
    let suffix = count + 1;
    while (seen.has(`${slug}-${suffix}`)) suffix++;
    seen.set(`${slug}-${suffix}`, 1);
    return `${slug}-${suffix}`;
  }

  /** A Markdown heading: its slug (numbered when repeated), or its custom id; levels 1 to 4 only. */
  heading(index: number, heading: BodyScan['headings'][number]): void {
    const record = (slug: string) => {
      const anchor = cleanHeadingId(slug);
      if (anchor !== '') this.headingIds[index] = anchor;
      this.add(slug);
    };
    if (heading.customId !== undefined) {
      const id = customHeadingId(heading.customId);
      if (heading.level <= 4 && id) record(this.tocSlug(cleanHeadingId(id) || slugifyTitle(heading.title)));
      return;
    }
    if (heading.level > 4) return;
    const id = slugifyTitle(heading.title, this.slugger);
    if (excluded(this.scan, heading.parent)) record(id);
    else {
      this.add(id);
      record(this.tocSlug(cleanHeadingId(id) || slugifyTitle(heading.title)));
    }
  }

  element(element: BodyElement): void {
    const id = stringAttribute(element, 'id');
    if (!element.flow) {
      // An HTML element inside text (`<a id="x"></a>`, `<h2 id>` with its text on the line) renders
      // with its id, and a browser scrolls to it, though the platform's table of contents (and its
      // link checker) list only headings and components.
      if (id && /^[a-z]/.test(element.name)) {
        this.anchors.add(id);
        this.elementIds.add(id);
      }
      return;
    }
    if (PARAM_FIELDS.has(element.name)) this.paramField(element);
    else if (element.name === 'Tab') this.tab(element, id);
    else if ((element.name === 'Accordion' || element.name === 'View') && stringAttribute(element, 'title') && id === undefined)
      this.titled(element);
    else if (!this.headingLike(element, id) && id !== undefined && id !== '' && !WITHOUT_ID.has(element.name))
      this.anchors.add(CLEANED_ID.has(element.name) ? cleanHeadingId(id) : id);
  }

  private paramField(element: BodyElement): void {
    const name = element.attributes.find((attribute) => PARAM_NAME_ATTRIBUTES.has(attribute.name));
    if (!name || typeof name.value !== 'string' || !name.value) return;
    const count = this.paramCounts.get(name.value) ?? 0;
    this.paramCounts.set(name.value, count + 1);
    this.anchors.add(paramFieldId(name.value, count));
  }

  private tab(element: BodyElement, id: string | undefined): void {
    const title = stringAttribute(element, 'title');
    let slug = id;
    if (slug === undefined && title) {
      slug = slugifyTitle(title, this.tabSlugger);
      while (this.explicitTabIds.has(slug)) slug = slugifyTitle(title, this.tabSlugger);
      this.explicitTabIds.add(slug);
    }
    if (slug) this.anchors.add(slug);
  }

  /** An Accordion or View without an id: its anchor comes from its title, numbered when repeated. */
  private titled(element: BodyElement): void {
    const title = stringAttribute(element, 'title')!;
    const counts = element.name === 'Accordion' ? this.accordionCounts : this.viewCounts;
    const base = componentId(title, 0);
    const count = counts.get(base) ?? 0;
    counts.set(base, count + 1);
    this.anchors.add(componentId(title, count));
  }

  /** A Step with a `titleSize`, an Update with a label, `<h1>`-`<h4>` or Heading: in the table of contents. False for any other element. */
  private headingLike(element: BodyElement, id: string | undefined): boolean {
    const title = stringAttribute(element, 'title');
    const stepSize =
      element.name === 'Step' ? (stringAttribute(element, 'titleSize') ?? inheritedTitleSize(this.scan, element)) : undefined;
    const step =
      element.name === 'Step' && (stepSize === 'h2' || stepSize === 'h3') && !hasNoAnchor(element) && (title ?? '').trim() !== '';
    // Any `label` makes an Update a heading of the page; one written as an expression titles it ''.
    const update = element.name === 'Update' && element.attributes.some((attribute) => attribute.name === 'label');
    const heading = JSX_HEADINGS.has(element.name) || element.name === 'Heading';
    if (!step && !update && !heading) return false;
    const text = update ? (stringAttribute(element, 'label') ?? '') : heading ? (element.text ?? '') : (title ?? '');
    if (heading && id === undefined && element.text === undefined) this.exact = false; // its title is its text, not read here
    if (excluded(this.scan, element.parent)) {
      if (id !== undefined && id !== '') this.add(id);
      return true;
    }
    this.add(this.tocSlug((id !== undefined && cleanHeadingId(id)) || slugifyTitle(text)));
    return true;
  }
}

function shownSnippets(scan: BodyScan): string[] {
  if (scan.imports.length === 0) return [];
  const used = new Set(scan.elements.map((element) => element.name));
  return scan.imports.flatMap((item) =>
    /\.mdx?$/i.test(item.source) && item.names.some((name) => name.imported === 'default' && used.has(name.local)) ? [item.source] : [],
  );
}

/** Whether an element (by index) or one around it leaves its headings out of the table of contents. */
function excluded(scan: BodyScan, index: number): boolean {
  for (let at = index; at >= 0; at = scan.elements[at].parent) {
    const element = scan.elements[at];
    if (EXCLUDING.has(element.name)) return true;
    if (
      element.name === 'Visibility' &&
      stringAttribute(element, 'for') !== 'humans' &&
      !element.attributes.some((a) => a.name === 'for' && typeof a.value === 'object')
    )
      return true;
  }
  return false;
}

function stringAttribute(element: BodyElement, name: string): string | undefined {
  const attribute = element.attributes.find((candidate) => candidate.name === name);
  return attribute && typeof attribute.value === 'string' ? attribute.value : undefined;
}

function hasNoAnchor(element: BodyElement): boolean {
  const attribute = element.attributes.find((candidate) => candidate.name === 'noAnchor');
  if (!attribute) return false;
  return (
    attribute.value === true ||
    attribute.value === 'true' ||
    (typeof attribute.value === 'object' && attribute.value.expression.trim() === 'true')
  );
}

/** A Step takes the `titleSize` of the `<Steps>` around it. */
function inheritedTitleSize(scan: BodyScan, element: BodyElement): string | undefined {
  const parent = element.parent >= 0 ? scan.elements[element.parent] : undefined;
  return parent?.name === 'Steps' ? stringAttribute(parent, 'titleSize') : undefined;
}
