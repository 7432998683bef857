// The line of a heading by its slug (no vscode import), to open a cited page at its `#anchor`.
import { slug } from '../../../server/src/analytics/pageMapping';

/** The text of an ATX heading line (`## Title ##` → `Title`), scanned without backtracking. */
function headingText(line: string): string | undefined {
  let level = 0;
  while (line[level] === '#') level++;
  if (level < 1 || level > 6 || (line[level] !== ' ' && line[level] !== '\t')) return undefined;
  let end = line.length;
  while (end > level && /\s/.test(line[end - 1])) end--;
  let hashes = end;
  while (hashes > level && line[hashes - 1] === '#') hashes--;
  if (hashes < end && (line[hashes - 1] === ' ' || line[hashes - 1] === '\t')) end = hashes;
  const text = line.slice(level, end).trim();
  return text === '' ? undefined : text;
}

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
    const heading = headingText(line);
    if (heading !== undefined && slug(heading.replace(/`/g, '')) === wanted) return index;
    if (new RegExp(`\\bid=["']${wanted.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["']`).test(line)) return index;
  }
  return undefined;
}
