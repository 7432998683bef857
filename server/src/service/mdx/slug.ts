import { transliterate } from './transliterate';
import { detached } from '../../common/text';

/**
 * Heading anchors as the platform makes them: the title lower-cased, spaces to `-`, percent-encoded,
 * then slugified (@sindresorhus/slugify, which the platform uses), keeping `%XX` for titles in other
 * scripts; the rendered id is that with percent-encoding decoded and punctuation and emoji removed.
 */
export interface Slugger {
  (input: string, options: SlugOptions): string;
  /** A slug already made, numbered as this slugger numbers repeats. */
  count(slug: string): string;
}

interface SlugOptions {
  decamelize?: boolean;
  lowercase?: boolean;
  preserveCharacters?: string[];
}

/**
 * @sindresorhus/slugify, which the platform uses, ported: its transliteration (transliterate.ts, the
 * library's own tables) and its steps after it. The library builds nearly two thousand regular
 * expressions per call (about 0.6 ms); the property tests and the corpus test compare the two.
 */
/**
 * Longer inputs are cut here: the library's patterns backtrack on long runs of letters (and
 * decamelizing, on long runs of capitals). A heading's title is percent-encoded first, nine
 * characters for one CJK character: 10,000 keep a 1,100-character CJK heading whole, as the platform
 * does; a cut never splits a `%XX`.
 */
const MAX_SLUG_INPUT = 10_000;
const MAX_DECAMELIZED_INPUT = 1000;

/**
 * Slugs made this run, by options and input: a site repeats its headings ("Overview", "Parameters",
 * "Example") on page after page, and the library's path builds hundreds of regular expressions per
 * call. Bounded: emptied when it holds {@link MAX_REMEMBERED}.
 */
const remembered = new Map<string, string>();
const MAX_REMEMBERED = 50_000;

export function slugify(raw: string, options: SlugOptions = {}): string {
  const key = `${(options.decamelize ?? true) ? 1 : 0}${(options.lowercase ?? true) ? 1 : 0}${(options.preserveCharacters ?? []).join('')}\u0000${raw}`;
  const known = remembered.get(key);
  if (known !== undefined) return known;
  // A copy: an input left as it was would be a piece of its page's text, kept alive here.
  const made = detached(makeSlug(raw, options));
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, made);
  return made;
}

function makeSlug(raw: string, options: SlugOptions): string {
  const limit = (options.decamelize ?? true) ? MAX_DECAMELIZED_INPUT : MAX_SLUG_INPUT;
  let input = raw;
  if (raw.length > limit) {
    const percent = raw.lastIndexOf('%', limit - 1);
    input = raw.slice(0, percent >= limit - 2 ? percent : limit);
  }
  // Plain ASCII has nothing to transliterate.
  const transliterated = PLAIN_ASCII.test(input) ? input : transliterate(input);
  const lowercase = options.lowercase ?? true;
  let result = (options.decamelize ?? true) ? decamelize(transliterated) : transliterated;
  if (lowercase) result = result.toLowerCase();
  const preserved = (options.preserveCharacters ?? []).join('');
  result = result.replace(notSlugCharacters(lowercase, preserved), '-');
  result = result.replace(/\\/g, '');
  result = removeContractionDashes(result);
  return result.replace(/-{2,}/g, '-').replace(/^-|-$/g, '');
}

/** ASCII without the characters transliteration would change (`&`, and the diacritics `^` and `` ` ``). */
const PLAIN_ASCII = /^[\x20-\x25\x27-\x5d\x5f\x61-\x7e]*$/;

const patterns = new Map<string, RegExp>();

function notSlugCharacters(lowercase: boolean, preserved: string): RegExp {
  const key = `${lowercase}${preserved}`;
  let pattern = patterns.get(key);
  if (!pattern) {
    const escaped = preserved.replace(/[\\^\]-]/g, '\\$&');
    patterns.set(key, (pattern = new RegExp(`[^a-z\\d${lowercase ? '' : 'A-Z'}${escaped}]+`, 'g')));
  }
  return pattern;
}

/**
 * The library's `/([a-zA-Z\d]+)-([ts])(-|$)/g` → `$1$2$3` (`don-t` → `dont`), done in one linear pass
 * with the same non-overlapping matches.
 */
function removeContractionDashes(input: string): string {
  let result = '';
  let consumed = 0;
  for (let dash = input.indexOf('-'); dash >= 0; dash = input.indexOf('-', dash + 1)) {
    const letter = input[dash + 1];
    const after = dash + 2;
    if ((letter !== 't' && letter !== 's') || (after < input.length && input[after] !== '-')) continue;
    if (dash - 1 < consumed || !/[a-zA-Z\d]/.test(input[dash - 1] ?? '')) continue;
    result += input.slice(consumed, dash) + letter + (after < input.length ? '-' : '');
    consumed = Math.min(input.length, after + 1);
    dash = consumed - 1;
  }
  return result + input.slice(consumed);
}

/** The library's decamelize. Its patterns backtrack on long runs of capitals: inputs are bounded (MAX_SLUG_INPUT). */
function decamelize(input: string): string {
  /* eslint-disable regexp/no-super-linear-move -- bounded input, the library's own patterns */
  return input
    .replace(/([A-Z]{2,})(\d+)/g, '$1 $2')
    .replace(/([a-z\d]+)([A-Z]{2,})/g, '$1 $2')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-rt-z\d]+)/g, '$1 $2');
  /* eslint-enable regexp/no-super-linear-move */
}

/** A slugger that numbers repeats (`setup`, `setup-2`), one per page, as slugifyWithCounter does. */
export function newSlugger(): Slugger {
  const occurrences = new Map<string, number>();
  const count = (slug: string): string => {
    if (!slug) return '';
    const lower = slug.toLowerCase();
    const numberless = occurrences.get(withoutNumberSuffixes(lower)) ?? 0;
    const counter = occurrences.get(lower);
    occurrences.set(lower, typeof counter === 'number' ? counter + 1 : 1);
    const next = occurrences.get(lower) ?? 2;
    return next >= 2 || numberless > 2 ? `${slug}-${next}` : slug;
  };
  return Object.assign((input: string, options: SlugOptions) => count(slugify(input, options)), { count });
}

/** `a-1-2` → `a`: every trailing `-<digits>` removed, as the library's `/(?:-\d+?)+?$/` does. */
function withoutNumberSuffixes(slug: string): string {
  let end = slug.length;
  for (;;) {
    let digits = end;
    while (digits > 0 && slug.charCodeAt(digits - 1) >= 48 && slug.charCodeAt(digits - 1) <= 57) digits--;
    if (digits === end || digits === 0 || slug[digits - 1] !== '-') return slug.slice(0, end);
    end = digits - 1;
  }
}

/**
 * A heading title's slug as the platform makes it, numbered by `slugger` when one is given. Titles
 * repeat across a site ("Overview", "Parameters"): each distinct title is encoded and slugified once a
 * run (bounded by {@link MAX_TITLES}).
 */
export function slugifyTitle(title: string, slugger?: Slugger): string {
  let slug = titleSlugs.get(title);
  if (slug === undefined) {
    const { input, options } = titleSlugInput(title);
    // Not through slugify's own memory: this one holds the title's slug already.
    slug = detached(makeSlug(input, options));
    if (titleSlugs.size >= MAX_TITLES) titleSlugs.clear();
    // The key a copy too: a title is often a piece of its page's text.
    titleSlugs.set(detached(title), slug);
  }
  return slugger ? slugger.count(slug) : slug;
}

const titleSlugs = new Map<string, string>();
/** Distinct titles remembered at most: a site repeats a few hundred titles; the rest are seen once. */
const MAX_TITLES = 20_000;

/** What the platform gives the slugger for a heading title: the title lower-cased, spaces to `-`, percent-encoded. */
export function titleSlugInput(title: string): { input: string; options: SlugOptions } {
  const input = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
  if (/%[0-9A-F]{2}/.test(input)) return { input, options: { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false } };
  return { input, options: { decamelize: false, preserveCharacters: ['_'] } };
}

// The platform's set: emoji, their modifiers, the zero-width joiner and the variation selectors (the
// joiner apart: in a character class it reads as part of a sequence).
// eslint-disable-next-line regexp/prefer-character-class
const EMOJI = /[\p{Emoji_Presentation}\p{Extended_Pictographic}\uFE0E\uFE0F]|\u200D/gu;

const PLAIN_ID = /^[\w-]*$/;

/** The id a heading gets in the page (and that a link's `#anchor` is compared with). */
export function cleanHeadingId(id: string): string {
  // Letters, digits, `_` and `-` only: nothing to decode or drop (most anchors).
  if (PLAIN_ID.test(id)) return id;
  let decoded = id;
  if (id.includes('%')) {
    try {
      decoded = decodeURIComponent(id.replace(/%(?![0-9A-F]{2})/gi, '%25'));
    } catch {
      return id;
    }
  }
  decoded = decoded.replace(/[?,;:!'"()[\]{}]/g, '');
  // Emoji are never ASCII.
  return PRINTABLE_ASCII.test(decoded) ? decoded : decoded.replace(EMOJI, '');
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The id of an Accordion or a View, from its title: numbered from the second one with the same title. */
export function componentId(title: string, count: number): string {
  const base = slugify(title.replace(':', '-'), { decamelize: false });
  return count > 0 ? `${base}-${count}` : base;
}

/** The anchor of a ParamField, Param or ResponseField: `param-<name>`, numbered from the second of a name. */
export function paramFieldId(name: string, count: number): string {
  return slugify(`param-${name}${count > 0 ? `_${count}` : ''}`, { decamelize: true });
}

/** `## Title {#id}`: the id as the platform keeps it (unsafe characters and punctuation dropped, spaces to `-`). */
export function customHeadingId(raw: string): string {
  return raw
    .trim()
    .replace(/[<>"&?,;:!'()[\]{}]/g, '')
    .replace(EMOJI, '')
    .replace(/\s+/g, '-');
}
