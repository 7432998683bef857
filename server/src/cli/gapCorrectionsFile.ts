import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { NO_CORRECTIONS, readCorrections, type ClusterCorrections } from '../analytics';
import { parseLocalJson, readLocalFile } from './localFiles';

/** A triage file of thousands of corrections is a few MB. */
const MAX_GAPS_FILE_BYTES = 16 * 1024 * 1024;

/**
 * The file the Docs Gaps view keeps its triage and corrections in, shared through the repository:
 * `.docsmith/gaps.json` of the docs folder or of the nearest folder above it that has one, up to the
 * repository's root (the folder holding `.git`).
 */
export function findGapsFile(docs: string): string | undefined {
  for (let folder = resolve(docs); ; folder = dirname(folder)) {
    const file = join(folder, '.docsmith', 'gaps.json');
    if (existsSync(file)) return file;
    if (existsSync(join(folder, '.git')) || dirname(folder) === folder) return undefined;
  }
}

/** The corrections `docsmith gaps` honours: none when there is no file; a file it cannot read is said, not fatal. */
export function loadCorrections(docs: string, warn: (message: string) => void): ClusterCorrections {
  const file = findGapsFile(docs);
  if (!file) return NO_CORRECTIONS;
  const shown = relative(process.cwd(), file) || file;
  try {
    // As guarded as .docsmithrc.json: a regular file, no link out of the folder that holds it, and a
    // parse error that says where, never what the file holds (a committed link to a token file).
    const text = readLocalFile(file, 'gaps file', MAX_GAPS_FILE_BYTES, dirname(dirname(file)));
    if (text === undefined) throw new Error('it is not a readable text file');
    return readCorrections((parseLocalJson(text, shown, 'gaps file') as { corrections?: unknown } | null)?.corrections);
  } catch (error) {
    warn(
      `${shown} could not be read (${error instanceof Error ? error.message : String(error)}); the clusters are made without its corrections.`,
    );
    return NO_CORRECTIONS;
  }
}
