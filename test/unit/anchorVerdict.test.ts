import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anchorVerdict, type AnchorFacts } from '../../server/src/service/pages/rules/anchorVerdict';
import type { LinkedAnchors } from '../../server/src/service/links/linkedAnchors';

/**
 * Issue 61 item 4: one answer to "is #anchor on that page?", for a link into another page, into the
 * page itself and from a snippet into each page that shows it. A page the scanner is unsure of is
 * asked of the reference parser before an anchor is called missing (the snippet path did not ask).
 */
function facts(
  pages: Record<string, { anchors: string[]; exact: boolean; parsed?: string[]; shows?: string[]; operation?: string }>,
): AnchorFacts & {
  parses: string[];
} {
  const parses: string[] = [];
  return {
    parses,
    anchorsOf: async (file) => {
      const page = pages[file];
      return (
        page &&
        ({
          anchors: new Set(page.anchors),
          shows: page.shows ?? [],
          exact: page.exact,
          operation: page.operation,
        } as unknown as LinkedAnchors)
      );
    },
    exactAnchorsOf: async (file) => (parses.push(file), pages[file]?.parsed ? new Set(pages[file].parsed) : undefined),
    shownAnchorsOf: async (_file, shows) => new Set(shows.flatMap((snippet) => pages[snippet]?.anchors ?? [])),
  };
}

test('61.4: an anchor the scan misses on a page it is unsure of is asked of the parser, and found there', async () => {
  const site = facts({ 'unsure.mdx': { anchors: ['intro'], exact: false, parsed: ['intro', 'setup'] } });
  assert.equal(await anchorVerdict(site, 'unsure.mdx', 'setup', '/unsure#setup'), undefined);
  assert.deepEqual(site.parses, ['unsure.mdx']);
  const missing = await anchorVerdict(site, 'unsure.mdx', 'nowhere', '/unsure#nowhere');
  assert.ok(missing && 'missing' in missing && missing.unsure);
});

test("61.4: a page sure of its anchors is not parsed again; its snippets' anchors count; a page made from a spec is unchecked", async () => {
  const site = facts({
    'a.mdx': { anchors: ['one'], exact: true, shows: ['snippets/s.mdx'] },
    'snippets/s.mdx': { anchors: ['from-snippet'], exact: true },
    'api.mdx': { anchors: [], exact: true, operation: 'GET /users' },
  });
  assert.equal(await anchorVerdict(site, 'a.mdx', 'from-snippet', '/a#from-snippet'), undefined);
  const verdict = await anchorVerdict(site, 'a.mdx', 'two', '/a#two');
  assert.deepEqual(verdict && 'missing' in verdict && [...verdict.missing].sort(), ['from-snippet', 'one']);
  assert.deepEqual(site.parses, []);
  assert.deepEqual(await anchorVerdict(site, 'api.mdx', 'param-id', '/api#param-id'), { unchecked: 'GET /users' });
  assert.equal(await anchorVerdict(site, 'gone.mdx', 'x', '/gone#x'), undefined);
});
