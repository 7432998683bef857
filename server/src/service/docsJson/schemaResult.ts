import type { JsonNode } from '../json/jsonTree';

/** What validating a JSON tree against the schema finds, and how a path is kept while it validates. */
export type SchemaNode = Record<string, any>;
export type JsonPath = (string | number)[];
/**
 * A path while validating: each level links to the one above, and becomes a {@link JsonPath} only
 * when a problem is recorded (a 2 MB docs.json has 30,000 values, each of which would copy its path).
 */
export type At = { readonly up: At; readonly key: string | number } | null;

export function pathOf(at: At): JsonPath {
  const path: JsonPath = [];
  for (let level = at; level; level = level.up) path.push(level.key);
  return path.reverse();
}

/** How many levels deep a path is (the length of its {@link JsonPath}), without making it. */
export function depthOf(at: At): number {
  let depth = 0;
  for (let level = at; level; level = level.up) depth++;
  return depth;
}

export function atPath(path: JsonPath): At {
  let at: At = null;
  for (const key of path) at = { up: at, key };
  return at;
}

export interface SchemaIssue {
  kind: 'missing' | 'type' | 'enum' | 'const' | 'string' | 'array' | 'check' | 'rejected-key' | 'never' | 'no-division';
  /** The node the problem is on; for a missing, rejected or forbidden key, the object holding it. */
  node: JsonNode;
  path: JsonPath;
  /** The resolved schema of `node`. */
  schema: SchemaNode;
  /** The key that is missing, rejected or forbidden. */
  key?: string;
  /** Its key node, when it is present. */
  keyNode?: JsonNode;
  /** The end of the message for `string`, `array` and `check` problems: "must be ...". */
  detail?: string;
  /** Allowed types (`type`) or values (`enum`, `const`). */
  expected?: unknown[];
}

export interface SchemaDrop {
  /** The property node whose key the platform drops. */
  property: JsonNode;
  key: string;
  path: JsonPath;
  /** The object schema it is dropped from. */
  holder: SchemaNode;
  /** The object's schema declares the key: it is dropped for another choice or an invalid value. */
  known: boolean;
  /** The division kept instead. */
  kept?: string;
  /** Why the value was not kept. */
  reason?: SchemaIssue;
  /** The value has two forms (a font, or `heading` and `body`); the key belongs to the form not taken. */
  otherForm?: boolean;
}

export interface SchemaResult {
  ok: boolean;
  issues: SchemaIssue[];
  drops: SchemaDrop[];
}

export const OK: SchemaResult = { ok: true, issues: [], drops: [] };

export function fail(issue: SchemaIssue): SchemaResult {
  return { ok: false, issues: [issue], drops: [] };
}

export function collect(results: SchemaResult[]): SchemaResult {
  if (results.every((result) => result.ok && result.drops.length === 0)) return OK;
  return {
    ok: results.every((result) => result.ok),
    issues: results.flatMap((result) => result.issues),
    drops: results.flatMap((result) => result.drops),
  };
}
