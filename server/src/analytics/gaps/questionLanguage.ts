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
    const list = choose(all);
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
    const list = choose(words(question));
    if (!list) return isStopword;
    return (word) => {
      const found = words(word);
      return found.length > 0 && found.every((part) => list.has(part));
    };
  };
}

/**
 * The function words of the site's languages other than English, and how a question's language is
 * chosen among them from its words: the list holding most of them, or none (English) when no list
 * holds more than English does. Undefined for a site that lists no other language with a list.
 */
function languageChooser(languages: readonly string[]): ((all: readonly string[]) => Set<string> | undefined) | undefined {
  const lists: Set<string>[] = [];
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
    lists.push(set);
  }
  if (!lists.length) return undefined;
  return (all) => {
    let best: Set<string> | undefined;
    let most = 0;
    for (const word of all) if (isStopword(word)) most++;
    for (const list of lists) {
      let held = 0;
      for (const word of all) if (list.has(word)) held++;
      if (held > most) [best, most] = [list, held];
    }
    return best;
  };
}
