/**
 * Bytes to text and base64, with Node's Buffer where there is one (the CLI, the node server: fast,
 * native) and the web platform's own functions where there is none (the browser build), giving the
 * same results.
 */
const NodeBuffer = (globalThis as { Buffer?: typeof Buffer }).Buffer;
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The UTF-8 text of the first `total` bytes of `chunks` (a byte-order mark kept, bytes that are not UTF-8 read as U+FFFD). */
export function utf8Text(chunks: readonly Uint8Array[], total: number): string {
  return NodeBuffer ? NodeBuffer.concat(chunks, total).toString('utf8') : web.utf8Text(chunks, total);
}

/** Bytes as base64. */
export function toBase64(bytes: Uint8Array): string {
  return NodeBuffer ? NodeBuffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') : web.toBase64(bytes);
}

/** The bytes of base64 text. */
export function fromBase64(text: string): Uint8Array {
  return NodeBuffer ? NodeBuffer.from(text, 'base64') : web.fromBase64(text);
}

/** The browser's way, exported for the test that holds it equal to Buffer's. */
export const web = { utf8Text: webUtf8Text, toBase64: webToBase64, fromBase64: webFromBase64 };

function webUtf8Text(chunks: readonly Uint8Array[], total: number): string {
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    if (at >= total) break;
    const part = chunk.subarray(0, total - at);
    bytes.set(part, at);
    at += part.length;
  }
  return utf8.decode(bytes);
}

function webToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Empty when the text is not base64 (Buffer skips what is not). */
function webFromBase64(text: string): Uint8Array {
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return new Uint8Array(0);
  }
}
