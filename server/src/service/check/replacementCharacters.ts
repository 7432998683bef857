/**
 * "�" (U+FFFD) in a file the platform reads: it reads every page and configuration file as UTF-8, and
 * bytes that are not UTF-8 (a file saved as Windows-1252 or Latin-1, where "é" is one byte) become that
 * character, which the published site shows. Docsmith reads files the same way; it reports the
 * character where the file's bytes are not UTF-8 (a valid UTF-8 file that holds it means it: a page
 * about encodings).
 */

/** Where the first "�" is, and how many the text holds; undefined when it holds none. */
export function replacementCharacters(text: string): { offset: number; count: number } | undefined {
  const offset = text.indexOf('\uFFFD');
  if (offset < 0) return undefined;
  let count = 0;
  for (let at = offset; at >= 0; at = text.indexOf('\uFFFD', at + 1)) count++;
  return { offset, count };
}

/** The finding's message, for a page or a configuration file (`where`: "The site", "The sidebar"...). */
export function replacementMessage(count: number, where: string): string {
  const more = count > 1 ? ` (and ${count - 1} more place${count > 2 ? 's' : ''})` : '';
  return (
    `${where} shows "�" here${more}: the platform reads files as UTF-8, and this file is not UTF-8 ` +
    `(saved as Windows-1252 or Latin-1, perhaps, where "é" is one byte). ` +
    `Save the file as UTF-8 and retype the characters shown as "�".`
  );
}
