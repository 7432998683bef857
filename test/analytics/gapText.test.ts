import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { STEM_MAX, stemOf, terms, words } from '../../server/src/analytics/gaps/terms';
import { clusterOf, gapQuestion as q, indexedPage as page } from '../helpers/gapFixtures';

const WEBHOOKS = page('webhooks', '---\ntitle: Webhooks\n---\n## Retries\nWe retry failed webhooks.\n## Signatures\nVerify the signature.');

test('a word longer than the stemmer can take in reasonable time is kept as it is', () => {
  const long = `${'a'.repeat(STEM_MAX)}ing`;
  assert.equal(stemOf(long), long);
  assert.equal(stemOf('retrying'), 'retri', 'ordinary words are still stemmed');
});

// A question of one run of a million letters once took hours: the stemmer is quadratic in a word's length.
test('questions of huge words, huge runs and thousands of distinct words are clustered, each once', () => {
  const questions = [
    q('x', 'x'.repeat(1_000_000)),
    q('w', `${'webhook '.repeat(100_000)}retries`),
    q('d', Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}`).join(' ')),
    q('h', '一'.repeat(200_000)),
    q('r', 'Do you retry failed webhooks?'),
  ];
  const clusters = clusterGaps(questions, { ranker: createPageRanker([WEBHOOKS]) });
  assert.deepEqual(clusters.flatMap((cluster) => cluster.conversationIds).sort(), ['d', 'h', 'r', 'w', 'x']);
  assert.equal(clusterOf(clusters, 'r').suggestion?.file, 'webhooks.mdx');
  for (const cluster of clusters) assert.ok(cluster.label.length <= 40, cluster.label.slice(0, 50));
});

test('accents go from Latin, Greek and Cyrillic letters only; other scripts keep the marks their words are made of', () => {
  assert.deepEqual(words('Café résumé naïve Ελληνικά'), ['cafe', 'resume', 'naive', 'ελληνικα']);
  // A Thai vowel and tone mark, Devanagari vowel signs: without them these are other words, or none.
  assert.deepEqual(words('ล้มเหลว'), ['ล้ม', 'เหลว']);
  assert.deepEqual(words('गलती कैसे ठीक करें'), ['गलती', 'कैसे', 'ठीक', 'करें']);
  // A voiced kana is not its unvoiced twin ("guide" is not "kite").
  assert.notDeepEqual(terms('ガイド'), terms('カイト'));
  assert.deepEqual(words('ｗｅｂｈｏｏｋ'), ['webhook'], 'full-width letters are the usual ones');
  // Arabic vowel marks and Hebrew points, which most text leaves out, go too.
  assert.deepEqual(words('مَرْحَبًا שָׁלוֹם'), words('مرحبا שלום'));
});

test('of a word around an apostrophe the longer part is kept, so an elided French article goes', () => {
  assert.deepEqual(words("customer's API key, don't"), ['customer', 'api', 'key', 'don']);
  assert.deepEqual(words("l'API dell'account"), ['api', 'account']);
  // The Unicode path (a curly apostrophe, an accent) does the same as the ASCII one.
  assert.deepEqual(words('l’API de l’équipe, customer’s'), ['api', 'de', 'equipe', 'customer']);
});

test('an identifier joined by underscores is its words and itself whole, so a pasted one finds the section that names it', () => {
  assert.deepEqual(words('has_more starting_after DATABASE_URL'), [
    'has',
    'more',
    'has_more',
    'starting',
    'after',
    'starting_after',
    'database',
    'url',
    'database_url',
  ]);
  assert.deepEqual(
    words('__init__ a__b x_ _y'),
    ['init', 'a', 'b', 'a__b', 'x', 'y'],
    'underscores that join no two words are not an identifier',
  );
  assert.equal(stemOf('starting_after'), 'starting_after', 'an identifier is matched as written, not stemmed');
  // The Unicode path (an accent elsewhere in the text) does the same as the ASCII one.
  assert.deepEqual(words('café has_more'), ['cafe', 'has', 'more', 'has_more']);
  const pagination = page(
    'pagination',
    '---\ntitle: Pagination\n---\n## Listing objects\nPass `starting_after` to get the next page, until `has_more` is false.',
  );
  const quickstart = page('quickstart', '---\ntitle: Quickstart\n---\n## Starting out\nStart here: list your objects after signing up.');
  const ranker = createPageRanker([quickstart, pagination]);
  // Both words of `has_more` are function words: without the whole identifier the question had nothing to match on.
  for (const question of ['has_more is true, what now', 'starting_after cursor'])
    assert.equal(ranker.rank(new Map(terms(question).map((term) => [term.stem, 1])), 1)[0]?.file, 'pagination.mdx', question);
});

const KOREAN = page(
  'ko/webhooks',
  '---\ntitle: 웹훅\n---\n## 재시도\n실패한 웹훅은 24시간 동안 재시도합니다.\n## 서명 확인\n각 요청의 서명을 확인하세요.\n',
);
const THAI = [
  page('th/webhooks', '---\ntitle: เว็บฮุค\n---\n## การลองใหม่\nเว็บฮุคที่ล้มเหลวจะถูกลองใหม่เป็นเวลา 24 ชั่วโมง\n## ลายเซ็น\nยืนยันลายเซ็นของทุกคำขอ\n'),
  page(
    'th/overview',
    '---\ntitle: ภาพรวมเว็บฮุค\n---\n## เหตุการณ์\nเว็บฮุคส่งเหตุการณ์ไปยังเซิร์ฟเวอร์ของคุณ\n## การตั้งค่าเว็บฮุค\nเพิ่ม URL ของเว็บฮุคในแดชบอร์ด\n## การทดสอบ\nส่งเว็บฮุคทดสอบจากแดชบอร์ด\n',
  ),
];

test('Korean words match whatever ending they take, and questions cluster and find their section', () => {
  // "웹훅을" (the webhook, as an object) and "웹훅"; "재시도하나요" (do you retry) and "재시도" (retry).
  assert.deepEqual(words('웹훅을 재시도'), ['웹훅', '훅을', '재시', '시도']);
  const clusters = clusterGaps(
    [
      q('a', '웹훅 재시도 정책'),
      q('b', '실패한 웹훅을 재시도하나요?'),
      q('c', '웹훅 서명을 확인하는 방법'),
      q('d', '서명 확인이 실패합니다'),
    ],
    { ranker: createPageRanker([KOREAN, ...THAI]) },
  );
  assert.deepEqual(clusterOf(clusters, 'a').conversationIds, ['a', 'b']);
  assert.deepEqual(clusterOf(clusters, 'c').conversationIds, ['c', 'd']);
  assert.equal(clusterOf(clusters, 'a').suggestion?.heading, '재시도');
  assert.equal(clusterOf(clusters, 'c').suggestion?.heading, '서명 확인');
});

test('Thai, written without spaces, is cut into its words, and questions cluster and find their section', () => {
  assert.deepEqual(words('นโยบายการลองใหม่ของเว็บฮุค'), ['นโยบาย', 'การ', 'ลอง', 'ใหม่', 'ของ', 'เว็บ', 'ฮุค']);
  const clusters = clusterGaps(
    [
      q('a', 'ฉันจะลองใหม่เว็บฮุคที่ล้มเหลวได้อย่างไร'), // how do I retry a failed webhook
      q('b', 'นโยบายการลองใหม่ของเว็บฮุค'), // webhook retry policy
      q('c', 'วิธียืนยันลายเซ็นเว็บฮุค'), // how to verify a webhook signature
      q('d', 'ลายเซ็นเว็บฮุคไม่ถูกต้อง'), // webhook signature is invalid
    ],
    { ranker: createPageRanker([KOREAN, ...THAI]) },
  );
  assert.deepEqual(clusterOf(clusters, 'a').conversationIds, ['a', 'b']);
  assert.deepEqual(clusterOf(clusters, 'c').conversationIds, ['c', 'd']);
  assert.equal(clusterOf(clusters, 'a').suggestion?.heading, 'การลองใหม่');
  assert.equal(clusterOf(clusters, 'c').suggestion?.heading, 'ลายเซ็น');
});
