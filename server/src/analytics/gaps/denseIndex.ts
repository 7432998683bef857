import { seededRandom } from '../../common/seededRandom';

/**
 * Each vector's closest others without comparing every pair at full dimension (issue 65, D6: 5,000
 * questions of 768 numbers took 90 s that way). The vectors are projected to sparse random
 * directions (48 of them; Johnson-Lindenstrauss: cosines are kept, roughly), grouped around about √n centres by
 * spherical k-means in that small space, and each vector is compared, still in the small space, with
 * the members of its closest groups only; the best of those candidates are then scored exactly.
 * Deterministic: a seeded generator, centres seeded at fixed positions. It runs where the clustering
 * runs: on the site's worker thread, which a cancelled request terminates.
 */

/** Random directions the vectors are projected to (an even number: the loop below takes two at a time). */
const PROJECTED = 48;
/** One number in this many of a direction is not zero (a sparse projection: Achlioptas, Li et al.). */
const SPARSITY = 8;
/** Groups each vector looks into for its candidates. */
const PROBES = 4;
/** Rounds of k-means, on a sample of at most {@link SAMPLE} vectors. */
const ROUNDS = 3;
const SAMPLE = 2000;
/** Candidates scored exactly beyond the neighbours wanted. */
const MARGIN = 5;

/**
 * For each input, its `count` closest inputs by cosine at or above `min` (the inputs are unit vectors),
 * as a map from the other input to its exact cosine; the same shape as the exact search gives.
 */
export function indexedNeighbours(vectors: readonly Float32Array[], count: number, min: number): Map<number, number>[] {
  const n = vectors.length;
  const near: Map<number, number>[] = Array.from({ length: n }, () => new Map());
  if (n < 2) return near;
  const small = project(vectors);
  const groups = spherical(small, Math.min(256, Math.ceil(Math.sqrt(n))));
  // The projected vectors in one array, read in the hot loop below without a call per pair.
  const flat = new Float32Array(n * PROJECTED);
  small.forEach((vector, i) => flat.set(vector, i * PROJECTED));
  const probes = Math.min(PROBES, groups.centres.length);
  const wanted = count + MARGIN;
  const candidates = new Int32Array(n);
  const scores = new Float32Array(n);
  const closestGroups = new Int32Array(probes);
  const groupScores = new Float32Array(groups.centres.length);
  for (let i = 0; i < n; i++) {
    const a = small[i];
    for (let g = 0; g < groups.centres.length; g++) groupScores[g] = dot(a, groups.centres[g], PROJECTED);
    topIndices(groupScores, groups.centres.length, probes, closestGroups);
    let length = 0;
    for (const g of closestGroups)
      for (const j of groups.members[g]) {
        if (j === i) continue;
        let s0 = 0;
        let s1 = 0;
        for (let r = 0, at = j * PROJECTED; r < PROJECTED; r += 2, at += 2) {
          s0 += a[r] * flat[at];
          s1 += a[r + 1] * flat[at + 1];
        }
        const sum = s0 + s1;
        candidates[length] = j;
        scores[length++] = sum;
      }
    // The best `wanted` by their projected cosine: those at or above the wanted-th highest score.
    let floor = -Infinity;
    if (length > wanted) floor = scores.subarray(0, length).slice().sort()[length - wanted];
    // Exact cosines for the few that may be closest.
    const full = vectors[i];
    const exact: [number, number][] = [];
    for (let t = 0; t < length; t++) {
      if (scores[t] < floor) continue;
      const j = candidates[t];
      // A pair met before from the other side has its exact cosine there already.
      const score = near[j].get(i) ?? dot4(full, vectors[j]);
      if (score >= min) exact.push([j, score]);
    }
    exact.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
    for (let t = 0; t < Math.min(count, exact.length); t++) near[i].set(exact[t][0], exact[t][1]);
  }
  return near;
}

function dot(a: Float32Array, b: Float32Array, length: number): number {
  let sum = 0;
  for (let k = 0; k < length; k++) sum += a[k] * b[k];
  return sum;
}

/** A dot product of two vectors of one length, four products at a time. */
function dot4(a: Float32Array, b: Float32Array): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let k = 0;
  for (; k + 3 < a.length; k += 4) {
    s0 += a[k] * b[k];
    s1 += a[k + 1] * b[k + 1];
    s2 += a[k + 2] * b[k + 2];
    s3 += a[k + 3] * b[k + 3];
  }
  for (; k < a.length; k++) s0 += a[k] * b[k];
  return s0 + s1 + s2 + s3;
}

/**
 * The vectors projected to {@link PROJECTED} seeded sparse directions (each number +1, -1 or, mostly,
 * 0), each made unit length: an eighth of the work of a dense projection, and cosines kept as well.
 */
function project(vectors: readonly Float32Array[]): Float32Array[] {
  const dimension = vectors[0].length;
  const random = seededRandom(0x5eed);
  const plus: Int32Array[] = [];
  const minus: Int32Array[] = [];
  for (let r = 0; r < PROJECTED; r++) {
    const up: number[] = [];
    const down: number[] = [];
    for (let k = 0; k < dimension; k++) {
      const u = random() * SPARSITY;
      if (u < 0.5) up.push(k);
      else if (u < 1) down.push(k);
    }
    plus.push(Int32Array.from(up));
    minus.push(Int32Array.from(down));
  }
  return vectors.map((vector) => {
    const out = new Float32Array(PROJECTED);
    let norm = 0;
    for (let r = 0; r < PROJECTED; r++) {
      let sum = 0;
      for (const k of plus[r]) sum += vector[k];
      for (const k of minus[r]) sum -= vector[k];
      out[r] = sum;
      norm += sum * sum;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (let r = 0; r < PROJECTED; r++) out[r] /= norm;
    return out;
  });
}

/**
 * Spherical k-means: `k` unit centres, seeded at evenly spaced inputs and moved on a sample of them,
 * then every input's group.
 */
function spherical(points: readonly Float32Array[], k: number): { centres: Float32Array[]; members: number[][] } {
  const n = points.length;
  const step = Math.max(1, Math.floor(n / SAMPLE));
  const sample = Array.from({ length: Math.ceil(n / step) }, (_, s) => s * step);
  let centres = Array.from({ length: k }, (_, g) => Float32Array.from(points[Math.floor((g * n) / k)]));
  const assign = (indices: readonly number[]) => {
    const members: number[][] = Array.from({ length: centres.length }, () => []);
    for (let t = 0; t < indices.length; t++) {
      const i = indices[t];
      let best = 0;
      let bestScore = -Infinity;
      for (let g = 0; g < centres.length; g++) {
        const score = dot(points[i], centres[g], PROJECTED);
        if (score > bestScore) [best, bestScore] = [g, score];
      }
      members[best].push(i);
    }
    return members;
  };
  for (let round = 0; round < ROUNDS; round++) {
    const members = assign(sample);
    centres = centres.map((centre, g) => {
      if (members[g].length === 0) return centre;
      const sum = new Float32Array(PROJECTED);
      for (const i of members[g]) for (let r = 0; r < PROJECTED; r++) sum[r] += points[i][r];
      const norm = Math.hypot(...sum);
      return norm > 0 ? sum.map((value) => value / norm) : centre;
    });
  }
  return { centres, members: assign(Array.from({ length: n }, (_, i) => i)) };
}

/** The indices of the `count` highest of `scores[0..length)` into `out`, highest first (ties to the lower index): `count` passes, no sort. */
function topIndices(scores: Float32Array, length: number, count: number, out: Int32Array): void {
  for (let t = 0; t < count; t++) {
    let best = -1;
    for (let g = 0; g < length; g++) {
      if (best >= 0 && scores[g] <= scores[best]) continue;
      let taken = false;
      for (let u = 0; u < t && !taken; u++) taken = out[u] === g;
      if (!taken) best = g;
    }
    out[t] = best;
  }
}
