/**
 * A file's bytes as the language service reads them, for the readers that have no Node (the browser
 * build's client reads with `vscode.workspace.fs`): the same rules as fsWorkspace.ts's `decodeText`,
 * with the web platform's TextDecoder. A NUL byte in the first bytes means a binary file; UTF-8 with
 * bytes that are not UTF-8 turned into U+FFFD (as the platform reads every file); the byte-order mark
 * dropped, except in a `.json` file (the platform's `JSON.parse` refuses it, and the check says so).
 */

/** Larger files are refused with a message rather than read: real docs.json files stay under 3 MB. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** A NUL byte in a file's first bytes means it is binary, not text. */
export const BINARY_SNIFF_BYTES = 8192;
/**
 * Folders never walked, as the platform's file lister skips them; every other folder, dot folders
 * included (`.agent/`), is listed, and the site's ignore rules (`.agents`, `.github`... by default) apply after.
 */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git']);

/** Why a file over the size cap is not read. */
export function tooLargeMessage(name: string, bytes: number, maxBytes = MAX_FILE_BYTES): string {
  return `${name} is ${(bytes / 1024 / 1024).toFixed(1)} MB; Docsmith reads files up to ${maxBytes / 1024 / 1024} MB.`;
}

/** Why a file with a NUL byte in its first bytes is not read. */
export function binaryMessage(name: string): string {
  return `${name} is a binary file, not text.`;
}

export type DecodedFile =
  { text: string; notUtf8?: boolean } | { error: { reason: 'too-large' | 'binary' | 'unreadable'; message: string } };

const lenient = new TextDecoder('utf-8', { ignoreBOM: true });
const strict = new TextDecoder('utf-8', { ignoreBOM: true, fatal: true });

/** The text of a file named `name` (its last path segment), or why it is not used as text. */
export function decodeFileBytes(bytes: Uint8Array, name: string, maxBytes = MAX_FILE_BYTES): DecodedFile {
  if (bytes.length > maxBytes) return { error: { reason: 'too-large', message: tooLargeMessage(name, bytes.length, maxBytes) } };
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { error: { reason: 'binary', message: binaryMessage(name) } };
  const text = lenient.decode(bytes);
  const read = text.charCodeAt(0) === 0xfeff && !name.endsWith('.json') ? text.slice(1) : text;
  if (!read.includes('\uFFFD')) return { text: read };
  let notUtf8 = false;
  try {
    strict.decode(bytes);
  } catch {
    notUtf8 = true;
  }
  return notUtf8 ? { text: read, notUtf8 } : { text: read };
}
