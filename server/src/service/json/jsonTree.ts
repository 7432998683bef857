import { printParseErrorCode, visit } from 'jsonc-parser';
import type { JsonNode } from './jsonNode';
import { MAX_DEPTH, parseStrictJson } from './strictJson';

export type { JsonNode };

export interface JsonSyntaxError {
  offset: number;
  length: number;
  message: string;
  /** The file nests too deep to be read at all. */
  tooDeep?: true;
}

export interface ParsedJson {
  root: JsonNode | undefined;
  errors: JsonSyntaxError[];
}

const errorMessages: Record<string, string> = {
  InvalidSymbol: 'Unexpected character.',
  InvalidNumberFormat: 'Invalid number.',
  PropertyNameExpected: 'Expected a property name in double quotes.',
  ValueExpected: 'Expected a value.',
  ColonExpected: 'Expected `:` after the property name.',
  CommaExpected: 'Expected `,` between entries.',
  CloseBraceExpected: 'Expected `}` to close the object.',
  CloseBracketExpected: 'Expected `]` to close the array.',
  EndOfFileExpected: 'Unexpected content after the end of the JSON value.',
  InvalidCommentToken: 'Comments are not allowed in JSON.',
  UnexpectedEndOfComment: 'Unterminated comment.',
  UnexpectedEndOfString: 'Unterminated string.',
  UnexpectedEndOfNumber: 'Unterminated number.',
  InvalidUnicode: 'Invalid unicode escape.',
  InvalidEscapeCharacter: 'Invalid escape character in a string.',
  InvalidCharacter: 'Invalid character in a string (control characters must be escaped).',
};

/**
 * Parses JSON into {@link JsonNode}s. A valid file takes the strict fast path; one with errors is
 * parsed again in one pass over jsonc-parser's scanner events, which recovers from errors as
 * `parseTree` does (its own tree has parent links that would then be copied: twice the garbage).
 */
export function parseJson(uri: string, text: string): ParsedJson {
  const strict = parseStrictJson(uri, text);
  if (strict) return { root: strict, errors: [] };
  // Deeper nesting than any configuration needs would overflow the stack of every recursive walk.
  const tooDeep = firstTooDeep(text, MAX_DEPTH);
  if (tooDeep >= 0)
    return {
      root: undefined,
      errors: [
        {
          offset: tooDeep,
          length: 1,
          message: `The JSON nests deeper than ${MAX_DEPTH} levels here; Docsmith reads up to ${MAX_DEPTH} (a docs.json needs a few dozen at most).`,
          tooDeep: true,
        },
      ],
    };
  const errors: JsonSyntaxError[] = [];
  const top: JsonNode = { type: 'array', uri, offset: -1, length: -1, children: [] };
  const stack: JsonNode[] = [top];
  const current = () => stack[stack.length - 1];
  const completeProperty = (end: number) => {
    const node = current();
    if (node.type === 'property') {
      node.length = end - node.offset;
      stack.pop();
    }
  };
  const add = (node: JsonNode) => {
    current().children!.push(node);
    return node;
  };
  visit(
    // A byte order mark is read as whitespace (editors and JSON readers drop it); offsets stay the same.
    text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text,
    {
      onObjectBegin: (offset) => void stack.push(add({ type: 'object', uri, offset, length: -1, children: [] })),
      onObjectProperty: (name, offset, length) => {
        const property = add({ type: 'property', uri, offset, length: -1, children: [] });
        property.children!.push({ type: 'string', uri, value: name, offset, length });
        stack.push(property);
      },
      onObjectEnd: (offset, length) => {
        completeProperty(offset + length);
        const object = stack.pop()!;
        object.length = offset + length - object.offset;
        completeProperty(offset + length);
      },
      onArrayBegin: (offset) => void stack.push(add({ type: 'array', uri, offset, length: -1, children: [] })),
      onArrayEnd: (offset, length) => {
        const array = stack.pop()!;
        array.length = offset + length - array.offset;
        completeProperty(offset + length);
      },
      onLiteralValue: (value, offset, length) => {
        add({ type: value === null ? 'null' : (typeof value as JsonNode['type']), uri, offset, length, value });
        completeProperty(offset + length);
      },
      onSeparator: (separator, offset) => {
        if (separator === ',' && current().type === 'property') completeProperty(offset);
      },
      onError: (error, offset, length) => {
        // Recovery reports more errors just after the first (an unterminated string shifts what
        // follows); the first one says what is wrong. Errors further away are problems of their own.
        const previous = errors[errors.length - 1];
        if (previous && !pastCascade(text, previous.offset, offset)) return;
        const name = printParseErrorCode(error);
        errors.push({ offset, length: Math.max(length, 1), message: errorMessages[name] ?? name });
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  // Close what an unterminated document left open.
  while (stack.length > 1) {
    const node = stack.pop()!;
    if (node.length < 0) node.length = text.length - node.offset;
  }
  return { root: top.children![0], errors };
}

/** The offset of the first `[` or `{` nested deeper than `limit`, outside strings; -1 when there is none. */
function firstTooDeep(text: string, limit: number): number {
  let depth = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 34) {
      // Skip the string, escapes included.
      for (at++; at < text.length && text.charCodeAt(at) !== 34 && text.charCodeAt(at) !== 10; at++) if (text.charCodeAt(at) === 92) at++;
    } else if (code === 91 || code === 123) {
      if (++depth > limit) return at;
    } else if (code === 93 || code === 125) {
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

/** Lines after an error within which a later error is taken to follow from it. */
const CASCADE_LINES = 2;

function pastCascade(text: string, first: number, later: number): boolean {
  let lines = 0;
  for (let i = first; i < later; i++) if (text.charCodeAt(i) === 10 && ++lines > CASCADE_LINES) return true;
  return false;
}

export function properties(node: JsonNode | undefined): JsonNode[] {
  return node?.type === 'object' ? (node.children ?? []) : [];
}

export function keyOf(property: JsonNode): string {
  return String(property.children?.[0]?.value ?? '');
}

export function keyNode(property: JsonNode): JsonNode | undefined {
  return property.children?.[0];
}

export function valueNode(property: JsonNode): JsonNode | undefined {
  return property.children?.[1];
}

/** The last property with this key (JSON.parse semantics when a key repeats). */
export function findProperty(node: JsonNode | undefined, key: string): JsonNode | undefined {
  const props = properties(node);
  for (let i = props.length - 1; i >= 0; i--) if (keyOf(props[i]) === key) return props[i];
  return undefined;
}

export function child(node: JsonNode | undefined, key: string): JsonNode | undefined {
  const property = findProperty(node, key);
  return property ? valueNode(property) : undefined;
}

export function items(node: JsonNode | undefined): JsonNode[] {
  return node?.type === 'array' ? (node.children ?? []) : [];
}

export function stringValue(node: JsonNode | undefined): string | undefined {
  return node?.type === 'string' ? (node.value as string) : undefined;
}

/** The plain JavaScript value of a (possibly spliced) tree. */
export function toValue(node: JsonNode | undefined): unknown {
  if (!node) return undefined;
  switch (node.type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const value = valueNode(property);
        if (!value) continue;
        const key = keyOf(property);
        // `__proto__` is a key like any other in JSON (as JSON.parse reads it), not the object's prototype.
        if (key === '__proto__')
          Object.defineProperty(result, key, { value: toValue(value), writable: true, enumerable: true, configurable: true });
        else result[key] = toValue(value);
      }
      return result;
    }
    case 'array':
      return (node.children ?? []).map(toValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/**
 * The node at a path (a JSON pointer's segments, already unescaped, or a location's path), with the
 * property node that holds it (for key ranges).
 */
export function nodeAtPath(root: JsonNode, segments: readonly (string | number)[]): { node: JsonNode; property?: JsonNode } | undefined {
  let node = root;
  let property: JsonNode | undefined;
  for (const segment of segments) {
    if (node.type === 'object') {
      property = findProperty(node, String(segment));
      const value = property && valueNode(property);
      if (!value) return undefined;
      node = value;
    } else if (node.type === 'array') {
      const item = node.children?.[Number(segment)];
      if (!item) return undefined;
      node = item;
      property = undefined;
    } else {
      return undefined;
    }
  }
  return { node, property };
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Each object's properties by key, made once: the schema's alternatives and the navigation ask many times. Keys never change in place. */
const propertiesOf = new WeakMap<JsonNode, Map<string, JsonNode>>();

/** The properties of an object by key; a repeated key counts once, with its last value (as JSON.parse). */
export function lastProperties(node: JsonNode): ReadonlyMap<string, JsonNode> {
  let map = propertiesOf.get(node);
  if (map) return map;
  map = new Map<string, JsonNode>();
  for (const property of node.children ?? []) if (valueNode(property)) map.set(keyOf(property), property);
  propertiesOf.set(node, map);
  return map;
}
