import type { IndexedPage, IndexedSection } from '../../service';
import { Vocabulary, type Counted } from './vocabulary';

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
/** How many sections past `limit`, best score first, are checked for coverage before every section is. */
const SHORTLIST = 8;

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
  // Each stem's sections, and its saturated, field-weighted term frequency in each, computed once,
  // into typed arrays of the right length (counted first: growing arrays was most of what this allocated).
  const size = vocabulary.size;
  const sectionsWith = new Int32Array(size);
  const lastSection = new Int32Array(size).fill(-1);
  counted.forEach((fields, index) => {
    for (const field of fieldNames)
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
    for (const field of fieldNames) {
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
  const postings = new Map([...vocabulary.ids].map(([stem, id]) => [stem, { docs: postingDocs[id], values: postingValues[id] }]));
  // Scratch for rank(), kept between calls: a report ranks hundreds of clusters, and a fresh array of
  // every section each time was most of that cost. Clearing it is a fill, far cheaper than the loop.
  const scores = new Float64Array(n);
  return {
    size: n,
    rank(query, limit = 5) {
      scores.fill(0);
      let total = 0;
      const terms: { ids: Int32Array; w: number }[] = [];
      for (const [stem, weight] of query) {
        const list = postings.get(stem);
        const found = list?.docs.length ?? 0;
        // A word no page uses weighs as much as the rarest: a query of unknown words covers little.
        const idf = Math.log(1 + (n - found + 0.5) / (found + 0.5));
        total += weight * idf;
        if (!list) continue;
        const w = weight * idf;
        terms.push({ ids: list.docs, w });
        const { docs: ids, values } = list;
        for (let k = 0; k < found; k++) scores[ids[k]] += w * values[k];
      }
      const enough = MIN_COVERAGE * total;
      // A section must hold enough of the query's weight. The best few by score are checked first,
      // each by a search in the postings; only when too few of them pass is every section's share counted.
      const shortlist = best(limit + SHORTLIST, () => true);
      const chosen = shortlist.filter((index) => coverage(index) >= enough).slice(0, limit);
      const ranked =
        chosen.length === limit || shortlist.length < limit + SHORTLIST ? chosen : best(limit, (index) => coverage(index) >= enough);
      return ranked.map((index) => {
        const { page, section } = docs[index];
        return { file: page.file, heading: section.heading, anchor: section.anchor, line: section.line, score: round(scores[index]) };
      });

      /** A section's share of the query's weight: the weights of the query's words it holds, in the query's order. */
      function coverage(index: number): number {
        let sum = 0;
        for (const { ids, w } of terms) if (holds(ids, index)) sum += w;
        return sum;
      }
    },
  };

  /** The best `count` sections hit that `keep` keeps, in order of score (no sort of every section). */
  function best(count: number, keep: (index: number) => boolean): number[] {
    const list: number[] = [];
    const ahead = (a: number, b: number) => scores[a] > scores[b] || (scores[a] === scores[b] && a < b);
    for (let index = 0; index < n; index++) {
      if (scores[index] === 0) continue;
      if (list.length === count && !ahead(index, list[count - 1])) continue;
      if (!keep(index)) continue;
      let at = list.length === count ? count - 1 : list.length;
      while (at > 0 && ahead(index, list[at - 1])) {
        list[at] = list[at - 1];
        at--;
      }
      list[at] = index;
    }
    return list;
  }
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
