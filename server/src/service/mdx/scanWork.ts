/**
 * The characters the page scanner examines, counted: the property tests prove from it that the scan
 * is linear in the page (no line, expression, link or tag is searched again for every one before it),
 * without timing anything. Each reader adds what it searched or handed to a parser.
 */
export const scanWork = {
  /** Characters searched, and elements of the open-element stack read (each read counts one). */
  characters: 0,
  /** Code spans read over more than one line of a paragraph (the corpus test compares those pages with the parser's reading). */
  spansOverLines: 0,
  /** ESM blocks read on past a blank line (the same corpus test). */
  esmOverBlankLines: 0,
  /** Paragraphs opened by a tag over several lines with text after it (the same corpus test). */
  tagsOverLines: 0,
};
