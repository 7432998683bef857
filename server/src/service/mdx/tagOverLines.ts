import { isTableDelimiter, lineEndFrom } from './blockReaders';
import type { Braces } from './jsSyntax';
import { parseTag, type Tag } from './jsxTag';
import { scanWork } from './scanWork';

/**
 * A paragraph that starts with a tag spanning lines, with text after it on its last line
 * (`<Card⏎  title="x"⏎>Use it.</Card>`, as some sites write their cards). MDX first tries the tag as
 * a flow element, reading its lines whole (a line of it starting with `>` or `-` is no block quote,
 * no list item); the text after it makes that fail, and the lines become a paragraph that opens with
 * the tag as an inline element. The tag, and the end of its last line (whose rest is the paragraph's
 * text), when the line at `from` opens such a paragraph: no blank line and no expression inside the
 * tag (an attribute's expression over lines is read another way once the tag is text), and a next
 * line that does not make the paragraph a heading or a table. The caller checks that the paragraph
 * is outside containers and tables (`test/unit/mdxBody.test.ts` fuzzes these against the parser).
 */
export function tagOverLines(text: string, braces: Braces, from: number, lineEnd: number): { tag: Tag; lastEnd: number } | undefined {
  const tag = parseTag(text, from, true, braces);
  if (!tag || tag.closing || tag.end <= lineEnd || /\n[ \t]*\r?\n|\{/.test(text.slice(from, tag.end))) return undefined;
  const lastEnd = lineEndFrom(text, tag.end);
  if (text.slice(tag.end, lastEnd).trim() === '') return undefined;
  const next = lastEnd + 1 < text.length ? text.slice(lastEnd + 1, lineEndFrom(text, lastEnd + 2)) : '';
  if (/^ {0,3}(?:=+|-+)[ \t]*$/.test(next) || isTableDelimiter(next.trim())) return undefined;
  scanWork.tagsOverLines++;
  return { tag, lastEnd };
}
