import type { ErrorObject } from 'ajv';
import type { DiagnosticCode } from '../diagnosticCodes';
import type { DiagnosticSink } from '../diagnostics';
import type { FixData } from '../fixData';
import { closest, didYouMean } from '../suggest';
import { findProperty, keyNode, nodeAtPath, pointerSegments, toValue, type JsonNode } from './jsonTree';
import { derefSchema, validateDocsJson, type SchemaNode } from './schema';

type Area = 'config' | 'nav' | 'api' | 'integrations';
type Kind = 'unknown-key' | 'missing-property' | 'invalid-value';

/**
 * Validates the resolved docs.json against the schema and reports each problem at the smallest range
 * (the unknown key, the wrong value, the key of the object missing a property) with a message that
 * says what the shape is and what would be right.
 */
export function reportSchemaProblems(root: JsonNode, value: unknown, unresolved: string[], sink: DiagnosticSink): void {
  const seen = new Set<string>();
  for (const error of validateDocsJson(value)) {
    if (error.keyword === 'if') continue;
    if (unresolved.some((pointer) => error.instancePath === pointer || error.instancePath.startsWith(pointer + '/'))) continue;
    const id = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const segments = pointerSegments(error.instancePath);
    const located = nodeAtPath(root, segments);
    if (!located) continue;
    report(error, segments, located.node, located.property, sink);
  }
}

function areaOf(segments: string[]): Area {
  switch (segments[0]) {
    case 'navigation':
      return 'nav';
    case 'api':
      return 'api';
    case 'integrations':
      return 'integrations';
    default:
      return 'config';
  }
}

function codeFor(area: Area, kind: Kind, segments: string[]): DiagnosticCode {
  if (area !== 'integrations') return `${area}/${kind}` as DiagnosticCode;
  if (kind === 'unknown-key') return segments.length === 1 ? 'integrations/unknown-integration' : 'integrations/unknown-field';
  return kind === 'missing-property' ? 'integrations/missing-field' : 'integrations/invalid-field';
}

/** How a message names the place: `integrations.ga4.measurementId`, `navigation.tabs[0].groups[2]`. */
export function displayPath(segments: string[]): string {
  let path = '';
  for (const segment of segments) path += /^\d+$/.test(segment) ? `[${segment}]` : path ? `.${segment}` : segment;
  return path || 'docs.json';
}

/** What a message calls the object at a place: the shape's title ("group", "tab") or its path. */
function shapeName(schema: SchemaNode | undefined, segments: string[]): string {
  const title = schema?.title as string | undefined;
  if (title && title !== 'docs.json') return segments.length ? `${article(title)} ${title} (${displayPath(segments)})` : 'docs.json';
  return segments.length ? `\`${displayPath(segments)}\`` : 'docs.json';
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'An' : 'A';
}

function describeType(node: JsonNode): string {
  return node.type === 'object' ? 'an object' : node.type === 'array' ? 'an array' : `a ${node.type}`;
}

function firstSentence(text: unknown): string {
  if (typeof text !== 'string') return '';
  const match = /^(.*?[.:])(\s|$)/.exec(text);
  return ` (${(match ? match[1] : text).replace(/[.:]$/, '')})`;
}

function report(error: ErrorObject, segments: string[], node: JsonNode, property: JsonNode | undefined, sink: DiagnosticSink): void {
  const area = areaOf(segments);
  // The generated validator runs in verbose mode: each error carries the schema object that failed.
  const parent = error.parentSchema as SchemaNode | undefined;
  const data = toValue(node);
  const path = displayPath(segments);
  const holderKey = property ? keyNode(property) : undefined;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(error.params.additionalProperty);
      const offending = findProperty(node, key);
      const target = (offending && keyNode(offending)) ?? node;
      const known = Object.keys(parent?.properties ?? {});
      const suggestion = closest(key, known);
      const where = shapeName(parent, segments);
      const code = codeFor(area, 'unknown-key', segments);
      const consequence = code === 'integrations/unknown-integration' ? 'the platform rejects the file' : 'the platform ignores it';
      const list = code === 'integrations/unknown-integration' && !suggestion ? ` Known integrations: ${known.join(', ')}.` : '';
      sink.atNode(code, target, `Unknown key \`${key}\` in ${lowerFirst(where)}; ${consequence}.${didYouMean(suggestion)}${list}`, {
        data: (suggestion ? { replace: JSON.stringify(suggestion), replaceLabel: suggestion, removeKey: true } : { removeKey: true }) satisfies FixData,
      });
      return;
    }
    case 'required': {
      const missing = String(error.params.missingProperty);
      const described = firstSentence(derefSchema(parent?.properties?.[missing])?.markdownDescription);
      const target = holderKey ?? { ...node, length: 1 };
      sink.atNode(codeFor(area, 'missing-property', segments), target, `${shapeName(parent, segments)} is missing \`${missing}\`${described}.`);
      return;
    }
    case 'type': {
      const expected = ([] as string[]).concat(error.params.type as string | string[]);
      const message = parent?.errorMessage
        ? `\`${path}\` ${parent.errorMessage}; found ${describeType(node)}.`
        : `\`${path}\` must be ${expected.map((type) => (type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`)).join(' or ')}, not ${describeType(node)}.`;
      sink.atNode(codeFor(area, 'invalid-value', segments), node, message);
      return;
    }
    case 'enum': {
      const allowed = (error.params.allowedValues as unknown[]).map(String);
      const suggestion = typeof data === 'string' ? closest(data, allowed) : undefined;
      sink.atNode(codeFor(area, 'invalid-value', segments), node, `\`${path}\` is ${JSON.stringify(data)}; expected one of ${allowed.map((v) => `"${v}"`).join(', ')}.${didYouMean(suggestion, '"')}`, {
        data: suggestion ? ({ replace: JSON.stringify(suggestion), replaceLabel: suggestion } satisfies FixData) : undefined,
      });
      return;
    }
    case 'pattern':
    case 'format':
    case 'minLength':
    case 'maxLength': {
      const detail = parent?.errorMessage ?? genericDetail(error);
      sink.atNode(codeFor(area, 'invalid-value', segments), node, `\`${path}\` ${detail}; found ${JSON.stringify(data)}.`);
      return;
    }
    default: {
      sink.atNode(codeFor(area, 'invalid-value', segments), node, `\`${path}\` ${genericDetail(error)}.`);
    }
  }
}

function genericDetail(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minLength':
      return `must be at least ${p.limit} characters long`;
    case 'maxLength':
      return `must be at most ${p.limit} characters long`;
    case 'maxItems':
      return `may hold at most ${p.limit} items`;
    case 'minItems':
      return `must hold at least ${p.limit} items`;
    case 'format':
      return `must be a valid ${p.format === 'uri' ? 'URL such as "https://example.com"' : String(p.format)}`;
    case 'pattern':
      return `must match ${p.pattern}`;
    default:
      return error.message ?? 'is not valid';
  }
}

function lowerFirst(text: string): string {
  return text.startsWith('docs.json') || text.startsWith('`') ? text : text[0].toLowerCase() + text.slice(1);
}
