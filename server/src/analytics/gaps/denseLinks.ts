import { indexedNeighbours } from './denseIndex';

/**
 * Sentence embeddings from a model the user runs (opt-in), as the clustering reads them: each input's
 * vector with the mean of all of them taken away (most models place every sentence in one narrow cone,
 * where unrelated questions are 0.3 to 0.5 alike; centred, they spread around 0), made unit length,
 * and for each input its closest others by cosine: every pair compared for a few hundred questions,
 * an index past that.
 */

/** How much the embeddings count in a pair's similarity; the words and sections count the rest. */
export const DENSE_WEIGHT = 0.5;

/** Centred and unit-length copies of the vectors (all of one dimension); a zero vector stays zero. */
export function centred(vectors: readonly Float32Array[]): Float32Array[] {
  if (vectors.length === 0) return [];
  const dimension = vectors[0].length;
  const mean = new Float64Array(dimension);
  for (const vector of vectors) for (let k = 0; k < dimension; k++) mean[k] += vector[k];
  for (let k = 0; k < dimension; k++) mean[k] /= vectors.length;
  return vectors.map((vector) => {
    const out = new Float32Array(dimension);
    let norm = 0;
    for (let k = 0; k < dimension; k++) {
      out[k] = vector[k] - mean[k];
      norm += out[k] * out[k];
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (let k = 0; k < dimension; k++) out[k] /= norm;
    return out;
  });
}

/** Up to this many inputs, every pair is compared exactly (a labelled set, a month of questions). */
const EXACT_UP_TO = 1000;
/** Past that, how many closest inputs each keeps: the closest matter to average linkage, and each costs an exact score. */
const INDEXED_NEIGHBOURS = 24;

/**
 * For each input, its `count` closest other inputs by cosine (above `min`), as a map from the other
 * input to the cosine. Deterministic: ties go to the lower index. Up to {@link EXACT_UP_TO} inputs every
 * pair is compared; past that an index finds the candidates (denseIndex.ts), or the work would grow with
 * the square of the questions (10,000 of them, 768 numbers each: 38 billion products).
 */
export function denseNeighbours(vectors: readonly Float32Array[], count: number, min: number): Map<number, number>[] {
  return vectors.length > EXACT_UP_TO
    ? indexedNeighbours(vectors, Math.min(count, INDEXED_NEIGHBOURS), min)
    : exactNeighbours(vectors, count, min);
}

function exactNeighbours(vectors: readonly Float32Array[], count: number, min: number): Map<number, number>[] {
  const n = vectors.length;
  const near: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  const scores = new Float32Array(n);
  const order: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = vectors[i];
    order.length = 0;
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const b = vectors[j];
      let dot = 0;
      for (let k = 0; k < a.length; k++) dot += a[k] * b[k];
      scores[j] = dot;
      if (dot >= min) order.push(j);
    }
    order.sort((x, y) => scores[y] - scores[x] || x - y);
    for (const j of order.slice(0, count)) near[i].set(j, scores[j]);
  }
  return near;
}
