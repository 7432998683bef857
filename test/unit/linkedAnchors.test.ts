import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linkedAnchors } from '../../server/src/service/links/linkedAnchors';
import { pageAnchors } from '../../server/src/service/mdx/anchors';
import { scanBody } from '../../server/src/service/mdx/bodyScanner';

/** What a whole-site check keeps of each page for links into it answers as the page's own anchors do. */
test("a page's kept anchors: the same ids, in the same order, found as the set finds them", () => {
  for (const count of [0, 1, 5, 32, 33, 300]) {
    const text = Array.from({ length: count }, (_, index) => `## Heading ${index % 7} ${index}\n\nText.\n`).join('\n');
    const page = pageAnchors(scanBody(text, 0));
    const kept = linkedAnchors(page);
    assert.equal(kept.anchors.size, page.anchors.size);
    assert.deepEqual([...kept.anchors], [...page.anchors], `order with ${count} headings`);
    for (const id of page.anchors) assert.ok(kept.anchors.has(id));
    assert.equal(kept.anchors.has('missing'), false);
    assert.equal(kept.exact, page.exact);
    assert.deepEqual(kept.shows, page.shows);
    assert.equal('headingIds' in kept, false, 'no heading list is kept');
  }
  const endpoint = pageAnchors(scanBody('## A\n', 0));
  assert.equal(linkedAnchors({ ...endpoint, operation: 'operation "GET /a"' }).operation, 'operation "GET /a"');
});
