/**
 * String helpers, each one linear scan. Most are what regexes would do in quadratic time on hostile
 * input (`/\/+$/` on a long run of `/` followed by another character backtracks from every position).
 */

/** `text` without the characters of `chars` at its end. */
export function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** A number written plainly (`2`, `0.25`, `.5`: digits and a decimal point, nothing else), or undefined. */
export function plainNumber(text: string): number | undefined {
  return /^(?:\d+(?:\.\d+)?|\.\d+)$/.test(text) ? Number(text) : undefined;
}

/**
 * `relative` (`../a/./b`) read from `folder` (`x/y`), as a path without a leading `/`: empty and `.`
 * segments dropped, `..` taking one off (never above the start).
 */
export function resolvePath(folder: string, relative: string): string {
  const parts = folder === '' ? [] : folder.split('/');
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}

/** A path without its leading and trailing `/`. */
export function trimSlashes(path: string): string {
  return trimEndOf(trimStartOf(path, '/'), '/');
}

/** `text` without the characters of `chars` at its start. */
export function trimStartOf(text: string, chars: string): string {
  let start = 0;
  while (start < text.length && chars.includes(text[start])) start++;
  return start === 0 ? text : text.slice(start);
}

/** `text` up to (not including) the first character of `chars`, or all of it. */
export function beforeAny(text: string, chars: string): string {
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i])) return text.slice(0, i);
  return text;
}

/** A URL or path without its query and fragment. */
export function withoutQueryOrFragment(url: string): string {
  return beforeAny(url, '?#');
}

const SPACES = ' \t';
const WHITESPACE = ' \t\n\r\f\v';

/** Trailing spaces and tabs removed. */
export function trimEndSpaces(text: string): string {
  return trimEndOf(text, SPACES);
}

/** Trailing whitespace (spaces, tabs, line ends) removed. */
export function trimEndWhitespace(text: string): string {
  return trimEndOf(text, WHITESPACE);
}

/** A value as a message quotes it: JSON, cut to `max` characters (a hostile value may be megabytes). */
export function quote(value: unknown, max = 120): string {
  const text = typeof value === 'string' && value.length > max ? `${JSON.stringify(value.slice(0, max))}…` : JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > max + 3 ? `${text.slice(0, max)}…` : text;
}

/**
 * A copy of `text` that keeps no larger string alive. A slice of a page's text may share its memory
 * (V8's sliced strings, from 13 characters): a value kept after the page is done (an anchor, a
 * deferred check's message) would keep the whole page. A short slice is a copy already; a longer one
 * is joined from two parts and read, which makes V8 flatten the join into a string of its own (the
 * join's shell is dropped by the next collection). Appending a space and slicing it off, as this
 * did, kept each copy as a slice of a new string: about 30 bytes more per string, 10 MB on a
 * crewAI-sized site's anchors.
 */
export function detached(text: string): string {
  if (text.length < 13) return text.slice();
  const joined = text.slice(0, 1) + text.slice(1);
  joined.charCodeAt(1);
  return joined;
}

// eslint-disable-next-line no-control-regex
const BREAKS_AND_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * Text from outside (a reader's question) as one plain line: line breaks, control characters and
 * bidirectional overrides become spaces, runs of spaces one, trimmed.
 */
export function oneLine(text: string): string {
  return text.replace(BREAKS_AND_CONTROLS, ' ').replace(/ {2,}/g, ' ').trim();
}

/** FNV-1a, 32 bits (as a signed integer), over the UTF-16 code units of `text` from `start` to `end`. */
export function fnv1a(text: string, start = 0, end = text.length): number {
  let hash = 0x811c9dc5;
  for (let at = start; at < end; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193);
  return hash;
}

/** Whether `uri` (as sent, of any type) is one of the folders' URIs or inside one of them. */
export function insideFolders(folders: readonly string[], uri: unknown): boolean {
  return (
    typeof uri === 'string' && folders.some((folder) => uri === folder || uri.startsWith(folder.endsWith('/') ? folder : `${folder}/`))
  );
}
