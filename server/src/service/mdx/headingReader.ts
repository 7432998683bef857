import type { BodyHeading } from './bodyScan';
import { headingTitle } from './headingText';
import { readInline, type InlineHost } from './inlineReader';

/**
 * An ATX heading (`## Title {#id}`), from its marker to the end of its line: a closing run of `#` is
 * left out, a custom id is kept, and the text is read for links (through `host`) unless it has an id.
 * `parent` gives the index of the element holding it (-1: none), asked once its text is read (a tag
 * in it may close an element).
 */
export function atxHeading(
  host: InlineHost,
  from: number,
  to: number,
  level: number,
  markerLength: number,
  parent: () => number,
): BodyHeading {
  let contentEnd = to;
  const closing = /[ \t]#+[ \t]*$/.exec(host.text.slice(from + markerLength, to));
  if (closing) contentEnd = from + markerLength + closing.index;
  let content = host.text.slice(from + markerLength, contentEnd).trim();
  let customId: string | undefined;
  const custom = /\{[ \t]*#([^}]+)\}[ \t]*$/.exec(content);
  if (custom) {
    customId = custom[1].trim();
    content = content.slice(0, custom.index).trim();
  } else {
    readInline(host, from + markerLength, contentEnd);
  }
  const { title, exact } = headingTitle(content);
  return { level, title, customId, offset: from, length: to - from, parent: parent(), exact };
}

/** A setext heading: the paragraph line from `offset` to `end`, underlined by `===` (level 1) or `---` (2). */
export function setextHeading(text: string, offset: number, end: number, level: number, parent: number): BodyHeading {
  const line = text.slice(offset, end);
  const { title, exact } = headingTitle(line.trim());
  return { level, title, offset, length: line.length, parent, exact };
}
