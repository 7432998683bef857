// How many pages of each corpus site the body scanner cannot vouch for, so that they go to the MDX
// reference parser, and why (issue 41 item 5: under 5% of the corpus's pages). Usage:
// node --import tsx bench/referenceFallbacks.ts [CORPUS]; prints the total, the sites with the most, and the reasons.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFrontMatter } from '../server/src/service/frontMatter/parseFrontMatter';
import { scanBody } from '../server/src/service/mdx/bodyScanner';

const corpus = process.argv[2] ?? process.env.DOCSMITH_CORPUS ?? resolve(import.meta.dirname, '../../shared/corpus/real');

function pagesOf(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === '.git') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...pagesOf(path));
    else if (/\.mdx?$/i.test(entry.name) && statSync(path).isFile()) found.push(path);
  }
  return found;
}

const sites = existsSync(corpus) ? readdirSync(corpus).filter((name) => existsSync(join(corpus, name, 'docs.json'))) : [];
if (sites.length === 0) {
  console.log(`Reference-parser fallbacks: NOT RUN: no corpus at ${corpus} (set DOCSMITH_CORPUS)`);
  process.exit(0);
}
let pages = 0;
let unsure = 0;
const bySite: [string, number, number][] = [];
const reasons = new Map<string, number>();
for (const site of sites) {
  let siteUnsure = 0;
  const files = pagesOf(join(corpus, site));
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const scan = scanBody(text, parseFrontMatter(text).bodyOffset);
    if (!scan.uncertain) continue;
    siteUnsure++;
    // The reason without the element's name: `<section> is not closed...` and `<p> is not closed...` are one kind.
    const reason = scan.uncertain.reason.replace(/^<[^>]*>/, '<X>');
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  pages += files.length;
  unsure += siteUnsure;
  bySite.push([site, siteUnsure, files.length]);
}
console.log(
  `\nPages the scanner cannot vouch for (they go to the MDX reference parser): ${unsure} of ${pages} (${((100 * unsure) / pages).toFixed(2)}%, target under 5%), on ${bySite.filter(([, n]) => n > 0).length} of ${sites.length} sites`,
);
for (const [site, n, total] of bySite.sort((a, b) => b[1] - a[1]).slice(0, 5))
  if (n) console.log(`  ${String(n).padStart(5)} of ${total}  ${site}`);
console.log('  why:');
for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`  ${String(n).padStart(5)}  ${reason}`);
