import { fnv1a } from '../../common/text';
import { clusterVectors, cosine, type Vector } from './clustering';
import { clusterLabel } from './labels';
import { isEnglishWord } from './englishWords';
import type { PageRanker, PageSuggestion } from './pageRanking';
import { labelFunctionWords, questionLanguage, questionReader } from './questionLanguage';
import { terms, type Term } from './terms';
import { DEFAULT_THRESHOLD } from './threshold';
import { constraintsOn, correctedKeys, hasNoCorrections, type ClusterCorrections } from './corrections';
import { questionKey } from './repeats';

export { DEFAULT_THRESHOLD };

/** What clustering reads of an unanswered conversation. */
export interface GapQuestion {
  id: string;
  query: string;
  timestamp: string;
  /** Local files of the pages the answer cited (null where none matched). */
  sources: { file: string | null }[];
}

export interface GapCluster {
  /** Stable while the cluster's questions are the same: a hash of their ids. */
  id: string;
  /** Short, readable: the most central question's content words. */
  label: string;
  /** Newest first. */
  conversationIds: string[];
  /** The section of a local page that best matches the questions (its `coverage` says how well: a report shows it only above MIN_SUGGESTION_COVERAGE), or null when no page shares a word with them. */
  suggestion: PageSuggestion | null;
  /** The local pages the answers cited, most first: evidence beside the suggestion. */
  cited: { file: string; count: number }[];
  /** Questions of the range before this one that belong here; null when that range was not fetched. */
  trend: { previous: number; change: number } | null;
}

export interface ClusterOptions {
  ranker?: PageRanker;
  /** The questions of the range before (as long as this one), for each cluster's trend. */
  previous?: readonly { query: string }[];
  /** Average cosine similarity above which two groups are one need (see {@link DEFAULT_THRESHOLD}). */
  threshold?: number;
  /** An author's corrections: questions that must, or must not, share a cluster. */
  corrections?: ClusterCorrections;
  /**
   * Sentence embeddings of the questions (by their text), from a model the user runs: they count
   * half of each pair's similarity. Used only when every question has one.
   */
  embeddings?: ReadonlyMap<string, Float32Array>;
}

/**
 * How much the sections two questions find count beside their words: at most a quarter as much as
 * the words, so sections alone never make two questions one need (a fifth of the total).
 */
const SECTION_WEIGHT = 0.25;
/** How many of its best sections a question is compared by. */
const SECTIONS_PER_QUESTION = 3;

/** The words of a cluster that rank the site's sections for it. */
const QUERY_TERMS = 12;

interface Item {
  key: string;
  vector: Vector;
  questions: GapQuestion[];
}

/**
 * Groups unanswered questions by need (TF-IDF vectors of stemmed content words, average-linkage
 * clustering), labels each group, and ranks the site's sections for it. Every question is in exactly
 * one cluster. Deterministic: the same questions give the same clusters, in any order.
 */
export function clusterGaps(questions: readonly GapQuestion[], options: ClusterOptions = {}): GapCluster[] {
  const threshold = options.threshold ?? DEFAULT_THRESHOLD;
  const sorted = [...questions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  // Real exports repeat questions word for word: each distinct text is read once.
  const known = new Map<string, Term[]>();
  const ranker = options.ranker?.size ? options.ranker : undefined;
  const inLanguage = (ranker && questionReader(ranker.languages)) ?? terms;
  const functionWordsOf = ranker && labelFunctionWords(ranker.languages);
  const languageOf = ranker && mostAskedLanguage(ranker.languages);
  const read = ranker ? (text: string) => spelledAsTheSite(inLanguage(text), ranker) : terms;
  const termsOf = (text: string) => {
    let list = known.get(text);
    if (!list) known.set(text, (list = read(text)));
    return list;
  };
  const termLists = new Map(sorted.map((question) => [question.id, termsOf(question.query)]));
  // Document frequencies count distinct questions: a question asked fifty times is no more common a need's words.
  const distinct = new Map(
    [...termLists.values()].map((list) => [
      list
        .map((term) => term.stem)
        .sort()
        .join(' '),
      list.map((term) => term.stem),
    ]),
  );
  const weigh = weights(ranker ? (stem) => siteIdf(ranker, stem) : questionIdf([...distinct.values()]));
  const corrected = hasNoCorrections(options.corrections) ? undefined : correctedKeys(options.corrections!);
  const list = itemsOf(sorted, (question) => termLists.get(question.id)!, weigh, corrected);
  const groups = clusterVectors(
    list.map((item) => ({
      vector: item.vector,
      context: ranker ? sectionsOf(ranker, item.vector) : undefined,
      weight: item.questions.length,
      dense: options.embeddings?.get(item.questions[0].query),
    })),
    threshold,
    corrected && constraintsOn(options.corrections!, inputsByQuestion(list, corrected)),
  );
  const clusters = groups.map((group) => {
    const members = group.map((index) => list[index]);
    const centroid = mean(members.map((item) => [item.vector, item.questions.length] as const));
    const central = mostCentral(members, centroid);
    const own = members
      .flatMap((item) => item.questions)
      .sort((a, b) => (a.timestamp < b.timestamp ? 1 : a.timestamp > b.timestamp ? -1 : 0));
    return {
      cluster: {
        id: `gap-${hash(
          own
            .map((q) => q.id)
            .sort()
            .join('\n'),
        )}`,
        label: clusterLabel(
          central.questions[0].query,
          termLists.get(central.questions[0].id)!,
          functionWordsOf?.(central.questions[0].query),
        ),
        conversationIds: own.map((q) => q.id),
        suggestion: ranker?.rank(queryOf(members, ranker), 1, languageOf?.(own))[0] ?? null,
        cited: cited(own),
        trend: options.previous ? { previous: 0, change: own.length } : null,
      } satisfies GapCluster,
      centroid,
    };
  });
  if (options.previous) countPrevious(options.previous, clusters, weigh, threshold, read);
  return clusters
    .map(({ cluster }) => cluster)
    .sort((a, b) => b.conversationIds.length - a.conversationIds.length || a.label.localeCompare(b.label) || a.id.localeCompare(b.id));
}

/**
 * A question's terms, a word the site does not use read as the site's word it misspells ("webhok" as
 * "webhook"), unless it is an English word: "stale" is no typo of "scale", nor "print" of "point".
 */
function spelledAsTheSite(list: Term[], ranker: PageRanker): Term[] {
  return list.map((term) => {
    const stem = ranker.correct(term.stem);
    return stem && !isEnglishWord(term.word) ? { ...term, stem } : term;
  });
}

/**
 * Inverse document frequency over the site's sections: the words a site uses everywhere (its product's
 * own: "deploy", "webhook", "template") are in most questions about it and say little about which need
 * one is; a word few sections use, or none, says much. Measured on two labelled sets over two sites,
 * this separates needs better than frequencies among the questions (README, Docs gaps quality).
 */
function siteIdf(ranker: PageRanker, stem: string): number {
  return Math.log((ranker.size + 1) / (ranker.sectionsWith(stem) + 1)) + 1;
}

/** Without a site: inverse document frequency among these questions. */
function questionIdf(documents: string[][]): (stem: string) => number {
  const df = new Map<string, number>();
  for (const stems of documents) for (const stem of new Set(stems)) df.set(stem, (df.get(stem) ?? 0) + 1);
  const n = documents.length;
  return (stem) => Math.log((n + 1) / ((df.get(stem) ?? 0) + 1)) + 1;
}

/** TF-IDF unit vectors of stems. */
function weights(idf: (stem: string) => number): (stems: string[]) => Vector {
  return (stems) => {
    const vector = new Map<string, number>();
    for (const stem of stems) vector.set(stem, (vector.get(stem) ?? 0) + 1);
    let norm = 0;
    for (const [stem, tf] of vector) {
      const weight = (1 + Math.log(tf)) * idf(stem);
      vector.set(stem, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [stem, weight] of vector) vector.set(stem, weight / norm);
    return vector;
  };
}

/**
 * The sections a question finds on the site, as a unit vector of section numbers weighted by score
 * (relative to the best), scaled to count {@link SECTION_WEIGHT} as much as words: two questions in other
 * words that find the same sections ("logs from last week are gone", "how long are logs kept") are
 * alike through them. Empty when no section shares a word with the question.
 */
function sectionsOf(ranker: PageRanker, vector: Vector): Vector {
  const found = ranker.nearest(vector.size > QUERY_TERMS ? weightiest(vector, QUERY_TERMS, ranker) : vector, SECTIONS_PER_QUESTION);
  const profile = new Map<string, number>();
  if (!found.length) return profile;
  let norm = 0;
  for (const { score } of found) norm += (score / found[0].score) ** 2;
  const scale = Math.sqrt(SECTION_WEIGHT / norm);
  for (const { section, score } of found) profile.set(String(section), (score / found[0].score) * scale);
  return profile;
}

/**
 * The language most of a cluster's questions are written in (each asking counts), on a site whose
 * navigation lists languages; undefined when none holds a function word of any, and on a tie (the
 * ranking then prefers no language). Undefined for a site that lists no other language.
 */
function mostAskedLanguage(languages: readonly string[]): ((questions: readonly GapQuestion[]) => string | undefined) | undefined {
  const languageOf = questionLanguage(languages);
  if (!languageOf) return undefined;
  const known = new Map<string, string | undefined>();
  return (questions) => {
    const votes = new Map<string, number>();
    for (const { query } of questions) {
      if (!known.has(query)) known.set(query, languageOf(query));
      const language = known.get(query);
      if (language) votes.set(language, (votes.get(language) ?? 0) + 1);
    }
    const [first, second] = [...votes.values()].sort((a, b) => b - a);
    return first === second ? undefined : [...votes].find(([, count]) => count === first)?.[0];
  };
}

/**
 * The `count` terms of a vector with the highest weights, the site's own words first: a word no section
 * uses finds no section, and weighs most of all (the rarest), so a question that pastes identifiers
 * would otherwise be read by them alone. On a tie, the first in the order of the alphabet.
 */
function weightiest(vector: Vector, count: number, ranker: PageRanker): Vector {
  const known = (stem: string) => knows(ranker, stem);
  return new Map([...vector].sort((a, b) => known(b[0]) - known(a[0]) || b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count));
}

/**
 * Questions with the same content words are one item: identical questions cost nothing more. A
 * question an author corrected is an item of its own (with its repeats), so it can be kept apart.
 */
function itemsOf(
  sorted: readonly GapQuestion[],
  termsOf: (question: GapQuestion) => Term[],
  weigh: (stems: string[]) => Vector,
  corrected: ReadonlySet<string> | undefined,
): Item[] {
  const items = new Map<string, Item>();
  for (const question of sorted) {
    const stems = termsOf(question).map((term) => term.stem);
    const own = corrected?.has(questionKey(question.query));
    const key = [...new Set(stems)].sort().join(' ') + (own ? `\u0000${questionKey(question.query)}` : '');
    let item = items.get(key);
    if (!item) items.set(key, (item = { key, vector: weigh(stems), questions: [] }));
    item.questions.push(question);
  }
  return [...items.values()];
}

/** The item of each corrected question (each is an item of its own). */
function inputsByQuestion(list: readonly Item[], corrected: ReadonlySet<string>): Map<string, number> {
  const inputs = new Map<string, number>();
  list.forEach((item, index) => {
    const key = questionKey(item.questions[0].query);
    if (corrected.has(key)) inputs.set(key, index);
  });
  return inputs;
}

/** The weighted mean of unit vectors, normalised. */
function mean(vectors: readonly (readonly [Vector, number])[]): Vector {
  const sum = new Map<string, number>();
  for (const [vector, weight] of vectors) for (const [stem, value] of vector) sum.set(stem, (sum.get(stem) ?? 0) + value * weight);
  let norm = 0;
  for (const value of sum.values()) norm += value * value;
  norm = Math.sqrt(norm) || 1;
  for (const [stem, value] of sum) sum.set(stem, value / norm);
  return sum;
}

/** The item closest to the centroid; among near ties the shorter question reads better as a label. */
function mostCentral(members: Item[], centroid: Vector): Item {
  let best = members[0];
  let bestScore = -Infinity;
  for (const item of members) {
    const score = cosine(item.vector, centroid) - item.questions[0].query.length / 2000;
    if (score > bestScore) [best, bestScore] = [item, score];
  }
  return best;
}

/**
 * The cluster's query for ranking: each stem by the share of its questions that use it. The words most
 * of its questions use describe a cluster, and the long tail only slows the ranking down: it keeps the
 * {@link QUERY_TERMS} most shared, and among words as shared, the site's own words first (a word no
 * section uses lifts no section), then the weightiest: a long question alone is ranked by its rarest
 * words the site knows, not by the first in the alphabet. A word of the cluster's that the site does not
 * know still counts when it is among the most shared, so the coverage rule of rank() sees it.
 */
function queryOf(members: Item[], ranker: PageRanker): Map<string, number> {
  const query = new Map<string, number>();
  const weight = new Map<string, number>();
  let total = 0;
  for (const item of members) {
    total += item.questions.length;
    for (const [stem, value] of item.vector) {
      query.set(stem, (query.get(stem) ?? 0) + item.questions.length);
      weight.set(stem, (weight.get(stem) ?? 0) + value * item.questions.length);
    }
  }
  for (const [stem, count] of query) query.set(stem, count / total);
  const known = (stem: string) => knows(ranker, stem);
  return new Map(
    [...query]
      .sort((a, b) => b[1] - a[1] || known(b[0]) - known(a[0]) || weight.get(b[0])! - weight.get(a[0])! || (a[0] < b[0] ? -1 : 1))
      .slice(0, QUERY_TERMS),
  );
}

/** 1 when some section of the site uses the stem, else 0 (for sorting the site's own words first). */
function knows(ranker: PageRanker, stem: string): number {
  return ranker.sectionsWith(stem) > 0 ? 1 : 0;
}

function cited(questions: GapQuestion[]): { file: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const question of questions)
    for (const file of new Set(question.sources.map((source) => source.file))) if (file) counts.set(file, (counts.get(file) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([file, count]) => ({ file, count }));
}

/** Each earlier question counts for the cluster whose centroid it is closest to, when close enough to have joined it. */
function countPrevious(
  previous: readonly { query: string }[],
  clusters: { cluster: GapCluster; centroid: Vector }[],
  weigh: (stems: string[]) => Vector,
  threshold: number,
  read: (text: string) => Term[],
): void {
  const byStem = new Map<string, number[]>();
  clusters.forEach(({ centroid }, index) => {
    for (const stem of centroid.keys()) {
      let list = byStem.get(stem);
      if (!list) byStem.set(stem, (list = []));
      list.push(index);
    }
  });
  for (const question of previous) {
    const vector = weigh(read(question.query).map((term) => term.stem));
    const candidates = new Set<number>();
    for (const stem of vector.keys()) for (const index of byStem.get(stem) ?? []) candidates.add(index);
    let best = -1;
    let bestScore = threshold;
    for (const index of [...candidates].sort((a, b) => a - b)) {
      const score = cosine(vector, clusters[index].centroid);
      // The highest score at or above the threshold; on a tie, the first cluster.
      if (score > bestScore || (score === bestScore && best === -1)) [best, bestScore] = [index, score];
    }
    if (best >= 0) clusters[best].cluster.trend!.previous++;
  }
  for (const { cluster } of clusters) cluster.trend!.change = cluster.conversationIds.length - cluster.trend!.previous;
}

/** FNV-1a, 32 bits, as 8 hex digits: short ids that do not change while the questions do not. */
function hash(text: string): string {
  return (fnv1a(text) >>> 0).toString(16).padStart(8, '0');
}
