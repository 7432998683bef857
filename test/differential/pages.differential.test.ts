import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { createLanguageService } from '../../server/src/service/languageService';
import { resolvePageId } from '../../server/src/service/site/siteFiles';
import { pathToUri } from '../../server/src/service/uri';
import { corpusSites, CORPUS } from '../helpers/corpus';
import { oracleUnavailable, platformPages } from '../helpers/oracle';
import { judged } from './disagreements';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/**
 * Every navigation entry of every corpus site resolves in Docsmith as it does on the platform: to the
 * same page file, or to none. The platform's side is its own file categorisation (ignores, snippets,
 * repository Markdown, pages imported as snippets) and its page lookup (a path, or the folder's index).
 */
const unavailable = oracleUnavailable();
const sites = corpusSites();

if (unavailable || sites.length === 0) {
  test('page resolution agrees with the platform on the corpus', (t) => t.skip(`NOT RUN: ${unavailable ?? `no corpus at ${CORPUS}`}`));
} else {
  for (const site of sites) {
    test(`page resolution agrees with the platform: ${site}`, async () => {
      const root = join(CORPUS, site);
      const platform = await platformPages(root);
      const service = createLanguageService({ workspace: new FsWorkspace() });
      const state = await service.getSiteState(pathToUri(root), NOT_CANCELLED);
      const context = state.context!;
      const disagreements: string[] = [];
      for (const entry of context.navigation.pages) {
        const id = entry.page.id;
        if (entry.page.climbsOut || id === '') continue;
        const ours = resolvePageId(context.files.pages, id);
        const oursFile = ours === undefined ? null : context.files.pages.get(ours)!;
        const theirs = platform.resolve(id);
        if (oursFile !== theirs) disagreements.push(`${id}: Docsmith ${oursFile ?? 'no page'}, platform ${theirs ?? 'no page'}`);
      }
      assert.deepEqual(
        disagreements.filter((line) => !judged('pages', site, line)),
        [],
      );
    });
  }
}
