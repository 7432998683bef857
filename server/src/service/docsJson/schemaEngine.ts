import { lastProperties, valueNode, toValue, type JsonNode } from '../json/jsonTree';
import {
  atPath,
  collect,
  depthOf,
  fail,
  OK,
  pathOf,
  type At,
  type JsonPath,
  type SchemaDrop,
  type SchemaIssue,
  type SchemaNode,
  type SchemaResult,
} from './schemaResult';
import { schemaCheck } from './schemaChecks';
import { appendAll } from '../../common/arrays';

export type { SchemaNode } from './schemaResult';

/**
 * Validates a JSON tree against schemas/docs.schema.json with the platform's semantics, which plain
 * JSON Schema cannot express: alternatives are tried in order and the first that fits wins, unknown
 * keys are dropped rather than rejected (unless an object is strict), a navigation node keeps the
 * first of its divisions whose value is valid and ignores the others, and an invalid value may be
 * dropped instead of failing the file. The keywords are listed in the schema's `$comment`.
 */
export class SchemaEngine {
  private readonly resolved = new WeakMap<SchemaNode, SchemaNode>();
  /** The alternatives of an `anyOf`, resolved. */
  private readonly branches = new WeakMap<SchemaNode, SchemaNode[]>();
  private readonly constantsOf = new WeakMap<SchemaNode, [string, unknown][]>();
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
    return this.check(node, schema, atPath(path));
  }

  private check(node: JsonNode, schema: SchemaNode, at: At): SchemaResult {
    const s = this.resolve(schema);
    if (s.anyOf) return this.union(node, s, at);
    if ('const' in s && toValue(node) !== s.const) return fail({ kind: 'const', node, path: pathOf(at), schema: s, expected: [s.const] });
    if (s.enum && !s.enum.includes(toValue(node))) return fail({ kind: 'enum', node, path: pathOf(at), schema: s, expected: s.enum });
    if (s.type !== undefined && !typeMatches(node, s.type))
      return fail({ kind: 'type', node, path: pathOf(at), schema: s, expected: ([] as string[]).concat(s.type) });
    switch (node.type) {
      case 'string':
        return this.string(node, s, at);
      case 'array':
        return this.array(node, s, at);
      case 'object':
        return this.object(node, s, at);
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

  private union(node: JsonNode, s: SchemaNode, at: At): SchemaResult {
    let branches = this.branches.get(s);
    if (!branches) this.branches.set(s, (branches = (s.anyOf as SchemaNode[]).map((branch) => this.resolve(branch))));
    // The results of the alternatives that did not fit, by index (made only once one fails).
    let results: (SchemaResult | undefined)[] | undefined;
    for (let index = 0; index < branches.length; index++) {
      const branch = branches[index];
      if (this.cannotFit(node, branch)) continue;
      const result = this.check(node, branch, at);
      if (result.ok) return node.type === 'object' ? this.markOtherForms(result, node, branch, branches) : result;
      (results ??= [])[index] = result;
    }
    const fitting = branches.filter((branch) => branch.anyOf || branch.type === undefined || typeMatches(node, branch.type));
    if (fitting.length === 0) {
      const expected = [...new Set(branches.flatMap((branch) => ([] as string[]).concat(branch.type ?? [])))];
      return fail({ kind: 'type', node, path: pathOf(at), schema: s, expected });
    }
    const best = this.closestBranch(node, branches);
    return results?.[best] ?? this.check(node, branches[best], at);
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
    for (const [key, constant] of this.constants(branch)) {
      const value = props.get(key);
      if (value && toValue(valueNode(value)!) !== constant) return true;
    }
    return false;
  }

  /** The properties of an object schema that must hold one value (`const`), by key. */
  private constants(branch: SchemaNode): [string, unknown][] {
    let found = this.constantsOf.get(branch);
    if (!found) {
      found = Object.entries<SchemaNode>(branch.properties ?? {}).flatMap(([key, property]) =>
        'const' in property ? [[key, property.const]] : [],
      );
      this.constantsOf.set(branch, found);
    }
    return found;
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

  private string(node: JsonNode, s: SchemaNode, at: At): SchemaResult {
    const raw = node.value as string;
    const value = s['x-trim'] ? raw.trim() : raw;
    if (s.minLength !== undefined && value.length < s.minLength) {
      return fail({
        kind: 'string',
        node,
        path: pathOf(at),
        schema: s,
        detail: s.minLength === 1 ? 'must not be empty' : `must be at least ${s.minLength} characters long`,
      });
    }
    if (s.maxLength !== undefined && value.length > s.maxLength)
      return fail({ kind: 'string', node, path: pathOf(at), schema: s, detail: `must be at most ${s.maxLength} characters long` });
    if (s.pattern !== undefined && !this.pattern(s.pattern).test(value))
      return fail({ kind: 'string', node, path: pathOf(at), schema: s, detail: `must match ${s.pattern}` });
    if (s['x-check']) {
      const detail = schemaCheck(s['x-check'], value);
      if (detail) return fail({ kind: 'check', node, path: pathOf(at), schema: s, detail });
    }
    return OK;
  }

  private array(node: JsonNode, s: SchemaNode, at: At): SchemaResult {
    const items = node.children ?? [];
    if (s.minItems !== undefined && items.length < s.minItems)
      return fail({
        kind: 'array',
        node,
        path: pathOf(at),
        schema: s,
        detail: s.minItems === 1 ? 'must not be empty' : `must hold at least ${s.minItems} items`,
      });
    if (s.maxItems !== undefined && items.length > s.maxItems)
      return fail({ kind: 'array', node, path: pathOf(at), schema: s, detail: `may hold at most ${s.maxItems} items` });
    if (!s.items) return OK;
    const leftOut = this.leftOut;
    // Only the results with something to say are kept (most items are valid and drop nothing).
    const results: SchemaResult[] = [];
    for (let index = 0; index < items.length; index++) {
      if (leftOut?.has(items[index])) continue;
      const result = this.check(items[index], s.items, { up: at, key: index });
      if (!result.ok || result.drops.length) results.push(result);
    }
    const result = collect(results);
    // As the platform's validator, a check of the whole runs after problems inside it, unless an
    // item is not even of the right type.
    if (s['x-check'] && !result.issues.some((issue) => issue.kind === 'type' && issue.path.length === depthOf(at) + 1)) {
      const detail = schemaCheck(s['x-check'], toValue(node));
      if (detail)
        return { ok: false, issues: [...result.issues, { kind: 'check', node, path: pathOf(at), schema: s, detail }], drops: result.drops };
    }
    return result;
  }

  private object(node: JsonNode, s: SchemaNode, at: At): SchemaResult {
    const path = pathOf(at);
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
      const childAt = { up: at, key };
      if (never.includes(key)) {
        issues.push({ kind: 'never', node, path, schema: s, key, keyNode: property.children?.[0] });
        continue;
      }
      const child = declared[key];
      if (child && !appliesHere(child, props)) {
        drops.push({ property, key, path: [...path, key], holder: s, known: false });
      } else if (child) {
        const result = this.check(value, child, childAt);
        appendAll(drops, result.drops);
        if (result.ok) continue;
        if (this.resolve(child)['x-catch'] || child['x-catch'])
          drops.push({ property, key, path: [...path, key], holder: s, known: true, reason: result.issues[0] });
        else appendAll(issues, result.issues);
      } else if (s.additionalProperties && typeof s.additionalProperties === 'object') {
        if (s.propertyNames?.enum && !s.propertyNames.enum.includes(key)) {
          issues.push({
            kind: 'enum',
            node: property.children![0],
            path: [...path, key],
            schema: s.propertyNames,
            expected: s.propertyNames.enum,
          });
          continue;
        }
        const result = this.check(value, s.additionalProperties, childAt);
        appendAll(issues, result.issues);
        appendAll(drops, result.drops);
      } else if (s['x-strict']) {
        issues.push({ kind: 'rejected-key', node, path, schema: s, key, keyNode: property.children?.[0] });
      } else if (s.additionalProperties !== true) {
        drops.push({ property, key, path: [...path, key], holder: s, known: false });
      }
    }
    if (divisions.length) this.divisions(node, s, at, props, divisions, issues, drops);
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
    at: At,
    props: ReadonlyMap<string, JsonNode>,
    divisions: string[],
    issues: SchemaIssue[],
    drops: SchemaDrop[],
  ): void {
    const present = divisions.filter((key) => props.has(key));
    const results = new Map(present.map((key) => [key, this.check(valueNode(props.get(key)!)!, s.properties[key], { up: at, key })]));
    const kept = present.find((key) => results.get(key)!.ok);
    // Where no division may be left out, or where the node is rejected anyway (its own keys are
    // wrong), the problems of the division it was meant to show are part of the rejection.
    const rejected = kept === undefined && (s['x-divisionRequired'] || (issues.length > 0 && present.length > 0));
    if (rejected && present.length === 0) {
      issues.push({ kind: 'no-division', node, path: pathOf(at), schema: s, expected: divisions });
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
        path: [...pathOf(at), key],
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
function appliesHere(schema: SchemaNode, siblings: ReadonlyMap<string, JsonNode>): boolean {
  const when = schema['x-when'] as Record<string, unknown[]> | undefined;
  if (!when) return true;
  return Object.entries(when).every(([key, values]) => {
    const sibling = siblings.get(key);
    return sibling !== undefined && values.includes(toValue(valueNode(sibling)!));
  });
}

function typeMatches(node: JsonNode, type: string | string[]): boolean {
  if (typeof type === 'string') return typeIs(node, type);
  for (const wanted of type) if (typeIs(node, wanted)) return true;
  return false;
}

function typeIs(node: JsonNode, wanted: string): boolean {
  return wanted === node.type || (wanted === 'integer' && node.type === 'number' && Number.isInteger(node.value));
}
