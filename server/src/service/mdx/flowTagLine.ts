import { lineEndFrom } from './blockReaders';
import { type Braces, expressionEnd, noteExpression, type NotedExpressions } from './jsSyntax';
import { parseTag, type Tag } from './jsxTag';

/** A line of flow content: its tags in order, and where it ends (past `lineEnd` when a tag or an expression went on over more lines). */
export interface FlowTagLine {
  tags: Tag[];
  end: number;
}

/**
 * A line made only of tags (`<Card title="x">`, `</Tabs>`, `<Icon icon="a" />`) and expressions, from
 * `from` to `lineEnd`: flow elements, possibly spanning lines. Undefined when the line holds more (it
 * is read as text). `multiline`: outside lists, where a tag's attribute expression or a `{/* ... *\/}`
 * note may go on over the lines below; `lazy`: a lazy line, where a tag must close on it. The comment
 * expressions read are added to `comments`.
 */
export function readFlowTagLine(
  text: string,
  braces: Braces,
  from: number,
  lineEnd: number,
  { multiline, lazy }: { multiline: boolean; lazy: boolean },
  noted: NotedExpressions,
): FlowTagLine | undefined {
  const tags: Tag[] = [];
  let at = from;
  let end = lineEnd;
  while (at < end && (text[at] === '<' || text[at] === '{')) {
    if (text[at] === '{') {
      // `<a id="x"></a> {/* note */}`: expressions beside tags keep the line a line of flow content.
      // Outside lists one may go on over the lines below (a `{/* ... */}` note), blank lines included.
      const close = expressionEnd(braces, at, true, multiline ? text.length : end);
      if (close === undefined) return undefined;
      noteExpression(noted, text, at, close);
      at = close + 1;
    } else {
      // A tag alone on its lines, outside lists, may spread an attribute's expression over them.
      const tag = parseTag(text, at, multiline, braces);
      if (!tag || (lazy && tag.end > end)) return undefined;
      tags.push(tag);
      at = tag.end;
    }
    // It went on over more lines: the rest of its last line must be empty or more tags.
    if (at > end) end = lineEndFrom(text, at);
    while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
  }
  return at < end ? undefined : { tags, end };
}
