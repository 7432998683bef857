import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { seededRandom } from '../../server/src/mock/conversations';

/** Random edits of a real site on disk, of the kinds authors make (shared by the cache and --changed-since property tests). */
/** A seeded picker, and the sites of a list it picks (the same seed, the same sites and edits). */
export function seededPicks(seed: number): { pick: <T>(list: T[]) => T; sites: (all: string[], count: number) => Set<string> } {
  const next = seededRandom(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)];
  const sites = (all: string[], count: number) => {
    const chosen = new Set<string>();
    while (chosen.size < Math.min(count, all.length)) chosen.add(pick(all));
    return chosen;
  };
  return { pick, sites };
}

export function pageFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => /\.mdx?$/.test(name) && !name.split('/').some((part) => part.startsWith('.') || part === 'node_modules'))
    .sort();
}

/** An edit of a site on disk: what it did, and the files it wrote or deleted (relative paths). */
export type Edit = (dir: string, pick: <T>(list: T[]) => T) => { description: string; changed: string[] };

export const edits: Edit[] = [
  // Rename the headings of a page that another page links into with an anchor, when there is one.
  (dir, pick) => {
    const pages = pageFiles(dir);
    const targets = pages.flatMap((page) =>
      [...readFileSync(join(dir, page), 'utf8').matchAll(/\]\(\/([^)#\s]+)#[^)\s]+\)/g)].map((match) => match[1]),
    );
    const target = targets.length ? pick(targets) : undefined;
    const file = pages.find((page) => target && page.replace(/\.mdx?$/, '') === target) ?? pick(pages);
    const text = readFileSync(join(dir, file), 'utf8');
    writeFileSync(join(dir, file), text.replace(/^(#{2,3} )(.+)$/gm, '$1$2 renamed'));
    return { description: `renamed the headings of ${file}`, changed: [file] };
  },
  (dir, pick) => {
    const file = pick(pageFiles(dir));
    writeFileSync(
      join(dir, file),
      `${readFileSync(join(dir, file), 'utf8')}\n\nSee [there](/${pick(pageFiles(dir)).replace(/\.mdx?$/, '')}#no-such-anchor) and [gone](/gone-page).\n`,
    );
    return { description: `added links to ${file}`, changed: [file] };
  },
  (dir, pick) => {
    const file = pick(pageFiles(dir).filter((page) => !/snippets\//.test(page)));
    rmSync(join(dir, file));
    return { description: `deleted ${file}`, changed: [file] };
  },
  (dir) => {
    writeFileSync(join(dir, 'gone-page.mdx'), '---\ntitle: Back\n---\n\n## Here\n');
    return { description: 'created gone-page.mdx', changed: ['gone-page.mdx'] };
  },
  (dir, pick) => {
    const snippets = pageFiles(dir).filter((page) => /snippets\//.test(page));
    if (!snippets.length) return { description: 'no snippet to change', changed: [] };
    const file = pick(snippets);
    writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace(/export const (\w+)/, 'export const $1Renamed'));
    return { description: `changed the exports of ${file}`, changed: [file] };
  },
  (dir) => {
    writeFileSync(join(dir, 'docs.json'), `${readFileSync(join(dir, 'docs.json'), 'utf8')}\n`);
    return { description: 'touched docs.json', changed: ['docs.json'] };
  },
  // A navigation entry renamed to a page that does not exist (the docs.json rules find something new).
  (dir) => {
    const text = readFileSync(join(dir, 'docs.json'), 'utf8');
    const renamed = text.replace(/("pages"\s*:\s*\[\s*")([^"]+)"/, '$1$2-renamed"');
    if (renamed === text) return { description: 'no page entry to rename', changed: [] };
    writeFileSync(join(dir, 'docs.json'), renamed);
    return { description: 'renamed a page entry of docs.json', changed: ['docs.json'] };
  },
  // An operation taken out of an OpenAPI spec (navigation entries and pages may name it).
  (dir, pick) => {
    const specs = specFiles(dir);
    if (!specs.length) return { description: 'no OpenAPI spec to change', changed: [] };
    const file = pick(specs);
    const json = file.endsWith('.json');
    const spec = (json ? JSON.parse(readFileSync(join(dir, file), 'utf8')) : yaml.load(readFileSync(join(dir, file), 'utf8'))) as {
      paths?: Record<string, unknown>;
    };
    const first = Object.keys(spec.paths ?? {})[0];
    if (first === undefined) return { description: `no operation in ${file}`, changed: [] };
    delete spec.paths![first];
    writeFileSync(join(dir, file), json ? JSON.stringify(spec, null, 2) : yaml.dump(spec));
    return { description: `took ${first} out of ${file}`, changed: [file] };
  },
];

/** The OpenAPI specs of a site on disk (JSON or YAML files with a top-level `openapi` key). */
function specFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => /\.(?:json|ya?ml)$/.test(name) && !name.split('/').some((part) => part.startsWith('.') || part === 'node_modules'))
    .filter((name) => statSync(join(dir, name)).isFile())
    .filter((name) => /^[ \t{]*["']?openapi["']?[ \t]*:/m.test(readFileSync(join(dir, name), 'utf8').slice(0, 2000)))
    .sort();
}
