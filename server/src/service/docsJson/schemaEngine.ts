import { valueNode, keyOf, toValue, type JsonNode } from './jsonTree';
import { schemaCheck } from './schemaChecks';
import { appendAll } from '../../common/arrays';

/**
 * Validates a JSON tree against schemas/docs.schema.json with the platform's semantics, which plain
 * JSON Schema cannot express: alternatives are tried in order and the first that fits wins, unknown
 * keys are dropped rather than rejected (unless an object is strict), a navigation node keeps the
 * first of its divisions whose value is valid and ignores the others, and an invalid value may be
 * dropped instead of failing the file. The keywords are listed in the schema's `$comment`.
 */
export type SchemaNode = Record<string, any>;
export type JsonPath = (string | number)[];

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

const OK: SchemaResult = { ok: true, issues: [], drops: [] };

export class SchemaEngine {
  private readonly resolved = new WeakMap<SchemaNode, SchemaNode>();
  private readonly patterns = new Map<string, RegExp>();
  /** Array items left out of the current validation (see {@link validateWithout}). */
  private leftOut: ReadonlySet<JsonNode> | undefined;

  constructor(private readonly root: SchemaNode) {}

  /**
   * The verdict on the file as if these array items were not there yet: an entry being typed, whose
   * value is not valid until it is finished. They still count towards an array's size.
   */
  validateWithout(node: JsonNode, leftOut: ReadonlySet<JsonNode>): SchemaResult {
    this.leftOut = leftOut;
    try {
      return this.validate(node);
    } finally {
      this.leftOut = undefined;
    }
  }

  validate(node: JsonNode, schema: SchemaNode = this.root, path: JsonPath = []): SchemaResult {
    const s = this.resolve(schema);
    if (s.anyOf) return this.union(node, s, path);
    if ('const' in s && toValue(node) !== s.const) return fail({ kind: 'const', node, path, schema: s, expected: [s.const] });
    if (s.enum && !s.enum.includes(toValue(node))) return fail({ kind: 'enum', node, path, schema: s, expected: s.enum });
    if (s.type !== undefined && !typeMatches(node, s.type))
      return fail({ kind: 'type', node, path, schema: s, expected: ([] as string[]).concat(s.type) });
    switch (node.type) {
      case 'string':
        return this.string(node, s, path);
      case 'array':
        return this.array(node, s, path);
      case 'object':
        return this.object(node, s, path);
      default:
        return OK;
    }
  }

  /** A schema with its `$ref` followed (`#/definitions/...`), the same object each time. */
  resolve(schema: SchemaNode): SchemaNode {
    let cached = this.resolved.get(schema);
    if (cached) return cached;
    cached = schema;
    for (let guard = 0; typeof cached.$ref === 'string' && guard < 20; guard++) {
      const { $ref, ...rest } = cached;
      const target = this.pointer($ref);
      cached = Object.keys(rest).length ? { ...target, ...rest } : target;
    }
    this.resolved.set(schema, cached);
    return cached;
  }

  private pointer(ref: string): SchemaNode {
    let node: any = this.root;
    for (const segment of ref.replace(/^#\/?/, '').split('/')) if (segment) node = node?.[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    return node ?? {};
  }

  private union(node: JsonNode, s: SchemaNode, path: JsonPath): SchemaResult {
    const branches = (s.anyOf as SchemaNode[]).map((branch) => this.resolve(branch));
    const results: (SchemaResult | undefined)[] = [];
    for (const branch of branches) {
      if (this.cannotFit(node, branch)) {
        results.push(undefined);
        continue;
      }
      const result = this.validate(node, branch, path);
      if (result.ok) return node.type === 'object' ? this.markOtherForms(result, node, branch, branches) : result;
      results.push(result);
    }
    const fitting = branches.filter((branch) => branch.anyOf || branch.type === undefined || typeMatches(node, branch.type));
    if (fitting.length === 0) {
      const expected = [...new Set(branches.flatMap((branch) => ([] as string[]).concat(branch.type ?? [])))];
      return fail({ kind: 'type', node, path, schema: s, expected });
    }
    const best = this.closestBranch(node, branches);
    return results[best] ?? this.validate(node, branches[best], path);
  }

  /** A key dropped by the form that won, but known to another form: it was meant for that one. */
  private markOtherForms(result: SchemaResult, node: JsonNode, chosen: SchemaNode, branches: SchemaNode[]): SchemaResult {
    if (result.drops.length === 0) return result;
    const drops = result.drops.map((drop) => {
      if (drop.known || drop.holder !== chosen || drop.property.offset < node.offset || drop.property.offset >= node.offset + node.length)
        return drop;
      if (drop.path.length === 0 || !branches.some((branch) => branch !== chosen && drop.key in (branch.properties ?? {}))) return drop;
      return { ...drop, known: true, otherForm: true };
    });
    return { ...result, drops };
  }

  /** A quick no, before validating a whole subtree: wrong type, a required key missing, another `const`. */
  private cannotFit(node: JsonNode, branch: SchemaNode): boolean {
    if (branch.anyOf) return false;
    if (branch.type !== undefined && !typeMatches(node, branch.type)) return true;
    if (node.type !== 'object') return false;
    const props = lastProperties(node);
    if ((branch.required as string[] | undefined)?.some((key) => !props.has(key))) return true;
    for (const [key, property] of Object.entries<SchemaNode>(branch.properties ?? {})) {
      const value = props.get(key);
      if ('const' in property && value && toValue(valueNode(value)!) !== property.const) return true;
    }
    return false;
  }

  /** The alternative a failing value was most likely meant to be: its type, its required keys, the fewest problems. */
  private closestBranch(node: JsonNode, branches: SchemaNode[]): number {
    const props = node.type === 'object' ? lastProperties(node) : undefined;
    let best = 0;
    let bestScore = -Infinity;
    branches.forEach((branch, index) => {
      let score = branch.type === undefined || typeMatches(node, branch.type) ? 1000 : 0;
      if (props) {
        const required = (branch.required as string[] | undefined) ?? [];
        score += required.filter((key) => props.has(key)).length * 5 - required.filter((key) => !props.has(key)).length * 10;
        // Keys the alternative knows count for it; in a strict one, keys it does not know count against it.
        for (const key of props.keys()) score += key in (branch.properties ?? {}) ? 1 : branch['x-strict'] ? -5 : 0;
        for (const [key, property] of Object.entries<SchemaNode>(branch.properties ?? {})) {
          const value = props.get(key);
          if ('const' in property && value) score += toValue(valueNode(value)!) === property.const ? 50 : -50;
        }
      }
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    });
    return best;
  }

  private string(node: JsonNode, s: SchemaNode, path: JsonPath): SchemaResult {
    const raw = node.value as string;
    const value = s['x-trim'] ? raw.trim() : raw;
    if (s.minLength !== undefined && value.length < s.minLength) {
      return fail({
        kind: 'string',
        node,
        path,
        schema: s,
        detail: s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters long`,
      });
    }
    if (s.maxLength !== undefined && value.length > s.maxLength)
      return fail({ kind: 'string', node, path, schema: s, detail: `must be at most ${s.maxLength} characters long` });
    if (s.pattern !== undefined && !this.pattern(s.pattern).test(value))
      return fail({ kind: 'string', node, path, schema: s, detail: `must match ${s.pattern}` });
    if (s['x-check']) {
      const detail = schemaCheck(s['x-check'], value);
      if (detail) return fail({ kind: 'check', node, path, schema: s, detail });
    }
    return OK;
  }

  private array(node: JsonNode, s: SchemaNode, path: JsonPath): SchemaResult {
    const items = node.children ?? [];
    if (s.minItems !== undefined && items.length < s.minItems)
      return fail({
        kind: 'array',
        node,
        path,
        schema: s,
        detail: s.minItems === 1 ? 'must not be empty' : `must hold at least ${s.minItems} items`,
      });
    if (s.maxItems !== undefined && items.length > s.maxItems)
      return fail({ kind: 'array', node, path, schema: s, detail: `may hold at most ${s.maxItems} items` });
    if (!s.items) return OK;
    const leftOut = this.leftOut;
    const results: SchemaResult[] = [];
    items.forEach((item, index) => leftOut?.has(item) || results.push(this.validate(item, s.items, [...path, index])));
    const result = collect(results);
    // As the platform's validator, a check of the whole runs after problems inside it, unless an
    // item is not even of the right type.
    if (s['x-check'] && !result.issues.some((issue) => issue.kind === 'type' && issue.path.length === path.length + 1)) {
      const detail = schemaCheck(s['x-check'], toValue(node));
      if (detail) return { ok: false, issues: [...result.issues, { kind: 'check', node, path, schema: s, detail }], drops: result.drops };
    }
    return result;
  }

  private object(node: JsonNode, s: SchemaNode, path: JsonPath): SchemaResult {
    const props = lastProperties(node);
    const issues: SchemaIssue[] = [];
    const drops: SchemaDrop[] = [];
    for (const key of (s.required as string[] | undefined) ?? [])
      if (!props.has(key)) issues.push({ kind: 'missing', node, path, schema: s, key });
    const never = (s['x-never'] as string[] | undefined) ?? [];
    const divisions = (s['x-divisions'] as string[] | undefined) ?? [];
    const declared = (s.properties ?? {}) as Record<string, SchemaNode>;
    for (const [key, property] of props) {
      if (divisions.includes(key)) continue;
      const value = valueNode(property)!;
      const childPath = [...path, key];
      if (never.includes(key)) {
        issues.push({ kind: 'never', node, path, schema: s, key, keyNode: property.children?.[0] });
        continue;
      }
      const child = declared[key];
      if (child && !appliesHere(child, props)) {
        drops.push({ property, key, path: childPath, holder: s, known: false });
      } else if (child) {
        const result = this.validate(value, child, childPath);
        appendAll(drops, result.drops);
        if (result.ok) continue;
        if (this.resolve(child)['x-catch'] || child['x-catch'])
          drops.push({ property, key, path: childPath, holder: s, known: true, reason: result.issues[0] });
        else appendAll(issues, result.issues);
      } else if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        if (s.propertyNames?.enum && !s.propertyNames.enum.includes(key)) {
          issues.push({
            kind: 'enum',
            node: property.children![0],
            path: childPath,
            schema: s.propertyNames,
            expected: s.propertyNames.enum,
          });
          continue;
        }
        const result = this.validate(value, s.additionalProperties, childPath);
        appendAll(issues, result.issues);
        appendAll(drops, result.drops);
      } else if (s['x-strict']) {
        issues.push({ kind: 'rejected-key', node, path, schema: s, key, keyNode: property.children?.[0] });
      } else if (s.additionalProperties !== true) {
        drops.push({ property, key, path: childPath, holder: s, known: false });
      }
    }
    if (divisions.length) this.divisions(node, s, path, props, divisions, issues, drops);
    for (const [key, winner] of Object.entries<string>(s['x-ignoredWith'] ?? {})) {
      const property = props.get(key);
      const winning = props.get(winner);
      if (!property || !winning || drops.some((drop) => drop.property === winning) || drops.some((drop) => drop.property === property))
        continue;
      drops.push({ property, key, path: [...path, key], holder: s, known: true, kept: winner });
    }
    if (s['x-check'] && !issues.some((issue) => issue.kind === 'type' && issue.path.length === path.length + 1)) {
      const detail = schemaCheck(s['x-check'], toValue(node));
      if (detail) issues.push({ kind: 'check', node, path, schema: s, detail });
    }
    return { ok: issues.length === 0, issues, drops };
  }

  /** The platform keeps the first present division whose value is valid and ignores the rest. */
  private divisions(
    node: JsonNode,
    s: SchemaNode,
    path: JsonPath,
    props: Map<string, JsonNode>,
    divisions: string[],
    issues: SchemaIssue[],
    drops: SchemaDrop[],
  ): void {
    const present = divisions.filter((key) => props.has(key));
    const results = new Map(present.map((key) => [key, this.validate(valueNode(props.get(key)!)!, s.properties[key], [...path, key])]));
    const kept = present.find((key) => results.get(key)!.ok);
    // Where no division may be left out, or where the node is rejected anyway (its own keys are
    // wrong), the problems of the division it was meant to show are part of the rejection.
    const rejected = kept === undefined && (s['x-divisionRequired'] || (issues.length > 0 && present.length > 0));
    if (rejected && present.length === 0) {
      issues.push({ kind: 'no-division', node, path, schema: s, expected: divisions });
      return;
    }
    // The division shown: the valid one kept, or, when none is valid and the file is rejected, the first.
    const shown = kept ?? (rejected ? present[0] : undefined);
    if (shown !== undefined) {
      if (rejected) appendAll(issues, results.get(shown)!.issues);
      appendAll(drops, results.get(shown)!.drops);
    }
    for (const key of present) {
      if (key === shown) continue;
      const result = results.get(key)!;
      drops.push({
        property: props.get(key)!,
        key,
        path: [...path, key],
        holder: s,
        known: true,
        kept: shown,
        reason: result.ok ? undefined : result.issues[0],
      });
    }
  }

  private pattern(source: string): RegExp {
    let regex = this.patterns.get(source);
    if (!regex) this.patterns.set(source, (regex = new RegExp(source)));
    return regex;
  }
}

/** `x-when: {"theme": ["willow"]}`: the key exists only when a sibling key has one of these values. */
function appliesHere(schema: SchemaNode, siblings: Map<string, JsonNode>): boolean {
  const when = schema['x-when'] as Record<string, unknown[]> | undefined;
  if (!when) return true;
  return Object.entries(when).every(([key, values]) => {
    const sibling = siblings.get(key);
    return sibling !== undefined && values.includes(toValue(valueNode(sibling)!));
  });
}

function fail(issue: SchemaIssue): SchemaResult {
  return { ok: false, issues: [issue], drops: [] };
}

function collect(results: SchemaResult[]): SchemaResult {
  if (results.every((result) => result.ok && result.drops.length === 0)) return OK;
  return {
    ok: results.every((result) => result.ok),
    issues: results.flatMap((result) => result.issues),
    drops: results.flatMap((result) => result.drops),
  };
}

function typeMatches(node: JsonNode, type: string | string[]): boolean {
  const types = typeof type === 'string' ? [type] : type;
  for (const wanted of types) {
    if (wanted === node.type) return true;
    if (wanted === 'integer' && node.type === 'number' && Number.isInteger(node.value)) return true;
  }
  return false;
}

/** The properties of an object by key; a repeated key counts once, with its last value (as JSON.parse). */
export function lastProperties(node: JsonNode): Map<string, JsonNode> {
  const map = new Map<string, JsonNode>();
  for (const property of node.children ?? []) if (valueNode(property)) map.set(keyOf(property), property);
  return map;
}
