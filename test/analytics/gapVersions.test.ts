import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { gapQuestion, indexedPagesOf } from '../helpers/gapFixtures';
import { docsJson } from '../helpers/check';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';

/**
 * Sites that keep each version of their docs: the answer to a question belongs in the version readers
 * land on (the one marked `default: true`, else the first), not in an older or a beta one.
 */
const EXTRACT = (version: string) =>
  `---\ntitle: Extract\n---\n\n## Extract with a schema\n\nPass a schema to extract() and it returns typed data (${version}).\n`;

function versionedSite(versions: { version: string; default?: boolean }[], extra: Record<string, string> = {}) {
  const files: Record<string, string> = {
    'docs.json': docsJson({
      versions: versions.map((v) => ({ ...v, groups: [{ group: 'Basics', pages: [`${v.version}/extract`, `${v.version}/intro`] }] })),
    }),
    ...extra,
  };
  for (const { version } of versions) {
    files[`${version}/extract.mdx`] ??= EXTRACT(version);
    files[`${version}/intro.mdx`] ??= `---\ntitle: Introduction\n---\n\nWelcome to ${version}.\n`;
  }
  return new MemoryWorkspace(files);
}

const suggestionFor = async (site: MemoryWorkspace, query: string) =>
  clusterGaps([gapQuestion('q', query)], { ranker: createPageRanker(await indexedPagesOf(site)) })[0].suggestion;

test('the page index marks pages listed only under a version other than the default', async () => {
  const firstIsDefault = await indexedPagesOf(versionedSite([{ version: 'v3' }, { version: 'v2' }, { version: 'v1' }]));
  assert.deepEqual(
    firstIsDefault.filter((page) => page.otherVersion).map((page) => page.id),
    ['v1/extract', 'v1/intro', 'v2/extract', 'v2/intro'],
  );
  const marked = await indexedPagesOf(versionedSite([{ version: 'v1' }, { version: 'v2', default: true }, { version: 'v3' }]));
  assert.deepEqual(
    marked.filter((page) => !page.otherVersion).map((page) => page.id),
    ['v2/extract', 'v2/intro'],
    '`default: true` wins over the first',
  );
  // A page both versions list is in the default one.
  const shared = versionedSite([{ version: 'v2' }, { version: 'v1' }]);
  const config = JSON.parse(shared.files.get(`${ROOT}/docs.json`)!);
  config.navigation.versions[1].groups[0].pages.push('v2/intro');
  shared.files.set(`${ROOT}/docs.json`, JSON.stringify(config));
  assert.equal((await indexedPagesOf(shared)).find((page) => page.id === 'v2/intro')!.otherVersion, undefined);
  // A site without versions marks nothing.
  const plain = new MemoryWorkspace({
    'docs.json': docsJson({ pages: ['a'] }),
    'a.mdx': '---\ntitle: A\n---\n',
  });
  assert.ok((await indexedPagesOf(plain)).every((page) => page.otherVersion === undefined));
});

test('a question is answered in the default version, whichever version sorts first or matches a little better', async () => {
  // v1 sorts first by path and, with "older" in its text, even matches the question slightly better.
  const site = versionedSite([{ version: 'v2' }, { version: 'v1' }], {
    'v1/extract.mdx': `---\ntitle: Extract\n---\n\n## Extract with a schema\n\nPass a schema to extract() and it returns typed data.\n`,
  });
  const suggestion = await suggestionFor(site, 'how do I extract typed data with a schema');
  assert.equal(suggestion?.file, 'v2/extract.mdx');
  assert.equal(suggestion?.heading, 'Extract with a schema');
  const beta = await suggestionFor(versionedSite([{ version: 'v5' }, { version: 'v6' }]), 'extract with a schema');
  assert.equal(beta?.file, 'v5/extract.mdx', 'a newer version that is not the default is not where readers land');
});

test('a page of another version is still suggested when it clearly matches better', async () => {
  const site = versionedSite([{ version: 'v2' }, { version: 'v1' }], {
    'v1/legacy.mdx': '---\ntitle: Legacy sessions\n---\n\n## Session cookies\n\nThe legacy session cookie expires after a day.\n',
  });
  const config = JSON.parse(site.files.get(`${ROOT}/docs.json`)!);
  config.navigation.versions[1].groups[0].pages.push('v1/legacy');
  site.files.set(`${ROOT}/docs.json`, JSON.stringify(config));
  assert.equal((await suggestionFor(site, 'when does the legacy session cookie expire'))?.file, 'v1/legacy.mdx');
});
