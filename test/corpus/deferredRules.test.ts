import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { CORPUS, CORPUS_LABEL, corpusSites } from '../helpers/corpus';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { pathToUri } from '../../server/src/service';
import { SpecStore } from '../../server/src/service/openapi/specStore';
import { loadSiteState } from '../../server/src/service/session/siteState';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';

/**
 * A whole-site check defers docs.json's rules, its schema check and the report of folders it cannot
 * list until it knows the cache has no findings for them (issue 41: a warm run of a large site never
 * validates its docs.json). Once run, the deferred rules give the findings of a load that runs them at
 * once, in the same order: on every fourth corpus site, and on each site the navigation read first
 * (as a page check reads it) makes no difference either.
 */
const sites = corpusSites().filter((_, index) => index % 4 === 0);
console.log(`# deferred rules: ${sites.length} sites of ${CORPUS_LABEL}`);

const load = (site: string, rules: true | 'deferred') => {
  const workspace = new FsWorkspace();
  return loadSiteState(pathToUri(join(CORPUS, site)), { workspace, specs: new SpecStore(workspace), settings: {}, rules });
};
const comparable = (diagnostics: Map<string, unknown[]>) => JSON.stringify([...diagnostics]);

for (const site of sites)
  test(`deferred docs.json rules give the findings of immediate ones, in order: ${site}`, async () => {
    const immediate = await load(site, true);
    const deferred = await load(site, 'deferred');
    assert.equal(comparable(await deferred.runConfigRules()), comparable(immediate.configDiagnostics));
    const navigationFirst = await load(site, 'deferred');
    assert.equal(navigationFirst.context?.navigation.pages.length, immediate.context?.navigation.pages.length);
    assert.equal(comparable(await navigationFirst.runConfigRules()), comparable(immediate.configDiagnostics));
  });

test('a deferred load reports the schema of docs.json only once its rules run, and before them', async () => {
  // An unknown key (config/unknown-key, from the schema) and a missing page (nav/page-not-found, a rule).
  const workspace = new MemoryWorkspace({
    'docs.json': JSON.stringify({
      theme: 'mint',
      name: 'S',
      colors: { primary: '#000000' },
      colour: 'red',
      navigation: { pages: ['gone'] },
    }),
  });
  const state = await loadSiteState(ROOT, { workspace, specs: new SpecStore(workspace), settings: {}, rules: 'deferred' });
  const codes = (diagnostics: Map<string, { code?: unknown }[]>) => [...diagnostics.values()].flat().map((one) => one.code);
  assert.deepEqual(codes(state.configDiagnostics), []);
  assert.deepEqual(codes(await state.runConfigRules()), ['config/unknown-key', 'nav/page-not-found']);
});
