// Function words of languages other than English, from `stopwords-iso` (MIT; Gene Diaz's collection
// of the ISO 639-1 languages' stop word lists). The bundles load this module from its own file
// (dist/stopwords.js), only for a site whose navigation lists a language other than English.
import lists from 'stopwords-iso/stopwords-iso.json';

/** The function words of a language (an ISO 639-1 code: `es`, `zh`), or undefined when there is no list for it. */
export function stopwordsOf(language: string): readonly string[] | undefined {
  return Object.prototype.hasOwnProperty.call(lists, language) ? (lists as Record<string, string[]>)[language] : undefined;
}
