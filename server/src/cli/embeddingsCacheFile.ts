import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readSync, renameSync, writeFileSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddingsCache } from '../analytics';

/**
 * The vectors `docsmith gaps` has had from an embeddings model, on disk between runs: one file per
 * model in a folder of the user's own (`~/.cache/docsmith/embeddings`, beside the check cache), keyed
 * by the hash of each text (the texts themselves are not kept), so a second run sends only the
 * questions that are new. The file is binary (float32, as the vectors are used: 3,500 vectors of 1,536
 * numbers are 21 MB, not 29 MB of base64 JSON), written 0600 through a temporary file of a random
 * name, and read only from a folder that is the user's own and no link (another user of the machine
 * could otherwise plant vectors, or point the folder elsewhere). What is not used is said, never
 * silently dropped.
 */
export class EmbeddingsCacheFile implements EmbeddingsCache {
  private readonly file: string;
  private readonly vectors = new Map<string, Float32Array>();
  private changed = false;
  /** Why the folder is not used: nothing is read from it or written to it. */
  private readonly refused: string | undefined;

  constructor(
    private readonly folder: string,
    model: string,
    warn: (message: string) => void = () => undefined,
  ) {
    this.file = join(folder, `${createHash('sha256').update(model).digest('hex').slice(0, 16)}.vectors`);
    this.refused = unsafeFolder(folder);
    if (this.refused) {
      warn(`the embeddings cache is not used: ${this.refused}`);
      return;
    }
    const problem = this.read();
    if (problem) warn(`the embeddings cache ${this.file} was not read (${problem}); the vectors are asked for again.`);
  }

  get(key: string): Float32Array | undefined {
    return this.vectors.get(key);
  }

  set(key: string, vector: Float32Array): void {
    this.vectors.set(key, vector);
    this.changed = true;
  }

  /** Writes the file (through a temporary one), if anything was added; a failure is said, not fatal. */
  save(warn: (message: string) => void): void {
    if (!this.changed || this.refused) return;
    try {
      mkdirSync(this.folder, { recursive: true, mode: 0o700 });
      const unsafe = unsafeFolder(this.folder);
      if (unsafe) {
        warn(`the embeddings cache was not written: ${unsafe}`);
        return;
      }
      const temporary = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
      writeFileSync(temporary, encode(this.vectors), { flag: 'wx', mode: 0o600 });
      renameSync(temporary, this.file);
      this.changed = false;
    } catch (error) {
      warn(`the embeddings cache could not be written in ${this.folder} (${error instanceof Error ? error.message : String(error)}).`);
    }
  }

  /** Reads the file when there is one; why it was not used, if it was not. */
  private read(): string | undefined {
    let stat: Stats;
    try {
      stat = lstatSync(this.file);
    } catch {
      return undefined; // none yet
    }
    if (!stat.isFile()) return 'it is not a regular file';
    if (!ownedByUser(stat)) return 'another user owns it';
    if (stat.size > MAX_CACHE_BYTES)
      return `it is ${(stat.size / 1024 / 1024).toFixed(0)} MB, over the ${MAX_CACHE_BYTES / 1024 / 1024} MB Docsmith reads`;
    let bytes: Buffer;
    const descriptor = openSync(this.file, 'r');
    try {
      const size = fstatSync(descriptor).size;
      bytes = Buffer.alloc(Math.min(size, MAX_CACHE_BYTES));
      let at = 0;
      while (at < bytes.length) {
        const read = readSync(descriptor, bytes, at, bytes.length - at, at);
        if (read === 0) break;
        at += read;
      }
    } finally {
      closeSync(descriptor);
    }
    return decode(bytes, this.vectors);
  }
}

/** A cache of 41 million numbers (the most a run keeps) is 164 MB. */
const MAX_CACHE_BYTES = 256 * 1024 * 1024;
const MAGIC = Buffer.from('docsmith-vectors 1\n');

/** Why a folder is not safe to keep vectors in: a link, or another user's (undefined: it is, or it does not exist yet). */
function unsafeFolder(folder: string): string | undefined {
  let stat: Stats;
  try {
    stat = lstatSync(folder);
  } catch {
    return undefined;
  }
  if (stat.isSymbolicLink()) return `${folder} is a symbolic link; Docsmith keeps vectors only in a folder of your own.`;
  if (!stat.isDirectory()) return `${folder} is not a folder.`;
  if (!ownedByUser(stat)) return `${folder} belongs to another user; Docsmith keeps vectors only in a folder of your own.`;
  return undefined;
}

function ownedByUser(stat: Stats): boolean {
  return typeof process.getuid !== 'function' || stat.uid === process.getuid();
}

/** The file: the magic line, then each entry as its key's length (u16), the key, its dimension (u32) and its float32 numbers, little-endian. */
function encode(vectors: ReadonlyMap<string, Float32Array>): Buffer {
  const parts: Buffer[] = [MAGIC];
  for (const [key, vector] of vectors) {
    const name = Buffer.from(key, 'utf8');
    const head = Buffer.alloc(6);
    head.writeUInt16LE(name.length, 0);
    head.writeUInt32LE(vector.length, 2);
    const numbers = Buffer.alloc(vector.length * 4);
    for (let k = 0; k < vector.length; k++) numbers.writeFloatLE(vector[k], k * 4);
    parts.push(head.subarray(0, 2), name, head.subarray(2), numbers);
  }
  return Buffer.concat(parts);
}

/** Fills `into` from the file's bytes; why not, when they are not such a file (then nothing is kept). */
function decode(bytes: Buffer, into: Map<string, Float32Array>): string | undefined {
  if (!bytes.subarray(0, MAGIC.length).equals(MAGIC)) return 'it is not a Docsmith vectors file';
  const found = new Map<string, Float32Array>();
  let at = MAGIC.length;
  while (at < bytes.length) {
    if (at + 2 > bytes.length) return 'it is cut short';
    const nameLength = bytes.readUInt16LE(at);
    at += 2;
    if (at + nameLength + 4 > bytes.length) return 'it is cut short';
    const key = bytes.toString('utf8', at, at + nameLength);
    at += nameLength;
    const dimension = bytes.readUInt32LE(at);
    at += 4;
    if (dimension === 0 || dimension > 8192 || at + dimension * 4 > bytes.length)
      return 'it holds a vector of a size Docsmith does not read';
    const vector = new Float32Array(dimension);
    for (let k = 0; k < dimension; k++) vector[k] = bytes.readFloatLE(at + k * 4);
    at += dimension * 4;
    found.set(key, vector);
  }
  for (const [key, vector] of found) into.set(key, vector);
  return undefined;
}
