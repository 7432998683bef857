import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePageDocument } from '../../server/src/service/documents/pageDocument';
import { indexPage } from '../../server/src/service/siteIndex/pageIndex';

/**
 * One heading model (issue 40): every reader of a heading's anchor (the link rule, go-to-definition,
 * heading rename, the gap page index and the client's "open at the anchor") takes it from
 * PageDocument.headings(), the anchors the link rule accepts.
 */
const PAGE = [
  '---',
  'title: x',
  '---',
  "## What's new?",
  '## Über uns',
  '## C++ SDK',
  '## 🚀 Launch',
  '## 快速开始',
  '## Setup',
  '## Setup',
  '## The `config` file',
  '## See [the guide](/g)',
  '##### Deep',
  '## Custom {#my-id}',
  '```md',
  '## Not a heading',
  '```',
  '<div id="sso-setup" />',
].join('\n');

test('each heading has the anchor the rendered page gives it: punctuation, non-ASCII, emoji, CJK, repeats, code, links', () => {
  const document = parsePageDocument('file:///site/page.mdx', PAGE);
  assert.deepEqual(
    document.headings().map((heading) => [heading.anchor, heading.line]),
    [
      ['whats-new', 3],
      ['über-uns', 4],
      ['c++-sdk', 5],
      ['-launch', 6],
      ['快速开始', 7],
      ['setup', 8],
      ['setup-2', 9],
      ['the-config-file', 10],
      ['see-the-guide', 11],
      [undefined, 12],
      ['my-id', 13],
    ],
  );
  // The same anchors the link rule accepts: no reader can disagree with it.
  const anchors = document.anchors().anchors;
  for (const heading of document.headings()) if (heading.anchor) assert.ok(anchors.has(heading.anchor), heading.anchor);
});

test('the line an anchor reaches: a heading (not one in code), or an element with the id', () => {
  const document = parsePageDocument('file:///site/page.mdx', PAGE);
  assert.equal(document.anchorLine('über-uns'), 4);
  assert.equal(document.anchorLine('%C3%BCber-uns'), 4, 'the percent-encoded form a URL carries');
  assert.equal(document.anchorLine('setup-2'), 9);
  assert.equal(document.anchorLine('sso-setup'), 17);
  assert.equal(document.anchorLine('not-a-heading'), undefined);
  assert.equal(document.anchorLine('whats-new'), PAGE.slice(0, PAGE.indexOf("## What's new?")).split('\n').length - 1);
});

test('the gap page index carries the same anchors (whats-new, not whats-new%3F)', () => {
  const page = indexPage('page', 'page.mdx', 'file:///site/page.mdx', PAGE);
  assert.deepEqual(
    page.sections.map((section) => section.anchor),
    [
      null,
      'whats-new',
      'über-uns',
      'c++-sdk',
      '-launch',
      '快速开始',
      'setup',
      'setup-2',
      'the-config-file',
      'see-the-guide',
      null,
      'my-id',
    ],
  );
});
