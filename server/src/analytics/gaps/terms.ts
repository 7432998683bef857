import stem from 'wink-porter2-stemmer';

/**
 * Words that carry no need of their own in a question to a docs assistant: English function words,
 * question words and the verbs every question uses ("how do I get", "is there a way to use").
 */
const STOPWORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can cannot could did do does doing done down during each else ever every few for from further get gets getting got had has ' +
    'have having he her here hers him his how i if in into is it its itself just let lets like make makes me might more most must my ' +
    'myself need needs no nor not now of off on once one only or other our ours out over own please possible same shall she should ' +
    'so some still such than that the their theirs them then there these they this those through to too try trying under until up ' +
    'us use used using very via want wants was way ways we were what when where whether which while who whom why will with within ' +
    'without would yes yet you your yours yourself anyone anything someone something thing things able hi hello thanks thank help ' +
    'know tell explain show work works working go going see seems really actually instead already always often best better good ok okay ' +
    'long many much happen happens happened set doesn don isn aren wasn won didn can t s m re ve ll d'
  ).split(' '),
);

/**
 * Words that name the same thing, mapped to one stem after stemming. General software and docs
 * vocabulary only, not one product's: a site's own terms are left to the weighting.
 */
const SYNONYMS: Record<string, string> = {
  whitelist: 'allowlist',
  blacklist: 'blocklist',
  remov: 'delet',
  eras: 'delet',
  purg: 'delet',
  login: 'signin',
  logon: 'signin',
  signon: 'signin',
  cost: 'price',
  pricing: 'price',
  fee: 'price',
  resend: 'retri',
  redeliv: 'retri',
  redeliveri: 'retri',
  failur: 'fail',
  maximum: 'max',
  asyncio: 'async',
  asynchron: 'async',
  await: 'async',
  golang: 'go',
  translat: 'local',
  locale: 'local',
  i18n: 'local',
  languag: 'local',
  multilingu: 'local',
  localis: 'local',
  localiz: 'local',
  credenti: 'key',
  setup: 'configur',
  config: 'configur',
  doc: 'document',
  sandbox: 'test',
  optout: 'unsubscrib',
  invoic: 'bill',
  librari: 'sdk',
  saml: 'sso',
  resent: 'retri',
};

/**
 * Phrases written several ways ("single sign-on" and "SSO", "log in" and "login", "text message" and
 * "SMS"), made one word before the text is cut into words. General software vocabulary, like the
 * synonyms: no product's own terms.
 */
const PHRASES: [RegExp, string][] = [
  [/\bsingle[\s-]sign[\s-]on\b/g, ' sso '],
  [/\b(?:log|sign)[\s-]?(?:in|on)\b/g, ' signin '],
  [/\be-mail/g, 'email'],
  [/\bopt(?:s|ed)?[\s-]out\b/g, ' optout '],
  [/\bread[\s-]only\b/g, ' readonly '],
  [/\btext messages?\b/g, ' sms '],
  [/\bclient librar(?:y|ies)\b/g, ' sdk '],
  [/\b(?:two|2)[\s-]?factor\b|\b2fa\b|\bmulti[\s-]?factor\b/g, ' mfa '],
];

export interface Term {
  /** The normalised stem the similarity uses. */
  stem: string;
  /** The word as written (lower case), for labels. */
  word: string;
}

/**
 * A word: letters and digits, with the marks that belong to them (Thai vowels, Devanagari signs), and
 * an apostrophe with the letters after it; or an identifier, words joined by underscores
 * (`starting_after`, `DATABASE_URL`), which {@link forEachWord} gives as its words and then whole.
 */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*(?:(?:_+[\p{L}\p{N}][\p{L}\p{M}\p{N}]*)+|['’][\p{L}\p{M}]+)?/gu;
/**
 * Marks a word is the same word without, once the text is decomposed: the accents of Latin, Greek and
 * Cyrillic ("café" is "cafe"), Hebrew points and Arabic vowel marks, which most text leaves out. The
 * marks of other scripts are part of their letters, and stay: a Thai vowel or tone mark, a Devanagari
 * vowel sign, the voicing mark of Japanese kana ("ガ" is not "カ").
 */
const OPTIONAL_MARKS = /[\u0300-\u036f\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670]/g;
/**
 * The phrases in one pattern, each its own group, so a text is scanned once for all of them. Each
 * phrase starts at a word boundary, which is tested once for all (the pattern is much quicker so).
 */
const PHRASE = new RegExp(
  `\\b(?:${PHRASES.map(([phrase]) => {
    if (!phrase.source.startsWith('\\b')) throw new Error(`a phrase must start at a word boundary: ${phrase.source}`);
    return `(${phrase.source.slice(2)})`;
  }).join('|')})`,
  'g',
);
const NOT_ASCII = /[\u0080-\uffff]/;

/**
 * The words of a text before stop words and stemming: lower case, accents dropped, phrases made one
 * word, and of a word around an apostrophe the longer part kept: "customer's" is "customer", "don't"
 * is "don", and an elided French or Italian article goes ("l'API" is "api", "dell'account" is "account").
 * An identifier joined by underscores gives its words, then itself whole: `has_more` is "has", "more"
 * and "has_more", so a question that pastes it finds the section that names it, though both its words
 * are function words.
 */
export function words(text: string): string[] {
  const found: string[] = [];
  forEachWord(text, (source, start, end) => found.push(source.slice(start, end)));
  return found;
}

/**
 * Calls `visit` with each word of a text (see {@link words}) as a stretch of a string, so a caller
 * that has seen the word before need not make a string of it: an ASCII text (most of a site) is
 * scanned by hand, the rest by the Unicode pattern.
 */
export function forEachWord(text: string, visit: (source: string, start: number, end: number) => void): void {
  // Only a text with other than ASCII has accents to take off (the Unicode steps are the slow ones).
  if (NOT_ASCII.test(text)) {
    // Composed again after the accents go, so a Korean syllable or a voiced kana is one character.
    const plain = joinPhrases(text.normalize('NFKD').replace(OPTIONAL_MARKS, '').normalize('NFC').toLowerCase());
    // Most such texts hold no script written without spaces (a dash, an accent, Cyrillic): words are tested for one only when the text holds some.
    const spaceless = SPACELESS.test(plain);
    const visitWord = (word: string) => {
      if (spaceless && SPACELESS.test(word)) forEachSpacelessWord(word, visit);
      else visit(word, 0, word.length);
    };
    for (const match of plain.match(WORD) ?? []) {
      if (match.includes('_')) {
        for (const part of match.split(/_+/)) visitWord(part);
        visit(match, 0, match.length);
      } else visitWord(match.includes("'") || match.includes('’') ? longerPart(match.split(/['’]/)) : match);
    }
    return;
  }
  // The ASCII form of WORD: a run of [a-z0-9], and an apostrophe with the letters after it; the longer part is the word.
  const source = joinPhrases(text.toLowerCase());
  const length = source.length;
  let at = 0;
  while (at < length) {
    if (!isWordChar(source.charCodeAt(at))) {
      at++;
      continue;
    }
    const start = at;
    while (at < length && isWordChar(source.charCodeAt(at))) at++;
    const end = at;
    if (continuesIdentifier(source, at)) {
      // An identifier: each of its words, then the whole.
      visit(source, start, end);
      while (continuesIdentifier(source, at)) {
        while (source.charCodeAt(at) === UNDERSCORE) at++;
        const part = at;
        while (at < length && isWordChar(source.charCodeAt(at))) at++;
        visit(source, part, at);
      }
      visit(source, start, at);
      continue;
    }
    if (source.charCodeAt(at) === APOSTROPHE && isLetter(source.charCodeAt(at + 1))) {
      at += 2;
      while (isLetter(source.charCodeAt(at))) at++;
      if (at - end - 1 > end - start) {
        visit(source, end + 1, at);
        continue;
      }
    }
    visit(source, start, end);
  }
}

/** Scripts cut into pairs of characters: Chinese and Japanese, written without spaces, and Korean, whose words take their endings with them ("웹훅을" and "웹훅"). */
const PAIRED = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Hangul}';
/** Scripts written without spaces that a dictionary cuts into words: Thai, Lao, Khmer, Burmese. */
const SEGMENTED = '\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}';
const SPACELESS = new RegExp(`[${PAIRED}${SEGMENTED}]`, 'u');
const IS_PAIRED = new RegExp(`[${PAIRED}]`, 'u');
const IS_SEGMENTED = new RegExp(`[${SEGMENTED}]`, 'u');
/** A run of letters cut where it changes between those scripts and others. */
const SCRIPT_STRETCH = new RegExp(`[${PAIRED}]+|[${SEGMENTED}]+|[^${PAIRED}${SEGMENTED}]+`, 'gu');
let wordSegmenter: Intl.Segmenter | undefined;

/**
 * The words of a run of letters that holds a script of {@link SPACELESS}, as search engines index
 * these languages. A stretch of Chinese, Japanese or Korean gives its overlapping pairs of characters
 * ("重试策略" gives "重试", "试策", "策略"), without a dictionary, so two questions that share a word of
 * two characters or more share a term; a stretch of Thai, Lao, Khmer or Burmese gives its words as
 * the platform's dictionary (ICU's, through `Intl.Segmenter`) cuts them; a stretch in another script
 * ("webhook" in "webhook重试") is a word of its own. A lone character is a word of one letter, which
 * {@link stemOf} drops.
 */
function forEachSpacelessWord(run: string, visit: (source: string, start: number, end: number) => void): void {
  for (const stretch of run.match(SCRIPT_STRETCH) ?? []) {
    if (IS_PAIRED.test(stretch)) {
      const chars = Array.from(stretch);
      if (chars.length === 1) visit(stretch, 0, stretch.length);
      for (let k = 0; k + 1 < chars.length; k++) {
        const pair = chars[k] + chars[k + 1];
        visit(pair, 0, pair.length);
      }
    } else if (IS_SEGMENTED.test(stretch)) {
      wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
      for (const { segment, isWordLike } of wordSegmenter.segment(stretch)) if (isWordLike) visit(segment, 0, segment.length);
    } else visit(stretch, 0, stretch.length);
  }
}

const APOSTROPHE = 39;
const UNDERSCORE = 95;

/** Whether underscores at `at` join the word before them to another (`has_more`), rather than end it (`__init__`). */
function continuesIdentifier(source: string, at: number): boolean {
  if (source.charCodeAt(at) !== UNDERSCORE) return false;
  while (source.charCodeAt(at) === UNDERSCORE) at++;
  return isWordChar(source.charCodeAt(at));
}

/** The longer of the two parts of a word around an apostrophe (the first when they are as long). */
function longerPart([before, after]: string[]): string {
  return after.length > before.length ? after : before;
}
/** a-z (NaN past the end is neither). */
const isLetter = (code: number) => code >= 97 && code <= 122;
const isWordChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57);

function joinPhrases(text: string): string {
  return text.replace(PHRASE, (...groups: unknown[]) => {
    // groups[0] is the match, then one group per phrase: the one that is set names the phrase.
    const phrase = groups.slice(1, PHRASES.length + 1).findIndex((group) => group !== undefined);
    return PHRASES[phrase][1];
  });
}

/**
 * The content terms of a text: lower-cased words without accents, function words dropped, stemmed,
 * synonyms joined. `read`: the text's {@link words}, when the caller has them already.
 */
export function terms(text: string, read: readonly string[] = words(text)): Term[] {
  const out: Term[] = [];
  for (const word of read) {
    const joined = stemOf(word);
    if (joined) out.push({ stem: joined, word });
  }
  return out;
}

/** Words already stemmed: a site and its questions repeat a small vocabulary, and stemming is most of the cost. */
const known = new Map<string, string>();
/** The cache is emptied past this many words, so a stream of unique tokens cannot grow it without end. */
const KNOWN_MAX = 200_000;
/**
 * Longer words are kept as they are: the stemmer's time grows with the square of a word's length (a
 * question of 16,000 "x" took 1.2 s, one of a million would take hours), and no word this long has a
 * suffix worth taking off ("internationalization" is 20 letters).
 */
export const STEM_MAX = 64;

/**
 * A word's stem with synonyms joined; empty when the word carries no need of its own: a function word,
 * a single letter, or a word whose stem is a function word.
 */
export function stemOf(word: string): string {
  let joined = known.get(word);
  if (joined === undefined) {
    if ((word.length < 2 && !/\d/.test(word)) || STOPWORDS.has(word)) joined = '';
    else {
      // An identifier (`starting_after`) is matched as written, not as English.
      const stemmed = word.length > STEM_MAX || /^\d+$/.test(word) || word.includes('_') ? word : stem(word);
      joined = SYNONYMS[stemmed] ?? stemmed;
      if (STOPWORDS.has(joined)) joined = '';
    }
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(word, joined);
  }
  return joined;
}

/** True for a word that {@link terms} leaves out of a text's content. */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word.toLowerCase());
}
