import { promises as fs } from 'node:fs';
import { join } from 'node:path';

const MAX_DEPTH = 6;

/**
 * The docs roots in or below `dir`: `dir` itself when it holds docs.json, else every folder below it
 * that does (monorepos: `apps/docs/docs.json`), without descending into a docs root, `node_modules`
 * or dot folders. Symlinked folders are not followed here, so a loop cannot trap the search.
 */
export async function findDocsRoots(dir: string): Promise<string[]> {
  const roots: string[] = [];
  const visit = async (folder: string, depth: number): Promise<void> => {
    let entries;
    try {
      entries = await fs.readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    if (entries.some((entry) => entry.name === 'docs.json' && !entry.isDirectory())) {
      roots.push(folder);
      return;
    }
    if (depth >= MAX_DEPTH) return;
    const subfolders = entries.filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules');
    await Promise.all(subfolders.map((entry) => visit(join(folder, entry.name), depth + 1)));
  };
  await visit(dir, 0);
  return roots.sort();
}
