import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import fc from 'fast-check';
import { corpusSites, CORPUS } from '../helpers/corpus';
import { oracleUnavailable, platformResolve, platformValidation, platformVerdict } from '../helpers/oracle';
import { docsmithSchemaFindings, related, samePath, showPath } from '../helpers/schemaFindings';
import { mutate, Random, SchemaSampler } from '../helpers/schemaSampler';
import { judged } from './disagreements';

/**
 * Docsmith's docs.json checks against the platform's own validator (@mintlify/validation, test-only):
 * - the platform accepts a file ⇔ Docsmith reports no error that says "rejected";
 * - where it rejects, Docsmith reports an error at (or around) the same place;
 * - a key it keeps gets no "unknown"/"ignored" warning, and a key it drops gets one.
 * Over every docs.json of the corpus, over configs drawn from the platform's own JSON schema, and
 * over those configs after random edits.
 */
const unavailable = oracleUnavailable();
const RUNS = Number(process.env.DOCSMITH_DIFFERENTIAL_RUNS ?? 1500);
/** Fixed, so a run is repeatable; set DOCSMITH_DIFFERENTIAL_SEED to explore others. */
const SEED = Number(process.env.DOCSMITH_DIFFERENTIAL_SEED ?? 20261123);

async function disagreements(value: unknown): Promise<string[]> {
  const verdict = await platformVerdict(value);
  const ours = await docsmithSchemaFindings(value);
  const found: string[] = [];
  if (verdict.accepted) {
    for (const error of ours.errors) found.push(`false error at ${showPath(error.path)}: ${error.code} ${error.message}`);
    for (const path of verdict.dropped)
      if (!ours.dropped.some((drop) => samePath(drop.path, path))) found.push(`missed drop of ${showPath(path)}`);
    for (const drop of ours.dropped)
      if (!verdict.dropped.some((path) => samePath(drop.path, path)))
        found.push(`false drop of ${showPath(drop.path)}: ${drop.code} ${drop.message}`);
  } else {
    for (const issue of verdict.issues) {
      if (!ours.errors.some((error) => related(error.path, issue.path)))
        found.push(`missed rejection at ${showPath(issue.path)}: ${issue.message}`);
    }
  }
  return found;
}

if (unavailable) {
  test('docs.json checks agree with the platform validator', (t) => t.skip(`NOT RUN: ${unavailable}`));
} else {
  const sites = corpusSites();
  if (sites.length === 0)
    test('docs.json of the corpus agree with the platform validator', (t) => t.skip(`NOT RUN: no corpus at ${CORPUS}`));
  test('every docs.json of the corpus: Docsmith agrees with the platform validator', async () => {
    const unjudged: string[] = [];
    for (const site of sites) {
      const value = await platformResolve(join(CORPUS, site));
      for (const line of await disagreements(value)) if (!judged('schema', site, line)) unjudged.push(`${site}: ${line}`);
    }
    assert.deepEqual(unjudged, []);
  });

  test(`configs drawn from the platform's schema, then edited at random (${RUNS} each): Docsmith agrees`, async () => {
    const { docsConfigJsonSchema } = (await platformValidation()) as unknown as { docsConfigJsonSchema: Record<string, unknown> };
    const sampler = new SchemaSampler(docsConfigJsonSchema);
    let accepted = 0;
    for (const edited of [false, true]) {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 3 }), async (seed, edits) => {
          const random = new Random(seed);
          const value = sampler.sample(docsConfigJsonSchema, random);
          if (edited) mutate(value, random, edits);
          if ((await platformVerdict(value)).accepted) accepted++;
          const unjudged = (await disagreements(value)).filter((line) => !judged('schema', '*', line));
          assert.deepEqual(unjudged, [], `config: ${JSON.stringify(value)}`);
        }),
        { numRuns: RUNS, seed: SEED + (edited ? 1 : 0) },
      );
    }
    // Both sides of the equivalence are exercised: many configs the platform accepts, many it rejects.
    assert.ok(accepted > RUNS / 4 && accepted < (RUNS * 2 * 9) / 10, `accepted ${accepted} of ${RUNS * 2}`);
  });
}
