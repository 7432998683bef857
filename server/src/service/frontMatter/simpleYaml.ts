/**
 * The fast path of front matter parsing. Most pages hold a handful of `key: value` lines with quoted
 * or plain text values; those are read here in one pass, with the place of every key and value. At
 * anything else (indentation, lists, block scalars, escapes, comments after a value, a plain value
 * that YAML would read as a number, a date, a boolean or null) it returns undefined and js-yaml reads
 * the block: so it never gives a different result, which a property test checks against js-yaml.
 */
export interface SimpleKey {
  key: string;
  /** Offsets in the block. */
  keyOffset: number;
  keyLength: number;
  valueOffset: number;
  valueLength: number;
  value: string | null;
}

/** A key at the start of a line: a letter or `_`, then letters, digits, `_`, `-`, `.` or `:` (`og:title`). */
const KEY = /^[A-Z_][\w.:-]*/i;
/** Plain values that YAML resolves to something other than a string (null, booleans, numbers, dates, ...). */
const NOT_TEXT = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+.\d].*)$/;
/** A plain value may not start with one of these, nor hold `: ` or ` #`. */
const PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`]/;

export function parseSimpleMapping(yaml: string): SimpleKey[] | undefined {
  const keys: SimpleKey[] = [];
  let lineStart = 0;
  while (lineStart <= yaml.length) {
    let lineEnd = yaml.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = yaml.length;
    let end = lineEnd;
    if (yaml.charCodeAt(end - 1) === 13) end--; // CRLF
    const line = yaml.slice(lineStart, end);
    if (line.trim() !== '') {
      const entry = parseLine(line, lineStart);
      if (!entry) return undefined;
      keys.push(entry);
    }
    lineStart = lineEnd + 1;
  }
  return keys;
}

function parseLine(line: string, offset: number): SimpleKey | undefined {
  const key = KEY.exec(line)?.[0];
  // The key ends at the first `:` followed by a space or the end of the line.
  if (!key) return undefined;
  let colon = -1;
  for (let at = line.indexOf(':'); at >= 0 && at <= key.length; at = line.indexOf(':', at + 1)) {
    const next = line.charCodeAt(at + 1);
    if (at + 1 === line.length || next === 32 || next === 9) {
      colon = at;
      break;
    }
  }
  if (colon < 0) return undefined;
  const name = line.slice(0, colon);
  if (name === '__proto__' || /[ \t]$/.test(name)) return undefined;
  let valueStart = colon + 1;
  while (line.charCodeAt(valueStart) === 32 || line.charCodeAt(valueStart) === 9) valueStart++;
  let valueEnd = line.length;
  while (valueEnd > valueStart && (line.charCodeAt(valueEnd - 1) === 32 || line.charCodeAt(valueEnd - 1) === 9)) valueEnd--;
  const raw = line.slice(valueStart, valueEnd);
  const value = scalar(raw);
  if (value === undefined) return undefined;
  return { key: name, keyOffset: offset, keyLength: colon, valueOffset: offset + valueStart, valueLength: valueEnd - valueStart, value };
}

/** The value of a simple scalar, null for an empty one, undefined when it is not simple. */
function scalar(raw: string): string | null | undefined {
  if (raw === '') return null;
  const first = raw.charCodeAt(0);
  if (first === 34) {
    // "...": no escapes, no other quote, nothing after it.
    if (raw.length < 2 || raw.charCodeAt(raw.length - 1) !== 34) return undefined;
    const inner = raw.slice(1, -1);
    return inner.includes('"') || inner.includes('\\') ? undefined : inner;
  }
  if (first === 39) {
    // '...': '' is a quote; nothing after it.
    if (raw.length < 2 || raw.charCodeAt(raw.length - 1) !== 39) return undefined;
    const inner = raw.slice(1, -1);
    if (/'(?!')/.test(inner.replace(/''/g, ''))) return undefined;
    return inner.replace(/''/g, "'");
  }
  if (PLAIN_START.test(raw) || NOT_TEXT.test(raw) || raw.includes(': ') || raw.includes(' #') || raw.includes('\t') || raw.endsWith(':'))
    return undefined;
  return raw;
}
