import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { pagesToCheck } from '../../server/src/cli/changedSince';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { pathToUri } from '../../server/src/service';
import { cachedCheck } from '../helpers/cachedCheck';
import { CORPUS, corpusSites } from '../helpers/corpus';
import { edits, seededPicks } from '../helpers/siteEdits';
import { tempDir } from '../helpers/tempDir';

/**
 * `--changed-since` on real sites: after a random edit, every page whose findings changed is among
 * the pages it selects (the changed ones and those that may link to them), so a pull request's check
 * misses nothing the full check would newly report. DOCSMITH_CHANGED_SEED replays one sequence.
 */
const SEED = Number(process.env.DOCSMITH_CHANGED_SEED ?? 7);
const SITES = 4;
const EDITS = 5;

/** Findings by file, without docs.json (always checked). */
function byFile(findings: string[]): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const line of findings) {
    const file = line.slice(0, line.indexOf(':'));
    if (file !== 'docs.json') files.set(file, [...(files.get(file) ?? []), line]);
  }
  return files;
}

const sites = corpusSites();
test(
  'the pages --changed-since selects hold every page whose findings an edit changed',
  { skip: sites.length === 0 && `NOT RUN: no corpus at ${CORPUS}` },
  async () => {
    const { pick, sites: choose } = seededPicks(SEED);
    const chosen = choose(sites, SITES);
    let selectedSome = false;
    for (const site of chosen) {
      const dir = join(tempDir(), site);
      cpSync(join(CORPUS, site), dir, { recursive: true });
      for (let i = 0; i < EDITS; i++) {
        const before = byFile((await cachedCheck(dir)).findings);
        const edit = pick(edits)(dir, pick);
        const after = byFile((await cachedCheck(dir)).findings);
        const files = (await new FsWorkspace().listFiles(pathToUri(dir))).files;
        const selection = pagesToCheck(dir, { ref: 'test', files: new Set(edit.changed.map((file) => join(dir, file))) }, new Set(files));
        if (selection.kind === 'all') continue;
        selectedSome = true;
        const differing = [...new Set([...before.keys(), ...after.keys()])].filter(
          (file) => JSON.stringify(before.get(file)) !== JSON.stringify(after.get(file)) && files.includes(file),
        );
        const missed = differing.filter((file) => !selection.pages.has(file));
        assert.deepEqual(missed, [], `${site} (seed ${SEED}) after ${edit.description}: findings changed in pages not selected`);
      }
    }
    assert.ok(selectedSome, 'some edits selected pages (not only site-wide ones)');
  },
);
