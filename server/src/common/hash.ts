import { sha256 } from '@noble/hashes/sha256';
import { toBase64 } from './bytes';

/**
 * The SHA-256 of a text's UTF-8 bytes, base64url: the same digest as Node's
 * `createHash('sha256').update(text).digest('base64url')`, without Node (the browser build).
 */
export function sha256Base64Url(text: string): string {
  const base64 = toBase64(sha256(new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
  return base64.endsWith('==') ? base64.slice(0, -2) : base64.endsWith('=') ? base64.slice(0, -1) : base64;
}
