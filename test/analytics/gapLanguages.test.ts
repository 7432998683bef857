import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { baseLanguage, labelFunctionWords, questionLanguage, questionReader } from '../../server/src/analytics/gaps/questionLanguage';
import { clusterLabel } from '../../server/src/analytics/gaps/labels';
import { terms } from '../../server/src/analytics/gaps/terms';
import { clusterOf, gapQuestion as q, indexedPagesOf } from '../helpers/gapFixtures';
import { docsJson } from '../helpers/check';
import { MemoryWorkspace } from '../helpers/memoryWorkspace';

/** A site in English (the default) and Spanish, as navigation `languages` lists them. */
function bilingualSite() {
  const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;
  return new MemoryWorkspace({
    'docs.json': docsJson({
      languages: [
        { language: 'en', default: true, groups: [{ group: 'Webhooks', pages: ['webhooks', 'account'] }] },
        { language: 'es', groups: [{ group: 'Webhooks', pages: ['es/webhooks', 'es/account'] }] },
      ],
    }),
    'webhooks.mdx': page('Webhooks', '## Retries\n\nFailed deliveries are retried.\n\n## Signatures\n\nVerify the signature header.'),
    'account.mdx': page('Account', '## Password\n\nChange your password in the settings.'),
    'es/webhooks.mdx': page(
      'Webhooks',
      '## Reintentos\n\nLas entregas fallidas se reintentan durante tres días.\n\n## Firmas\n\nVerifica la firma de cada solicitud con tu secreto.',
    ),
    'es/account.mdx': page('Cuenta', '## Contraseña\n\nCambia tu contraseña en la configuración de la cuenta.'),
  });
}

test('a navigation language is read as its ISO 639-1 code', () => {
  assert.deepEqual(['es', 'zh-Hant', 'cn', 'jp', 'pt-BR', 'EN'].map(baseLanguage), ['es', 'zh', 'zh', 'ja', 'pt', 'en']);
});

test('the page index marks each page with the navigation language it is listed under', async () => {
  const pages = await indexedPagesOf(bilingualSite());
  assert.deepEqual(Object.fromEntries(pages.map((page) => [page.file, page.language])), {
    'account.mdx': 'en',
    'webhooks.mdx': 'en',
    'es/account.mdx': 'es',
    'es/webhooks.mdx': 'es',
  });
  assert.deepEqual(createPageRanker(pages).languages, ['en', 'es']);
});

test("a question loses the function words of its own language, among the site's", () => {
  assert.equal(questionReader([]), undefined, 'a site without languages reads questions as English');
  assert.equal(questionReader(['en']), undefined);
  const read = questionReader(['en', 'es'])!;
  assert.deepEqual(
    read('¿Cómo puedo verificar la firma del webhook?').map((term) => term.word),
    ['verificar', 'firma', 'webhook'],
  );
  // An English question is read as English, though a Spanish list would take some of its words.
  assert.deepEqual(read('Can I set a webhook secret?'), terms('Can I set a webhook secret?'));
  // French "comment" (how) goes from a French question, and stays in an English one.
  const french = questionReader(['en', 'fr'])!;
  assert.deepEqual(
    french('Comment est-ce que je peux ajouter un commentaire ?').map((term) => term.word),
    ['ajouter', 'commentaire'],
  );
  assert.ok(french('How do I delete a comment?').some((term) => term.word === 'comment'));
  // Chinese, read in pairs of characters: "如何" (how) is a function word.
  const chinese = questionReader(['zh-Hans'])!;
  assert.ok(!chinese('如何配置webhook重试').some((term) => term.word === '如何'));
  assert.ok(terms('如何配置webhook重试').some((term) => term.word === '如何'));
});

test("a question's language is the one whose function words it holds most of, none without any", () => {
  assert.equal(questionLanguage([]), undefined);
  assert.equal(questionLanguage(['en']), undefined);
  const languageOf = questionLanguage(['en', 'es', 'zh-Hant'])!;
  assert.equal(languageOf('¿Cómo puedo usar signUp()?'), 'es');
  assert.equal(languageOf('How do I use signUp()?'), 'en');
  assert.equal(languageOf('如何配置webhook重试'), 'zh');
  assert.equal(languageOf('signUp()'), undefined);
});

test("a label loses the opening function words of its question's language, English ones as before", () => {
  assert.equal(labelFunctionWords([]), undefined);
  const spanish = labelFunctionWords(['en', 'es'])!;
  const label = (question: string) => clusterLabel(question, terms(question), spanish(question));
  assert.equal(label('¿Cómo puedo eliminar un usuario?'), 'Eliminar un usuario');
  assert.equal(label('¿Dónde está la firma de la solicitud?'), 'Firma de la solicitud');
  assert.equal(label('How do I delete a comment?'), 'Delete a comment');
  // A question of function words only keeps its last word, as in English.
  assert.equal(label('¿Cómo?'), '¿Cómo');
});

test('Spanish questions cluster by need on a site that lists Spanish, not by the words every question opens with', async () => {
  const pages = await indexedPagesOf(bilingualSite());
  const questions = [
    q('r1', '¿Cómo puedo reintentar las entregas fallidas?'),
    q('r2', '¿Puedo ver los reintentos de las entregas fallidas?'),
    q('s1', '¿Cómo puedo verificar la firma?'),
    q('s2', '¿Dónde está la firma de la solicitud?'),
    q('p1', '¿Cómo puedo cambiar mi contraseña?'),
    q('p2', '¿Dónde cambio la contraseña de mi cuenta?'),
  ];
  const clusters = clusterGaps(questions, { ranker: createPageRanker(pages) });
  const groups = clusters.map((cluster) => [...cluster.conversationIds].sort()).sort();
  assert.deepEqual(groups, [
    ['p1', 'p2'],
    ['r1', 'r2'],
    ['s1', 's2'],
  ]);
  assert.equal(clusterOf(clusters, 'p1').suggestion?.file, 'es/account.mdx');
  assert.equal(clusterOf(clusters, 's1').suggestion?.file, 'es/webhooks.mdx');
  // Labels lose the opening function words of the question's language, as English ones lose "how do I".
  for (const cluster of clusters) assert.doesNotMatch(cluster.label, /^¿?(Cómo|Puedo|Dónde)\b/i, cluster.label);
  assert.ok(
    clusters.some((cluster) => cluster.label === 'Verificar la firma'),
    clusters.map((cluster) => cluster.label).join(', '),
  );
  // Read as English (the pages without their language), "cómo puedo" and "dónde" join needs apart.
  const unmarked = pages.map(({ language: _language, ...page }) => page);
  const asEnglish = clusterGaps(questions, { ranker: createPageRanker(unmarked) });
  assert.notDeepEqual(asEnglish.map((cluster) => [...cluster.conversationIds].sort()).sort(), groups);
});

test("a cluster's page is suggested in its questions' language, where the site's translations share its names", async () => {
  const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;
  // Each method's page in both languages; the shorter of the two (where the name weighs most) is
  // the Spanish one for signUp() and the English one for signIn().
  const site = new MemoryWorkspace({
    'docs.json': docsJson({
      languages: [
        { language: 'en', default: true, groups: [{ group: 'SDK', pages: ['sign-up', 'sign-in'] }] },
        { language: 'es', groups: [{ group: 'SDK', pages: ['es/sign-up', 'es/sign-in'] }] },
      ],
    }),
    'sign-up.mdx': page(
      'Accounts',
      '## signUp()\n\nCall signUp() with an email address and a password to create the account of a new user of your app.',
    ),
    'es/sign-up.mdx': page('Cuentas', '## signUp()\n\nLlama a signUp() para crear una cuenta.'),
    'sign-in.mdx': page('Sessions', '## signIn()\n\nCall signIn() to start a session.'),
    'es/sign-in.mdx': page(
      'Sesiones',
      '## signIn()\n\nLlama a signIn() con el correo y la contraseña del usuario para iniciar una sesión nueva en tu aplicación.',
    ),
  });
  const ranker = createPageRanker(await indexedPagesOf(site));
  const suggested = (query: string) => clusterGaps([q('a', query)], { ranker })[0].suggestion?.file;
  assert.equal(suggested('How do I use signUp()?'), 'sign-up.mdx');
  assert.equal(suggested('¿Cómo puedo usar signUp()?'), 'es/sign-up.mdx');
  assert.equal(suggested('How do I use signIn()?'), 'sign-in.mdx');
  assert.equal(suggested('¿Cómo puedo usar signIn()?'), 'es/sign-in.mdx');
  // Without a function word of any language, the name alone decides, as before.
  assert.equal(suggested('signUp()'), 'es/sign-up.mdx');
  assert.equal(suggested('signIn()'), 'sign-in.mdx');
  // Most of a cluster's questions decide its language.
  const clusters = clusterGaps([q('a', 'How do I use signUp()?'), q('b', 'Where is signUp()?'), q('c', '¿Cómo puedo usar signUp()?')], {
    ranker,
    threshold: 0.01,
  });
  assert.equal(clusters.length, 1);
  assert.equal(clusters[0].suggestion?.file, 'sign-up.mdx');
  // A question in a language the site does not list prefers none of its pages over a page listed under
  // no language: here the Spanish page and one outside the languages, the shorter (Spanish) first.
  const unlisted = createPageRanker(
    (await indexedPagesOf(site)).map(({ language, ...page }) => (language === 'en' ? page : { ...page, language })),
  );
  assert.deepEqual(unlisted.languages, ['es']);
  assert.equal(clusterGaps([q('a', 'How do I use signUp()?')], { ranker: unlisted })[0].suggestion?.file, 'es/sign-up.mdx');
});
