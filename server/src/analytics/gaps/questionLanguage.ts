import { stopwordsOf } from './otherStopwords';
import { isStopword, terms, words, type Term } from './terms';

/** Codes the platform accepts for a navigation language, where ISO 639-1 has another (`cn` is Chinese, `jp` Japanese). */
const ISO_CODE: Record<string, string> = { cn: 'zh', jp: 'ja' };

/** A navigation language's ISO 639-1 code: `zh-Hant` and `cn` are `zh`, `pt-BR` is `pt`. */
export function baseLanguage(code: string): string {
  const base = code.toLowerCase().split(/[-_]/)[0];
  return ISO_CODE[base] ?? base;
}

/**
 * How a question is read on a site whose navigation lists languages other than English: its terms
 * without the function words of its language, as English questions are without "how do I". Without
 * this, "¿Cómo puedo …?" gives every Spanish question two words the docs seldom use, weighed high for
 * that, and all of them fall into one cluster. A question's language is the site's language whose
 * function words it holds most of, English when none holds more than English does. Undefined for a
 * site that lists no other language (or none with a list): its questions are read as English.
 */
export function questionReader(languages: readonly string[]): ((text: string) => Term[]) | undefined {
  const choose = languageChooser(languages);
  if (!choose) return undefined;
  return (text) => {
    const all = words(text);
    const list = choose(all)?.functionWords;
    const found = terms(text, all);
    return list ? found.filter((term) => !list.has(term.word)) : found;
  };
}

/**
 * For a cluster's label: whether a word as written in the question ("¿Cómo", "puedo") is a function
 * word of the question's language, chosen as {@link questionReader} chooses it. Undefined where
 * questionReader is: labels then trim English function words only.
 */
export function labelFunctionWords(languages: readonly string[]): ((question: string) => (word: string) => boolean) | undefined {
  const choose = languageChooser(languages);
  if (!choose) return undefined;
  return (question) => {
    const list = choose(words(question))?.functionWords;
    if (!list) return isStopword;
    return (word) => {
      const found = words(word);
      return found.length > 0 && found.every((part) => list.has(part));
    };
  };
}

/**
 * The language a question is written in, as an ISO 639-1 code (`en`, `es`, `zh`), chosen as
 * {@link questionReader} chooses it; undefined when it holds no function word of any (`signUp()`,
 * "pgvector"), or on a site that lists no other language with a list. A page in that language is where
 * its answer belongs, and the ranking of sections prefers it.
 */
export function questionLanguage(languages: readonly string[]): ((text: string) => string | undefined) | undefined {
  const choose = languageChooser(languages);
  return choose && ((text) => choose(words(text))?.code);
}

/** A language chosen for a question: its code, and its function words (none for English, whose are {@link isStopword}). */
interface Chosen {
  code: string;
  functionWords?: Set<string>;
}

/**
 * The function words of the site's languages other than English, and how a question's language is
 * chosen among them from its words: the list holding most of them, or English when no list holds
 * more than English does; none when the question holds no function word at all. Undefined for a site
 * that lists no other language with a list.
 */
function languageChooser(languages: readonly string[]): ((all: readonly string[]) => Chosen | undefined) | undefined {
  const lists: Required<Chosen>[] = [];
  for (const code of new Set(languages.map(baseLanguage))) {
    if (code === 'en') continue;
    const list = stopwordsOf(code);
    if (!list) continue;
    // Written as questions are read: lower case, accents dropped ("cómo" is "como"); Chinese and
    // Japanese in pairs of characters, so a two-character function word ("如何") is one of them.
    const set = new Set<string>();
    for (const entry of list) {
      const found = words(entry);
      if (found.length === 1) set.add(found[0]);
    }
    lists.push({ code, functionWords: set });
  }
  if (!lists.length) return undefined;
  return (all) => {
    let best: Chosen | undefined;
    let most = 0;
    for (const word of all) if (isStopword(word)) most++;
    if (most > 0) best = { code: 'en' };
    for (const list of lists) {
      let held = 0;
      for (const word of all) if (list.functionWords.has(word)) held++;
      if (held > most) [best, most] = [list, held];
    }
    return best;
  };
}
