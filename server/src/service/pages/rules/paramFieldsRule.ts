import { replaceWith, type FixData } from '../../check/fixData';
import { parseApiValue } from '../../frontMatter/apiValue';
import { attribute, stringAttribute, type FieldTag } from '../../mdx/fieldTags';
import { closest, didYouMean } from '../../check/suggest';
import type { PageContext } from '../pageContext';
import { quoteWidth } from './apiRule';

const LOCATIONS = ['path', 'body', 'query', 'header'] as const;

/**
 * Parameter and response fields of an endpoint page: each `{param}` of the `api` path is documented by a
 * `<ParamField path="param">` and each such field names a parameter of the path; a ParamField has one
 * location and a `type`; a ResponseField has `name` and `type`; `required` is a flag or a boolean.
 */
export function paramFieldsRule(page: PageContext): void {
  const { entries } = page.frontMatter;
  // Only endpoint pages: SDK references use these components more loosely.
  if (!entries.has('api') && !entries.has('openapi')) return;
  const tags = page.fields();
  const seen = new Map<string, FieldTag>();
  for (const tag of tags) {
    const tagName = { offset: tag.nameOffset, length: tag.nameLength };
    let identity: string | undefined;
    if (tag.tag === 'ParamField') {
      const locations = LOCATIONS.filter((location) => attribute(tag, location));
      if (locations.length !== 1) {
        const found = locations.length === 0 ? 'none' : locations.map((l) => `\`${l}\``).join(' and ');
        page.report(
          'fields/location',
          tagName.offset,
          tagName.length,
          `A <ParamField> needs exactly one of \`path\`, \`body\`, \`query\` or \`header\` (its location and name); found ${found}.`,
        );
      } else {
        identity = `${tag.container}:${locations[0]}:${stringAttribute(tag, locations[0]) ?? ''}`;
      }
    } else if (!attribute(tag, 'name')) {
      page.report(
        'fields/missing-name',
        tagName.offset,
        tagName.length,
        'A <ResponseField> needs a `name`: the field of the response it documents.',
      );
    } else {
      identity = `${tag.container}:response:${stringAttribute(tag, 'name') ?? ''}`;
    }
    if (!attribute(tag, 'type')) {
      page.report(
        'fields/missing-type',
        tagName.offset,
        tagName.length,
        `A <${tag.tag}> needs a \`type\`, such as type="string", "number", "boolean", "object" or "string[]".`,
      );
    }
    const required = attribute(tag, 'required');
    if (required && typeof required.value === 'string') {
      const meant = required.value.trim().toLowerCase() === 'false' ? 'false' : 'true';
      const consequence = meant === 'false' ? ' Any non-empty string counts as true, so the field is shown as required.' : '';
      page.report(
        'fields/required-not-boolean',
        required.valueOffset,
        required.valueLength,
        `\`required="${required.value}"\` is a string, not a boolean; write ${meant === 'true' ? '`required` alone' : '`required={false}` or leave it out'}.${consequence}`,
        {
          data: { replace: `{${meant}}`, replaceLabel: `required={${meant}}` } satisfies FixData,
        },
      );
    }
    if (identity) {
      const first = seen.get(identity);
      if (first) {
        const [, kind, name] = identity.split(':');
        page.report(
          'fields/duplicate',
          tagName.offset,
          tagName.length,
          `${kind === 'response' ? 'Response field' : `The ${kind} parameter`} "${name}" is already declared on line ${page.lines.positionAt(first.offset).line + 1}.`,
        );
      } else {
        seen.set(identity, tag);
      }
    }
  }
  checkPathParams(page, tags);
}

function checkPathParams(page: PageContext, tags: FieldTag[]): void {
  const entry = page.frontMatter.entries.get('api');
  if (!entry || typeof entry.value !== 'string') return;
  const parsed = parseApiValue(entry.value);
  if (!parsed.ok) return;
  const valueStart = entry.valueOffset + quoteWidth(page.text, entry.valueOffset);
  const params = parsed.params.map((p) => p.name);
  const colonParams = colonParameters(page, parsed.path, entry.value, valueStart);
  const documented = new Set<string>();
  for (const tag of tags) {
    const path = attribute(tag, 'path');
    const name = tag.tag === 'ParamField' ? stringAttribute(tag, 'path') : undefined;
    if (!path || name === undefined) continue;
    documented.add(name);
    // `:name` in the path is reported once, on the `api` line.
    if (!params.includes(name) && !colonParams.has(name)) {
      const suggestion = closest(name, params);
      page.report(
        'fields/unknown-path-param',
        path.valueOffset,
        path.valueLength,
        `<ParamField path="${name}"> names no parameter of the \`api\` path ${parsed.path}.${didYouMean(suggestion, '"')}` +
          (params.length && !suggestion ? ` Its parameters: ${params.join(', ')}.` : ''),
        {
          data: suggestion ? replaceWith(suggestion) : undefined,
        },
      );
    }
  }
  const insertAt = insertionPoint(page, tags);
  for (const param of parsed.params) {
    if (documented.has(param.name)) continue;
    const text = `\n<ParamField path="${param.name}" type="string" required>\n  Describe ${param.name}.\n</ParamField>\n`;
    page.report(
      'fields/missing-path-param',
      valueStart + param.offset,
      param.length,
      `Path parameter {${param.name}} has no <ParamField path="${param.name}">, so the API playground, which takes its inputs from ParamField tags, has no input for it.`,
      {
        data: { insert: { offset: insertAt, text } } satisfies FixData,
      },
    );
  }
}

/**
 * Express-style `:name` segments in the `api` path. The platform documents path parameters as `{name}`;
 * what its playground does with `:name` is not in its published packages, so the message says what is
 * known, not what the playground does. Reported once,
 * on the `api` value, with the fix that writes every one of them in braces. The names found.
 */
function colonParameters(page: PageContext, path: string, value: string, valueStart: number): Set<string> {
  const names = new Set([...path.matchAll(/\/:([A-Za-z_][\w-]*)/g)].map((match) => match[1]));
  if (names.size === 0) return names;
  const fixed = value.replace(/\/:([A-Za-z_][\w-]*)/g, '/{$1}');
  page.report(
    'frontmatter/api-colon-param',
    valueStart,
    value.length,
    `${[...names].map((name) => `:${name}`).join(', ')} in \`api\` ${names.size === 1 ? 'is' : 'are'} not written as a path parameter: the platform's documentation writes them \`{name}\`, and matches <ParamField path> to those only; a \`:name\` segment is most likely sent as written. Write ${[...names].map((name) => `{${name}}`).join(', ')}.`,
    { data: { replace: fixed, replaceLabel: fixed } satisfies FixData },
  );
  return names;
}

/** After the last ParamField (its closing tag), or at the end of the page. */
function insertionPoint(page: PageContext, tags: FieldTag[]): number {
  const last = [...tags].reverse().find((tag) => tag.tag === 'ParamField');
  if (!last) return page.text.length;
  const selfClosing = page.text.slice(last.offset, last.offset + last.length).endsWith('/>');
  if (selfClosing) return lineEnd(page.text, last.offset + last.length);
  const close = page.text.indexOf('</ParamField>', last.offset + last.length);
  return close < 0 ? page.text.length : lineEnd(page.text, close + '</ParamField>'.length);
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end + 1;
}
