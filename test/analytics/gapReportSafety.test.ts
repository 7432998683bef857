import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatGapsMarkdown } from '../../server/src/cli/gapFormats/markdown';
import { REDACTED_KEY, redactKey } from '../../server/src/cli/gaps';
import type { Conversation } from '../../server/src/analytics/types';

/** Reports meant to be pasted into a pull request (issue 39 item 16): they ping nobody, link nothing, and never hold the admin key. */
function reportOf(query: string, label: string): Parameters<typeof formatGapsMarkdown>[0] {
  return {
    fetched: 1,
    unanswered: 1,
    statusInferred: false,
    conversations: [{ id: 'a', query, timestamp: '2026-11-01T00:00:00.000Z', sources: [] }],
    pages: [],
    categories: [],
    clusters: [{ id: 'gap-1', label, size: 1, conversationIds: ['a'], suggestion: null, cited: [], trend: null }],
  } as unknown as Parameters<typeof formatGapsMarkdown>[0];
}

test('a markdown report breaks up mentions, issue references and bare URLs, and reads the same', () => {
  const markdown = formatGapsMarkdown(reportOf('@everyone is #1 broken? see https://evil.example and www.example.com', '@team #42'), '');
  assert.doesNotMatch(markdown, /@everyone|@team|#1\b|#42|https:\/\/|www\./);
  assert.match(markdown, /@&#8203;everyone is #&#8203;1 broken\? see https:&#8203;\/\/evil\.example and www&#8203;\.example\.com/);
  assert.match(markdown, /### @&#8203;team #&#8203;42/);
});

test('the admin key pasted into a question or an answer is removed before anything is printed', () => {
  const key = 'mint_admin_0123456789abcdef';
  const conversations: Conversation[] = [
    {
      id: 'a',
      timestamp: '2026-11-01T00:00:00.000Z',
      query: `my key ${key} does not work`,
      response: `Do not share ${key}.`,
      sources: [{ title: `Key ${key}`, url: `https://docs.example.com/?k=${key}` }],
      queryCategory: null,
    },
  ];
  redactKey(conversations, key);
  const text = JSON.stringify(conversations);
  assert.doesNotMatch(text, new RegExp(key));
  assert.equal(conversations[0].query, `my key ${REDACTED_KEY} does not work`);
});
