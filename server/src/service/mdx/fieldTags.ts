/** A JSX attribute as written: `name="v"`, `name='v'`, `name={expr}`, or a bare `name`. */
export interface JsxAttribute {
  name: string;
  nameOffset: number;
  /** A string for quoted values, `true` for a bare attribute, `{ expression }` for `{...}`. */
  value: string | true | { expression: string };
  /** The range of the value as written (quotes or braces included); the name's range when bare. */
  valueOffset: number;
  valueLength: number;
}

export interface FieldTag {
  tag: 'ParamField' | 'ResponseField';
  /** The `<` of the opening tag and the length up to its `>`. */
  offset: number;
  length: number;
  /** The tag name's range, the smallest place to report a tag-level problem. */
  nameOffset: number;
  nameLength: number;
  attributes: JsxAttribute[];
  /** The offset of the innermost JSX element around the tag (an Accordion, a Tab, a parent field), or -1. */
  container: number;
}

/** Any component tag (capitalised), opening or closing: fields are placed inside their containers. */
const COMPONENT = /<(\/?)([A-Z][\w.]*)(?=[\s/>])/g;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * Finds `<ParamField>` and `<ResponseField>` opening tags in an MDX body. Fenced code blocks (at any
 * indentation: MDX has no indented code), inline code spans, HTML comments and JSX comments only
 * show such tags, so they are skipped.
 */
export function scanFieldTags(text: string, bodyOffset = 0): FieldTag[] {
  if (!text.includes('Field', bodyOffset)) return [];
  const tags: FieldTag[] = [];
  const excluded = codeRanges(text, bodyOffset);
  const open: { name: string; offset: number }[] = [];
  COMPONENT.lastIndex = bodyOffset;
  for (let match = COMPONENT.exec(text); match; match = COMPONENT.exec(text)) {
    const [, closing, name] = match;
    if (inRanges(excluded, match.index)) continue;
    if (closing) {
      const index = open.map((element) => element.name).lastIndexOf(name);
      if (index >= 0) open.length = index;
      continue;
    }
    const parsed = parseTag(text, match.index, name);
    const container = open.length ? open[open.length - 1].offset : -1;
    if (name === 'ParamField' || name === 'ResponseField') tags.push({ ...parsed, tag: name, container });
    if (!text.slice(parsed.offset, parsed.offset + parsed.length).endsWith('/>')) open.push({ name, offset: match.index });
    COMPONENT.lastIndex = Math.max(COMPONENT.lastIndex, parsed.offset + parsed.length);
  }
  return tags;
}

/** Sorted, non-overlapping [start, end) ranges of code blocks, inline code and comments. */
function codeRanges(text: string, from: number): [number, number][] {
  const ranges: [number, number][] = [];
  let fence: string | undefined;
  let fenceStart = 0;
  let lineStart = from;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    const line = text.slice(lineStart, lineEnd);
    const marker = line.includes('``') || line.includes('~~') ? FENCE.exec(line)?.[1] : undefined;
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
        ranges.push([fenceStart, lineEnd]);
        fence = undefined;
      }
    } else if (marker) {
      fence = marker;
      fenceStart = lineStart;
    } else if (line.includes('`')) {
      for (const [start, end] of codeSpans(line)) ranges.push([lineStart + start, lineStart + end]);
    }
    lineStart = lineEnd + 1;
  }
  if (fence) ranges.push([fenceStart, text.length]);
  for (const [open, close] of [
    ['<!--', '-->'],
    ['{/*', '*/}'],
  ]) {
    // indexOf, not a lazy regex: an unclosed opener repeated would make the regex quadratic.
    for (let start = text.indexOf(open, from); start >= 0;) {
      const end = text.indexOf(close, start + open.length);
      if (end < 0) break; // unclosed: not a comment
      ranges.push([start, end + close.length]);
      start = text.indexOf(open, end + close.length);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/**
 * Inline code spans of a line: a run of backticks up to the next run of the same length (as
 * CommonMark reads them); a run with no closer is literal. A length found to have no closer is
 * remembered, so hostile lines of backticks stay near-linear.
 */
export function codeSpans(line: string): [number, number][] {
  const spans: [number, number][] = [];
  const unclosed = new Set<number>();
  const runEnd = (from: number) => {
    let end = from;
    while (line.charCodeAt(end) === 96) end++;
    return end;
  };
  for (let at = line.indexOf('`'); at >= 0;) {
    const end = runEnd(at);
    const length = end - at;
    let closer = -1;
    if (!unclosed.has(length)) {
      for (let search = line.indexOf('`', end); search >= 0;) {
        const close = runEnd(search);
        if (close - search === length) {
          closer = search;
          break;
        }
        search = line.indexOf('`', close);
      }
      if (closer < 0) unclosed.add(length);
    }
    if (closer < 0) {
      at = line.indexOf('`', end);
      continue;
    }
    spans.push([at, closer + length]);
    at = line.indexOf('`', closer + length);
  }
  return spans;
}

function inRanges(ranges: [number, number][], offset: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (offset < ranges[mid][0]) high = mid - 1;
    else if (offset >= ranges[mid][1]) low = mid + 1;
    else return true;
  }
  return false;
}

type ParsedTag = Omit<FieldTag, 'tag' | 'container'>;

function parseTag(text: string, offset: number, tag: string): ParsedTag {
  const nameOffset = offset + 1;
  let i = nameOffset + tag.length;
  const attributes: JsxAttribute[] = [];
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i])) i++;
    if (text.startsWith('/>', i)) return finish(i + 2);
    if (text[i] === '>') return finish(i + 1);
    const name = /^[A-Z_$][\w$:.-]*/i.exec(text.slice(i, i + 200))?.[0];
    if (!name) return finish(i); // malformed: keep what was read
    const nameStart = i;
    i += name.length;
    let j = i;
    while (j < text.length && /[ \t]/.test(text[j])) j++;
    if (text[j] !== '=') {
      attributes.push({ name, nameOffset: nameStart, value: true, valueOffset: nameStart, valueLength: name.length });
      continue;
    }
    j++;
    while (j < text.length && /\s/.test(text[j])) j++;
    const quote = text[j];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, j + 1);
      if (end < 0) return finish(text.length);
      attributes.push({ name, nameOffset: nameStart, value: text.slice(j + 1, end), valueOffset: j, valueLength: end + 1 - j });
      i = end + 1;
    } else if (quote === '{') {
      const end = matchBrace(text, j);
      attributes.push({
        name,
        nameOffset: nameStart,
        value: { expression: text.slice(j + 1, end - 1).trim() },
        valueOffset: j,
        valueLength: end - j,
      });
      i = end;
    } else {
      return finish(j);
    }
  }
  return finish(text.length);

  function finish(end: number): ParsedTag {
    return { offset, length: end - offset, nameOffset, nameLength: tag.length, attributes };
  }
}

/** The offset after the `}` that closes the `{` at `start`, skipping strings and template literals. */
function matchBrace(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end < 0) return text.length;
      i = end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i + 1;
  }
  return text.length;
}

export function attribute(tag: FieldTag, name: string): JsxAttribute | undefined {
  return tag.attributes.find((a) => a.name === name);
}

export function stringAttribute(tag: FieldTag, name: string): string | undefined {
  const value = attribute(tag, name)?.value;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const literal = /^(["'`])(.*)\1$/.exec(value.expression);
    return literal ? literal[2] : undefined;
  }
  return undefined;
}
