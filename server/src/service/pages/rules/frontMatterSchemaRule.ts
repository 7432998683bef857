import frontMatterSchema from '../../../../../schemas/frontmatter.schema.json';
import validate from '../../../generated/frontMatterValidator';
import type { FixData } from '../../check/fixData';
import { closest, didYouMean, suggestValue } from '../../check/suggest';
import { reportAtEntry, type PageContext } from '../pageContext';
import { quote } from '../../../common/text';

const knownKeys = Object.keys(frontMatterSchema.properties);
const patternKeys = Object.keys(frontMatterSchema.patternProperties).map((pattern) => new RegExp(pattern));

const overrides: Record<string, string> = {
  authMethod: 'The platform ignores an unknown value, so the page quietly falls back to `api.mdx.auth.method`.',
  playground: 'The platform ignores an unknown value, so the page quietly falls back to `api.playground.display`.',
};

/**
 * Front matter values against schemas/frontmatter.schema.json. An unknown value of a key with a
 * fixed set is an error (the page quietly falls back to the global setting); a value of another type
 * than expected is a warning, since the platform's build does not check front matter types.
 * Misspelt known keys get a did-you-mean; not a key whose suggestion would change its meaning, nor
 * the keys of a page that keeps custom metadata (more than {@link MAX_CUSTOM_FOR_TYPOS} custom keys).
 */
export function frontMatterSchemaRule(page: PageContext): void {
  const { data, entries } = page.frontMatter;
  const reported = new Set<string>();
  if (!validate(data)) {
    for (const error of validate.errors ?? []) {
      const segments = error.instancePath
        .split('/')
        .slice(1)
        .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
      const key = segments[0] ?? '';
      const entry = entries.get(key);
      if (!entry) continue;
      const where = segments.map((segment, index) => (index === 0 ? `\`${segment}` : `[${segment}]`)).join('') + '`';
      const value = segments
        .slice(1)
        .reduce<unknown>((holder, segment) => (holder as Record<string, unknown> | undefined)?.[segment], entry.value);
      const message = describeError(error.keyword, error.params as Record<string, unknown>, key, where, value, error.message);
      if (reported.has(`${key}\u0000${message.text}`)) continue;
      reported.add(`${key}\u0000${message.text}`);
      reportAtEntry(page, message.code, entry, message.text, { data: message.data });
    }
  }
  const isKnown = (key: string) => knownKeys.includes(key) || patternKeys.some((pattern) => pattern.test(key));
  const custom = [...entries.keys()].filter((key) => !isKnown(key));
  // A did-you-mean never names a key the page already sets.
  const unset = knownKeys.filter((key) => !entries.has(key));
  // Beside other custom keys (`id`, `category_id`, `author`...) a key is deliberate metadata, not a slip;
  // but one that is a known key written in another case or with `_`/`-` (`sidebar_title`, `Description`) is a slip anywhere.
  const customMetadata = custom.length > MAX_CUSTOM_FOR_TYPOS;
  for (const [key, entry] of entries) {
    if (isKnown(key)) continue;
    const sameWords = knownByWords.get(words(key));
    const suggestion = sameWords ? (entries.has(sameWords) ? undefined : sameWords) : customMetadata ? undefined : closest(key, unset);
    if (!suggestion || changesMeaning(key, suggestion)) continue; // custom keys are allowed
    reportAtEntry(
      page,
      'frontmatter/unknown-key',
      entry,
      `\`${key}\` is not a front matter key the platform knows, so it is kept as custom metadata and has no effect.${didYouMean(suggestion)}`,
      {
        at: 'key',
        data: { replace: suggestion, replaceLabel: suggestion } satisfies FixData,
      },
    );
  }
}

/** A key's words, whatever their case and separators: `sidebar_title`, `sidebar-title` and `SidebarTitle` are `sidebartitle`. */
const words = (key: string) => key.toLowerCase().replace(/[_-]/g, '');
const knownByWords = new Map(knownKeys.map((key) => [words(key), key]));

/** A page with more custom keys than this uses front matter for its own metadata: none of them is taken for a typo. */
const MAX_CUSTOM_FOR_TYPOS = 2;

/**
 * A suggestion that would change what the key says is no spelling fix: a plural for a singular
 * (`tags` is not `tag`), or a key that reads as a statement its suggestion negates (`is_index`,
 * `noindex`).
 */
function changesMeaning(key: string, suggestion: string): boolean {
  const plain = (word: string) => word.toLowerCase().replace(/[_-]/g, '');
  const [a, b] = [plain(key), plain(suggestion)];
  if (a === `${b}s` || b === `${a}s` || a === `${b}es` || b === `${a}es`) return true;
  const stem = (word: string) => word.replace(/^(?:is|has|no|not|non)(?=[a-z])/, '');
  return stem(a) === stem(b) && a !== b;
}

function describeError(
  keyword: string,
  params: Record<string, unknown>,
  key: string,
  where: string,
  value: unknown,
  fallback: string | undefined,
): { code: 'frontmatter/invalid-value' | 'frontmatter/wrong-type'; text: string; data?: FixData } {
  if (keyword === 'enum') {
    const allowed = (params.allowedValues as unknown[]).map(String);
    const { hint, data } = suggestValue(value, allowed);
    return {
      code: 'frontmatter/invalid-value',
      text: `${where} is ${quote(value)}; expected one of ${allowed.map((v) => `"${v}"`).join(', ')}.${hint}${overrides[key] ? ' ' + overrides[key] : ''}`,
      data,
    };
  }
  if (keyword === 'type') {
    const expected = ([] as string[]).concat(params.type as string[]);
    const wanted = expected.includes('boolean')
      ? '`true` or `false`'
      : expected.map((type) => (type === 'array' ? 'a list' : `a ${type}`)).join(' or ');
    const quotedBoolean = expected.includes('boolean') && (value === 'true' || value === 'false');
    const unquote = quotedBoolean ? ` Write it without quotes: \`${key}: ${value}\`.` : '';
    const data: FixData | undefined = quotedBoolean ? { replace: String(value), replaceLabel: `${key}: ${value}` } : undefined;
    return {
      code: 'frontmatter/wrong-type',
      text: `${where} should be ${wanted}; found ${describe(value)}. The platform does not check front matter types, so the page may not behave as meant.${unquote}`,
      data,
    };
  }
  return { code: 'frontmatter/wrong-type', text: `${where} ${fallback ?? 'is not valid'}.` };
}

function describe(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a nested object' : `${typeof value} ${quote(value)}`;
}
