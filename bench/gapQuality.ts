// The quality of gap clusters on a labelled set (test/fixtures/gaps-labelled by default): pairwise
// precision, recall and F1 of the clusters against the topics, and the share of topics whose
// suggested page is the page their answer belongs on. `node --import tsx bench/gapQuality.ts [DIR] [--sweep]`.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FsWorkspace } from '../server/src/fsWorkspace';
import { createLanguageService, pathToUri } from '../server/src/service';
import { clusterGaps, DEFAULT_THRESHOLD, type GapCluster } from '../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../server/src/analytics/gaps/pageRanking';
import { fetchEmbeddings } from '../server/src/analytics/embeddings';
import { NOT_CANCELLED } from '../server/src/service/cancellation';

export interface LabelledTopic {
  topic: string;
  page: string;
  heading?: string;
  questions: string[];
}

export interface Quality {
  precision: number;
  recall: number;
  f1: number;
  /** Topics whose questions' majority cluster suggests the topic's page. */
  pageRight: number;
  topics: number;
  clusters: number;
  questions: number;
  wrongPages: { topic: string; expected: string; got: string | null }[];
  /** The largest clusters an author reads first (20, or all when fewer): how many hold one need (80% or more of them), and their mean purity. */
  largest: { count: number; oneNeed: number; purity: number };
}

/** How many of the largest clusters {@link Quality.largest} looks at, and the share of one need that makes a cluster hold it. */
export const LARGEST = 20;
export const ONE_NEED = 0.8;

export async function loadLabelledSet(dir: string) {
  const topics = (JSON.parse(readFileSync(join(dir, 'topics.json'), 'utf8')) as { topics: LabelledTopic[] }).topics;
  const service = createLanguageService({ workspace: new FsWorkspace() });
  const index = await service.getPageIndex(pathToUri(resolve(dir, 'site', 'docs.json')), NOT_CANCELLED);
  if (!index) throw new Error(`no docs site in ${dir}/site`);
  return { topics, pages: index.pages, ranker: createPageRanker(index.pages) };
}

export function measure(topics: LabelledTopic[], clusters: GapCluster[]): Quality {
  const topicOf = new Map<string, number>();
  topics.forEach((topic, t) => topic.questions.forEach((_, q) => topicOf.set(`t${t}q${q}`, t)));
  const clusterOf = new Map<string, number>();
  clusters.forEach((cluster, c) => cluster.conversationIds.forEach((id) => clusterOf.set(id, c)));
  const ids = [...topicOf.keys()];
  let both = 0;
  let sameCluster = 0;
  let sameTopic = 0;
  for (let i = 0; i < ids.length; i++)
    for (let j = i + 1; j < ids.length; j++) {
      const c = clusterOf.get(ids[i]) === clusterOf.get(ids[j]);
      const t = topicOf.get(ids[i]) === topicOf.get(ids[j]);
      if (c) sameCluster++;
      if (t) sameTopic++;
      if (c && t) both++;
    }
  const precision = sameCluster ? both / sameCluster : 1;
  const recall = sameTopic ? both / sameTopic : 1;
  const wrongPages: Quality['wrongPages'] = [];
  topics.forEach((topic, t) => {
    const counts = new Map<number, number>();
    topic.questions.forEach((_, q) => {
      const c = clusterOf.get(`t${t}q${q}`)!;
      counts.set(c, (counts.get(c) ?? 0) + 1);
    });
    const majority = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0][0];
    const got = clusters[majority].suggestion?.file ?? null;
    if (got !== topic.page) wrongPages.push({ topic: topic.topic, expected: topic.page, got });
  });
  const largest = [...clusters].sort((a, b) => b.conversationIds.length - a.conversationIds.length).slice(0, LARGEST);
  const purities = largest.map((cluster) => {
    const counts = new Map<number, number>();
    for (const id of cluster.conversationIds) counts.set(topicOf.get(id)!, (counts.get(topicOf.get(id)!) ?? 0) + 1);
    return Math.max(...counts.values()) / cluster.conversationIds.length;
  });
  return {
    largest: {
      count: largest.length,
      oneNeed: purities.filter((purity) => purity >= ONE_NEED).length,
      purity: purities.reduce((sum, purity) => sum + purity, 0) / Math.max(1, purities.length),
    },
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    pageRight: (topics.length - wrongPages.length) / topics.length,
    topics: topics.length,
    clusters: clusters.length,
    questions: ids.length,
    wrongPages,
  };
}

export function clusterLabelled(
  topics: LabelledTopic[],
  ranker: ReturnType<typeof createPageRanker>,
  threshold = DEFAULT_THRESHOLD,
  embeddings?: ReadonlyMap<string, Float32Array>,
) {
  const questions = topics.flatMap((topic, t) =>
    topic.questions.map((query, q) => ({ id: `t${t}q${q}`, query, timestamp: '2026-11-01T00:00:00.000Z', sources: [] })),
  );
  return clusterGaps(questions, { ranker, threshold, embeddings });
}

/** `--embeddings-url URL --embeddings-model M` (key from DOCSMITH_EMBEDDINGS_KEY): the questions' vectors from that model, for anyone who runs one. */
async function embeddingsFromArgs(topics: LabelledTopic[]): Promise<ReadonlyMap<string, Float32Array> | undefined> {
  const value = (flag: string) => {
    const at = process.argv.indexOf(flag);
    return at >= 0 ? process.argv[at + 1] : process.argv.find((arg) => arg.startsWith(`${flag}=`))?.slice(flag.length + 1);
  };
  const url = value('--embeddings-url');
  const model = value('--embeddings-model');
  if (!url) return undefined;
  if (!model) throw new Error('--embeddings-url needs --embeddings-model');
  return fetchEmbeddings(
    topics.flatMap((topic) => topic.questions),
    { url, model, apiKey: process.env.DOCSMITH_EMBEDDINGS_KEY || undefined },
  );
}

/**
 * Speed: 10,000 distinct unanswered questions over a 2,000-page site (synthetic: words of the labelled
 * set mixed, so most questions are distinct), clustered and given suggestions. Wall time and peak RSS.
 * `long`: each question has 25 more words (about 35 in all, as a pasted error or a question told at
 * length), so they find their sections by many words and few of them join.
 */
export async function speed(long = false): Promise<{ ms: number; peakMb: number; clusters: number }> {
  const { topics } = await loadLabelledSet(resolve(__dirname, '../test/fixtures/gaps-labelled'));
  const words = [
    ...new Set(
      topics
        .flatMap((t) =>
          t.questions
            .join(' ')
            .toLowerCase()
            .split(/[^a-z0-9]+/),
        )
        .filter((w) => w.length > 2),
    ),
  ];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = () => words[Math.floor(random() * words.length)];
  const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
  const pages = Array.from({ length: 2000 }, (_, i) => ({
    id: `p${i}`,
    file: `section-${i % 40}/page-${i}.mdx`,
    title: sentence(3),
    description: sentence(8),
    sections: Array.from({ length: 6 }, (_, h) => ({
      heading: h ? sentence(3) : null,
      anchor: h ? `h${h}` : null,
      level: h ? 2 : 0,
      line: h * 10,
      text: sentence(60),
    })),
  }));
  const questions = Array.from({ length: 10000 }, (_, i) => {
    const topic = topics[i % topics.length];
    return {
      id: `q${i}`,
      query: `${topic.questions[i % topic.questions.length]} ${sentence(long ? 27 : 2)}`,
      timestamp: '2026-11-01T00:00:00.000Z',
      sources: [],
    };
  });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const start = process.hrtime.bigint();
  const clusters = clusterGaps(questions, { ranker: createPageRanker(pages) });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakMb: peak / 1024 / 1024, clusters: clusters.length };
}

async function main(): Promise<void> {
  if (process.argv.includes('--speed')) {
    const long = process.argv.includes('--long');
    const result = await speed(long);
    console.log(
      `clusters for 10,000 ${long ? 'long questions (about 35 words)' : 'questions'} over 2,000 pages: ${Math.round(result.ms)} ms, peak ${Math.round(result.peakMb)} MB, ${result.clusters} clusters (target under 2 s and 300 MB)`,
    );
    return;
  }
  const flagValues = new Set(['--embeddings-url', '--embeddings-model'].map((flag) => process.argv[process.argv.indexOf(flag) + 1]));
  const dir =
    process.argv.slice(2).find((arg) => !arg.startsWith('--') && !flagValues.has(arg)) ??
    resolve(__dirname, '../test/fixtures/gaps-labelled');
  const { topics, ranker } = await loadLabelledSet(dir);
  const embeddings = await embeddingsFromArgs(topics);
  const fixed = process.argv.find((a) => a.startsWith('--threshold='));
  const thresholds = fixed
    ? [Number(fixed.slice(12))]
    : process.argv.includes('--sweep')
      ? [0.08, 0.1, 0.12, 0.14, 0.16, 0.18, 0.2, 0.22, 0.24, 0.26, 0.28, 0.3, 0.35, 0.4]
      : [DEFAULT_THRESHOLD];
  for (const threshold of thresholds) {
    const clusters = clusterLabelled(topics, ranker, threshold, embeddings);
    const q = measure(topics, clusters);
    console.log(
      `threshold ${threshold.toFixed(2)}: P ${q.precision.toFixed(3)} R ${q.recall.toFixed(3)} F1 ${q.f1.toFixed(3)} · right page ${Math.round(q.pageRight * q.topics)}/${q.topics} · ${q.clusters} clusters for ${q.questions} questions` +
        ` · largest ${q.largest.count}: ${q.largest.oneNeed} hold one need, mean purity ${q.largest.purity.toFixed(2)}`,
    );
    if (process.argv.includes('--verbose')) {
      for (const w of q.wrongPages) console.log(`  wrong page: ${w.topic}: expected ${w.expected}, got ${w.got}`);
      for (const c of clusters)
        console.log(
          `  [${c.conversationIds.length}] ${c.label} → ${c.suggestion?.file}#${c.suggestion?.anchor} :: ${c.conversationIds.join(' ')}`,
        );
    }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(__filename)) void main();
