import { detached } from '../common/text';
import type { Conversation } from './types';
import { thousands } from '../common/plural';

/**
 * What one conversation may hold once kept: a question of 10 MB is a hostile server, not an asker.
 * Longer texts are cut, and say so; every string is copied out of the page it came in, so that a kept
 * conversation does not hold its whole page in memory.
 */
export const MAX_QUESTION_CHARS = 4_000;
export const MAX_ANSWER_CHARS = 20_000;
export const MAX_SOURCES = 50;
const MAX_TITLE_CHARS = 500;
const MAX_URL_CHARS = 2_000;

/**
 * The text all kept conversations may hold (about 200 MB in memory): past it, a conversation keeps
 * 1,000 characters of its question and none of its answer, so that a server that fills every answer
 * cannot grow the export beyond about 1 KB a conversation more (250,000 by default).
 */
export const MAX_KEPT_CHARS = 100_000_000;
const QUESTION_CHARS_PAST_BUDGET = 1_000;

/** A conversation within the bounds above, its strings copied; `budget` counts the text kept so far. */
export function boundedConversation(conversation: Conversation, budget: { chars: number }): Conversation {
  const spent = budget.chars >= MAX_KEPT_CHARS;
  const query = cut(conversation.query, spent ? QUESTION_CHARS_PAST_BUDGET : MAX_QUESTION_CHARS);
  const response = spent
    ? conversation.response === ''
      ? ''
      : `[answer not kept: the export's text budget of ${thousands(MAX_KEPT_CHARS)} characters was spent]`
    : cut(conversation.response, MAX_ANSWER_CHARS);
  budget.chars += query.length + response.length;
  return {
    ...conversation,
    id: detached(conversation.id),
    timestamp: detached(conversation.timestamp),
    query,
    response,
    queryCategory: conversation.queryCategory === null ? null : cut(conversation.queryCategory, MAX_TITLE_CHARS),
    sources: conversation.sources
      .slice(0, MAX_SOURCES)
      .map((source) => ({ ...source, title: cut(source.title, MAX_TITLE_CHARS), url: cut(source.url, MAX_URL_CHARS) })),
  };
}

/** The text, or its start and a note of how much was cut. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return detached(text);
  return `${text.slice(0, max)} … [${thousands(text.length - max)} more characters cut by Docsmith]`;
}
