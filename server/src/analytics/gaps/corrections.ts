import { questionKey } from './repeats';

/**
 * An author's corrections of the gap clusters, kept in `.docsmith/gaps.json` beside the triage: pairs
 * of questions (as {@link questionKey} normalises their text) that must share a cluster, and pairs that
 * must not. Never cluster ids: the pairs hold across new questions, another range and a re-index,
 * and every later clustering (the view, `docsmith gaps`, on any machine of the team) honours them.
 */
export interface ClusterCorrections {
  mustLink: [string, string][];
  cannotLink: [string, string][];
}

export const NO_CORRECTIONS: ClusterCorrections = { mustLink: [], cannotLink: [] };

/** A cluster as a correction sees it: its distinct questions' keys, the one that stands for it first. */
export type ClusterKeys = readonly string[];

/** The pairs a correction file holds, malformed ones left out (a hand-edited or damaged file reads as what it can). */
export function readCorrections(value: unknown): ClusterCorrections {
  const pairs = (list: unknown): [string, string][] =>
    Array.isArray(list)
      ? list
          .filter(
            (pair): pair is [string, string] => Array.isArray(pair) && pair.length === 2 && pair.every((key) => typeof key === 'string'),
          )
          .map(([a, b]) => [questionKey(a), questionKey(b)] as [string, string])
          .filter(([a, b]) => a !== '' && b !== '' && a !== b)
      : [];
  const object = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return { mustLink: pairs(object.mustLink), cannotLink: pairs(object.cannotLink) };
}

/**
 * Moves a question to another cluster (or, with `to` empty, to one of its own): it must share a
 * cluster with the target's first question, and with no question of the one it leaves. Pairs that
 * said otherwise are dropped, so the newest correction wins.
 */
export function moveQuestion(corrections: ClusterCorrections, question: string, from: ClusterKeys, to: ClusterKeys): ClusterCorrections {
  const q = questionKey(question);
  const rest = keysOf(from).filter((key) => key !== q);
  const target = keysOf(to).filter((key) => key !== q);
  let next = without(handOver(corrections, q), 'mustLink', [q], rest);
  if (target.length) next = link(without(next, 'cannotLink', [q], target), 'mustLink', q, target[0]);
  for (const key of rest) next = link(next, 'cannotLink', q, key);
  return next;
}

/**
 * Makes two clusters one, as the author saw them: each of their questions must share a cluster with
 * the first one's first question, and nothing keeps them apart.
 */
export function mergeClusters(corrections: ClusterCorrections, a: ClusterKeys, b: ClusterKeys): ClusterCorrections {
  const left = keysOf(a);
  const right = keysOf(b);
  if (!left.length || !right.length) return corrections;
  let next = without(corrections, 'cannotLink', left, right);
  for (const key of [...left.slice(1), ...right]) next = link(next, 'mustLink', left[0], key);
  return next;
}

/**
 * Splits questions off their cluster into one of their own: they must share a cluster with each other
 * and with none of the rest (which stays as clustering makes it).
 */
export function splitOff(corrections: ClusterCorrections, selected: readonly string[], cluster: ClusterKeys): ClusterCorrections {
  const chosen = keysOf(selected);
  const rest = keysOf(cluster).filter((key) => !chosen.includes(key));
  if (!chosen.length || !rest.length) return corrections;
  let next = without(corrections, 'mustLink', chosen, rest);
  for (const key of chosen.slice(1)) next = link(next, 'mustLink', chosen[0], key);
  for (const key of rest) next = link(next, 'cannotLink', chosen[0], key);
  return next;
}

/** The corrections as pairs of inputs: those whose questions are both among the inputs. */
export function constraintsOn(corrections: ClusterCorrections, inputOf: ReadonlyMap<string, number>) {
  const pairs = (list: [string, string][]) =>
    list.flatMap(([a, b]) => {
      const x = inputOf.get(a);
      const y = inputOf.get(b);
      return x === undefined || y === undefined || x === y ? [] : [[x, y] as const];
    });
  return { mustLink: pairs(corrections.mustLink), cannotLink: pairs(corrections.cannotLink) };
}

/** Every question a correction names. */
export function correctedKeys(corrections: ClusterCorrections): Set<string> {
  return new Set([...corrections.mustLink, ...corrections.cannotLink].flat());
}

export function hasNoCorrections(corrections: ClusterCorrections | undefined): boolean {
  return !corrections || (corrections.mustLink.length === 0 && corrections.cannotLink.length === 0);
}

/**
 * A correction that made a group (a split, a merge) is kept as pairs through one of its questions. Before
 * that question leaves, what it held for its group is handed to the rest of the group: they stay
 * joined (through another of them), and kept apart from what the group was kept apart from. So a
 * correction keeps holding for every question it names, whatever is moved later.
 */
function handOver(corrections: ClusterCorrections, q: string): ClusterCorrections {
  const group = mustGroup(corrections, q).filter((key) => key !== q);
  if (group.length === 0) return corrections;
  const [hub, ...others] = group;
  let next = corrections;
  for (const other of others) next = link(next, 'mustLink', hub, other);
  for (const [a, b] of corrections.cannotLink) {
    const apart = a === q ? b : b === q ? a : undefined;
    if (apart !== undefined && !group.includes(apart)) next = link(next, 'cannotLink', hub, apart);
  }
  return next;
}

/** The questions that must share a cluster with `key`, itself included, in the order the pairs name them. */
function mustGroup(corrections: ClusterCorrections, key: string): string[] {
  const found = [key];
  const seen = new Set(found);
  for (let at = 0; at < found.length; at++)
    for (const [a, b] of corrections.mustLink) {
      const other = a === found[at] ? b : b === found[at] ? a : undefined;
      if (other !== undefined && !seen.has(other)) {
        seen.add(other);
        found.push(other);
      }
    }
  return found;
}

function keysOf(questions: readonly string[]): string[] {
  return [...new Set(questions.map(questionKey))];
}

function link(corrections: ClusterCorrections, kind: keyof ClusterCorrections, a: string, b: string): ClusterCorrections {
  if (a === b || corrections[kind].some((pair) => samePair(pair, a, b))) return corrections;
  const other = kind === 'mustLink' ? 'cannotLink' : 'mustLink';
  return {
    ...corrections,
    [other]: corrections[other].filter((pair) => !samePair(pair, a, b)),
    [kind]: [...corrections[kind], [a, b]],
  } as ClusterCorrections;
}

/** The corrections without pairs of `kind` between a question of `left` and one of `right`. */
function without(
  corrections: ClusterCorrections,
  kind: keyof ClusterCorrections,
  left: readonly string[],
  right: readonly string[],
): ClusterCorrections {
  const l = new Set(left);
  const r = new Set(right);
  const kept = corrections[kind].filter(([a, b]) => !((l.has(a) && r.has(b)) || (l.has(b) && r.has(a))));
  return kept.length === corrections[kind].length ? corrections : { ...corrections, [kind]: kept };
}

function samePair([x, y]: readonly [string, string], a: string, b: string): boolean {
  return (x === a && y === b) || (x === b && y === a);
}
