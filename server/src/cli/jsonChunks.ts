/**
 * JSON as `JSON.stringify(value, null, 2)` writes it, in pieces: the objects and arrays of the first
 * `depth` levels are opened here, and what lies below them is stringified one value at a time. A report
 * of 100,000 conversations, or the 15,000 findings of a large site, is then never one string of tens
 * of megabytes (nor its copy as bytes).
 * The text is JSON.stringify's for data (a value it would leave out at the top is written null);
 * `compact`, that of `JSON.stringify(value)`.
 */
export function* jsonChunks(value: unknown, depth = 2, compact = false): Generator<string> {
  yield* chunks(value, '', depth, compact ? undefined : '');
}

/** `indent` undefined: compact, as `JSON.stringify(value)` writes it. */
function* chunks(value: unknown, key: string, depth: number, indent: string | undefined): Generator<string> {
  const json = toJson(value, key);
  if (depth <= 0 || json === null || typeof json !== 'object') {
    yield stringify(json, indent) ?? 'null';
    return;
  }
  const inner = indent === undefined ? undefined : `${indent}  `;
  const open = inner === undefined ? '' : `\n${inner}`;
  const between = inner === undefined ? ',' : `,\n${inner}`;
  const close = indent === undefined ? '' : `\n${indent}`;
  if (Array.isArray(json)) {
    if (json.length === 0) return yield '[]';
    yield `[${open}`;
    for (let index = 0; index < json.length; index++) {
      // An array holds null where an object would leave the value out (undefined, a function).
      yield* chunks(json[index], String(index), depth - 1, inner);
      yield index < json.length - 1 ? between : `${close}]`;
    }
    return;
  }
  const entries = Object.entries(json as Record<string, unknown>).filter(([name, item]) => written(toJson(item, name)));
  if (entries.length === 0) return yield '{}';
  yield `{${open}`;
  for (let index = 0; index < entries.length; index++) {
    const [name, item] = entries[index];
    yield `${JSON.stringify(name)}:${inner === undefined ? '' : ' '}`;
    yield* chunks(item, name, depth - 1, inner);
    yield index < entries.length - 1 ? between : `${close}}`;
  }
}

/** A value as JSON.stringify sees it at `key`: its toJSON(key) result, where it has one. */
function toJson(value: unknown, key: string): unknown {
  const withToJson = value as { toJSON?: (key: string) => unknown } | null;
  return typeof withToJson?.toJSON === 'function' ? withToJson.toJSON(key) : value;
}

/** False for what JSON.stringify leaves out of an object: undefined, functions and symbols. */
function written(json: unknown): boolean {
  return json !== undefined && typeof json !== 'function' && typeof json !== 'symbol';
}

/** JSON.stringify's text of a value nested at `indent` (a JSON string holds no raw line break); compact when undefined. */
function stringify(json: unknown, indent: string | undefined): string | undefined {
  if (indent === undefined) return JSON.stringify(json) as string | undefined;
  const text = JSON.stringify(json, null, 2) as string | undefined;
  return text === undefined || !indent ? text : text.replace(/\n/g, `\n${indent}`);
}

/** The chunks, then a line break (the end of a file). */
export function* withNewline(chunks: Iterable<string>): Generator<string> {
  yield* chunks;
  yield '\n';
}
