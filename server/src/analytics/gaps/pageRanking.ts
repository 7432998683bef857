import type { IndexedPage, IndexedSection } from '../../service';
import { stems } from './terms';

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
  // Per section, each field's stem counts and length; the averages need every section first.
  const counted: Record<Field, Counted>[] = [];
  const totals: Record<Field, number> = { title: 0, description: 0, heading: 0, body: 0 };
  for (const page of pages) {
    const title = count(stems(page.title));
    const description = count(stems(page.description));
    for (const section of page.sections) {
      docs.push({ page, section });
      const fields = { title, description, heading: count(stems(section.heading ?? '')), body: count(stems(section.text)) };
      counted.push(fields);
      for (const field of fieldNames) totals[field] += fields[field].length;
    }
  }
  const n = docs.length;
  const average = Object.fromEntries(fieldNames.map((f) => [f, n ? totals[f] / n || 1 : 1])) as Record<Field, number>;
  // Each stem's sections, and its saturated, field-weighted term frequency in each, computed once.
  const postings = new Map<string, { docs: number[]; values: number[] }>();
  const tf = new Map<string, number>();
  counted.forEach((fields, index) => {
    for (const field of fieldNames) {
      const { counts, length } = fields[field];
      const norm = FIELDS[field] / (1 - B + (B * length) / average[field]);
      for (const [stem, c] of counts) tf.set(stem, (tf.get(stem) ?? 0) + c * norm);
    }
    for (const [stem, value] of tf) {
      let list = postings.get(stem);
      if (!list) postings.set(stem, (list = { docs: [], values: [] }));
      list.docs.push(index);
      list.values.push(value / (K1 + value));
    }
    tf.clear();
  });
  return {
    size: n,
    rank(query, limit = 5) {
      const scores = new Float64Array(n);
      const covered = new Float64Array(n);
      const hit: number[] = [];
      let total = 0;
      for (const [stem, weight] of query) {
        const list = postings.get(stem);
        const found = list?.docs.length ?? 0;
        // A word no page uses weighs as much as the rarest: a query of unknown words covers little.
        const idf = Math.log(1 + (n - found + 0.5) / (found + 0.5));
        total += weight * idf;
        if (!list) continue;
        const w = weight * idf;
        for (let k = 0; k < found; k++) {
          const index = list.docs[k];
          if (covered[index] === 0) hit.push(index);
          scores[index] += w * list.values[k];
          covered[index] += w;
        }
      }
      // The best `limit` sections, kept in order as they come (no sort of every section hit).
      const best: number[] = [];
      const ahead = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && a < b);
      for (const index of hit) {
        if (covered[index] < MIN_COVERAGE * total) continue;
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
  counts: Map<string, number>;
  length: number;
}

function count(list: string[]): Counted {
  const counts = new Map<string, number>();
  for (const stem of list) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  return { counts, length: list.length };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
