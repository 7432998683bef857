import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cachedCheck } from '../helpers/cachedCheck';
import { CORPUS, corpusSites } from '../helpers/corpus';
import { tempDir } from '../helpers/tempDir';

/**
 * The check cache on real sites: after each random edit of the kinds authors make (a heading renamed,
 * a link added, a page deleted or created, a snippet changed, docs.json touched), a run through the
 * cache finds exactly what a run without it finds. DOCSMITH_CACHE_SEED replays one sequence.
 */
const SEED = Number(process.env.DOCSMITH_CACHE_SEED ?? 20261123);
const SITES = Number(process.env.DOCSMITH_CACHE_SITES ?? 4);
const EDITS = 6;

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pageFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((name) => /\.mdx?$/.test(name) && !name.split('/').some((part) => part.startsWith('.') || part === 'node_modules'))
    .sort();
}

type Edit = (dir: string, pick: <T>(list: T[]) => T) => string;

const edits: Edit[] = [
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
    return `renamed the headings of ${file}`;
  },
  (dir, pick) => {
    const file = pick(pageFiles(dir));
    writeFileSync(
      join(dir, file),
      `${readFileSync(join(dir, file), 'utf8')}\n\nSee [there](/${pick(pageFiles(dir)).replace(/\.mdx?$/, '')}#no-such-anchor) and [gone](/gone-page).\n`,
    );
    return `added links to ${file}`;
  },
  (dir, pick) => {
    const file = pick(pageFiles(dir).filter((page) => !/snippets\//.test(page)));
    rmSync(join(dir, file));
    return `deleted ${file}`;
  },
  (dir) => {
    writeFileSync(join(dir, 'gone-page.mdx'), '---\ntitle: Back\n---\n\n## Here\n');
    return 'created gone-page.mdx';
  },
  (dir, pick) => {
    const snippets = pageFiles(dir).filter((page) => /snippets\//.test(page));
    if (!snippets.length) return 'no snippet to change';
    const file = pick(snippets);
    writeFileSync(join(dir, file), readFileSync(join(dir, file), 'utf8').replace(/export const (\w+)/, 'export const $1Renamed'));
    return `changed the exports of ${file}`;
  },
  (dir) => {
    writeFileSync(join(dir, 'docs.json'), `${readFileSync(join(dir, 'docs.json'), 'utf8')}\n`);
    return 'touched docs.json';
  },
];

const sites = corpusSites();
test(
  'a run through the cache finds what a fresh run finds, after each random edit of real sites',
  { skip: sites.length === 0 && `NOT RUN: no corpus at ${CORPUS}` },
  async () => {
    const next = random(SEED);
    const pick = <T>(list: T[]): T => list[Math.floor(next() * list.length)];
    const chosen = new Set<string>();
    while (chosen.size < Math.min(SITES, sites.length)) chosen.add(pick(sites));
    for (const site of chosen) {
      const dir = join(tempDir(), site);
      cpSync(join(CORPUS, site), dir, { recursive: true });
      const cache = join(tempDir(), 'cache.json');
      await cachedCheck(dir, cache);
      const applied: string[] = [];
      for (let i = 0; i < EDITS; i++) {
        applied.push(pick(edits)(dir, pick));
        const cached = await cachedCheck(dir, cache);
        const fresh = await cachedCheck(dir);
        assert.deepEqual(cached.findings, fresh.findings, `${site} (seed ${SEED}) after: ${applied.join('; ')}`);
      }
      const again = await cachedCheck(dir, cache);
      assert.ok(again.reused > 0 || pageFiles(dir).length === 0, `${site}: an unchanged site reuses its pages`);
    }
  },
);
