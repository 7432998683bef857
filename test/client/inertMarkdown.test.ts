import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inertMarkdown } from '../../client/src/gaps/inertMarkdown';
import { oneLine } from '../../server/src/common/text';

/** What the Docs Gaps view shows of a server's text (issue 39 item 18): nothing in it loads or reorders the view. */
test('an answer previewed as Markdown loads no image and runs no HTML; its links and text stay', () => {
  const answer =
    'See ![tracker](https://evil.example/pixel.png) and ![ref][img] or <img src="https://evil.example/x.png"> <iframe src=x>; read [the docs](https://docs.example.com).';
  const inert = inertMarkdown(answer);
  assert.doesNotMatch(inert, /(?<!\\)!\[|<img|<iframe/);
  assert.match(inert, /\[the docs\]\(https:\/\/docs\.example\.com\)/);
});

test('a question with a right-to-left override or line breaks is one plain line in the tree', () => {
  assert.equal(oneLine('How do I \u202Eesrever\u202C\nthis?'), 'How do I esrever this?');
});
