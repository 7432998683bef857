import { distance } from 'fastest-levenshtein';

/**
 * The edit distance (Levenshtein) from one word to many candidates, when it is at most `limit`: a
 * did-you-mean over a site's pages compares one missing page with thousands, and only the close ones
 * matter. Returns the distance when it is at most `limit`, and otherwise a number over `limit`.
 *
 * - First a bound that costs a few operations per character: the characters of one that the other
 *   lacks (counted with repeats). Each edit adds or removes at most one of them on each side, so
 *   more of them than `limit` on either side is more than `limit` edits; most candidates stop here.
 * - Then the distance itself: the word's table of character positions (the bit-vector algorithm of
 *   Myers, as Hyyrö states it for edit distance) is built once for all candidates, where a call per
 *   pair builds and clears it for each. Words over 32 characters go to the general algorithm.
 */
export function distancesWithin(word: string, limit: number): (candidate: string) => number {
  // Built when a first candidate passes the bound: most lists have none that does.
  let exact: ((candidate: string) => number) | undefined;
  const count = new Int32Array(128);
  let other: Map<number, number> | undefined;
  for (let at = 0; at < word.length; at++) {
    const code = word.charCodeAt(at);
    if (code < 128) count[code]++;
    else (other ??= new Map()).set(code, (other.get(code) ?? 0) + 1);
  }
  // What is left of the word's characters while a candidate is read; `seen` marks the ones reset for it.
  const left = new Int32Array(128);
  const seen = new Int32Array(128);
  let candidateNumber = 0;
  return (candidate) => {
    if (Math.abs(candidate.length - word.length) > limit) return limit + 1;
    candidateNumber++;
    let extra = 0;
    let matched = 0;
    let otherLeft: Map<number, number> | undefined;
    for (let at = 0; at < candidate.length; at++) {
      const code = candidate.charCodeAt(at);
      if (code < 128) {
        if (seen[code] !== candidateNumber) {
          seen[code] = candidateNumber;
          left[code] = count[code];
        }
        if (left[code] > 0) {
          left[code]--;
          matched++;
        } else if (++extra > limit) return limit + 1;
      } else {
        otherLeft ??= new Map(other);
        const have = otherLeft.get(code) ?? 0;
        if (have > 0) {
          otherLeft.set(code, have - 1);
          matched++;
        } else if (++extra > limit) return limit + 1;
      }
    }
    if (word.length - matched > limit) return limit + 1;
    return (exact ??= distancesFrom(word))(candidate);
  };
}

/** The edit distance from `word` to each candidate (see {@link distancesWithin}), with no bound. */
export function distancesFrom(word: string): (candidate: string) => number {
  const length = word.length;
  if (length === 0) return (candidate) => candidate.length;
  if (length > 32) return (candidate) => distance(word, candidate);
  // Where each character stands in the word, as bits: ASCII in an array, the rest in a map.
  const ascii = new Int32Array(128);
  const other = new Map<number, number>();
  for (let at = 0; at < length; at++) {
    const code = word.charCodeAt(at);
    if (code < 128) ascii[code] |= 1 << at;
    else other.set(code, (other.get(code) ?? 0) | (1 << at));
  }
  const last = 1 << (length - 1);
  const all = length === 32 ? -1 : (1 << length) - 1;
  return (candidate) => {
    let plus = all;
    let minus = 0;
    let score = length;
    for (let at = 0; at < candidate.length; at++) {
      const code = candidate.charCodeAt(at);
      const equal = code < 128 ? ascii[code] : (other.get(code) ?? 0);
      const vertical = equal | minus;
      const horizontal = ((((equal & plus) + plus) | 0) ^ plus) | equal;
      let up = minus | ~(horizontal | plus);
      let down = plus & horizontal;
      if (up & last) score++;
      if (down & last) score--;
      up = (up << 1) | 1;
      down <<= 1;
      plus = down | ~(vertical | up);
      minus = up & vertical;
    }
    return score;
  };
}
