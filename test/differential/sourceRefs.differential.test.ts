import { test } from 'node:test';
import assert from 'node:assert/strict';
import { oracleUnavailable, platformValidation } from '../helpers/oracle';
import { docsmithSchemaFindings, showPath } from '../helpers/schemaFindings';

/**
 * Navigation elements `{ "sourceRef": "…" }` (a section another repository holds, inlined when a site
 * made of several repositories deploys): Docsmith accepts and rejects them where the platform's
 * `validateSourceRefDocsConfig` does.
 */
const group = { group: 'G', pages: ['index'] };
const base = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'X', colors: { primary: '#000000' } };
const CASES: [string, Record<string, unknown>][] = [
  ['a tab', { navigation: { tabs: [{ tab: 'Docs', groups: [group] }, { sourceRef: 'api' }] } }],
  ['a group', { navigation: { tabs: [{ tab: 'Docs', groups: [group, { sourceRef: 'sdk' }] }] } }],
  ['a page entry', { navigation: { pages: ['index', { sourceRef: 'more' }] } }],
  ['a global anchor', { navigation: { global: { anchors: [{ sourceRef: 'links' }] }, pages: ['index'] } }],
  ['a language', { navigation: { languages: [{ language: 'en', groups: [group] }, { sourceRef: 'fr' }] } }],
  ['every language', { navigation: { languages: [{ sourceRef: 'en' }] } }],
  ['a version', { navigation: { versions: [{ version: 'v2', groups: [group] }, { sourceRef: 'v1' }] } }],
  ['a product', { navigation: { products: [{ product: 'A', groups: [group] }, { sourceRef: 'b' }] } }],
  ['a dropdown', { navigation: { dropdowns: [{ dropdown: 'A', groups: [group] }, { sourceRef: 'b' }] } }],
  ['a menu item', { navigation: { tabs: [{ tab: 'T', menu: [{ item: 'A', groups: [group] }, { sourceRef: 'b' }] }] } }],
  ['an anchor', { navigation: { anchors: [{ anchor: 'A', groups: [group] }, { sourceRef: 'b' }] } }],
  ['a navbar link (not a navigation array)', { navigation: { pages: ['index'] }, navbar: { links: [{ sourceRef: 'x' }] } }],
  ['the navigation itself', { navigation: { sourceRef: 'x' } }],
  ['an empty sourceRef', { navigation: { tabs: [{ tab: 'Docs', groups: [group] }, { sourceRef: '' }] } }],
  ['a number', { navigation: { tabs: [{ tab: 'Docs', groups: [group] }, { sourceRef: 5 }] } }],
  [
    'another key beside it',
    {
      navigation: {
        tabs: [
          { tab: 'Docs', groups: [group] },
          { sourceRef: 'api', tab: 'API' },
        ],
      },
    },
  ],
  ['a broken tab beside one', { navigation: { tabs: [{ tabs: 'Docs', groups: [group] }, { sourceRef: 'api' }] } }],
];

const unavailable = oracleUnavailable();
for (const [name, extra] of CASES) {
  test(`sourceRef as ${name}: accepted or rejected as the platform does`, async (t) => {
    if (unavailable) return t.skip(`NOT RUN: ${unavailable}`);
    const value = { ...base, ...extra };
    const platform = (await platformValidation()).validateSourceRefDocsConfig(value);
    const ours = await docsmithSchemaFindings(value);
    const errors = ours.errors.map((error) => `${showPath(error.path)} ${error.code}`);
    assert.equal(
      errors.length === 0,
      platform.success,
      `platform ${platform.success ? 'accepts' : 'rejects'}; Docsmith: ${errors.join(', ') || 'no error'}`,
    );
  });
}
