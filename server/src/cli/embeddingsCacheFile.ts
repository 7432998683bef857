import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeVector, encodeVector, type EmbeddingsCache } from '../analytics';
import { readFileText } from '../fsWorkspace';

/**
 * The vectors `docsmith gaps` has had from an embeddings model, on disk between runs: one file per
 * model in the cache folder, keyed by the hash of each text (the texts themselves are not kept), so a
 * second run sends only the questions that are new. A damaged file is no cache.
 */
export class EmbeddingsCacheFile implements EmbeddingsCache {
  private readonly vectors = new Map<string, string>();
  private readonly file: string;
  private changed = false;

  constructor(
    private readonly folder: string,
    model: string,
  ) {
    this.file = join(folder, `${createHash('sha256').update(model).digest('hex').slice(0, 16)}.json`);
    try {
      const stored = JSON.parse(readFileText(this.file) ?? '{}') as Record<string, unknown>;
      for (const [key, value] of Object.entries(stored)) if (typeof value === 'string') this.vectors.set(key, value);
    } catch {
      // none yet, or damaged: start empty
    }
  }

  get(key: string): Float32Array | undefined {
    const stored = this.vectors.get(key);
    return stored === undefined ? undefined : decodeVector(stored);
  }

  set(key: string, vector: Float32Array): void {
    this.vectors.set(key, encodeVector(vector));
    this.changed = true;
  }

  /** Writes the file (through a temporary one), if anything was added; a failure is said, not fatal. */
  save(warn: (message: string) => void): void {
    if (!this.changed) return;
    try {
      mkdirSync(this.folder, { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(Object.fromEntries(this.vectors)), { flag: 'wx' });
      renameSync(temporary, this.file);
    } catch (error) {
      warn(`the embeddings cache could not be written in ${this.folder} (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
}
