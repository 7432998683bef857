import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { closestMatch } from '../../server/src/service/check/suggest';

/** The index a large candidate set gets (issue 39 item 6) gives the same did-you-mean as comparing every candidate. */
test('did-you-mean over a large candidate set answers as comparing every candidate does', () => {
  const word = fc.stringMatching(/^[a-e-]{1,14}$/);
  fc.assert(
    fc.property(
      fc.uniqueArray(word, { minLength: 200, maxLength: 400 }),
      fc.array(word, { minLength: 1, maxLength: 20 }),
      (candidates, words) => {
        const indexed = new Set(candidates);
        for (const one of words) {
          // A generator, which is never indexed: every candidate compared.
          const all = closestMatch(
            one,
            (function* () {
              yield* candidates;
            })(),
          );
          assert.deepEqual(closestMatch(one, indexed), all, one);
        }
      },
    ),
    { numRuns: 60, seed: 391 },
  );
});

test('5,000 typos of 5,000 near-identical headings: the work is bounded (the first typos get their suggestion, then a match ignoring case only)', () => {
  const headings = new Set(Array.from({ length: 5_000 }, (_, i) => `section-about-topic-number-${i}`));
  let suggested = 0;
  for (let i = 0; i < 5_000; i += 1)
    if (closestMatch(`section-about-topic-numbr-${i}`, headings).best === `section-about-topic-number-${i}`) suggested++;
  assert.ok(suggested >= 50 && suggested < 5_000, `${suggested} suggested within the bound`);
  assert.equal(
    closestMatch('SECTION-ABOUT-TOPIC-NUMBER-7', headings).best,
    'section-about-topic-number-7',
    'a match ignoring case is still found',
  );
});

/** A caller that looked the word up ignoring case (the page did-you-mean) skips lowering every candidate: the same answer. */
test('did-you-mean told that no candidate is the word in another case answers as without being told', () => {
  const word = fc.stringMatching(/^[a-dA-D/-]{1,14}$/);
  fc.assert(
    fc.property(fc.array(word, { maxLength: 60 }), word, (candidates, one) => {
      const others = candidates.filter((candidate) => candidate.toLowerCase() !== one.toLowerCase());
      assert.deepEqual(closestMatch(one, others, true), closestMatch(one, others), one);
    }),
    { numRuns: 300, seed: 41 },
  );
});

test('a typo is sure enough for fix all: two edits at most (case and `_`/`-` aside), the numbers written kept', async () => {
  const { isTypo } = await import('../../server/src/service/check/suggest');
  for (const [written, meant] of [
    ['quikstart', 'quickstart'],
    ['ai_agent_text_gen', 'ai-agent-text-gen'],
    ['Service-Account', 'service-account'],
    ['event-ingestion', '1-event-ingestion'],
    ['init-apply-plan-as-object', 'init/apply/plan-as-object'],
  ])
    assert.ok(isTypo(written, meant), `${written} → ${meant}`);
  for (const [written, meant] of [
    ['post-hubs-id-copy', 'post-files-id-copy'],
    ['events', 'get-events'],
    ['step-2', 'step-3'],
    ['v1', 'v2'],
    ['setup-1', 'setup'],
  ])
    assert.ok(!isTypo(written, meant), `${written} → ${meant}`);
});
