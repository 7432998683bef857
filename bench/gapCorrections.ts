// How far an author's corrections take the clusters of a labelled set: an author who fixes the worst
// cluster, one correction at a time (a move, a merge or a split, chosen from the labels), and the
// pairwise F1 and right pages after 1, 3 and 10 corrections.
// `node --import tsx bench/gapCorrections.ts [DIR]`.
import { resolve } from 'node:path';
import { clusterGaps, DEFAULT_THRESHOLD, type GapCluster } from '../server/src/analytics/gaps/gapClusters';
import { mergeClusters, moveQuestion, NO_CORRECTIONS, splitOff, type ClusterCorrections } from '../server/src/analytics/gaps/corrections';
import type { PageRanker } from '../server/src/analytics/gaps/pageRanking';
import { loadLabelledSet, measure, type LabelledTopic, type Quality } from './gapQuality';

interface Step {
  corrections: number;
  kind: string;
  quality: Quality;
}

/** The issue's target: pairwise F1 after 10 corrections. */
export const TARGET_F1 = 0.85;

/** The corrections an author makes, after how many of them the quality is reported. */
export const REPORTED = [0, 1, 3, 10];

/**
 * The author's loop: cluster with the corrections so far, find the worst cluster (the one in the
 * most wrong pairs: questions of other needs inside it, and questions of its need outside it), and
 * fix it with the one correction, among those the labels suggest for it, that helps most.
 */
export function simulateCorrections(topics: LabelledTopic[], ranker: PageRanker, steps = 10, threshold = DEFAULT_THRESHOLD): Step[] {
  const questions = topics.flatMap((topic, t) =>
    topic.questions.map((query, q) => ({ id: `t${t}q${q}`, query, timestamp: '2026-11-01T00:00:00.000Z', sources: [] })),
  );
  const topicOf = new Map(questions.map((question) => [question.id, Number(/^t(\d+)/.exec(question.id)![1])]));
  const queryOf = new Map(questions.map((question) => [question.id, question.query]));
  const cluster = (corrections: ClusterCorrections) => clusterGaps(questions, { ranker, threshold, corrections });
  let corrections = NO_CORRECTIONS;
  let clusters = cluster(corrections);
  const result: Step[] = [{ corrections: 0, kind: 'none', quality: measure(topics, clusters) }];
  for (let step = 1; step <= steps; step++) {
    const candidates = fixesOf(worst(clusters, topicOf), clusters, topicOf, queryOf, corrections);
    let best: { kind: string; corrections: ClusterCorrections; clusters: GapCluster[]; quality: Quality } | undefined;
    for (const candidate of candidates) {
      const next = cluster(candidate.corrections);
      const quality = measure(topics, next);
      if (!best || quality.f1 > best.quality.f1) best = { ...candidate, clusters: next, quality };
    }
    if (!best) break;
    corrections = best.corrections;
    clusters = best.clusters;
    result.push({ corrections: step, kind: best.kind, quality: best.quality });
  }
  return result;
}

/** The cluster in the most wrong pairs. */
function worst(clusters: GapCluster[], topicOf: Map<string, number>): GapCluster {
  const totals = new Map<number, number>();
  for (const topic of topicOf.values()) totals.set(topic, (totals.get(topic) ?? 0) + 1);
  let worstCluster = clusters[0];
  let worstErrors = -1;
  for (const cluster of clusters) {
    const counts = countTopics(cluster, topicOf);
    const [major, majorCount] = [...counts].sort((a, b) => b[1] - a[1])[0];
    const inside = cluster.conversationIds.length;
    let wrongInside = 0;
    for (const [, count] of counts) wrongInside += count * (inside - count);
    const missing = majorCount * (totals.get(major)! - majorCount);
    const errors = wrongInside / 2 + missing;
    if (errors > worstErrors) [worstCluster, worstErrors] = [cluster, errors];
  }
  return worstCluster;
}

/** What the labels suggest for a cluster: split off or move each need that is not its own; merge it with its need's other clusters. */
function fixesOf(
  target: GapCluster,
  clusters: GapCluster[],
  topicOf: Map<string, number>,
  queryOf: Map<string, string>,
  corrections: ClusterCorrections,
): { kind: string; corrections: ClusterCorrections }[] {
  const texts = (cluster: GapCluster) => [...new Set(cluster.conversationIds.map((id) => queryOf.get(id)!))];
  const counts = countTopics(target, topicOf);
  const major = [...counts].sort((a, b) => b[1] - a[1])[0][0];
  const fixes: { kind: string; corrections: ClusterCorrections }[] = [];
  // The need it is mostly about, split off whole: the other needs it held are free to find their own.
  if (counts.size > 1) {
    const own = [...new Set(target.conversationIds.filter((id) => topicOf.get(id) === major).map((id) => queryOf.get(id)!))];
    fixes.push({ kind: 'split', corrections: splitOff(corrections, own, texts(target)) });
  }
  for (const [topic] of counts) {
    if (topic === major) continue;
    const strays = [...new Set(target.conversationIds.filter((id) => topicOf.get(id) === topic).map((id) => queryOf.get(id)!))];
    const home = clusters.find((cluster) => cluster !== target && majorityOf(cluster, topicOf) === topic);
    if (strays.length === 1 && home)
      fixes.push({ kind: 'move', corrections: moveQuestion(corrections, strays[0], texts(target), texts(home)) });
    else fixes.push({ kind: 'split', corrections: splitOff(corrections, strays, texts(target)) });
  }
  for (const other of clusters)
    if (other !== target && majorityOf(other, topicOf) === major)
      fixes.push({ kind: 'merge', corrections: mergeClusters(corrections, texts(target), texts(other)) });
  // Questions of its need held by clusters of other needs: moved in, one at a time.
  for (const other of clusters) {
    if (other === target || majorityOf(other, topicOf) === major) continue;
    for (const query of new Set(other.conversationIds.filter((id) => topicOf.get(id) === major).map((id) => queryOf.get(id)!)))
      fixes.push({ kind: 'move', corrections: moveQuestion(corrections, query, texts(other), texts(target)) });
  }
  return fixes;
}

function countTopics(cluster: GapCluster, topicOf: Map<string, number>): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of cluster.conversationIds) counts.set(topicOf.get(id)!, (counts.get(topicOf.get(id)!) ?? 0) + 1);
  return counts;
}

function majorityOf(cluster: GapCluster, topicOf: Map<string, number>): number {
  return [...countTopics(cluster, topicOf)].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
}

async function main(): Promise<void> {
  const dir = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? resolve(__dirname, '../test/fixtures/gaps-labelled');
  const { topics, ranker } = await loadLabelledSet(dir);
  const most = Number(process.argv.find((arg) => arg.startsWith('--steps='))?.slice(8) ?? Math.max(...REPORTED));
  const steps = simulateCorrections(topics, ranker, most);
  const reached = steps.find((step) => step.quality.f1 >= TARGET_F1);
  console.log(
    REPORTED.filter((n) => steps[n])
      .map((n) => {
        const q = steps[n].quality;
        return `after ${n}: F1 ${q.f1.toFixed(3)} right page ${Math.round(q.pageRight * q.topics)}/${q.topics}`;
      })
      .join(' · ') +
      ` · F1 ${TARGET_F1} ${reached ? `reached after ${reached.corrections}` : `not reached in ${steps.length - 1} (F1 ${steps[steps.length - 1].quality.f1.toFixed(3)})`}` +
      ` · corrections made: ${
        steps
          .slice(1)
          .map((step) => step.kind)
          .join(', ') || 'none'
      }`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(__filename)) void main();
