import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { FsWorkspace } from '../../server/src/fsWorkspace';
import { createLanguageService } from '../../server/src/service/languageService';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';
import { pathToUri } from '../../server/src/service/uri';
import type { NavigationItem } from '../../server/src/service';
import { corpusSites, CORPUS } from '../helpers/corpus';
import { oracleUnavailable } from '../helpers/oracle';
import { platformNavigationPages } from '../helpers/oracleNavigation';
import { judged } from './disagreements';

/**
 * The Navigation view agrees with the platform (issue 62): on every corpus site, the pages of the tree,
 * in order, per language, version and product, are the pages of the navigation as the platform's build
 * reads it (its validated configuration, decorated and walked by its own helpers: oracleNavigation.ts).
 * The tree is walked through the view's own requests, level by level. Written pages only: OpenAPI
 * operation entries and the pages generated from specs are left out on both sides (their pages are
 * the link differential's).
 */
const unavailable = oracleUnavailable();
const sites = corpusSites();
const counted = { pages: 0, scopes: 0, rejected: [] as string[] };
after(() =>
  console.log(
    `# navigation compared with the platform: ${counted.pages} page entries in ${counted.scopes} languages/versions/products; ` +
      `not compared (the platform rejects their docs.json): ${counted.rejected.join(', ') || 'none'}`,
  ),
);
const SCOPING = new Set<NavigationItem['kind']>(['language', 'version', 'product']);

if (unavailable || sites.length === 0) {
  test('the Navigation view agrees with the platform on the corpus', (t) => t.skip(`NOT RUN: ${unavailable ?? `no corpus at ${CORPUS}`}`));
} else {
  for (const site of sites) {
    test(`the Navigation view's pages, in order per language and version, are the platform's: ${site}`, async () => {
      const root = join(CORPUS, site);
      const platform = await platformNavigationPages(root);
      // The platform rejects this docs.json: it has no navigation to compare (the schema differential covers it).
      if (!platform) return void counted.rejected.push(site);
      const service = createLanguageService({ workspace: new FsWorkspace() });
      const rootUri = pathToUri(root);
      const ours = new Map<string, { page: string; label: string }[]>();
      const visit = async (parent: string, scope: string) => {
        const { items } = await service.getNavigationLevel(rootUri, { parent }, NOT_CANCELLED);
        const seen = new Map<string, number>();
        for (const item of items) {
          if (item.kind === 'page')
            ours.set(scope, [...(ours.get(scope) ?? []), { page: item.key.slice('page:'.length).replace(/^\//, ''), label: item.label }]);
          const at = seen.get(item.kind) ?? 0;
          seen.set(item.kind, at + 1);
          const below = SCOPING.has(item.kind) ? `${scope}${item.kind}:${at}/` : scope;
          if (item.collapsible && item.kind !== 'notInNavigation') await visit(item.id, below);
        }
      };
      await visit('', '');
      // The pages, in order, in each language and version: exactly the platform's.
      const pagesOf = (scopes: Map<string, { page: string }[]>) =>
        Object.fromEntries([...scopes].map(([scope, pages]) => [scope, pages.map((entry) => entry.page)]));
      assert.deepEqual(pagesOf(ours), pagesOf(platform));
      // Their labels: the platform's, but for the disagreements judged in disagreements.json.
      const labels: string[] = [];
      for (const [scope, pages] of platform)
        pages.forEach(({ page, label }, at) => {
          const mine = ours.get(scope)![at].label;
          if (mine !== label) labels.push(`${scope}${page}: Docsmith labels it "${mine}", the platform "${label}"`);
        });
      assert.deepEqual(
        labels.filter((line) => !judged('navigation', site, line)),
        [],
      );
      counted.pages += [...platform.values()].reduce((sum, list) => sum + list.length, 0);
      counted.scopes += platform.size;
    });
  }
}
