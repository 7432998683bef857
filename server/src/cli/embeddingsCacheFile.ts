import { createHash } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VectorStore } from '../analytics';
import { readFileText } from '../fsWorkspace';

/**
 * The vectors `docsmith gaps` has had from an embeddings model, on disk between runs: one file per
 * model in the cache folder, keyed by the hash of each text (the texts themselves are not kept), so a
 * second run sends only the questions that are new. A damaged file is no cache.
 */
export class EmbeddingsCacheFile extends VectorStore {
  private readonly file: string;

  constructor(
    private readonly folder: string,
    model: string,
  ) {
    const file = join(folder, `${createHash('sha256').update(model).digest('hex').slice(0, 16)}.json`);
    let stored: string | undefined;
    try {
      stored = readFileText(file);
    } catch {
      // unreadable: no cache
    }
    super(stored);
    this.file = file;
  }

  /** Writes the file (through a temporary one), if anything was added; a failure is said, not fatal. */
  save(warn: (message: string) => void): void {
    if (!this.changed) return;
    try {
      mkdirSync(this.folder, { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      writeFileSync(temporary, this.serialise(), { flag: 'wx' });
      renameSync(temporary, this.file);
      this.changed = false;
    } catch (error) {
      warn(`the embeddings cache could not be written in ${this.folder} (${error instanceof Error ? error.message : String(error)}).`);
    }
  }
}
