import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The real sites live beside the clone (`../shared/corpus/real`), or where DOCSMITH_CORPUS says. */
export const CORPUS = process.env.DOCSMITH_CORPUS ?? resolve(__dirname, '../../../shared/corpus/real');

/** The corpus sites (folders holding docs.json), sorted; none when the corpus is absent. */
export function corpusSites(): string[] {
  return existsSync(CORPUS)
    ? readdirSync(CORPUS)
        .filter((name) => existsSync(join(CORPUS, name, 'docs.json')))
        .sort()
    : [];
}
