import { parseFrontMatter, type FrontMatter } from '../frontMatter/parseFrontMatter';
import { pageAnchors, type PageAnchors } from '../mdx/anchors';
import type { BodyScan } from '../mdx/bodyScan';
import { scanBody } from '../mdx/bodyScanner';
import { scanFieldTags, type FieldTag } from '../mdx/fieldTags';
import { parseMdx, type MdxNotParsed, type MdxSyntaxError } from '../mdx/mdxReference';
import { scanFromTree } from '../mdx/treeScan';
import { LineTable } from './lineTable';

/**
 * One version of an MDX or Markdown page, parsed once for the page rules and the editor features:
 * the text, its line offsets, the front matter, and, each on first use, the field tags, the body
 * scan, its anchors, and the reference parser's verdict.
 */
export interface PageDocument {
  readonly uri: string;
  readonly text: string;
  readonly lines: LineTable;
  readonly frontMatter: FrontMatter;
  fields(): FieldTag[];
  /** Links, elements, headings and imports of the body (one linear pass). */
  body(): BodyScan;
  /** The `#anchors` the page offers, from the body scan. */
  anchors(): PageAnchors;
  /** The anchors as the reference parser's tree gives them (exact; slow: only to confirm a missing one). */
  exactAnchors(): Set<string> | undefined;
  /** The MDX syntax error that stops the page, when the scanner cannot vouch for it and the parser fails. */
  syntaxError(): MdxSyntaxError | undefined;
  /** Why the page, which the scanner cannot vouch for, was not checked by the reference parser (too large, too costly). */
  notParsed(): MdxNotParsed | undefined;
}

export function parsePageDocument(uri: string, text: string): PageDocument {
  const frontMatter = parseFrontMatter(text);
  let fields: FieldTag[] | undefined;
  let body: BodyScan | undefined;
  let anchors: PageAnchors | undefined;
  let parsed: ReturnType<typeof parseMdx> | undefined;
  const reference = () => (parsed ??= parseMdx(text));
  const document: PageDocument = {
    uri,
    text,
    lines: new LineTable(text),
    frontMatter,
    fields: () => (fields ??= scanFieldTags(text, frontMatter.bodyOffset)),
    body() {
      if (body) return body;
      body = scanBody(text, frontMatter.bodyOffset);
      if (!body.uncertain) return body;
      // A page the scanner does not vouch for goes through the parser: when it parses, what the
      // parser found is what the page holds.
      const result = reference();
      if ('tree' in result) body = { ...scanFromTree(result.tree, text), uncertain: body.uncertain };
      return body;
    },
    anchors: () => (anchors ??= withOperation(pageAnchors(document.body()), frontMatter)),
    exactAnchors() {
      const result = reference();
      return 'tree' in result ? pageAnchors(scanFromTree(result.tree, text)).anchors : undefined;
    },
    syntaxError() {
      // The platform reads `.md` pages as MDX too. A page the scanner vouches for parses.
      if (!document.body().uncertain) return undefined;
      const result = reference();
      return 'error' in result ? result.error : undefined;
    },
    notParsed() {
      if (!document.body().uncertain) return undefined;
      const result = reference();
      return 'notParsed' in result ? result.notParsed : undefined;
    },
  };
  return document;
}

/**
 * The anchors, with what a page generated from a spec shows (see {@link PageAnchors.operation}): an
 * operation (`openapi:`) or a schema (`openapi-schema:`, whose fields get `#param-...` anchors too).
 */
function withOperation(anchors: PageAnchors, frontMatter: FrontMatter): PageAnchors {
  for (const [key, kind] of [
    ['openapi', 'operation'],
    ['openapi-schema', 'schema'],
  ] as const) {
    const value = frontMatter.entries.get(key)?.value;
    if (typeof value === 'string' && value.trim()) return { ...anchors, operation: `${kind} "${value.trim()}"` };
  }
  return anchors;
}
