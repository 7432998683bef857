import type { IndexedPage, IndexedSection } from '../../service';
import { baseLanguage } from './questionLanguage';
import { createSpeller } from './spelling';
import { Vocabulary, type Counted } from './vocabulary';

export interface PageSuggestion {
  file: string;
  /** The heading the answer belongs under; null for the page's opening. */
  heading: string | null;
  anchor: string | null;
  line: number;
  /** The operation (`GET /users`) when the page is one the platform makes of a spec: `file` is the spec, `line` the operation's. */
  operation?: string;
  /** The section's BM25F score for the cluster's terms, lowered for a page of another version (higher is closer; not comparable across sites). */
  score: number;
  /** The share of the query's weight (idf included) the section's words hold, 0 to 1: comparable across sites. */
  coverage: number;
}

/** Field weights of BM25F: a page's title says most about where an answer belongs, its body least. */
const FIELDS = { title: 3, description: 1.5, heading: 2.5, body: 1 } as const;
type Field = keyof typeof FIELDS;
const K1 = 1.2;
/** A section is suggested only when it holds words carrying at least this share of the query's weight (idf included). */
const MIN_COVERAGE = 0.1;
const B = 0.75;
/** How many sections past `limit`, best score first, are checked for coverage before every section is. */
const SHORTLIST = 8;
/**
 * A section of a page listed only under a non-default version counts this share of its score in
 * rank(): where versions repeat a page, the answer belongs in the version readers land on, and an
 * other version's page is suggested only when it matches clearly better.
 */
export const OTHER_VERSION_WEIGHT = 0.85;
/**
 * A section of a page the platform makes of an OpenAPI operation counts this share of its score in
 * rank(): an operation's page is short and its summary often repeats a guide's heading ("Create an
 * index"), and prose answers mostly belong in the guides. Measured on the 10 corpus sites whose
 * navigation makes pages of local specs (1,301 operations): each guide heading asked as a question
 * went to an operation 203 times of 11,608 at full weight, 59 at 0.95, 15 at 0.9; each operation's
 * first sentence of description found that operation 942, 882 and 819 times of 1,167. 0.95 makes the
 * fewest of both errors.
 */
export const OPERATION_WEIGHT = 0.95;
/**
 * A section of a page listed under another navigation language than the question's counts this share
 * of its score in rank(), as a page of another version does: translations share the product's names
 * and code ("signUp()", "pgvector"), and an English question about them belongs in the English page
 * unless another language's page matches clearly better.
 */
export const OTHER_LANGUAGE_WEIGHT = OTHER_VERSION_WEIGHT;
/** nearest() reads at most this many sections of each query word: those where the word weighs most. */
const IMPACT = 64;

interface SectionDoc {
  page: IndexedPage;
  section: IndexedSection;
}

export interface PageRanker {
  /**
   * Sections best first for a query of weighted stems; at most `limit`. `language` (an ISO 639-1 code,
   * `es`) is the questions' language, when known: where the site lists it, pages listed under another
   * navigation language count {@link OTHER_LANGUAGE_WEIGHT} of their score.
   */
  rank(query: ReadonlyMap<string, number>, limit?: number, language?: string): PageSuggestion[];
  /**
   * The `limit` sections with the highest BM25F score for a query, best first, as section numbers
   * (0 to size - 1) with their scores: no coverage rule and nothing built per section, so it is cheap
   * enough to call for every question, where {@link rank} is called for every cluster.
   */
  nearest(query: ReadonlyMap<string, number>, limit: number): { section: number; score: number }[];
  /** How many sections use a stem in any field (0 for a stem no page uses). */
  sectionsWith(stem: string): number;
  /** The site's stem that a stem no section uses most likely misspells, if any ({@link createSpeller}). */
  correct(stem: string): string | undefined;
  /** How many sections the site has. */
  readonly size: number;
  /** The navigation languages of the site's pages (`es`, `zh-Hant`); empty for a site that lists none. */
  readonly languages: readonly string[];
}

/**
 * A BM25F index of a site's sections, each seen with its page's title and description, so a query
 * finds both the page and the heading within it where an answer belongs.
 */
export function createPageRanker(pages: readonly IndexedPage[]): PageRanker {
  return new SectionRanker(pages);
}

type Postings = { docs: Int32Array; values: Float64Array };

/** Each section's stem counts per field, and the average length of each field over the sections. */
function countSections(pages: readonly IndexedPage[]): {
  docs: SectionDoc[];
  counted: Record<Field, Counted>[];
  average: Record<Field, number>;
  vocabulary: Vocabulary;
} {
  const docs: SectionDoc[] = [];
  const vocabulary = new Vocabulary();
  // Per section, each field's stem counts and length; the averages need every section first.
  const counted: Record<Field, Counted>[] = [];
  const totals: Record<Field, number> = { title: 0, description: 0, heading: 0, body: 0 };
  for (const page of pages) {
    const title = vocabulary.count(page.title);
    const description = vocabulary.count(page.description);
    for (const section of page.sections) {
      docs.push({ page, section });
      const fields = { title, description, heading: vocabulary.count(section.heading ?? ''), body: vocabulary.count(section.text) };
      counted.push(fields);
      for (const field of FIELD_NAMES) totals[field] += fields[field].length;
    }
  }
  const n = docs.length;
  const average = Object.fromEntries(FIELD_NAMES.map((f) => [f, n ? totals[f] / n || 1 : 1])) as Record<Field, number>;
  return { docs, counted, average, vocabulary };
}

const FIELD_NAMES = Object.keys(FIELDS) as Field[];

/**
 * Each stem's sections, and its saturated, field-weighted term frequency in each, computed once, into
 * typed arrays of the right length (counted first: growing arrays was most of what this allocated).
 */
function buildPostings(counted: Record<Field, Counted>[], average: Record<Field, number>, vocabulary: Vocabulary): Map<string, Postings> {
  const size = vocabulary.size;
  const sectionsWith = new Int32Array(size);
  const lastSection = new Int32Array(size).fill(-1);
  counted.forEach((fields, index) => {
    for (const field of FIELD_NAMES)
      for (const id of fields[field].ids) {
        if (lastSection[id] === index) continue;
        lastSection[id] = index;
        sectionsWith[id]++;
      }
  });
  const postingDocs = Array.from(sectionsWith, (count) => new Int32Array(count));
  const postingValues = Array.from(sectionsWith, (count) => new Float64Array(count));
  const filled = new Int32Array(size);
  const tf = new Float64Array(size);
  const inSection = new Int32Array(size);
  counted.forEach((fields, index) => {
    let stems = 0;
    for (const field of FIELD_NAMES) {
      const { ids, counts, length } = fields[field];
      const norm = FIELDS[field] / (1 - B + (B * length) / average[field]);
      for (let k = 0; k < ids.length; k++) {
        if (tf[ids[k]] === 0) inSection[stems++] = ids[k];
        tf[ids[k]] += counts[k] * norm;
      }
    }
    for (let k = 0; k < stems; k++) {
      const id = inSection[k];
      postingDocs[id][filled[id]] = index;
      postingValues[id][filled[id]++] = tf[id] / (K1 + tf[id]);
      tf[id] = 0;
    }
  });
  return new Map([...vocabulary.ids].map(([stem, id]) => [stem, { docs: postingDocs[id], values: postingValues[id] }]));
}

/** Each section's share of its score in rank(), where a page is another version's or an operation's. */
function pageWeight(page: IndexedPage): number {
  return (page.otherVersion ? OTHER_VERSION_WEIGHT : 1) * (page.operation ? OPERATION_WEIGHT : 1);
}

class SectionRanker implements PageRanker {
  readonly size: number;
  readonly languages: readonly string[];
  private readonly docs: SectionDoc[];
  private readonly postings: Map<string, Postings>;
  /**
   * For nearest(): each stem's sections where it weighs most, at most IMPACT of them, made when a query
   * first uses the stem. A section outside every query word's best few is all but never among the
   * query's best three, and a word a large part of the site uses would otherwise cost as many steps as
   * the sections holding it, for every question.
   */
  private readonly impact = new Map<string, (Postings & { idf: number }) | null>();
  /**
   * Scratch for rank() and nearest(), kept between calls and zero between them: a report ranks hundreds
   * of clusters, and a fresh array of every section each time was most of that cost.
   */
  private readonly scores: Float64Array;
  private readonly touched: Int32Array;
  /** Each section's weight in rank() (none on most sites), and the same per language asked in that the site lists. */
  private readonly weighted: Float64Array | undefined;
  private readonly inLanguage = new Map<string, Float64Array | undefined>();
  private readonly listed: Set<string>;
  private readonly speller: ReturnType<typeof createSpeller>;

  constructor(pages: readonly IndexedPage[]) {
    const { docs, counted, average, vocabulary } = countSections(pages);
    this.docs = docs;
    this.size = docs.length;
    this.postings = buildPostings(counted, average, vocabulary);
    this.scores = new Float64Array(this.size);
    this.touched = new Int32Array(this.size);
    this.weighted = this.weightsOf(pageWeight);
    this.listed = new Set(pages.flatMap((page) => (page.language ? [baseLanguage(page.language)] : [])));
    this.languages = [...new Set(pages.flatMap((page) => (page.language ? [page.language] : [])))].sort();
    this.speller = createSpeller(
      () => this.postings.keys(),
      (stem) => this.sectionsWith(stem),
    );
  }

  sectionsWith(stem: string): number {
    return this.postings.get(stem)?.docs.length ?? 0;
  }

  correct(stem: string): string | undefined {
    return this.speller.correct(stem);
  }

  nearest(query: ReadonlyMap<string, number>, limit: number): { section: number; score: number }[] {
    const { scores, touched } = this;
    // Scores accumulate into the shared array from zero, and only the sections touched are read and
    // put back to zero: a question's few words touch a small part of a large site.
    let touches = 0;
    for (const [stem, weight] of query) {
      const list = this.impactOf(stem);
      if (!list) continue;
      const w = weight * list.idf;
      const { docs: ids, values } = list;
      for (let k = 0; k < ids.length; k++) {
        if (scores[ids[k]] === 0) touched[touches++] = ids[k];
        scores[ids[k]] += w * values[k];
      }
    }
    const top = this.best(limit, () => true, touched, touches).map((section) => ({ section, score: scores[section] }));
    for (let t = 0; t < touches; t++) scores[touched[t]] = 0;
    return top;
  }

  rank(query: ReadonlyMap<string, number>, limit = 5, language?: string): PageSuggestion[] {
    const { scores } = this;
    const factors = this.weightsIn(language);
    let total = 0;
    const terms: { ids: Int32Array; w: number }[] = [];
    for (const [stem, weight] of query) {
      const list = this.postings.get(stem);
      const found = list?.docs.length ?? 0;
      // A word no page uses weighs as much as the rarest: a query of unknown words covers little.
      const idf = this.idfOf(found);
      total += weight * idf;
      if (!list) continue;
      const w = weight * idf;
      terms.push({ ids: list.docs, w });
      const { docs: ids, values } = list;
      for (let k = 0; k < found; k++) scores[ids[k]] += w * values[k];
    }
    if (factors) for (let index = 0; index < this.size; index++) scores[index] *= factors[index];
    const enough = MIN_COVERAGE * total;
    // A section's share of the query's weight: the weights of the query's words it holds, in the query's order.
    const coverage = (index: number) => {
      let sum = 0;
      for (const { ids, w } of terms) if (holds(ids, index)) sum += w;
      return sum;
    };
    // A section must hold enough of the query's weight. The best few by score are checked first,
    // each by a search in the postings; only when too few of them pass is every section's share counted.
    const shortlist = this.best(limit + SHORTLIST, () => true);
    const chosen = shortlist.filter((index) => coverage(index) >= enough).slice(0, limit);
    const ranked =
      chosen.length === limit || shortlist.length < limit + SHORTLIST ? chosen : this.best(limit, (index) => coverage(index) >= enough);
    const suggestions = ranked.map((index) => this.suggestion(index, total > 0 ? coverage(index) / total : 0));
    // Zero between calls, which nearest() counts on.
    scores.fill(0);
    return suggestions;
  }

  private suggestion(index: number, coverage: number): PageSuggestion {
    const { page, section } = this.docs[index];
    const suggestion: PageSuggestion = {
      file: page.file,
      heading: section.heading,
      anchor: section.anchor,
      line: section.line,
      score: round(this.scores[index]),
      coverage: round(coverage),
    };
    if (page.operation) suggestion.operation = page.operation;
    return suggestion;
  }

  /** BM25's inverse document frequency of a stem that `found` sections hold. */
  private idfOf(found: number): number {
    return Math.log(1 + (this.size - found + 0.5) / (found + 0.5));
  }

  private impactOf(stem: string): (Postings & { idf: number }) | null {
    let list = this.impact.get(stem);
    if (list === undefined) {
      const all = this.postings.get(stem);
      this.impact.set(stem, (list = all ? { ...strongest(all), idf: this.idfOf(all.docs.length) } : null));
    }
    return list;
  }

  private weightsOf(weight: (page: IndexedPage) => number): Float64Array | undefined {
    return this.docs.some((doc) => weight(doc.page) !== 1) ? Float64Array.from(this.docs, (doc) => weight(doc.page)) : undefined;
  }

  /**
   * The weights with pages in another language than the questions' lowered: made for each language
   * asked in that the site lists (a question in a language it does not list has no pages of its own to prefer).
   */
  private weightsIn(language: string | undefined): Float64Array | undefined {
    if (language === undefined || !this.listed.has(language)) return this.weighted;
    if (!this.inLanguage.has(language))
      this.inLanguage.set(
        language,
        this.weightsOf(
          (page) => pageWeight(page) * (page.language && baseLanguage(page.language) !== language ? OTHER_LANGUAGE_WEIGHT : 1),
        ),
      );
    return this.inLanguage.get(language);
  }

  /**
   * The best `count` sections hit that `keep` keeps, in order of score (no sort of every section):
   * among every section, or among the first `length` of `candidates` when given.
   */
  private best(count: number, keep: (index: number) => boolean, candidates?: Int32Array, length = this.size): number[] {
    const { scores } = this;
    const list: number[] = [];
    if (count <= 0) return list;
    // The score a section must reach to enter a full list (ties go to the lower index, which comes first here).
    let floor = 0;
    for (let k = 0; k < length; k++) {
      const index = candidates ? candidates[k] : k;
      const score = scores[index];
      if (score === 0 || (list.length === count && score <= floor && !(score === floor && index < list[count - 1]))) continue;
      if (!keep(index)) continue;
      let at = list.length === count ? count - 1 : list.length;
      while (at > 0 && (score > scores[list[at - 1]] || (score === scores[list[at - 1]] && index < list[at - 1]))) {
        list[at] = list[at - 1];
        at--;
      }
      list[at] = index;
      if (list.length === count) floor = scores[list[count - 1]];
    }
    return list;
  }
}

/** A stem's postings where its value is highest, at most {@link IMPACT}, in the order of their sections. */
function strongest(list: { docs: Int32Array; values: Float64Array }): { docs: Int32Array; values: Float64Array } {
  if (list.docs.length <= IMPACT) return list;
  // The IMPACT-th highest value (a native sort of a copy), then the postings above it, and those at it
  // in the order of their sections until IMPACT are taken.
  const bar = Float64Array.from(list.values).sort()[list.values.length - IMPACT];
  let above = 0;
  for (const value of list.values) if (value > bar) above++;
  let atBar = IMPACT - above;
  const docs = new Int32Array(IMPACT);
  const values = new Float64Array(IMPACT);
  let k = 0;
  for (let p = 0; p < list.docs.length; p++) {
    const value = list.values[p];
    if (value > bar || (value === bar && atBar-- > 0)) {
      docs[k] = list.docs[p];
      values[k++] = value;
    }
  }
  return { docs, values };
}

/** True when the sorted `ids` hold `index` (a binary search). */
function holds(ids: Int32Array, index: number): boolean {
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (ids[middle] === index) return true;
    if (ids[middle] < index) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
