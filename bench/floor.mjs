// The floor: what any checker must do at least. Parse docs.json, then stat and read every page it lists.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = process.argv[2];
const docs = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
const pages = [];
const walk = (node) => {
  if (Array.isArray(node)) return node.forEach(walk);
  if (typeof node === 'string') return pages.push(node);
  if (node && typeof node === 'object') for (const value of Object.values(node)) if (typeof value === 'object') walk(value);
};
walk(docs.navigation);
let bytes = 0;
for (const page of pages) {
  for (const ext of ['.mdx', '.md']) {
    try {
      statSync(join(root, page + ext));
      bytes += readFileSync(join(root, page + ext)).length;
      break;
    } catch {}
  }
}
console.log(`${pages.length} entries, ${bytes} bytes`);
