// npm run bench: cold `docsmith check` processes on synthetic sites, beside the floor (parse docs.json,
// stat and read every page). Median wall time of 5 runs and peak memory. Targets are printed, not asserted.
import { spawnSync } from 'node:child_process';
import { resolve, join } from 'node:path';
import { generateSite } from './generateSite.mjs';
import { generateCrewSite } from './generateCrewSite.mjs';
import { reportEditorBench, reportWebBench } from './editorBench.mjs';
import { runExportBench } from './exportBench.mjs';
import { measure, measureOnce, RUNS } from './measure.mjs';
import { runRealSiteBench } from './realSitesBench.mjs';

const here = resolve(import.meta.dirname);
const sitesDir = join(here, '.sites');
const cli = resolve(here, '../dist/cli.js');

const cases = [
  { name: '2,000 pages', pages: 2000, target: { ms: 500, ratio: 2.5 } },
  { name: '10,000 pages', pages: 10000, target: { ms: 1500 } },
  { name: '10,000, 1/3 API', pages: 10000, endpointShare: 1 / 3, target: { ms: 1500 } },
];

console.log(
  `docsmith check, cold process, median of ${RUNS} runs (Node ${process.version}, ${(await import('node:os')).cpus().length} cores)\n`,
);
console.log('site            | check ms | check MB | floor ms | floor MB | ratio | target');
console.log('----------------|----------|----------|----------|----------|-------|-------');
let failed = false;
for (const c of cases) {
  const dir = generateSite(join(sitesDir, `pages-${c.pages}${c.endpointShare ? '-api' : ''}`), {
    pages: c.pages,
    operations: 1000,
    endpointShare: c.endpointShare,
  });
  const check = measure([cli, 'check', dir, '--format', 'json']);
  const floor = measure([join(here, 'floor.mjs'), dir]);
  const ratio = check.median / floor.median;
  const okTime = check.median <= c.target.ms;
  const okRatio = c.target.ratio === undefined || ratio <= c.target.ratio;
  failed ||= !okTime || !okRatio;
  const target = `<${c.target.ms} ms${c.target.ratio ? `, <${c.target.ratio}x floor` : ''}: ${okTime && okRatio ? 'met' : 'MISSED'}`;
  console.log(
    `${c.name.padEnd(16)}| ${check.median.toFixed(0).padStart(8)} | ${check.peak.toFixed(0).padStart(8)} | ${floor.median.toFixed(0).padStart(8)} | ${floor.peak.toFixed(0).padStart(8)} | ${ratio.toFixed(2).padStart(5)} | ${target}`,
  );
}

// crewAI's scale: 25,000 pages of about 9 KB, versions x languages, a 2 MB docs.json, side by side with
// the platform's schema-only validator process (from .oracle/, installed for the differential tests).
// `docsmith check` four ways: without the cache (cold), its first run with --cache (which writes the
// cache), a warm run with the cache (nothing changed since), and a run after every page's times changed
// with the content unchanged (a fresh clone in CI with the cache restored: every page hashed again).
{
  const { existsSync, rmSync, statSync, utimesSync, readdirSync } = await import('node:fs');
  const dir = generateCrewSite(join(sitesDir, 'crew'));
  const cacheFile = join(sitesDir, 'crew-cache.json');
  const validator = join(here, 'platformValidator.mjs');
  const haveValidator = existsSync(resolve(here, '../.oracle/node_modules/@mintlify/validation/package.json'));
  const cached = [cli, 'check', dir, '--format', 'json', '--cache-location', cacheFile];
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  // Alternate the runs, so a busy moment of the machine weighs on all of them.
  const check = { times: [], rss: [] };
  const first = { times: [], rss: [] };
  const warm = { times: [], rss: [] };
  const platform = { times: [], rss: [] };
  const record = (target, one) => {
    target.times.push(one.ms);
    target.rss.push(one.mb);
  };
  for (let i = 0; i < RUNS + 1; i++) {
    const runs = [[check, [cli, 'check', dir, '--format', 'json']], ...(haveValidator ? [[platform, [validator, dir]]] : [])];
    for (const [target, args] of runs) {
      const one = measureOnce(args);
      if (i > 0) record(target, one);
    }
    if (i === 0 || i > 2) continue; // the cached runs are slower to set up: two rounds of them
    rmSync(cacheFile, { force: true });
    record(first, measureOnce(cached));
    await new Promise((done) => setTimeout(done, 2100)); // the cache trusts file times older than 2 s
    measureOnce(cached);
    record(warm, measureOnce(cached));
  }
  // A fresh clone: the same content, every page's times new.
  const when = new Date(Date.now() - 60_000);
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (name.endsWith('.mdx')) utimesSync(join(dir, name), when, when);
  }
  const clone = measureOnce(cached);
  rmSync(cacheFile, { force: true });
  const mb = (statSync(join(dir, 'docs.json')).size / 1e6).toFixed(1);
  const figure = (m) => `${median(m.times).toFixed(0)} ms, ${Math.max(...m.rss).toFixed(0)} MB`;
  console.log(`\ncrewAI-shaped site: 25,000 pages of 9 KB, ${mb} MB docs.json (versions x languages), median of ${RUNS} (cached: of 2)`);
  console.log(`docsmith check, no cache (cold):          ${figure(check)}`);
  console.log(`docsmith check --cache, first run:        ${figure(first)} (checks every page and writes the cache)`);
  console.log(`docsmith check --cache, nothing changed:  ${figure(warm)}`);
  console.log(
    `docsmith check --cache, fresh clone:      ${clone.ms.toFixed(0)} ms, ${clone.mb.toFixed(0)} MB (every page's times new: content hashed)`,
  );
  if (haveValidator) {
    const platformMs = median(platform.times);
    const warmMs = median(warm.times);
    const coldMs = median(check.times);
    const ok = warmMs <= platformMs && Math.max(...warm.rss, ...check.rss) < 400;
    failed ||= !ok;
    console.log(
      `platform validator (schema only): ${figure(platform)}; ratio warm ${(warmMs / platformMs).toFixed(2)}, cold ${(coldMs / platformMs).toFixed(2)} (target: warm no slower than the validator, under 400 MB: ${ok ? 'met' : 'MISSED'}; cold ${coldMs <= platformMs ? 'met too' : 'slower, see README'})`,
    );
  } else {
    console.log('platform validator NOT RUN: it is not installed (node scripts/provision-oracle.mjs)');
  }
}

// Real sites beside the validator: the largest corpus sites and a crewAI-sized site of real pages.
{
  const { existsSync } = await import('node:fs');
  const corpus = process.env.DOCSMITH_CORPUS ?? resolve(here, '../../shared/corpus/real');
  const haveValidator = existsSync(resolve(here, '../.oracle/node_modules/@mintlify/validation/package.json'));
  failed = !runRealSiteBench({ sitesDir, corpus, haveValidator }) || failed;
}

// The corpus pages that need the MDX reference parser, and why (the scanner vouches for the rest).
{
  const fallbacks = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'referenceFallbacks.ts')], { encoding: 'utf8' });
  process.stdout.write(fallbacks.stdout || fallbacks.stderr);
}

// Page bodies on a real site: `docsmith check` (links, anchors, snippets, redirects, MDX syntax and
// components on every page) cold (the file system cache dropped, where the machine lets us) and warm,
// next to the platform's link checker (@mintlify/link-rot, from .oracle/) on the same site.
{
  const { existsSync, writeFileSync, rmSync } = await import('node:fs');
  const corpus = process.env.DOCSMITH_CORPUS ?? resolve(here, '../../shared/corpus/real');
  // The largest of the vendored sites when the full corpus is absent (a fresh clone).
  const site = [join(corpus, 'getlago__lago-doc'), join(corpus, 'axiomhq__docs'), resolve(here, '../test/corpus/sites/lmnr-ai__docs')].find(
    (dir) => existsSync(join(dir, 'docs.json')),
  );
  const linkRot = resolve(here, '../test/helpers/linkRotWorker.mjs');
  if (!site) console.log(`\nReal-site links: NOT RUN: no corpus at ${corpus} (set DOCSMITH_CORPUS)`);
  else {
    const dropCaches = () => {
      try {
        spawnSync('sync');
        writeFileSync('/proc/sys/vm/drop_caches', '3');
        return true;
      } catch {
        return false;
      }
    };
    const dropped = dropCaches();
    const cold = measureOnce([cli, 'check', site, '--format', 'json']);
    const warm = measure([cli, 'check', site, '--format', 'json']);
    // With --cache, once the cache is written (its second run onwards: nothing changed).
    const siteCache = join(sitesDir, 'real-site-cache.json');
    rmSync(siteCache, { force: true });
    measureOnce([cli, 'check', site, '--format', 'json', '--cache-location', siteCache]);
    const cachedRun = measure([cli, 'check', site, '--format', 'json', '--cache-location', siteCache]);
    rmSync(siteCache, { force: true });
    const haveLinkRot = existsSync(resolve(here, '../.oracle/node_modules/@mintlify/link-rot/package.json'));
    const platform = haveLinkRot ? measureOnce([linkRot, site]) : undefined;
    console.log(
      `\nPage bodies on a real site (${site.split('/').pop()}), links, anchors, snippets, redirects, syntax and components on every page:`,
    );
    console.log(
      `docsmith check: cold ${cold.ms.toFixed(0)} ms${dropped ? ' (file system cache dropped)' : ' (first run; the file system cache could not be dropped)'}, warm ${warm.median.toFixed(0)} ms (median of ${RUNS}), ${warm.peak.toFixed(0)} MB peak; with --cache, nothing changed: ${cachedRun.median.toFixed(0)} ms, ${cachedRun.peak.toFixed(0)} MB`,
    );
    console.log(
      platform
        ? `@mintlify/link-rot (mint broken-links --check-anchors --check-snippets): ${platform.ms.toFixed(0)} ms, ${platform.mb.toFixed(0)} MB peak; docsmith is ${(platform.ms / warm.median).toFixed(0)}x faster warm`
        : '@mintlify/link-rot: NOT RUN: it is not installed (node scripts/provision-oracle.mjs)',
    );
  }
}

// Hostile sizes: a 1 MB docs.json and a page with a 100,000-character line (issue 7), under 1 s.
{
  const { mkdirSync, writeFileSync, existsSync } = await import('node:fs');
  const dir = join(sitesDir, 'hostile');
  if (!existsSync(join(dir, 'docs.json'))) {
    mkdirSync(dir, { recursive: true });
    const pages = Array.from({ length: 25000 }, (_, i) => `guides/section-${i % 50}/page-${i}`);
    writeFileSync(
      join(dir, 'docs.json'),
      JSON.stringify(
        { theme: 'mint', name: 'x', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages }] } },
        null,
        2,
      ),
    );
    writeFileSync(
      join(dir, 'long.mdx'),
      `---\ntitle: Long\napi: "GET /x"\n---\n${'word '.repeat(20000)}<ParamField path="x" type="string" />${'`'.repeat(3)}\n`,
    );
  }
  const { statSync } = await import('node:fs');
  const hostile = measure([cli, 'check', dir, '--format', 'json']);
  const ok = hostile.median < 1000;
  failed ||= !ok;
  console.log(
    `\nHostile sizes: a ${(statSync(join(dir, 'docs.json')).size / 1e6).toFixed(1)} MB docs.json (25,000 missing pages) and a 100,000-character line: ${hostile.median.toFixed(0)} ms, ${hostile.peak.toFixed(0)} MB (<1 s: ${ok ? 'met' : 'MISSED'})`,
  );
}

// The language server and the Docs Navigation view (bench/editorBench.mjs).
failed = (await reportEditorBench()) || failed;
failed = (await reportWebBench()) || failed;

console.log('\nExport: docsmith gaps --format json over the local server, 100,000 conversations, limit 1000 (median of 3)');
const exported = await runExportBench();
const exportOk = exported.ms < 5000 && exported.peakMb < 300;
failed ||= !exportOk;
console.log(
  `${exported.requests} requests in ${exported.ms.toFixed(0)} ms: ${(exported.requests / (exported.ms / 1000)).toFixed(0)} requests/s, ${(exported.conversations / (exported.ms / 1000)).toFixed(0)} conversations/s; peak ${exported.peakMb.toFixed(0)} MB (<5 s and <300 MB: ${exportOk ? 'met' : 'MISSED'})`,
);

console.log('\nThe first sync over a slow link: the same, each answer delayed 200 ms (mock-server --latency-ms 200), one run');
const slow = await runExportBench({ latencyMs: 200, runs: 1 });
const slowOk = slow.ms < 8000;
failed ||= !slowOk;
console.log(
  `${slow.conversations.toLocaleString('en')} conversations in ${slow.ms.toFixed(0)} ms end to end, at most 4 requests in flight (<8 s: ${slowOk ? 'met' : 'MISSED'}; one request after another took about 23 s)`,
);
// The same against an export server that is not the mock (issue 41): 60 days of traffic that grows and
// follows the hours of the day, pages in ascending time, no range, the range of the data to the day,
// and a range a month wider on each side. Every conversation must arrive exactly once.
{
  const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const [name, range] of [
    ['no range', []],
    ['the range of the data', ['--from', day(-60), '--to', day(1)]],
    ['a month wider on each side', ['--from', day(-90), '--to', day(31)]],
  ]) {
    const other = await runExportBench({ latencyMs: 200, runs: 1, other: true, range });
    const ok = other.ms < 8000;
    failed ||= !ok;
    console.log(
      `another server (bench/otherExportServer.mjs), ${name}: ${other.conversations.toLocaleString('en')} conversations, each once, in ${other.ms.toFixed(0)} ms (<8 s: ${ok ? 'met' : 'MISSED'})`,
    );
  }
}
// The docs folder is read and indexed (for the suggestions) on another thread while the export downloads.
for (const [name, docs] of [
  ['the 2,000-page site', join(sitesDir, 'pages-2000')],
  ['the crewAI-shaped site (25,000 pages)', join(sitesDir, 'crew')],
]) {
  const big = await runExportBench({ latencyMs: 200, runs: 1, docs });
  console.log(`the same with --docs on ${name}: ${big.ms.toFixed(0)} ms end to end (reported)`);
}

console.log('\nGap clusters: quality on the four labelled sets (test/fixtures/gaps-labelled, -harbor, -tally, -pennant), and speed');
// Tracked figures (issue 42): no set may fall below them. The gate for the offline default is a
// hidden set; 0.90 stays the aim.
const TRACKED = {
  'gaps-labelled': { f1: 0.699, pages: 25 },
  'gaps-labelled-harbor': { f1: 0.33, pages: 31 },
  'gaps-labelled-tally': { f1: 0.443, pages: 32 },
  // Needs that share a noun, as in the held-back benchmark of real customer questions (issue 43).
  'gaps-labelled-pennant': { f1: 0.366, pages: 27 },
};
let qualityOk = true;
let correctionsOk = true;
let largestOk = false;
for (const [set, tracked] of Object.entries(TRACKED)) {
  const dir = join(here, '..', 'test', 'fixtures', set);
  const quality = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'gapQuality.ts'), dir], { encoding: 'utf8' });
  console.log(`${set}: ${quality.stdout.trim() || quality.stderr}`);
  const f1 = /F1 (\d\.\d+)/.exec(quality.stdout);
  const pagesRight = /right page (\d+)\/(\d+)/.exec(quality.stdout);
  qualityOk &&= Boolean(f1 && pagesRight && Number(f1[1]) >= tracked.f1 && Number(pagesRight[1]) >= tracked.pages);
  const largest = /largest \d+: (\d+) hold one need/.exec(quality.stdout);
  if (set === 'gaps-labelled-pennant') largestOk = Boolean(largest && Number(largest[1]) >= 16);
  // An author who fixes the worst cluster, one correction at a time (issue 42: F1 >= 0.85 after 10).
  const corrected = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'gapCorrections.ts'), dir], { encoding: 'utf8' });
  console.log(`  with corrections: ${corrected.stdout.trim() || corrected.stderr}`);
  const after10 = /after 10: F1 (\d\.\d+)/.exec(corrected.stdout);
  correctionsOk &&= Boolean(after10 && Number(after10[1]) >= 0.85);
}
failed ||= !qualityOk;
console.log(
  `tracked figures (F1 and right pages no lower than ${Object.values(TRACKED)
    .map((t) => `${t.f1}/${t.pages}`)
    .join(', ')}): ${qualityOk ? 'met' : 'MISSED'}`,
);
failed ||= !correctionsOk;
failed ||= !largestOk;
console.log(`target 16 of the 20 largest clusters hold one need (80% or more) on gaps-labelled-pennant: ${largestOk ? 'met' : 'MISSED'}`);
console.log(`target F1 >= 0.85 after 10 corrections, on each set: ${correctionsOk ? 'met' : 'MISSED'}`);
// Suggestions shown: right often enough to read as advice (issue 64 item 8), on topics documented and not.
const suggestions = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'gapSuggestions.ts')], { encoding: 'utf8' });
console.log(
  `suggestions shown, on the labelled sets with every other page left out too:\n${suggestions.stdout.trim() || suggestions.stderr}`,
);
const shownLine = /\(default\) \| \d+ \| \d+ \| (\d\.\d+) \| (\d\.\d+)/.exec(suggestions.stdout);
const suggestionsOk = Boolean(shownLine && Number(shownLine[1]) >= 0.9);
failed ||= !suggestionsOk;
console.log(
  `target at least 90% of the suggestions shown are the labelled page: ${suggestionsOk ? 'met' : 'MISSED'} (precision ${shownLine?.[1]}, coverage ${shownLine?.[2]})`,
);
// Speed is timed on the code bundled as it ships (esbuild), not under tsx, whose compiler would count in the memory.
const { build } = await import('esbuild');
const speedBundle = join(here, '.sites', 'gapQuality.cjs');
await build({
  entryPoints: [join(here, 'gapQuality.ts')],
  bundle: true,
  platform: 'node',
  packages: 'external',
  outfile: speedBundle,
  // The labelled set is found from the source's folder, not the bundle's.
  define: { __dirname: JSON.stringify(here) },
  logLevel: 'error',
});
const clusterSpeed = spawnSync(process.execPath, [speedBundle, '--speed'], { encoding: 'utf8' });
console.log(clusterSpeed.stdout.trim() || clusterSpeed.stderr);
const speedMatch = /: (\d+) ms, peak (\d+) MB/.exec(clusterSpeed.stdout);
const speedOk = speedMatch && Number(speedMatch[1]) < 2000 && Number(speedMatch[2]) < 300;
failed ||= !speedOk;
console.log(`target under 2 s and 300 MB: ${speedOk ? 'met' : 'MISSED'}`);
// The same with long questions: reported beside the target, which is for the questions above.
const longSpeed = spawnSync(process.execPath, [speedBundle, '--speed', '--long'], { encoding: 'utf8' });
console.log(`${(longSpeed.stdout.trim() || longSpeed.stderr).replace(/ \(target[^)]*\)/, '')} (reported)`);

console.log('\nHostile input at scale (issue 65)');
const { runHostileScaleBench } = await import('./hostileScaleBench.mjs');
const hostile = await runHostileScaleBench();
console.log(hostile.rows.join('\n'));
failed ||= !hostile.ok;

console.log(failed ? '\nSome targets were missed.' : '\nAll targets met.');
