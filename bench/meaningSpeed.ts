// Times the clustering of 10,000 distinct questions with embeddings of 768 numbers (issue 65, D6),
// on this thread: the site-less clustering the worker runs. Prints one line with the time.
import { clusterGaps, type GapQuestion } from '../server/src/analytics/gaps/gapClusters';

const COUNT = 10_000;
const DIMENSION = 768;
let seed = 3;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
const topics = Array.from({ length: 300 }, () => Float32Array.from({ length: DIMENSION }, random));
const questions: GapQuestion[] = Array.from({ length: COUNT }, (_, i) => ({
  id: `q${i}`,
  query: `How do I set up integration number ${i}?`,
  timestamp: '2026-11-01T00:00:00.000Z',
  sources: [],
}));
const embeddings = new Map(
  questions.map((question, i) => [question.query, Float32Array.from(topics[i % topics.length], (value) => value + 0.8 * random())]),
);
const start = process.hrtime.bigint();
const clusters = clusterGaps(questions, { embeddings });
const ms = Number(process.hrtime.bigint() - start) / 1e6;
console.log(
  `grouping by meaning, ${COUNT.toLocaleString('en')} distinct questions x ${DIMENSION} numbers: ${ms.toFixed(0)} ms, ${clusters.length} clusters`,
);
