import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkSite, site } from '../helpers/check';

test('navigation sections another repository holds (`sourceRef`) pass, the rest of the site is checked as usual', async () => {
  const navigation = {
    global: { anchors: [{ sourceRef: 'links' }] },
    tabs: [
      { tab: 'Docs', groups: [{ group: 'G', pages: ['index', { sourceRef: 'more' }, 'missing'] }, { sourceRef: 'sdk' }] },
      { sourceRef: 'api-docs' },
    ],
  };
  const found = await checkSite(site(navigation, ['index']));
  assert.deepEqual(
    found.map((f) => `${f.code} ${f.text}`),
    ['nav/page-not-found "missing"'],
  );
});

test('a sourceRef where the platform does not take one, or with more beside it, is an error on it', async () => {
  const found = await checkSite(
    site({ tabs: [{ tab: 'Docs', pages: ['index'] }, { sourceRef: 'api', tab: 'API' }, { sourceRef: '' }] }, ['index'], {
      navbar: { links: [{ sourceRef: 'x' }] },
    }),
  );
  assert.deepEqual(
    found.map((f) => `${f.code} ${f.text}`),
    ['nav/rejected-key "tab"', 'nav/invalid-value ""', 'config/invalid-value "sourceRef"'],
  );
  assert.match(found[2].message, /only supported as an element of a navigation array/);
});
