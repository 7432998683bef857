// The platform reads front matter with js-yaml 3's safeLoad (through `front-matter`): YAML 1.1's scalars.
import { safeLoad, YAMLException } from 'js-yaml-3';
import { parseSimpleMapping, type SimpleKey } from './simpleYaml';
import { trimEndSpaces, trimEndWhitespace } from '../../common/text';
import { thousands } from '../../common/plural';

/** A top-level front matter key with the exact places of its key and value in the page. */
export interface FrontMatterEntry {
  key: string;
  keyOffset: number;
  keyLength: number;
  /** The value as written on the key's line (or the lines below it, for a block value). */
  valueOffset: number;
  valueLength: number;
  value: unknown;
}

export interface FrontMatterError {
  offset: number;
  length: number;
  message: string;
}

export interface FrontMatter {
  /** The page has a `---` block at its top. */
  present: boolean;
  /** Where the block's YAML starts and ends in the page text. */
  contentOffset: number;
  contentEnd: number;
  /** Where the body (after the closing `---`) starts. */
  bodyOffset: number;
  data: Record<string, unknown>;
  entries: Map<string, FrontMatterEntry>;
  /** Keys written more than once: each later occurrence (the last one wins, as in the platform). */
  duplicates: { key: string; offset: number; length: number; firstOffset: number }[];
  error?: FrontMatterError;
  /**
   * The block parses, but to a plain value or a list rather than `key: value` lines. The platform
   * keeps no metadata from it (the page's title then comes from its file name); not a build error.
   */
  notMapping?: { value: unknown; offset: number; length: number };
  /**
   * The opening `---` is followed by spaces: the page renders without the block, but the platform's
   * metadata reader (the `front-matter` package) does not see it, so the page keeps no metadata from
   * it. `data` and `entries` are then empty, as the platform has them. The range is the opening line.
   */
  unread?: { offset: number; length: number };
  /**
   * A `---` on line 1 that no `---` line closes, above `key: value` lines: not front matter (the page
   * is all body, the `---` a thematic break), though it was meant as one. `present` is false.
   */
  unclosed?: { offset: number; length: number };
}

const OPENING = /^\uFEFF?---([ \t]*)\r?\n/;
const CLOSING = /^---[ \t]*$/m;
const QUOTED_KEY = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)')[ \t]*:(?=[ \t]|$)/;
/** Characters a plain YAML key may not start with. */
const NOT_KEY_START = '\t #\'"?:,[]{}&*!|>%@`';

/**
 * The top-level key of a line: quoted, or plain (a `:` inside is part of it unless a space or the end
 * follows, as in `og:title`). `length` covers the key and its colon. One linear scan, no backtracking.
 */
function keyOfLine(text: string): { key: string; keyText: string; length: number } | undefined {
  const quoted = QUOTED_KEY.exec(text);
  if (quoted) {
    const key = quoted[1] !== undefined ? quoted[1].replace(/\\(.)/g, '$1') : quoted[2].replace(/''/g, "'");
    return { key, keyText: trimEndSpaces(quoted[0].slice(0, -1)), length: quoted[0].length };
  }
  if (
    text === '' ||
    NOT_KEY_START.includes(text[0]) ||
    (text[0] === '-' && (text.length === 1 || text[1] === ' ' || text[1] === '\t' || text[1] === ':'))
  )
    return undefined;
  for (let at = 1; at < text.length; at++) {
    const char = text[at];
    if (char === '#' && (text[at - 1] === ' ' || text[at - 1] === '\t')) return undefined;
    if (char === ':' && (at + 1 === text.length || text[at + 1] === ' ' || text[at + 1] === '\t')) {
      const keyText = trimEndSpaces(text.slice(0, at));
      return keyText.includes('#') ? undefined : { key: keyText, keyText, length: at + 1 };
    }
  }
  return undefined;
}

/**
 * Splits the front matter block off a page and parses it. Values come from js-yaml, the parser the
 * platform's front matter reader uses, so what deploys there parses here (the `yaml` package rejects
 * multi-line quoted scalars that real sites write). Ranges come from a scan of the block's top-level
 * keys, so a diagnostic points at the value, not at line 1.
 */
export function parseFrontMatter(text: string): FrontMatter {
  const opening = OPENING.exec(text);
  const empty: FrontMatter = {
    present: false,
    contentOffset: 0,
    contentEnd: 0,
    bodyOffset: 0,
    data: {},
    entries: new Map(),
    duplicates: [],
  };
  if (!opening) return empty;
  const parsed = splitAndParse(text, opening, empty);
  // Spaces after the opening `---`: the platform's reader takes no metadata from the block, and so
  // finds nothing wrong in its YAML either.
  if (!opening[1] || !parsed.present) return parsed;
  const unread = { offset: fenceOffset(opening), length: 3 + opening[1].length };
  return { ...parsed, data: {}, entries: new Map(), duplicates: [], error: undefined, notMapping: undefined, unread };
}

/** Where the opening `---` starts: after a byte order mark, if there is one. */
function fenceOffset(opening: RegExpExecArray): number {
  return opening[0].startsWith('\uFEFF') ? 1 : 0;
}

function splitAndParse(text: string, opening: RegExpExecArray, empty: FrontMatter): FrontMatter {
  const contentOffset = opening[0].length;
  const rest = text.slice(contentOffset);
  const closing = CLOSING.exec(rest);
  if (!closing) {
    // No front matter, for the platform's reader and its MDX parser alike: the `---` is a thematic
    // break and the page is all body. Lines below it written as `key: value` were meant as one.
    const next = /^(?:[ \t]*\r?\n)*([^\r\n]*)/.exec(rest)![1];
    return keyOfLine(next) ? { ...empty, unclosed: { offset: fenceOffset(opening), length: 3 } } : empty;
  }
  const contentEnd = contentOffset + closing.index;
  const afterClosing = contentEnd + closing[0].length;
  const bodyOffset = afterClosing + (/^\r?\n/.exec(text.slice(afterClosing))?.[0].length ?? 0);
  const yaml = text.slice(contentOffset, contentEnd);
  const result: FrontMatter = { present: true, contentOffset, contentEnd, bodyOffset, data: {}, entries: new Map(), duplicates: [] };
  const simple = parseSimpleMapping(yaml);
  if (simple) {
    recordSimple(simple, contentOffset, result);
    return result;
  }
  let data: unknown;
  try {
    data = safeLoad(yaml, { json: true });
  } catch (error) {
    if (error instanceof RangeError) {
      // js-yaml recurses: a hostile block nested thousands deep overflows the stack.
      result.error = { offset: contentOffset, length: 3, message: 'Front matter is nested too deeply to be read.' };
      return result;
    }
    if (!(error instanceof YAMLException)) throw error;
    const position = error.mark?.position ?? 0;
    result.error = {
      offset: contentOffset + Math.min(position, yaml.length),
      length: 1,
      message: `Front matter is not valid YAML: ${error.reason ?? error.message}.`,
    };
    return result;
  }
  if (data === null || data === undefined) return result;
  if (expandedSize(data, MAX_VALUES) > MAX_VALUES) {
    // Aliases (`*a`) are references: a few lines can stand for billions of values once expanded.
    result.error = {
      offset: contentOffset,
      length: 3,
      message:
        `Front matter expands to more than ${thousands(MAX_VALUES)} values through YAML aliases (\`&name\` and \`*name\`); ` +
        `Docsmith does not read it. A page's front matter needs a few dozen.`,
    };
    return result;
  }
  if (typeof data !== 'object' || Array.isArray(data)) {
    const leading = yaml.length - yaml.trimStart().length;
    result.notMapping = { value: data, offset: contentOffset + leading, length: Math.max(1, yaml.trim().length) };
    return result;
  }
  result.data = data as Record<string, unknown>;
  locateEntries(yaml, contentOffset, result);
  return result;
}

/** The entries of a block the fast path read: as {@link locateEntries} would place them. */
function recordSimple(keys: SimpleKey[], base: number, result: FrontMatter): void {
  const firstSeen = new Map<string, number>();
  for (const key of keys) {
    result.data[key.key] = key.value;
    const first = firstSeen.get(key.key);
    if (first === undefined) firstSeen.set(key.key, base + key.keyOffset);
    else result.duplicates.push({ key: key.key, offset: base + key.keyOffset, length: key.keyLength, firstOffset: first });
    result.entries.set(key.key, {
      key: key.key,
      keyOffset: base + key.keyOffset,
      keyLength: key.keyLength,
      valueOffset: base + key.valueOffset,
      valueLength: key.valueLength,
      value: key.value,
    });
  }
  // As from js-yaml: each entry carries the value that won.
  for (const entry of result.entries.values()) entry.value = result.data[entry.key];
}

/** More values than a front matter block could mean, once aliases are expanded. */
const MAX_VALUES = 100_000;

/**
 * How many values a parsed block holds once its aliases are expanded, counting up to `limit` and
 * no further. Shared objects are counted from a memo, so a block of nested aliases costs its size.
 */
function expandedSize(value: unknown, limit: number, memo = new Map<object, number>()): number {
  if (value === null || typeof value !== 'object') return 1;
  const known = memo.get(value);
  if (known !== undefined) return known;
  memo.set(value, limit + 1); // a cycle counts as too many
  let size = 1;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    size += expandedSize(child, limit, memo);
    if (size > limit) break;
  }
  memo.set(value, size);
  return size;
}

/**
 * The top-level keys written in a front matter block, read line by line: known even while the block
 * is not valid YAML yet (a key being typed), when {@link FrontMatter.data} is empty.
 */
export function keysWritten(text: string, frontMatter: FrontMatter): string[] {
  const keys: string[] = [];
  for (const line of text.slice(frontMatter.contentOffset, frontMatter.contentEnd).split('\n')) {
    const key = keyOfLine(line.endsWith('\r') ? line.slice(0, -1) : line)?.key;
    if (key !== undefined) keys.push(key);
  }
  return keys;
}

function locateEntries(yaml: string, base: number, result: FrontMatter): void {
  const lines: { offset: number; text: string }[] = [];
  let offset = 0;
  for (const line of yaml.split('\n')) {
    lines.push({ offset, text: line.endsWith('\r') ? line.slice(0, -1) : line });
    offset += line.length + 1;
  }
  const keyLines: { index: number; key: string; keyStart: number; keyEnd: number; valueStart: number }[] = [];
  lines.forEach((line, index) => {
    const found = keyOfLine(line.text);
    if (!found) return;
    let valueStart = found.length;
    while (line.text[valueStart] === ' ' || line.text[valueStart] === '\t') valueStart++;
    keyLines.push({ index, key: found.key, keyStart: 0, keyEnd: found.keyText.length, valueStart });
  });
  const firstSeen = new Map<string, number>();
  keyLines.forEach((keyLine, position) => {
    if (!(keyLine.key in result.data)) return;
    const line = lines[keyLine.index];
    const first = firstSeen.get(keyLine.key);
    if (first === undefined) firstSeen.set(keyLine.key, base + line.offset);
    else
      result.duplicates.push({
        key: keyLine.key,
        offset: base + line.offset + keyLine.keyStart,
        length: keyLine.keyEnd - keyLine.keyStart,
        firstOffset: first,
      });
    const nextIndex = keyLines[position + 1]?.index ?? lines.length;
    let valueOffset = line.offset + keyLine.valueStart;
    let valueEnd = line.offset + trimEndSpaces(line.text).length;
    if (valueEnd <= valueOffset) {
      // A block value: the lines below the key, up to the next key.
      const block = lines.slice(keyLine.index + 1, nextIndex).filter((l) => l.text.trim() !== '');
      if (block.length) {
        valueOffset = block[0].offset + (/^\s*/.exec(block[0].text)?.[0].length ?? 0);
        const last = block[block.length - 1];
        valueEnd = last.offset + trimEndWhitespace(last.text).length;
      } else {
        valueEnd = valueOffset;
      }
    }
    result.entries.set(keyLine.key, {
      key: keyLine.key,
      keyOffset: base + line.offset + keyLine.keyStart,
      keyLength: keyLine.keyEnd - keyLine.keyStart,
      valueOffset: base + valueOffset,
      valueLength: Math.max(0, valueEnd - valueOffset),
      value: result.data[keyLine.key],
    });
  });
}
