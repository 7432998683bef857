// Whether a gap cluster's suggested page is right often enough to be shown (issue 64 item 8).
// On each labelled set, twice: with the whole site (every topic documented), and with every other page
// of the site left out, so that the topics of those pages are documented nowhere (the labels say which).
// A shown suggestion is right when the cluster's majority topic is documented and the page is its
// page; for a topic documented nowhere, every suggestion shown is wrong. `node --import tsx bench/gapSuggestions.ts`.
import { resolve } from 'node:path';
import { clusterLabelled, loadLabelledSet, type LabelledTopic } from './gapQuality';
import { createPageRanker } from '../server/src/analytics';
import { MIN_SUGGESTION_COVERAGE } from '../server/src/analytics';

export const LABELLED_SETS = ['gaps-labelled', 'gaps-labelled-harbor', 'gaps-labelled-tally', 'gaps-labelled-pennant'];

/** One cluster's suggestion, and what the labels say of it. */
export interface JudgedSuggestion {
  set: string;
  documented: boolean;
  /** The suggestion's confidence (its coverage), or null when the ranker had none. */
  coverage: number | null;
  right: boolean;
}

export async function judgedSuggestions(): Promise<JudgedSuggestion[]> {
  const judged: JudgedSuggestion[] = [];
  for (const set of LABELLED_SETS) {
    const { topics, pages } = await loadLabelledSet(resolve(__dirname, '../test/fixtures', set));
    const files = [...new Set(pages.map((page) => page.file))].sort();
    const without = new Set(files.filter((_, index) => index % 2 === 1));
    for (const held of [new Set<string>(), without]) {
      const ranker = createPageRanker(pages.filter((page) => !held.has(page.file)));
      // Every suggestion the ranker makes, shown or not: the threshold is applied below.
      const clusters = clusterLabelled(topics, ranker);
      for (const cluster of clusters) {
        const topic = majorityTopic(topics, cluster.conversationIds);
        const documented = !held.has(topic.page);
        const suggestion = cluster.suggestion;
        judged.push({ set, documented, coverage: suggestion?.coverage ?? null, right: documented && suggestion?.file === topic.page });
      }
    }
  }
  return judged;
}

function majorityTopic(topics: LabelledTopic[], ids: readonly string[]): LabelledTopic {
  const counts = new Map<number, number>();
  for (const id of ids) {
    const t = Number(/^t(\d+)q/.exec(id)![1]);
    counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  return topics[[...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0]];
}

/** Precision (right among shown) and coverage (right among clusters of documented topics) at a threshold. */
export function atThreshold(judged: readonly JudgedSuggestion[], threshold: number) {
  const shown = judged.filter((one) => one.coverage !== null && one.coverage >= threshold);
  const right = shown.filter((one) => one.right).length;
  const documented = judged.filter((one) => one.documented).length;
  return { threshold, shown: shown.length, right, precision: shown.length ? right / shown.length : 1, coverage: right / documented };
}

async function main(): Promise<void> {
  const judged = await judgedSuggestions();
  const thresholds = process.argv.includes('--sweep')
    ? [0, 0.1, 0.2, 0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.9]
    : [0, MIN_SUGGESTION_COVERAGE];
  console.log('threshold | shown | right | precision | coverage of documented clusters');
  for (const t of thresholds) {
    const r = atThreshold(judged, t);
    console.log(
      `${t.toFixed(2)}${t === MIN_SUGGESTION_COVERAGE ? ' (default)' : ''} | ${r.shown} | ${r.right} | ${r.precision.toFixed(3)} | ${r.coverage.toFixed(3)}`,
    );
  }
}

if (require.main === module) void main();
