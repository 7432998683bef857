import { detached } from '../../common/text';
import { parseFrontMatter, type FrontMatter } from '../frontMatter/parseFrontMatter';
import { pageAnchors, type PageAnchors } from '../mdx/anchors';
import { cleanHeadingId } from '../mdx/slug';
import type { BodyScan } from '../mdx/bodyScan';
import { scanBody } from '../mdx/bodyScanner';
import { scanFieldTags, type FieldTag } from '../mdx/fieldTags';
import type { MdxNotParsed, MdxParse, MdxSyntaxError } from '../mdx/mdxReference';
import { referenceParse, referenceParseAsync } from '../mdx/referenceParser';
import { CancelledError } from '../cancellation';
import { scanFromTree } from '../mdx/treeScan';
import { LineTable } from '../text/lineTable';
import { readWithVariables, type PageVariables } from '../mdx/variables';

/**
 * One version of an MDX or Markdown page, parsed once for the page rules and the editor features:
 * the text, its line offsets, the front matter, and, each on first use, the field tags, the body
 * scan, its anchors, and the reference parser's verdict.
 */
export interface PageDocument {
  readonly uri: string;
  readonly text: string;
  /** docs.json's variables the body was read with (their `{{name}}` replaced), if any. */
  readonly variables: PageVariables | undefined;
  readonly lines: LineTable;
  readonly frontMatter: FrontMatter;
  fields(): FieldTag[];
  /** Links, elements, headings and imports of the body (one linear pass). */
  body(): BodyScan;
  /** The `#anchors` the page offers, from the body scan. */
  anchors(): PageAnchors;
  /** The body's Markdown headings, each with its line and the anchor the page gives it (the one heading model). */
  headings(): PageHeading[];
  /** The 0-based line of the heading, or of the element with an `id`, that `#anchor` reaches; undefined when none does. */
  anchorLine(anchor: string): number | undefined;
  /** The anchors as the reference parser's tree gives them (exact; slow: only to confirm a missing one). */
  exactAnchors(): Set<string> | undefined;
  /** The MDX syntax error that stops the page, when the scanner cannot vouch for it and the parser fails. */
  syntaxError(): MdxSyntaxError | undefined;
  /** Why the page, which the scanner cannot vouch for, was not checked by the reference parser (too large, too costly). */
  notParsed(): MdxNotParsed | undefined;
  /**
   * Has the reference parser read the page, when the scanner cannot vouch for it, without holding up
   * the calling thread (where the process's parser can; otherwise the first use parses it). Throws
   * {@link CancelledError} when a newer version of the document took its place in the parser's queue.
   */
  prepare(): Promise<void>;
}

export interface PageHeading {
  title: string;
  level: number;
  /** Where the heading starts in the text, and its 0-based line. */
  offset: number;
  line: number;
  /** Its `#anchor` as the rendered page has it (`whats-new`, `über-uns`, `a-2` for a repeat); undefined when it has none. */
  anchor: string | undefined;
}

/**
 * The page's document. With the site's `variables`, the body is read as the platform reads it, each
 * `{{name}}` replaced by its value; what the scans give is placed at the text as written.
 */
export function parsePageDocument(uri: string, text: string, variables?: PageVariables): PageDocument {
  const frontMatter = parseFrontMatter(text);
  let fields: FieldTag[] | undefined;
  let body: BodyScan | undefined;
  let anchors: PageAnchors | undefined;
  let scanned: BodyScan | undefined;
  // The front matter is read as written: its values are the platform's metadata, not parsed as MDX.
  const { read, written, writtenParse } = readWithVariables(text, variables, frontMatter.bodyOffset);
  const scan = () => (scanned ??= written(scanBody(read, frontMatter.bodyOffset)));
  let parsed: MdxParse | undefined;
  const reference = () => (parsed ??= writtenParse(referenceParse(read)));
  let preparing: Promise<boolean> | undefined;
  const document: PageDocument = {
    uri,
    text,
    variables,
    lines: new LineTable(text),
    frontMatter,
    fields: () => (fields ??= scanFieldTags(text, frontMatter.bodyOffset)),
    body: () => (body ??= keptLinks(chosenBody(scan(), reference, (tree) => written(scanFromTree(tree, read))))),
    anchors: () => (anchors ??= withOperation(pageAnchors(document.body()), frontMatter)),
    headings() {
      const ids = document.anchors().headingIds;
      return document.body().headings.map((heading, index) => ({
        title: heading.title,
        level: heading.level,
        offset: heading.offset,
        line: document.lines.positionAt(heading.offset).line,
        anchor: ids[index],
      }));
    },
    anchorLine(anchor) {
      const wanted = cleanHeadingId(anchor);
      const heading = document.headings().find((item) => item.anchor === wanted || item.anchor === anchor);
      if (heading) return heading.line;
      const element = document.body().elements.find((item) => item.attributes.some((a) => a.name === 'id' && a.value === anchor));
      return element ? document.lines.positionAt(element.offset).line : undefined;
    },
    exactAnchors() {
      const result = reference();
      return 'tree' in result ? pageAnchors(scanFromTree(result.tree, read)).anchors : undefined;
    },
    syntaxError() {
      // The platform reads `.md` pages as MDX too. A page the scanner vouches for parses, or fails
      // with the one error the scanner is sure of.
      const body = document.body();
      if (!body.uncertain) return body.error;
      const result = reference();
      return 'error' in result ? result.error : undefined;
    },
    notParsed() {
      if (!document.body().uncertain) return undefined;
      const result = reference();
      return 'notParsed' in result ? result.notParsed : undefined;
    },
    async prepare() {
      if (parsed || !scan().uncertain) return;
      preparing ??= (async () => {
        const pending = referenceParseAsync(read, uri);
        if (!pending) return true;
        const result = await pending;
        if (result) parsed ??= writtenParse(result);
        return result !== undefined;
      })();
      if (await preparing) return;
      preparing = undefined; // asked again later, it is parsed again
      throw new CancelledError();
    },
  };
  return document;
}

/**
 * The anchors, with what a page generated from a spec shows (see {@link PageAnchors.operation}): an
 * operation (`openapi:`) or a schema (`openapi-schema:`, whose fields get `#param-...` anchors too);
 * or the URL a page's sidebar entry opens instead of it (`url:`).
 */
function withOperation(anchors: PageAnchors, frontMatter: FrontMatter): PageAnchors {
  for (const [key, kind] of [
    ['openapi', 'operation'],
    ['openapi-schema', 'schema'],
    ['url', 'url'],
  ] as const) {
    const value = frontMatter.entries.get(key)?.value;
    if (typeof value === 'string' && value.trim()) return { ...anchors, operation: `${kind} "${value.trim()}"` };
  }
  return anchors;
}

/**
 * A page the scanner does not vouch for goes through the parser: when it parses, what the parser found
 * is what the page holds.
 */
function chosenBody(
  scanned: BodyScan,
  reference: () => MdxParse,
  fromTree: (tree: Extract<MdxParse, { tree: unknown }>['tree']) => BodyScan,
): BodyScan {
  const result = scanned.uncertain ? reference() : undefined;
  return result && 'tree' in result ? { ...fromTree(result.tree), uncertain: scanned.uncertain } : scanned;
}

/**
 * Link URLs are what checks keep past the page (deferred anchor checks, findings): copies, not slices
 * of the page's text, which V8 would keep whole for each (see detached()).
 */
function keptLinks(body: BodyScan): BodyScan {
  for (const link of body.links) link.url = detached(link.url);
  return body;
}
