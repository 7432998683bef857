import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import {
  mergeClusters,
  moveQuestion,
  NO_CORRECTIONS,
  readCorrections,
  splitOff,
  type ClusterCorrections,
} from '../../server/src/analytics/gaps/corrections';
import { gapQuestion as q, WEBHOOK_QUESTIONS } from '../helpers/gapFixtures';

const QUESTIONS = WEBHOOK_QUESTIONS;
const text = new Map(QUESTIONS.map((question) => [question.id, question.query]));

function together(corrections: ClusterCorrections, questions = QUESTIONS): string[][] {
  return clusterGaps(questions, { corrections }).map((cluster) => [...cluster.conversationIds].sort());
}
const clusterOf = (clusters: string[][], id: string) => clusters.find((cluster) => cluster.includes(id))!;
const queries = (ids: string[]) => ids.map((id) => text.get(id)!);

test('without corrections, the example clusters by need', () => {
  const clusters = together(NO_CORRECTIONS);
  assert.deepEqual(clusterOf(clusters, 'a'), ['a', 'b', 'c']);
  assert.deepEqual(clusterOf(clusters, 'd'), ['d', 'e']);
});

test('Move to Cluster: the question joins the target and leaves its cluster; the rest stay as they were', () => {
  const before = together(NO_CORRECTIONS);
  const moved = moveQuestion(NO_CORRECTIONS, text.get('b')!, queries(clusterOf(before, 'b')), queries(clusterOf(before, 'f')));
  const after = together(moved);
  assert.deepEqual(clusterOf(after, 'b'), ['b', 'f', 'g']);
  assert.deepEqual(clusterOf(after, 'a'), ['a', 'c']);
  assert.deepEqual(clusterOf(after, 'd'), ['d', 'e']);
  // To a new cluster of its own.
  const alone = together(moveQuestion(NO_CORRECTIONS, text.get('b')!, queries(clusterOf(before, 'b')), []));
  assert.deepEqual(clusterOf(alone, 'b'), ['b']);
});

test('Merge Clusters and Split Off; the newest correction wins over one it contradicts', () => {
  const before = together(NO_CORRECTIONS);
  const merged = mergeClusters(NO_CORRECTIONS, queries(clusterOf(before, 'a')), queries(clusterOf(before, 'd')));
  assert.deepEqual(clusterOf(together(merged), 'a'), ['a', 'b', 'c', 'd', 'e']);
  const split = splitOff(merged, queries(['d', 'e']), queries(clusterOf(together(merged), 'a')));
  assert.deepEqual(clusterOf(together(split), 'd'), ['d', 'e']);
  assert.deepEqual(clusterOf(together(split), 'a'), ['a', 'b', 'c']);
  assert.equal(
    split.mustLink.filter(([x, y]) => [x, y].includes('how do i verify the webhook signature in php')).length,
    1,
    'd stays linked to e only',
  );
  // Merging again undoes the split: the pair that kept them apart is gone.
  const again = mergeClusters(split, queries(['a', 'b', 'c']), queries(['d', 'e']));
  assert.deepEqual(clusterOf(together(again), 'a'), ['a', 'b', 'c', 'd', 'e']);
});

test('corrections name questions by text: they hold for repeats, new questions and another range', () => {
  const before = together(NO_CORRECTIONS);
  const moved = moveQuestion(NO_CORRECTIONS, text.get('b')!, queries(clusterOf(before, 'b')), queries(clusterOf(before, 'f')));
  // Another range: other ids, the question asked again in other case and spacing, and a new question.
  const later = [
    q('x1', 'Webhook retry  policy'),
    q('x2', 'Can I pay invoices by bank transfer?'),
    q('x3', 'Do you retry failed webhooks?'),
    q('x4', 'how often are failed webhooks retried'),
  ];
  const clusters = together(moved, later);
  assert.deepEqual(clusterOf(clusters, 'x1'), ['x1', 'x2']);
  assert.deepEqual(clusterOf(clusters, 'x3'), ['x3', 'x4'], 'a new question close to a corrected group joins it as usual');
});

test('a corrections file is read leniently: malformed pairs are left out, text normalised as questions are', () => {
  assert.deepEqual(readCorrections({ mustLink: [['A b?', 'c'], ['x'], [1, 2], 'no', ['same', 'Same?']], cannotLink: 'nope' }), {
    mustLink: [['a b', 'c']],
    cannotLink: [],
  });
  assert.deepEqual(readCorrections(undefined), NO_CORRECTIONS);
});

test('a cannot-link holds while everything around it merges', () => {
  // At a threshold this low, every question that shares a word joins one cluster: all the webhook questions.
  const loose = clusterGaps(QUESTIONS, { threshold: 0.01 }).map((cluster) => [...cluster.conversationIds].sort());
  assert.deepEqual(clusterOf(loose, 'a'), ['a', 'b', 'c', 'd', 'e']);
  const apart = readCorrections({ mustLink: [], cannotLink: [[text.get('a'), text.get('d')]] });
  const kept = clusterGaps(QUESTIONS, { threshold: 0.01, corrections: apart }).map((cluster) => [...cluster.conversationIds].sort());
  assert.notDeepEqual(clusterOf(kept, 'a'), clusterOf(kept, 'd'), 'a and d never share a cluster');
  // The others still merge around them: each of b, c and e is with a or with d.
  for (const id of ['b', 'c', 'e']) assert.ok(clusterOf(kept, id).includes('a') || clusterOf(kept, id).includes('d'), id);
  assert.equal(kept.length, loose.length + 1, 'one cluster more, no more');
});

test('65 D13: moving the question a split or a merge was kept through leaves that correction holding for the others', () => {
  const before = together(NO_CORRECTIONS);
  // Split a, b off their cluster {a, b, c}; then move a (the first split off, through which the split is kept) to f's cluster.
  const split = splitOff(NO_CORRECTIONS, queries(['a', 'b']), queries(clusterOf(before, 'a')));
  assert.deepEqual(clusterOf(together(split), 'a'), ['a', 'b']);
  const moved = moveQuestion(split, text.get('a')!, queries(['a', 'b']), queries(clusterOf(before, 'f')));
  const after = together(moved);
  assert.ok(clusterOf(after, 'a').includes('f'), 'a went where it was moved');
  assert.ok(!clusterOf(after, 'b').includes('c'), 'b is still split off from c');
  // Merge {a, b, c} with {d, e}; then move a out: b, c, d and e stay one cluster.
  const merged = mergeClusters(NO_CORRECTIONS, queries(clusterOf(before, 'a')), queries(clusterOf(before, 'd')));
  const out = together(moveQuestion(merged, text.get('a')!, queries(['a', 'b', 'c', 'd', 'e']), []));
  assert.deepEqual(clusterOf(out, 'a'), ['a']);
  assert.deepEqual(clusterOf(out, 'b'), ['b', 'c', 'd', 'e']);
});
