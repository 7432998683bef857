// The line of a heading by its slug (no vscode import), to open a cited page at its `#anchor`.
import { slug } from '../../../server/src/analytics/pageMapping';

/** 0-based line of the Markdown heading whose slug is `anchor` (outside code fences), or of an element with that id. */
export function headingLine(text: string, anchor: string): number | undefined {
  const wanted = anchor.toLowerCase();
  let fence: string | undefined;
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (fence) continue;
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading && slug(heading[1].replace(/`/g, '')) === wanted) return index;
    if (new RegExp(`\\bid=["']${wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']`).test(line)) return index;
  }
  return undefined;
}
