import type { DiagnosticCode } from '../check/diagnosticCodes';
import type { DiagnosticSink } from '../check/diagnostics';
import type { FixData } from '../check/fixData';
import { closest, didYouMean, suggestValue } from '../check/suggest';
import { replaceWith } from '../check/fixData';
import { keyNode, type JsonNode } from '../json/jsonTree';
import { docsJsonEngine, derefSchema, type SchemaNode } from './schema';
import { lastProperties } from '../json/jsonTree';
import type { JsonPath, SchemaDrop, SchemaIssue, SchemaResult } from './schemaResult';
import { quote } from '../../common/text';
import { scanSourceRefs } from './sourceRefs';

type Area = 'config' | 'nav' | 'api' | 'integrations';

/**
 * Validates the resolved docs.json as the platform does and reports each problem at the smallest
 * range (the unknown key, the wrong value, the key of the object missing a property) with a message
 * that says what the shape is and what would be right. What the platform rejects is an error; what
 * it silently drops is a warning.
 */
export function reportSchemaProblems(root: JsonNode, unresolved: string[], sink: DiagnosticSink, typing?: JsonNode): SchemaResult {
  // `sourceRef` elements stand for navigation another repository holds: validated apart, left out here.
  const sourceRefs = scanSourceRefs(root);
  for (const problem of sourceRefs.problems) sink.atNode(problem.code, problem.node, problem.message);
  const result = typing
    ? reportTyping(root, typing, sink, sourceRefs.refs)
    : sourceRefs.refs.size
      ? docsJsonEngine.validateWithout(root, sourceRefs.refs)
      : docsJsonEngine.validate(root);
  const skipped = (path: JsonPath) => {
    const pointer = path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
    return unresolved.some((prefix) => pointer === prefix || pointer.startsWith(prefix + '/'));
  };
  const seen = new Set<string>();
  const once = (node: JsonNode, message: string) => {
    const id = `${node.uri}|${node.offset}|${message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  };
  for (const issue of result.issues) {
    if (skipped(issue.path)) continue;
    const { code, node, message, data } = describeIssue(root, issue);
    if (once(node, message)) sink.atNode(code, node, message, { data });
  }
  for (const drop of result.drops) {
    if (skipped(drop.path)) continue;
    const { code, node, message, data, related } = describeDrop(root, drop);
    if (once(node, message)) sink.atNode(code, node, message, { data, related });
  }
  return result;
}

/**
 * The verdict while an entry is being typed (an empty one at the editor's last edit): the file as if
 * that entry were not there yet, and one problem on the entry that says what the platform would do
 * if the file were saved like this. A division dropped only because of it is not dropped, so its
 * pages do not turn into orphans and the real problems inside it stay reported, keystroke after
 * keystroke.
 */
function reportTyping(root: JsonNode, typing: JsonNode, sink: DiagnosticSink, sourceRefs: ReadonlySet<JsonNode>): SchemaResult {
  const saved = sourceRefs.size ? docsJsonEngine.validateWithout(root, sourceRefs) : docsJsonEngine.validate(root);
  const result = docsJsonEngine.validateWithout(root, new Set([typing, ...sourceRefs]));
  const dropped = new Set(result.drops.map((drop) => drop.property));
  const rejectedAt = new Set(result.issues.map((issue) => issue.node));
  const drop = saved.drops.find((drop) => !dropped.has(drop.property));
  const rejects = saved.issues.some((issue) => !rejectedAt.has(issue.node));
  const what = typing.type === 'object' ? 'An empty object in `pages`' : 'An empty page entry';
  const consequence = rejects
    ? ' Saved like this, the platform rejects the file.'
    : drop
      ? ` Saved like this, the platform ignores \`${drop.key}\` of ${lowerFirst(shapeName(drop.holder, drop.path.slice(0, -1)))}, and every page in it leaves the site.`
      : '';
  sink.atNode('nav/invalid-value', typing, `${what} is not valid: finish it or remove it.${consequence}`);
  return result;
}

function areaOf(path: JsonPath): Area {
  switch (path[0]) {
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

type Kind = 'unknown-key' | 'ignored-key' | 'rejected-key' | 'missing-property' | 'invalid-value';

function codeFor(kind: Kind, path: JsonPath): DiagnosticCode {
  const area = areaOf(path);
  if (area === 'integrations') {
    if (kind === 'rejected-key' || (kind === 'unknown-key' && path.length <= 1)) return 'integrations/unknown-integration';
    if (kind === 'unknown-key' || kind === 'ignored-key') return 'integrations/unknown-field';
    return kind === 'missing-property' ? 'integrations/missing-field' : 'integrations/invalid-field';
  }
  if (kind === 'ignored-key' && area === 'api') return 'api/unknown-key';
  return `${area}/${kind}` as DiagnosticCode;
}

/** How a message names the place: `integrations.ga4.measurementId`, `navigation.tabs[0].groups[2]`. */
export function displayPath(segments: JsonPath): string {
  let path = '';
  for (const segment of segments)
    path += typeof segment === 'number' || /^\d+$/.test(segment) ? `[${segment}]` : path ? `.${segment}` : segment;
  return path || 'docs.json';
}

/** What a message calls the object at a place: the shape's title ("group", "tab") or its path. */
function shapeName(schema: SchemaNode | undefined, segments: JsonPath): string {
  const title = schema?.title as string | undefined;
  if (title && title !== 'docs.json') return segments.length ? `${article(title)} ${title} (${displayPath(segments)})` : 'docs.json';
  return segments.length ? `\`${displayPath(segments)}\`` : 'docs.json';
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'An' : 'A';
}

function lowerFirst(text: string): string {
  return text.startsWith('docs.json') || text.startsWith('`') ? text : text[0].toLowerCase() + text.slice(1);
}

function describeType(node: JsonNode): string {
  return node.type === 'object' ? 'an object' : node.type === 'array' ? 'an array' : `a ${node.type}`;
}

function typeList(types: unknown[]): string {
  return types
    .map((type) => (type === 'object' || type === 'array' || type === 'integer' ? `an ${type}` : `a ${String(type)}`))
    .join(' or ');
}

function firstSentence(text: unknown): string {
  if (typeof text !== 'string') return '';
  const match = /^(.*?[.:])(?:\s|$)/.exec(text);
  return ` (${(match ? match[1] : text).replace(/[.:]$/, '')})`;
}

/** The key node of the property holding the value at `path`, when there is one. */
function holderKeyAt(root: JsonNode, path: JsonPath): JsonNode | undefined {
  let node: JsonNode | undefined = root;
  let key: JsonNode | undefined;
  for (const segment of path) {
    if (!node) return undefined;
    if (node.type === 'object') {
      const property = lastProperties(node).get(String(segment));
      key = property && keyNode(property);
      node = property?.children?.[1];
    } else {
      node = node.children?.[Number(segment)];
      key = undefined;
    }
  }
  return key;
}

interface Described {
  code: DiagnosticCode;
  node: JsonNode;
  message: string;
  data?: FixData;
  related?: { node: JsonNode; message: string }[];
}

function describeIssue(root: JsonNode, issue: SchemaIssue): Described {
  const { node, path, schema } = issue;
  const where = `\`${displayPath(path)}\``;
  switch (issue.kind) {
    case 'missing': {
      const described = firstSentence(derefSchema(schema.properties?.[issue.key!])?.markdownDescription);
      const target = holderKeyAt(root, path) ?? { ...node, length: 1 };
      return {
        code: codeFor('missing-property', path),
        node: target,
        message: `${shapeName(schema, path)} is missing \`${issue.key}\`${described}.`,
      };
    }
    case 'no-division': {
      const target = holderKeyAt(root, path) ?? { ...node, length: 1 };
      const choices = (issue.expected as string[]).map((key) => `\`${key}\``).join(', ');
      return {
        code: codeFor('missing-property', path),
        node: target,
        message: `${shapeName(schema, path)} holds none of ${choices}: the platform needs one of them.`,
      };
    }
    case 'type': {
      const message = schema.errorMessage
        ? `${where} ${schema.errorMessage}; found ${describeType(node)}.`
        : `${where} must be ${typeList(issue.expected ?? [])}, not ${describeType(node)}.`;
      return { code: codeFor('invalid-value', path), node, message };
    }
    case 'enum':
    case 'const': {
      const allowed = (issue.expected ?? []).map(String);
      const { hint, data } = suggestValue(node.type === 'string' ? node.value : undefined, allowed);
      const isKey = node.type === 'string' && path[path.length - 1] === node.value && holderKeyAt(root, path) === node;
      const subject = isKey
        ? `The key "${String(node.value)}" of \`${displayPath(path.slice(0, -1))}\``
        : `${where} is ${quote(node.value ?? describeType(node))};`;
      const list = allowed.map((value) => `"${value}"`).join(', ');
      const message = isKey
        ? `${subject} is not allowed; expected one of ${list}; the platform rejects the file.${hint}`
        : `${subject} expected ${allowed.length === 1 ? `"${allowed[0]}"` : `one of ${list}`}.${hint}`;
      return { code: codeFor('invalid-value', path), node, message, data };
    }
    case 'string':
    case 'check':
    case 'array': {
      const found = node.type === 'string' ? `; found ${quote(node.value)}` : '';
      return {
        code: codeFor('invalid-value', path),
        node,
        message: `${where} ${issue.kind === 'string' && schema.errorMessage ? schema.errorMessage : issue.detail}${found}.`,
      };
    }
    case 'rejected-key':
    case 'never': {
      const key = issue.key!;
      const known = Object.keys(schema.properties ?? {});
      const suggestion = closest(key, known);
      const target = issue.keyNode ?? node;
      const shape = lowerFirst(shapeName(schema, path));
      const topIntegration = areaOf(path) === 'integrations' && path.length === 1;
      const list = topIntegration && !suggestion ? ` Known integrations: ${known.join(', ')}.` : '';
      const message =
        issue.kind === 'never'
          ? `\`${key}\` is not allowed in ${shape}; the platform rejects the file. Remove it.`
          : `Unknown key \`${key}\` in ${shape}; the platform rejects the file.${didYouMean(suggestion)}${list}`;
      return {
        code: codeFor('rejected-key', [...path, key]),
        node: target,
        message,
        data: { ...(suggestion && replaceWith(suggestion)), removeKey: true },
      };
    }
  }
}

function describeDrop(root: JsonNode, drop: SchemaDrop): Described {
  const target = keyNode(drop.property) ?? drop.property;
  const holderPath = drop.path.slice(0, -1);
  const shape = shapeName(drop.holder, holderPath);
  const key = drop.key;
  if (!drop.known) {
    const suggestion = closest(key, Object.keys(drop.holder.properties ?? {}));
    return {
      code: codeFor('unknown-key', drop.path),
      node: target,
      message: `Unknown key \`${key}\` in ${lowerFirst(shape)}; the platform ignores it.${didYouMean(suggestion)}`,
      data: { ...(suggestion && replaceWith(suggestion)), removeKey: true },
    };
  }
  if (drop.otherForm) {
    const form = Object.keys(drop.holder.properties ?? {}).filter((name) => (drop.holder.required ?? []).includes(name));
    const because = form.length ? ` (it has ${form.map((name) => `\`${name}\``).join(' and ')})` : '';
    return {
      code: codeFor('ignored-key', drop.path),
      node: target,
      message:
        `\`${displayPath(holderPath)}\` can take one of two forms; ` +
        `the platform reads it as ${lowerFirst(shape.replace(/ \(.*\)$/, ''))}${because} and ignores \`${key}\`, which belongs to the other form. Use one form.`,
      data: { removeKey: true },
    };
  }
  const reason = drop.reason && describeIssue(root, drop.reason);
  const related = reason ? [{ node: reason.node, message: reason.message }] : undefined;
  const because = reason
    ? ` ${key === 'href' ? 'Its value is not valid' : 'Its content is not valid'}: ${lowerFirst(reason.message).replace(/\.$/, '')}.`
    : '';
  if (drop.kept) {
    return {
      code: codeFor('ignored-key', drop.path),
      node: target,
      message:
        `${shape} holds both \`${drop.kept}\` and \`${key}\`; ` +
        `the platform uses \`${drop.kept}\` and ignores \`${key}\`.${because} Nest one inside the other or remove \`${key}\`.`,
      data: { removeKey: true },
      related,
    };
  }
  return {
    code: codeFor('ignored-key', drop.path),
    node: target,
    message:
      `The platform ignores \`${key}\` of ${lowerFirst(shape)} because its value is not valid${reason ? `: ${lowerFirst(reason.message).replace(/\.$/, '')}` : ''}. ` +
      `Fix it, or the ${key === 'href' ? 'link' : 'content'} is silently left out of the site.`,
    related,
  };
}
