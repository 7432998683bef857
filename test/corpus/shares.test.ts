import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CORPUS, CORPUS_LABEL, corpusSites } from '../helpers/corpus';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { createLanguageService, NOT_CANCELLED, pathToUri, type SharedAnchors, type SiteShares } from '../../server/src/service';

/**
 * A whole-site check split into shares (the CLI's threads, issue 41) finds exactly what one check
 * finds, on every corpus site, whichever share checks which page. Here the shares run in one thread
 * and each page goes to a share drawn at random (seeded): the split the threads' shared counter makes
 * is one of these. The CLI's own threads are compared byte for byte in test/cli/checkThreads.test.ts.
 */
/**
 * Every fourth site and the five largest (each is checked three times: once whole, once per share);
 * DOCSMITH_SHARES=all takes every site (about a minute on the full corpus).
 */
const all = corpusSites();
const largest = new Set(
  all
    .map((site) => ({ site, size: readdirSync(join(CORPUS, site), { recursive: true }).length }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 5)
    .map(({ site }) => site),
);
const sites = process.env.DOCSMITH_SHARES === 'all' ? all : all.filter((site, index) => index % 4 === 0 || largest.has(site));
console.log(`# shares suite: ${sites.length} sites of ${CORPUS_LABEL}`);

/** Shares that split the pages at random (seeded), trading anchors as the CLI's threads do. */
function randomShares(count: number, seed: number): SiteShares[] {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  let owners: number[] | undefined;
  const next = Array.from({ length: count }, () => 0);
  const given: SharedAnchors[] = [];
  let ready!: () => void;
  const all = new Promise<void>((resolve) => (ready = resolve));
  return next.map((_, share) => ({
    first: share === 0,
    claim(pageCount: number): number {
      owners ??= Array.from({ length: pageCount }, () => Math.floor(random() * count));
      while (next[share] < pageCount && owners[next[share]] !== share) next[share]++;
      return next[share]++;
    },
    async exchange(anchors: () => SharedAnchors): Promise<SharedAnchors> {
      given[share] = anchors();
      if (given.filter(Boolean).length === count) ready();
      await all;
      return given.filter((_, other) => other !== share).flat();
    },
  }));
}

/** A check's findings as comparable text: per file, in the order the check gives them. */
function findings(results: { diagnostics: Map<string, unknown[]> }[]): string[] {
  const byFile = new Map<string, unknown[]>();
  for (const { diagnostics } of results) for (const [uri, list] of diagnostics) byFile.set(uri, [...(byFile.get(uri) ?? []), ...list]);
  return [...byFile].sort(([a], [b]) => (a < b ? -1 : 1)).map(([uri, list]) => `${uri}\n${JSON.stringify(list)}`);
}

for (const [index, site] of sites.entries()) {
  test(`shares: ${site} split in two finds what one check finds`, async () => {
    const rootUri = pathToUri(join(CORPUS, site));
    const check = (shares?: SiteShares) =>
      createLanguageService({ workspace: new FsWorkspace() }).checkSite(rootUri, { token: NOT_CANCELLED, shares });
    const whole = await check();
    const parts = await Promise.all(randomShares(2, index + 1).map((share) => check(share)));
    assert.deepEqual(findings(parts), findings([whole]));
    assert.equal(
      parts.reduce((sum, part) => sum + part.filesChecked, 0),
      whole.filesChecked,
    );
  });
}
