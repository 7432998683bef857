import { parseFrontMatter, type FrontMatter } from '../frontMatter/parseFrontMatter';
import { scanFieldTags, type FieldTag } from '../mdx/fieldTags';
import { LineTable } from './lineTable';

/**
 * One version of an MDX or Markdown page, parsed once for the page rules and the editor features:
 * the text, its line offsets, the front matter, and the field tags of the body (scanned on first use).
 */
export interface PageDocument {
  readonly uri: string;
  readonly text: string;
  readonly lines: LineTable;
  readonly frontMatter: FrontMatter;
  fields(): FieldTag[];
}

export function parsePageDocument(uri: string, text: string): PageDocument {
  const frontMatter = parseFrontMatter(text);
  let fields: FieldTag[] | undefined;
  return {
    uri,
    text,
    lines: new LineTable(text),
    frontMatter,
    fields: () => (fields ??= scanFieldTags(text, frontMatter.bodyOffset)),
  };
}
