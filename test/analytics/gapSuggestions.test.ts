import { test } from 'node:test';
import assert from 'node:assert/strict';
import { atThreshold, judgedSuggestions } from '../../bench/gapSuggestions';
import { MIN_SUGGESTION_COVERAGE, toReportClusters, type GapCluster } from '../../server/src/analytics';

/**
 * Issue 64 item 8: a suggestion is shown only when it is good enough to be right most of the time.
 * Measured on the labelled sets, with topics the site documents and topics it does not (every other
 * page of the site left out): at the default bar, at least 90% of the suggestions shown are the
 * labelled page. Coverage is held to its measured floor, so the bar is not met by showing nothing.
 */
test('64.8: at the default bar, 90% or more of the suggestions shown are the labelled page, on documented and undocumented topics', async () => {
  const judged = await judgedSuggestions();
  assert.ok(judged.some((one) => !one.documented) && judged.some((one) => one.documented));
  const shown = atThreshold(judged, MIN_SUGGESTION_COVERAGE);
  assert.ok(shown.precision >= 0.9, `precision ${shown.precision}`);
  // Measured: 0.356 of the clusters of documented topics get their page.
  assert.ok(shown.coverage >= 0.33, `coverage ${shown.coverage}`);
  // Without the bar, a third of the suggestions would send an author to the wrong page.
  assert.ok(atThreshold(judged, 0).precision < 0.7);
});

test('64.8: a report shows a suggestion at or above the bar, and none below it', () => {
  const cluster = (coverage: number): GapCluster => ({
    id: `c${coverage}`,
    label: 'x',
    conversationIds: ['a'],
    suggestion: { file: 'a.mdx', heading: null, anchor: null, line: 1, score: 3, coverage },
    cited: [],
    trend: null,
  });
  const [above, below] = toReportClusters([cluster(MIN_SUGGESTION_COVERAGE), cluster(MIN_SUGGESTION_COVERAGE - 0.01)]);
  assert.equal(above.suggestion?.file, 'a.mdx');
  assert.equal(below.suggestion, null);
});
