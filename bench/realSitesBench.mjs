// Real sites in `npm run bench` (issue 41): the largest corpus sites and a crewAI-sized site made of real
// pages (generateRealShapedSite.mjs), each checked cold beside the platform's schema-only validator in
// the same run (alternating, so a busy moment of the machine weighs on both), and every corpus site's
// cold check per 1,000 pages. Without the corpus (a fresh clone) these rows say so and are skipped.
import { existsSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateBrokenLinksSite, generateRejectedSite } from './generateFaultySites.mjs';
import { generateRealShapedSite } from './generateRealShapedSite.mjs';
import { measureLiveHeap, measureOnce } from './measure.mjs';

const here = resolve(import.meta.dirname);
const cli = resolve(here, '../dist/cli.js');
const validator = join(here, 'platformValidator.mjs');
const ROUNDS = 3;

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

function pageCount(dir) {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.mdx?$/i.test(name)).length;
}

/** `docsmith check` and the validator on one site, alternating, ROUNDS rounds after a warm-up of each. */
function sideBySide(dir, extra = []) {
  const check = { ms: [], mb: [] };
  const platform = { ms: [], mb: [] };
  for (let round = 0; round <= ROUNDS; round++)
    for (const [into, args] of [
      [check, [cli, 'check', dir, '--format', 'json', ...extra]],
      [platform, [validator, dir]],
    ]) {
      const one = measureOnce(args);
      if (round === 0) continue;
      into.ms.push(one.ms);
      into.mb.push(one.mb);
    }
  return {
    check: { ms: median(check.ms), mb: Math.max(...check.mb) },
    platform: { ms: median(platform.ms), mb: Math.max(...platform.mb) },
  };
}

/**
 * `--cache` on one site: its first run (which checks every page and writes the cache; 2 runs, for its
 * peak memory), the warm run (nothing changed) beside the validator, alternating, and a fresh clone.
 */
function cacheRows(dir, cacheFile) {
  const args = [cli, 'check', dir, '--format', 'json', '--cache-location', cacheFile];
  const first = [];
  for (let round = 0; round < 2; round++) {
    rmSync(cacheFile, { force: true });
    first.push(measureOnce(args));
  }
  // The cache trusts the times of files older than 2 s: one run after that settles the ones just written.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100);
  measureOnce(args);
  const warm = [];
  const platform = [];
  for (let round = 0; round < ROUNDS; round++) {
    warm.push(measureOnce(args));
    platform.push(measureOnce([validator, dir]));
  }
  // A fresh clone in CI with the cache restored: the same content, every file's times new (each round).
  const clone = [];
  for (let round = 0; round < ROUNDS; round++) {
    const when = new Date(Date.now() - 60_000 * (round + 1));
    for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) utimesSync(join(dir, name), when, when);
    clone.push(measureOnce(args));
  }
  rmSync(cacheFile, { force: true });
  const figure = (list) => ({ ms: median(list.map((one) => one.ms)), mb: Math.max(...list.map((one) => one.mb)) });
  return { first: figure(first), warm: figure(warm), clone: figure(clone), platform: { ms: median(platform.map((one) => one.ms)) } };
}

/** Prints the rows; returns whether every target was met. */
export function runRealSiteBench({ sitesDir, corpus, haveValidator }) {
  if (!existsSync(corpus)) {
    console.log(`\nReal sites: NOT RUN: no corpus at ${corpus} (set DOCSMITH_CORPUS)`);
    return true;
  }
  if (!haveValidator) {
    console.log('\nReal sites: NOT RUN: the platform validator is not installed (node scripts/provision-oracle.mjs)');
    return true;
  }
  let ok = true;
  console.log(`\nReal sites, cold \`docsmith check\` beside the platform's schema-only validator, median of ${ROUNDS} alternating rounds:`);
  console.log('site                                   |  pages | check ms | check MB | validator ms | ratio | per 1,000 pages');
  const row = (name, dir) => {
    const pages = pageCount(dir);
    const { check, platform } = sideBySide(dir);
    const perThousand = (check.ms * 1000) / pages;
    ok &&= check.mb < 300 && check.ms <= 1.5 * platform.ms;
    console.log(
      `${name.padEnd(39)}| ${String(pages).padStart(6)} | ${check.ms.toFixed(0).padStart(8)} | ${check.mb.toFixed(0).padStart(8)} | ${platform.ms.toFixed(0).padStart(12)} | ${(check.ms / platform.ms).toFixed(1).padStart(5)} | ${perThousand.toFixed(0)} ms`,
    );
    return check;
  };
  const shaped = generateRealShapedSite(join(sitesDir, 'real-shaped'), corpus);
  let cacheOk = true;
  if (shaped) {
    row('crewAI-sized, of real corpus pages', shaped);
    const { first, warm, clone, platform } = cacheRows(shaped, join(sitesDir, 'real-shaped-cache.json'));
    cacheOk = first.mb < 300 && warm.ms <= platform.ms;
    console.log(
      `  the same with --cache: first run ${first.ms.toFixed(0)} ms, ${first.mb.toFixed(0)} MB (target under 300 MB); nothing changed ${warm.ms.toFixed(0)} ms, ${warm.mb.toFixed(0)} MB, ${(warm.ms / platform.ms).toFixed(2)}x the validator's ${platform.ms.toFixed(0)} ms (target 1.0x): ${cacheOk ? 'met' : 'MISSED'}; a fresh clone (every file's times new, content hashed) ${clone.ms.toFixed(0)} ms, ${clone.mb.toFixed(0)} MB`,
    );
    // The peak resident memory depends on when the collector runs; what survives a full collection does not.
    const cacheFile = join(sitesDir, 'real-shaped-cache.json');
    const live = measureLiveHeap([cli, 'check', shaped, '--format', 'json']);
    const liveFirst = measureLiveHeap([cli, 'check', shaped, '--format', 'json', '--cache-location', cacheFile]);
    rmSync(cacheFile, { force: true });
    console.log(`  largest heap surviving a full collection: cold ${live.toFixed(0)} MB, the cache's first run ${liveFirst.toFixed(0)} MB`);
  }
  // The same real pages, 15,000 of them under 5 versions x 5 languages (target: under 10 s cold).
  const multi = generateRealShapedSite(join(sitesDir, 'real-shaped-15k'), corpus, { pages: 15000 });
  const multiOk = !multi || row('15,000 listed, 5 versions x 5 languages', multi).ms < 10000;
  const sites = readdirSync(corpus)
    .filter((name) => existsSync(join(corpus, name, 'docs.json')))
    .map((name) => ({ name, dir: join(corpus, name), pages: pageCount(join(corpus, name)) }))
    .sort((a, b) => b.pages - a.pages);
  for (const site of sites.slice(0, 4)) row(site.name, site.dir);
  // Real pages with the faults of two unseen sites, in their numbers (their time per 1,000 pages is
  // shown; the targets are the corpus sites').
  const brokenLinks = generateBrokenLinksSite(join(sitesDir, 'broken-links'), corpus);
  if (brokenLinks) row('2,000 real pages, 16,000 broken links', brokenLinks);
  const rejected = generateRejectedSite(join(sitesDir, 'rejected'), corpus);
  if (rejected) row('1,600 real pages, half with MDX errors', rejected);
  console.log('(targets, issue 41: no slower than 1.5x the validator and under 300 MB: ' + (ok ? 'met' : 'MISSED') + ')');
  if (multi) console.log(`(target, issue 41: the 15,000-page site of languages under 10 s cold: ${multiOk ? 'met' : 'MISSED'})`);
  // Every corpus site once, cold: the slowest per 1,000 pages (target under 1 s).
  let worst = { name: '', perThousand: 0, ms: 0, pages: 0 };
  for (const site of sites) {
    const one = measureOnce([cli, 'check', site.dir, '--format', 'json']);
    const perThousand = (one.ms * 1000) / Math.max(site.pages, 1000);
    if (perThousand > worst.perThousand) worst = { name: site.name, perThousand, ms: one.ms, pages: site.pages };
  }
  const perSiteOk = worst.perThousand < 1000;
  console.log(
    `every corpus site (${sites.length}), cold, per 1,000 pages (a site under 1,000 counted as 1,000): worst ${worst.name}, ${worst.ms.toFixed(0)} ms for ${worst.pages} pages (<1 s per 1,000: ${perSiteOk ? 'met' : 'MISSED'})`,
  );
  return ok && cacheOk && multiOk && perSiteOk;
}
