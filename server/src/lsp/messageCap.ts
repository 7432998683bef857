import { Transform, type TransformCallback } from 'node:stream';
import { oversizeMessageRequest } from './protocol';
import { megabytes } from '../common/plural';

/**
 * The largest LSP message the server reads over stdio. A docs.json is read up to 20 MB and opened
 * documents travel JSON-escaped, so 128 MB leaves room; beyond it a client (or an attacker) would
 * make the server buffer gigabytes and stop answering. DOCSMITH_MAX_MESSAGE_BYTES changes it (tests).
 */
export function maxMessageBytes(): number {
  const configured = Number(process.env.DOCSMITH_MAX_MESSAGE_BYTES);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_MAX_MESSAGE_BYTES;
}

/** The request the server answers with an error in place of a message it refused. */
export const OVERSIZE_METHOD = oversizeMessageRequest.method;

/** The largest message read by default: 128 MB. */
export const DEFAULT_MAX_MESSAGE_BYTES = 128 * 1024 * 1024;
/** A header longer than this is no LSP header: the stream is not what it claims to be. */
const MAX_HEADER_BYTES = 8192;

/** How much of a refused message is looked at for its `id`: clients write it before `params`. */
const ID_WINDOW = 4096;

/**
 * Passes LSP messages (a `Content-Length` header, then the body) through, but drops a body over
 * `max` bytes as it streams by, never buffering it. In its place it passes a small request with the
 * same `id` (found in the body's first bytes), so the server answers that id with an error and goes
 * on; a message without an id is dropped with a line on stderr.
 */
export class MessageCap extends Transform {
  private header = Buffer.alloc(0);
  /** Bytes of body still to pass through (a kept message) or to drop (a refused one). */
  private remaining = 0;
  private dropping = false;
  private dropped = 0;
  private idWindow = '';

  constructor(
    private readonly max: number,
    private readonly log: (message: string) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.remaining > 0) {
        const take = Math.min(this.remaining, chunk.length - at);
        if (this.dropping) {
          if (this.idWindow.length < ID_WINDOW)
            this.idWindow += chunk.subarray(at, at + Math.min(take, ID_WINDOW - this.idWindow.length)).toString('utf8');
        } else {
          this.push(chunk.subarray(at, at + take));
        }
        this.remaining -= take;
        at += take;
        if (this.remaining === 0 && this.dropping) this.finishDropping();
        continue;
      }
      // Reading a header: up to the blank line (which may straddle two chunks).
      const joined = this.header.length ? Buffer.concat([this.header, chunk.subarray(at)]) : chunk.subarray(at);
      const end = joined.indexOf('\r\n\r\n');
      if (end < 0) {
        if (joined.length > MAX_HEADER_BYTES) {
          // Not LSP framing: dropped, never buffered or handed on (40 MB of header cost 25 s of CPU
          // in the protocol layer); what follows the next blank line is read as a message again.
          if (!this.refused)
            this.log(
              `docsmith: dropped input that is no LSP header (no blank line within ${MAX_HEADER_BYTES} bytes); reading on from the next header.`,
            );
          this.refused = true;
          this.header = Buffer.from(joined.subarray(joined.length - 3));
        } else this.header = Buffer.from(joined);
        break;
      }
      const header = joined.subarray(0, end + 4);
      at += end + 4 - this.header.length;
      this.header = Buffer.alloc(0);
      this.refused = false;
      const declared = /content-length:[ \t]*(\d+)[ \t]*\r?$/im.exec(header.toString('ascii'))?.[1];
      const length = declared === undefined ? NaN : Number(declared);
      if (!Number.isSafeInteger(length)) {
        // A negative, non-numeric or missing length: the body cannot be found, so the header is
        // dropped (and said so); the protocol layer would wait for it forever.
        this.log('docsmith: dropped a message header without a valid Content-Length; reading on from the next header.');
        continue;
      }
      this.remaining = length;
      this.dropping = length > this.max;
      if (this.dropping) {
        this.dropped = length;
        this.idWindow = '';
      } else {
        this.push(header);
      }
      if (length === 0 && this.dropping) this.finishDropping();
    }
    done();
  }

  /** Input with no header in it is being dropped: said once for each stretch of it. */
  private refused = false;

  private finishDropping(): void {
    this.dropping = false;
    const id = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")/.exec(this.idWindow)?.[1];
    this.log(
      `docsmith: dropped a message of ${megabytes(this.dropped)}, over the ${megabytes(this.max)} the server reads${id ? `; answering request ${id} with an error` : ''}.`,
    );
    if (id === undefined) return;
    const body = Buffer.from(
      JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(id), method: OVERSIZE_METHOD, params: { bytes: this.dropped, max: this.max } }),
      'utf8',
    );
    this.push(Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'));
    this.push(body);
  }
}

export { megabytes };
