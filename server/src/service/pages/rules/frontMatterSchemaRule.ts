import frontMatterSchema from '../../../../../schemas/frontmatter.schema.json';
import validate from '../../../generated/frontMatterValidator';
import type { FixData } from '../../fixData';
import { closest, didYouMean } from '../../suggest';
import { reportAtEntry, type PageContext } from '../pageContext';

const knownKeys = Object.keys(frontMatterSchema.properties);
const patternKeys = Object.keys(frontMatterSchema.patternProperties).map((pattern) => new RegExp(pattern));

const overrides: Record<string, string> = {
  authMethod: 'The platform ignores an unknown value, so the page quietly falls back to `api.mdx.auth.method`.',
  playground: 'The platform ignores an unknown value, so the page quietly falls back to `api.playground.display`.',
};

/** Front matter values against schemas/frontmatter.schema.json; misspelt known keys get a did-you-mean. */
export function frontMatterSchemaRule(page: PageContext): void {
  const { data, entries } = page.frontMatter;
  if (!validate(data)) {
    for (const error of validate.errors ?? []) {
      const key = decodeURIComponent(error.instancePath.split('/')[1] ?? '').replace(/~1/g, '/').replace(/~0/g, '~');
      const entry = entries.get(key);
      if (!entry) continue;
      if (error.keyword === 'enum') {
        const allowed = (error.params.allowedValues as string[]).map(String);
        const value = entry.value;
        const suggestion = typeof value === 'string' ? closest(value, allowed) : undefined;
        const data: FixData | undefined = suggestion ? { replace: JSON.stringify(suggestion), replaceLabel: suggestion } : undefined;
        reportAtEntry(page, 'frontmatter/invalid-value', entry, `\`${key}\` is ${JSON.stringify(value)}; expected one of ${allowed.map((v) => `"${v}"`).join(', ')}.${didYouMean(suggestion, '"')}${overrides[key] ? ' ' + overrides[key] : ''}`, { data });
      } else if (error.keyword === 'type') {
        const expected = ([] as string[]).concat(error.params.type as string[]).join(' or ');
        reportAtEntry(page, 'frontmatter/invalid-value', entry, `\`${key}\` must be ${expected === 'boolean' ? '`true` or `false`' : `a ${expected}`}; found ${describe(entry.value)}.`);
      } else {
        reportAtEntry(page, 'frontmatter/invalid-value', entry, `\`${key}\` ${error.message ?? 'is not valid'}.`);
      }
    }
  }
  for (const [key, entry] of entries) {
    if (knownKeys.includes(key) || patternKeys.some((pattern) => pattern.test(key))) continue;
    const suggestion = closest(key, knownKeys);
    if (!suggestion) continue; // custom keys are allowed
    reportAtEntry(page, 'frontmatter/unknown-key', entry, `\`${key}\` is not a front matter key the platform knows, so it is kept as custom metadata and has no effect.${didYouMean(suggestion)}`, {
      at: 'key',
      data: { replace: suggestion, replaceLabel: suggestion } satisfies FixData,
    });
  }
}

function describe(value: unknown): string {
  if (value === null) return 'an empty value';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a nested object' : `${typeof value} ${JSON.stringify(value)}`;
}
