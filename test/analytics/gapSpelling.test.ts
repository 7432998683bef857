import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { isEnglishWord } from '../../server/src/analytics/gaps/englishWords';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { createSpeller, oneEditApart } from '../../server/src/analytics/gaps/spelling';
import { clusterOf, gapQuestion as q, indexedPage as page } from '../helpers/gapFixtures';

test('one edit apart: a letter left out, added or changed, or two neighbours swapped', () => {
  for (const [a, b] of [
    ['webhook', 'webhok'],
    ['webhok', 'webhook'],
    ['config', 'confg'],
    ['retri', 'retry'],
    ['retri', 'rerti'],
    ['signatur', 'signatrue'.slice(0, 8)],
    ['aab', 'ab'],
  ])
    assert.ok(oneEditApart(a, b), `${a} ~ ${b}`);
  for (const [a, b] of [
    ['webhook', 'webhook'],
    ['webhook', 'wbhok'],
    ['retry', 'rtyer'],
    ['abcd', 'badc'],
    ['deploy', 'deplyment'],
  ])
    assert.ok(!oneEditApart(a, b), `${a} !~ ${b}`);
});

test('the speller reads an unknown stem as the most used site stem one edit away, with the same first letter', () => {
  const uses = new Map([
    ['webhook', 9],
    ['webcam', 1],
    ['signatur', 4],
    ['email', 6],
    ['retri', 3],
    ['retir', 1],
  ]);
  const speller = createSpeller(
    () => uses.keys(),
    (stem) => uses.get(stem) ?? 0,
  );
  assert.equal(speller.correct('webhok'), 'webhook', 'a letter left out');
  assert.equal(speller.correct('webhoook'), 'webhook', 'a letter added');
  assert.equal(speller.correct('webhuok'), 'webhook', 'a letter changed');
  assert.equal(speller.correct('wehbook'), 'webhook', 'two swapped');
  assert.equal(speller.correct('signatru'), 'signatur');
  assert.equal(speller.correct('retiri'), 'retri', 'of two one edit away, the one more sections use');
  assert.equal(speller.correct('webhook'), undefined, 'a stem the site uses is kept');
  assert.equal(speller.correct('gmail'), undefined, 'the first letter is kept: "gmail" is no typo of "email"');
  assert.equal(speller.correct('retr'), undefined, 'short stems are left alone');
  assert.equal(speller.correct('kubernet'), undefined, 'nothing one edit away');
  assert.equal(speller.correct('webhök'), undefined, 'letters a-z only');
});

test('English words are known, typos and product names are not', () => {
  for (const word of ['stale', 'print', 'spending', 'charges', 'several', 'provisioning', 'retries', 'colour', 'color'])
    assert.ok(isEnglishWord(word), word);
  for (const word of ['webhok', 'confgure', 'gmail', 'retires'.replace('ires', 'irse')]) assert.ok(!isEnglishWord(word), word);
});

test('a misspelt question joins the questions that spell it right, and English words the site lacks stay as typed', () => {
  const ranker = createPageRanker([
    page('webhooks', '---\ntitle: Webhooks\n---\n\n## Retries\n\nFailed webhook deliveries are retried 8 times.\n'),
    page('signatures', '---\ntitle: Verifying webhook signatures\n---\n\n## PHP\n\nCompute an HMAC signature of the raw body.\n'),
    page('billing', '---\ntitle: Billing\n---\n\n## Invoices\n\nInvoices are emailed each month.\n'),
  ]);
  const questions = [
    q('a', 'Do you retry failed webhooks?'),
    q('b', 'webhook retry policy'),
    q('c', 'retyr faield webhoks'),
    q('d', 'How do I verify the webhook signature in PHP?'),
    q('e', 'verify webhok signatrue php'),
    q('f', 'where are invoices emailed'),
  ];
  const clusters = clusterGaps(questions, { ranker });
  assert.equal(clusterOf(clusters, 'c'), clusterOf(clusters, 'a'), JSON.stringify(clusters.map((c) => c.conversationIds)));
  assert.equal(clusterOf(clusters, 'e'), clusterOf(clusters, 'd'));
  assert.notEqual(clusterOf(clusters, 'a'), clusterOf(clusters, 'd'));
  assert.equal(clusterOf(clusters, 'e').suggestion?.file, 'signatures.mdx');
  // Without a site there is nothing to spell against: the typos stay apart.
  const alone = clusterGaps(questions);
  assert.notEqual(clusterOf(alone, 'c'), clusterOf(alone, 'a'));
  // "stale" is an English word one edit from the site's "scale": it is not read as "scale".
  const scaling = createPageRanker([page('scaling', '---\ntitle: Scaling\n---\n\nScale to more instances.\n')]);
  const stale = clusterGaps([q('s', 'stale dependencies'), q('t', 'scale instances')], { ranker: scaling });
  assert.equal(stale.length, 2);
});
