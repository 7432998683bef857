// Two sites of real corpus pages with the faults unseen real sites had in numbers (issue 41): one of
// 2,000 pages with about 16,000 broken links (a site measured at 12.9 s had 15,000 on 1,950 files),
// and one of 1,600 pages half of which the MDX parser rejects (a site of 1,578 files had 789). Each
// page keeps its own text; the broken links are of the kinds real sites hold (a page renamed, a
// typo, a folder moved, a removed section, an anchor on a missing page, a relative link resolved
// from the wrong folder), the MDX faults the ones the corpus shows (`a < b` in prose, an unclosed
// `{`, a void HTML tag, a closing tag that closes nothing). Written once per corpus (`.generated`).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const GENERATOR_VERSION = '1';
const FOLDERS = 40;

/** Real pages of the corpus, in a fixed order: .mdx pages of 500 to 20,000 characters, front matter kept. */
function realPages(corpus, count) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= count) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.mdx')) {
        const text = readFileSync(path, 'utf8');
        if (text.length >= 500 && text.length <= 20000) found.push(text);
      }
    }
  };
  for (const site of readdirSync(corpus).sort()) {
    if (found.length >= count) break;
    if (statSync(join(corpus, site)).isDirectory() && existsSync(join(corpus, site, 'docs.json'))) walk(join(corpus, site));
  }
  return found;
}

function writeSite(dir, corpus, count, stampExtra, page) {
  const marker = join(dir, '.generated');
  const stamp = `${GENERATOR_VERSION} ${corpus} ${count} ${stampExtra}`;
  if (existsSync(marker) && readFileSync(marker, 'utf8') === stamp) return dir;
  const texts = realPages(corpus, count);
  if (texts.length < count) return undefined;
  rmSync(dir, { recursive: true, force: true });
  const ids = texts.map((_, index) => `section-${index % FOLDERS}/page-${index}`);
  for (let folder = 0; folder < FOLDERS; folder++) mkdirSync(join(dir, `section-${folder}`), { recursive: true });
  texts.forEach((text, index) => writeFileSync(join(dir, `${ids[index]}.mdx`), page(text, index, ids)));
  const groups = Array.from({ length: FOLDERS }, (_, folder) => ({
    group: `Section ${folder}`,
    pages: ids.filter((id) => id.startsWith(`section-${folder}/`)),
  }));
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Faulty',
    colors: { primary: '#EB6658' },
    navigation: { groups },
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(marker, stamp);
  return dir;
}

/** 2,000 real pages, each with 8 broken links of the kinds real sites hold. */
export function generateBrokenLinksSite(dir, corpus) {
  if (!existsSync(corpus)) return undefined;
  return writeSite(dir, corpus, 2000, 'links', (text, index, ids) => {
    const links = [];
    for (let k = 0; k < 8; k++) {
      const other = (index * 7 + k * 13) % ids.length;
      const [folder, name] = ids[other].split('/');
      const target = [
        `/${folder}/${name}-old`,
        `/${folder}/${name.replace('page', 'pgae')}`,
        `/guides/${folder}/${name}`,
        `/${folder}/${name}x#overview`,
        `/docs/v2/${name}`,
        `${folder}/${name}`,
        `/api-reference/${other}/endpoint`,
        `/${folder}/${name.replace('page', 'Page')}`,
      ][k];
      links.push(`- See [${name}](${target}) for details.`);
    }
    return `${text}\n\n## Related\n\n${links.join('\n')}\n`;
  });
}

/** 1,600 real pages, every other one with an MDX fault placed after its first blank line past the middle. */
export function generateRejectedSite(dir, corpus) {
  if (!existsSync(corpus)) return undefined;
  const faults = [
    'When the queue holds < 10 items it is drained at once.',
    'The value {count is read when the page loads.',
    'One line<br>and the next.',
    'This paragraph ends </div> here.',
  ];
  return writeSite(dir, corpus, 1600, 'rejected', (text, index) => {
    if (index % 2 === 0) return text;
    const at = text.indexOf('\n\n', Math.floor(text.length / 2));
    const fault = `\n\n${faults[(index >> 1) % faults.length]}\n\n`;
    return at < 0 ? `${text}${fault}` : `${text.slice(0, at)}${fault}${text.slice(at + 2)}`;
  });
}

if (process.argv[1] === import.meta.filename) {
  const [target, corpus] = process.argv.slice(2);
  console.log(generateBrokenLinksSite(join(target, 'broken-links'), corpus) ?? `no corpus at ${corpus}`);
  console.log(generateRejectedSite(join(target, 'rejected'), corpus) ?? `no corpus at ${corpus}`);
}
