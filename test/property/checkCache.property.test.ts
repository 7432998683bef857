import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { cachedCheck } from '../helpers/cachedCheck';
import { CORPUS, corpusSites } from '../helpers/corpus';
import { tempDir } from '../helpers/tempDir';
import { edits, pageFiles, seededPicks } from '../helpers/siteEdits';

/**
 * The check cache on real sites: after each random edit of the kinds authors make (a heading renamed,
 * a link added, a page deleted or created, a snippet changed, docs.json touched), a run through the
 * cache finds exactly what a run without it finds. DOCSMITH_CACHE_SEED replays one sequence.
 */
const SEED = Number(process.env.DOCSMITH_CACHE_SEED ?? 20261123);
const SITES = Number(process.env.DOCSMITH_CACHE_SITES ?? 4);
const EDITS = 6;

const sites = corpusSites();
test(
  'a run through the cache finds what a fresh run finds, after each random edit of real sites',
  { skip: sites.length === 0 && `NOT RUN: no corpus at ${CORPUS}` },
  async () => {
    const { pick, sites: choose } = seededPicks(SEED);
    const chosen = choose(sites, SITES);
    for (const site of chosen) {
      const dir = join(tempDir(), site);
      cpSync(join(CORPUS, site), dir, { recursive: true });
      const cache = join(tempDir(), 'cache.json');
      // The first site's runs trust the times of files just written (as if each run came 2 s later):
      // an unchanged site is then reused whole, without listing its folders. The others' are not trusted.
      const started = site === [...chosen][0] ? Date.now() + 3_600_000 : undefined;
      await cachedCheck(dir, cache, started);
      const applied: string[] = [];
      for (let i = 0; i < EDITS; i++) {
        applied.push(pick(edits)(dir, pick).description);
        const cached = await cachedCheck(dir, cache, started);
        const fresh = await cachedCheck(dir);
        assert.deepEqual(cached.findings, fresh.findings, `${site} (seed ${SEED}) after: ${applied.join('; ')}`);
        if (started) {
          const whole = await cachedCheck(dir, cache, started);
          assert.equal(whole.listings, 0, `${site}: reused whole after: ${applied.join('; ')}`);
          assert.deepEqual(whole.findings, fresh.findings, `${site} (seed ${SEED}), reused whole after: ${applied.join('; ')}`);
        }
      }
      const again = await cachedCheck(dir, cache);
      assert.ok(again.reused > 0 || pageFiles(dir).length === 0, `${site}: an unchanged site reuses its pages`);
    }
  },
);
