/**
 * Text from outside (a server's error body, a conversation's question, a page name, a message that
 * quotes a file) neutralised before it reaches a terminal: control characters (ESC sequences that
 * could rewrite the screen or set the window title, BEL, NUL, a bare CR that overwrites a line),
 * C1 controls, and the bidirectional overrides that reorder what is shown (U+202E) are written as
 * visible escapes such as `\x1b` or `\u202e`. Line breaks are kept only where `multiline` is set.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_OR_NEWLINE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function printable(text: string, multiline = false): string {
  return text.replace(multiline ? UNSAFE : UNSAFE_OR_NEWLINE, (char) => {
    const code = char.charCodeAt(0);
    if (char === '\n') return '\\n';
    if (char === '\r') return '\\r';
    if (char === '\t') return multiline ? '\t' : '\\t';
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
