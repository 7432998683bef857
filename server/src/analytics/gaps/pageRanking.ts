import type { IndexedPage, IndexedSection } from '../../service';
import { stemOf, words } from './terms';

export interface PageSuggestion {
  file: string;
  /** The heading the answer belongs under; null for the page's opening. */
  heading: string | null;
  anchor: string | null;
  line: number;
  /** The section's BM25F score for the cluster's terms (higher is closer; not comparable across sites). */
  score: number;
}

/** Field weights of BM25F: a page's title says most about where an answer belongs, its body least. */
const FIELDS = { title: 3, description: 1.5, heading: 2.5, body: 1 } as const;
type Field = keyof typeof FIELDS;
const K1 = 1.2;
/** A section is suggested only when it holds words carrying at least this share of the query's weight (idf included). */
const MIN_COVERAGE = 0.1;
const B = 0.75;

interface SectionDoc {
  page: IndexedPage;
  section: IndexedSection;
}

export interface PageRanker {
  /** Sections best first for a query of weighted stems; at most `limit`. */
  rank(query: ReadonlyMap<string, number>, limit?: number): PageSuggestion[];
  readonly size: number;
}

/**
 * A BM25F index of a site's sections, each seen with its page's title and description, so a query
 * finds both the page and the heading within it where an answer belongs.
 */
export function createPageRanker(pages: readonly IndexedPage[]): PageRanker {
  const docs: SectionDoc[] = [];
  const fieldNames = Object.keys(FIELDS) as Field[];
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
      for (const field of fieldNames) totals[field] += fields[field].length;
    }
  }
  const n = docs.length;
  const average = Object.fromEntries(fieldNames.map((f) => [f, n ? totals[f] / n || 1 : 1])) as Record<Field, number>;
  // Each stem's sections, and its saturated, field-weighted term frequency in each, computed once.
  const postingDocs: number[][] = Array.from({ length: vocabulary.size }, () => []);
  const postingValues: number[][] = Array.from({ length: vocabulary.size }, () => []);
  const tf = new Float64Array(vocabulary.size);
  const inSection: number[] = [];
  counted.forEach((fields, index) => {
    for (const field of fieldNames) {
      const { ids, counts, length } = fields[field];
      const norm = FIELDS[field] / (1 - B + (B * length) / average[field]);
      for (let k = 0; k < ids.length; k++) {
        if (tf[ids[k]] === 0) inSection.push(ids[k]);
        tf[ids[k]] += counts[k] * norm;
      }
    }
    for (const id of inSection) {
      postingDocs[id].push(index);
      postingValues[id].push(tf[id] / (K1 + tf[id]));
      tf[id] = 0;
    }
    inSection.length = 0;
  });
  const postings = new Map(
    [...vocabulary.ids].map(([stem, id]) => [
      stem,
      { docs: Int32Array.from(postingDocs[id]), values: Float64Array.from(postingValues[id]) },
    ]),
  );
  // Scratch for rank(), kept between calls: a report ranks hundreds of clusters, and fresh arrays of
  // every section each time were most of that cost. Clearing them is a fill, far cheaper than the loop.
  const scores = new Float64Array(n);
  const covered = new Float64Array(n);
  return {
    size: n,
    rank(query, limit = 5) {
      scores.fill(0);
      covered.fill(0);
      let total = 0;
      for (const [stem, weight] of query) {
        const list = postings.get(stem);
        const found = list?.docs.length ?? 0;
        // A word no page uses weighs as much as the rarest: a query of unknown words covers little.
        const idf = Math.log(1 + (n - found + 0.5) / (found + 0.5));
        total += weight * idf;
        if (!list) continue;
        const w = weight * idf;
        const { docs: ids, values } = list;
        for (let k = 0; k < found; k++) {
          const index = ids[k];
          scores[index] += w * values[k];
          covered[index] += w;
        }
      }
      // The best `limit` sections, kept in order as they come (no sort of every section).
      const best: number[] = [];
      const ahead = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && a < b);
      const enough = MIN_COVERAGE * total;
      for (let index = 0; index < n; index++) {
        if (covered[index] === 0 || covered[index] < enough) continue;
        if (best.length === limit && !ahead(index, best[limit - 1])) continue;
        let at = best.length === limit ? limit - 1 : best.length;
        while (at > 0 && ahead(index, best[at - 1])) {
          best[at] = best[at - 1];
          at--;
        }
        best[at] = index;
      }
      return best.map((index) => {
        const { page, section } = docs[index];
        return { file: page.file, heading: section.heading, anchor: section.anchor, line: section.line, score: round(scores[index]) };
      });
    },
  };
}

interface Counted {
  /** The field's distinct stems (as vocabulary ids), and how often each occurs. */
  ids: Int32Array;
  counts: Int32Array;
  length: number;
}

/** Stems numbered as they are first met, so counting touches arrays rather than maps of strings. */
class Vocabulary {
  readonly ids = new Map<string, number>();
  /** Each word's stem id, or -1 for a word with no content: a site repeats its words, so each is stemmed once. */
  private readonly wordIds = new Map<string, number>();
  private tally: number[] = [];

  get size(): number {
    return this.ids.size;
  }

  count(text: string): Counted {
    const distinct: number[] = [];
    let length = 0;
    for (const word of words(text)) {
      const id = this.idOf(word);
      if (id < 0) continue;
      length++;
      if (this.tally[id]++ === 0) distinct.push(id);
    }
    const ids = new Int32Array(distinct.length);
    const counts = new Int32Array(distinct.length);
    for (let k = 0; k < distinct.length; k++) {
      ids[k] = distinct[k];
      counts[k] = this.tally[distinct[k]];
      this.tally[distinct[k]] = 0;
    }
    return { ids, counts, length };
  }

  private idOf(word: string): number {
    let id = this.wordIds.get(word);
    if (id === undefined) {
      const stem = stemOf(word);
      if (!stem) id = -1;
      else {
        id = this.ids.get(stem);
        if (id === undefined) {
          this.ids.set(stem, (id = this.ids.size));
          this.tally.push(0);
        }
      }
      this.wordIds.set(word, id);
    }
    return id;
  }
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
