// A light line scan of Markdown/MDX (no parser): which lines are prose and which are ATX headings.
// For the Docs Gaps actions in the editor, which must not load the MDX parser into the extension.

export interface LineHeading {
  level: number;
  /** Trimmed, closing hashes removed; '' for an empty heading. */
  text: string;
}

/**
 * Visits each line outside the front matter and code fences, 0-based, with its ATX heading
 * (`## Title ##`) when it is one. The visit returns true to stop.
 */
export function forEachProseLine(
  text: string,
  visit: (line: string, index: number, heading: LineHeading | undefined) => boolean | void,
): void {
  const lines = text.split('\n');
  let start = 0;
  if (lines[0]?.trim() === '---') {
    const close = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
    if (close > 0) start = close + 1;
  }
  let fence: string | undefined;
  for (let index = start; index < lines.length; index++) {
    const line = lines[index];
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (!fence && visit(line, index, atxHeading(line))) return;
  }
}

/** The level and text of an ATX heading line, scanned without backtracking. */
function atxHeading(line: string): LineHeading | undefined {
  let level = 0;
  while (line[level] === '#') level++;
  if (level < 1 || level > 6 || (level < line.length && line[level] !== ' ' && line[level] !== '\t')) return undefined;
  let end = line.length;
  while (end > level && /\s/.test(line[end - 1])) end--;
  let hashes = end;
  while (hashes > level && line[hashes - 1] === '#') hashes--;
  if (hashes < end && (line[hashes - 1] === ' ' || line[hashes - 1] === '\t')) end = hashes;
  return { level, text: line.slice(level, end).trim() };
}
