import slugifyLibrary, { slugifyWithCounter } from '@sindresorhus/slugify';

/**
 * Heading anchors as the platform makes them: the title lower-cased, spaces to `-`, percent-encoded,
 * then slugified (@sindresorhus/slugify, which the platform uses), keeping `%XX` for titles in other
 * scripts; the rendered id is that with percent-encoding decoded and punctuation and emoji removed.
 */
export type Slugger = ReturnType<typeof slugifyWithCounter>;

/** A slugger that numbers repeats (`setup`, `setup-2`), one per page. */
export function newSlugger(): Slugger {
  return slugifyWithCounter();
}

export function slugifyTitle(title: string, slugger: Slugger = slugifyWithCounter()): string {
  const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
  if (/%[0-9A-F]{2}/.test(encoded)) return slugger(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false });
  return slugger(encoded, { decamelize: false, preserveCharacters: ['_'] });
}

// The platform's set: emoji, their modifiers, the zero-width joiner and the variation selectors (the
// joiner apart: in a character class it reads as part of a sequence).
// eslint-disable-next-line regexp/prefer-character-class
const EMOJI = /[\p{Emoji_Presentation}\p{Extended_Pictographic}\uFE0E\uFE0F]|\u200D/gu;

/** The id a heading gets in the page (and that a link's `#anchor` is compared with). */
export function cleanHeadingId(id: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(id.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  } catch {
    return id;
  }
  return decoded.replace(/[?,;:!'"()[\]{}]/g, '').replace(EMOJI, '');
}

/** The id of an Accordion or a View, from its title: numbered from the second one with the same title. */
export function componentId(title: string, count: number): string {
  const base = slugifyLibrary(title.replace(':', '-'), { decamelize: false });
  return count > 0 ? `${base}-${count}` : base;
}

/** The anchor of a ParamField, Param or ResponseField: `param-<name>`, numbered from the second of a name. */
export function paramFieldId(name: string, count: number): string {
  return slugifyLibrary(`param-${name}${count > 0 ? `_${count}` : ''}`, { decamelize: true, separator: '-' });
}

/** `## Title {#id}`: the id as the platform keeps it (unsafe characters and punctuation dropped, spaces to `-`). */
export function customHeadingId(raw: string): string {
  return raw
    .trim()
    .replace(/[<>"&?,;:!'()[\]{}]/g, '')
    .replace(EMOJI, '')
    .replace(/\s+/g, '-');
}
