import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLanguageService, NOT_CANCELLED } from '../../server/src/service';
import { docsJson } from '../helpers/check';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';

/**
 * Gap review's service (the CLI's `gaps`, the worker thread) maps and indexes a site without running
 * the docs.json rules: the same pages and site map, none of the rules' findings (a missing page's
 * suggestion costs a search over every page name).
 */
test('a service without checks indexes and maps the site as one with them, and runs no docs.json rule', async () => {
  const files = {
    'docs.json': docsJson({ groups: [{ group: 'G', pages: ['intro', 'missing', 'intro'] }] }),
    'intro.mdx': '---\ntitle: Intro\n---\n\n## Setup\n',
  };
  const indexing = createLanguageService({ workspace: new MemoryWorkspace(files), checks: false });
  const checking = createLanguageService({ workspace: new MemoryWorkspace(files) });
  const uri = `${ROOT}/docs.json`;
  assert.deepEqual(await indexing.getPageIndex(uri, NOT_CANCELLED), await checking.getPageIndex(uri, NOT_CANCELLED));
  assert.deepEqual(await indexing.getSiteMap(uri, NOT_CANCELLED), await checking.getSiteMap(uri, NOT_CANCELLED));
  const codes = async (service: typeof indexing) => ((await service.getDiagnostics(uri, NOT_CANCELLED)) ?? []).map((d) => d.code).sort();
  assert.deepEqual(await codes(checking), ['nav/duplicate-page', 'nav/page-not-found']);
  assert.deepEqual(await codes(indexing), []);
});
