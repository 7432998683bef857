import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryWorkspace } from './memoryWorkspace';

/** A site in memory: its text files as they are, every other file (images, fonts) as an empty placeholder. */
export function memorySite(dir: string): MemoryWorkspace {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]) {
    const path = join(dir, name);
    if (statSync(path).isFile()) files[name] = /\.(?:mdx?|json|ya?ml|jsx?|tsx?|css)$/i.test(name) ? readFileSync(path, 'utf8') : '';
  }
  return new MemoryWorkspace(files);
}
