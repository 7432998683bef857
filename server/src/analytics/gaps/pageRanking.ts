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
  /** Per field: term counts and length. */
  fields: Record<Field, { counts: Map<string, number>; length: number }>;
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
  const postings = new Map<string, number[]>();
  const totals: Record<Field, number> = { title: 0, description: 0, heading: 0, body: 0 };
  for (const page of pages) {
    const title = count(stems(page.title));
    const description = count(stems(page.description));
    for (const section of page.sections) {
      const doc: SectionDoc = {
        page,
        section,
        fields: { title, description, heading: count(stems(section.heading ?? '')), body: count(stems(section.text)) },
      };
      const index = docs.push(doc) - 1;
      const seen = new Set<string>();
      for (const field of Object.keys(FIELDS) as Field[]) {
        totals[field] += doc.fields[field].length;
        for (const stem of doc.fields[field].counts.keys()) seen.add(stem);
      }
      for (const stem of seen) {
        let list = postings.get(stem);
        if (!list) postings.set(stem, (list = []));
        list.push(index);
      }
    }
  }
  const n = docs.length;
  const average = Object.fromEntries((Object.keys(FIELDS) as Field[]).map((f) => [f, n ? totals[f] / n || 1 : 1])) as Record<Field, number>;
  // Each stem's saturated, field-weighted term frequency in each section it occurs in, computed once.
  const saturated = new Map<string, Float64Array>();
  for (const [stem, list] of postings) {
    const values = new Float64Array(list.length);
    list.forEach((index, k) => {
      let tf = 0;
      for (const field of Object.keys(FIELDS) as Field[]) {
        const { counts, length } = docs[index].fields[field];
        const c = counts.get(stem);
        if (c) tf += (FIELDS[field] * c) / (1 - B + (B * length) / average[field]);
      }
      values[k] = tf / (K1 + tf);
    });
    saturated.set(stem, values);
  }
  return {
    size: n,
    rank(query, limit = 5) {
      const scores = new Float64Array(n);
      const covered = new Float64Array(n);
      let total = 0;
      for (const [stem, weight] of query) {
        const list = postings.get(stem);
        // A word no page uses weighs as much as the rarest: a query of unknown words covers little.
        const idf = Math.log(1 + (n - (list?.length ?? 0) + 0.5) / ((list?.length ?? 0) + 0.5));
        total += weight * idf;
        if (!list) continue;
        const values = saturated.get(stem)!;
        const w = weight * idf;
        for (let k = 0; k < list.length; k++) {
          scores[list[k]] += w * values[k];
          covered[list[k]] += w;
        }
      }
      const best: [number, number][] = [];
      for (let index = 0; index < n; index++)
        if (scores[index] > 0 && covered[index] >= MIN_COVERAGE * total) best.push([index, scores[index]]);
      return best
        .sort((a, b) => b[1] - a[1] || a[0] - b[0])
        .slice(0, limit)
        .map(([index, score]) => {
          const { page, section } = docs[index];
          return { file: page.file, heading: section.heading, anchor: section.anchor, line: section.line, score: round(score) };
        });
    },
  };
}

function count(list: string[]): { counts: Map<string, number>; length: number } {
  const counts = new Map<string, number>();
  for (const stem of list) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  return { counts, length: list.length };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
