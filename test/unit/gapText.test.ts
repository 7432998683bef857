import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { STEM_MAX, stemOf, terms } from '../../server/src/analytics/gaps/terms';
import { clusterOf, gapQuestion as q, indexedPage as page } from '../helpers/gapFixtures';

const WEBHOOKS = page('webhooks', '---\ntitle: Webhooks\n---\n## Retries\nWe retry failed webhooks.\n## Signatures\nVerify the signature.');

test('a word longer than the stemmer can take in reasonable time is kept as it is', () => {
  const long = `${'a'.repeat(STEM_MAX)}ing`;
  assert.equal(stemOf(long), long);
  assert.equal(stemOf('retrying'), 'retri', 'ordinary words are still stemmed');
});

// A question of one run of a million letters once took hours: the stemmer is quadratic in a word's length.
test('questions of huge words, huge runs and thousands of distinct words are clustered, each once', () => {
  const questions = [
    q('x', 'x'.repeat(1_000_000)),
    q('w', `${'webhook '.repeat(100_000)}retries`),
    q('d', Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`).join(' ')),
    q('h', '一'.repeat(200_000)),
    q('r', 'Do you retry failed webhooks?'),
  ];
  const clusters = clusterGaps(questions, { ranker: createPageRanker([WEBHOOKS]) });
  assert.deepEqual(clusters.flatMap((cluster) => cluster.conversationIds).sort(), ['d', 'h', 'r', 'w', 'x']);
  assert.equal(clusterOf(clusters, 'r').suggestion?.file, 'webhooks.mdx');
  for (const cluster of clusters) assert.ok(cluster.label.length <= 40, cluster.label.slice(0, 50));
});
