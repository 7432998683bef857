import { trimEndOf } from '../../common/text';
import { isStopword, type Term } from './terms';

/**
 * A label this wide fits beside its count in a sidebar of the default width: columns, where a Chinese,
 * Japanese or Korean character takes two (see {@link labelWidth}).
 */
export const LABEL_MAX = 36;

/** Characters that take two columns: Chinese, Japanese and Korean, and fullwidth forms. */
const WIDE = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\u3000\uff01-\uff60\uffe0-\uffe6]/u;

/** How many columns a text takes: one per character, two for a wide one. */
export function labelWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 2 : 1;
  return width;
}

/**
 * A short label for a cluster from its most central question: the question without its opening
 * function words ("How do I", "Is there a") and final punctuation; when that is too long, its
 * content words only; when still too long, cut at a word with "…". A wh-question whose words
 * are inverted ("how much RAM do builds get", "what can a Developer role do") reads wrong without
 * its opening ("RAM do builds get"), so it is kept whole when it fits. The opening words trimmed are
 * those of the question's language (`isFunctionWord`, English by default: "¿Cómo puedo" is Spanish's).
 */
export function clusterLabel(question: string, content: readonly Term[], isFunctionWord: (word: string) => boolean = isStopword): string {
  const words = question.replace(/\s+/g, ' ').trim().split(' ');
  let start = 0;
  while (start < words.length - 1 && opening(words[start], start, isFunctionWord)) start++;
  const phrase = trimEndOf(words.slice(start).join(' '), FINAL);
  if (start > 0 && WH.has(bare(words[0]).toLowerCase()) && inverted(phrase)) {
    const whole = `${capitalise(trimEndOf(words.join(' '), FINAL))}?`;
    if (labelWidth(whole) <= LABEL_MAX) return whole;
  }
  const full = capitalise(phrase || question.trim());
  if (labelWidth(full) <= LABEL_MAX) return full || '(empty question)';
  const contentWords = new Set(content.map((term) => term.word));
  const kept = words.slice(start).filter((word) => parts(word).some((part) => contentWords.has(part)));
  const compact = capitalise(kept.map(bare).join(' '));
  if (compact && labelWidth(compact) <= LABEL_MAX) return compact;
  return cutToWidth(compact || full, LABEL_MAX);
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Verbs stopword lists hold that say what the asker wants to do: "How do I get a single user?" is
 * "Get a single user", not "Single user". A label keeps them.
 */
const NEED_VERBS = new Set([
  'get', 'go', 'use', 'make', 'set', 'add', 'create', 'find', 'run', 'show', 'change', 'give', 'take', 'put', 'turn', 'keep',
  'start', 'stop', 'move', 'send', 'open', 'call', 'build', 'read', 'write', 'remove', 'delete', 'update', 'list',
]); // prettier-ignore

/**
 * Whether a word of a question's opening is trimmed from its label: a function word ("How do I", "Is
 * there a"), but not a verb of the need, nor a name: a capitalised word past the first ("Do you have
 * a Go SDK?" is "Go SDK"), other than "I" and its contractions.
 */
function opening(word: string, index: number, isFunctionWord: (word: string) => boolean): boolean {
  const plain = bare(word);
  if (!isFunctionWord(plain)) return false;
  if (NEED_VERBS.has(plain.toLowerCase())) return false;
  return index === 0 || !/^\p{Lu}/u.test(plain) || /^I(?:'|’|$)/.test(plain);
}

/** Punctuation and spaces a label does not end on, the fullwidth forms Chinese and Japanese use included. */
const FINAL = '?.!,;: \u3001\u3002\uff01\uff0c\uff1a\uff1b\uff1f';

const WH = new Set(['what', 'which', 'how', 'who', 'whom', 'whose', 'where', 'when', 'why']);
const AUXILIARIES = new Set([
  'do',
  'does',
  'did',
  'can',
  'could',
  'is',
  'are',
  'was',
  'were',
  'will',
  'would',
  'should',
  'shall',
  'am',
  'has',
  'have',
  'had',
  'may',
  'might',
  'must',
]);

/**
 * Whether what is left of a question still has its auxiliary verb ("RAM do builds get") or ends on
 * a function word or the "mean" of "what does … mean".
 */
function inverted(phrase: string): boolean {
  const rest = phrase.split(' ').map((word) => bare(word).toLowerCase());
  const last = rest[rest.length - 1] ?? '';
  return rest.some((word) => AUXILIARIES.has(word)) || isStopword(last) || last === 'mean' || last === 'means';
}

/** The word without the punctuation around it (loops: the text is a user's). */
function bare(word: string): string {
  let start = 0;
  while (start < word.length && !LETTER_OR_DIGIT.test(word[start])) start++;
  return trimEnd(word.slice(start), (char) => !LETTER_OR_DIGIT.test(char));
}

function trimEnd(text: string, drop: (char: string) => boolean): string {
  let end = text.length;
  while (end > 0 && drop(text[end - 1])) end--;
  return text.slice(0, end);
}

function parts(word: string): string[] {
  return word
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The text cut to `max` columns with "…": at a space past the middle when there is one (a text without spaces, such as Chinese, at any character). */
export function cutToWidth(text: string, max: number): string {
  let head = '';
  let width = 0;
  for (const char of text) {
    width += labelWidth(char);
    if (width > max - 1) break;
    head += char;
  }
  const space = head.lastIndexOf(' ');
  return `${space > max / 2 ? head.slice(0, space) : head}…`;
}
