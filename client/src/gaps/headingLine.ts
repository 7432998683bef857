// The line of a heading by its slug (no vscode import), to open a cited page at its `#anchor`.
import { slug } from '../../../server/src/analytics/pageMapping';
import { forEachProseLine } from '../../../server/src/common/markdownLines';

/** 0-based line of the Markdown heading whose slug is `anchor` (outside code fences), or of an element with that id. */
export function headingLine(text: string, anchor: string): number | undefined {
  const wanted = anchor.toLowerCase();
  const id = new RegExp(`\\bid=["']${wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']`);
  let found: number | undefined;
  forEachProseLine(text, (line, index, heading) => {
    if (heading?.text && slug(heading.text.replace(/`/g, '')) === wanted) found = index;
    else if (id.test(line)) found = index;
    return found !== undefined;
  });
  return found;
}
