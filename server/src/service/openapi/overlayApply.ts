import { FunctionExpressionType, JSONPathEnvironment, type FilterFunction } from 'json-p3';
import { RE2JS } from 're2js';
import type { OverlayAction, OverlayDocument } from './overlays';

/**
 * Applies Overlay documents to a parsed spec, as the Overlay Specification says and the platform does:
 * each action's `target` (an RFC 9535 JSONPath) selects nodes; `remove` deletes them, `update` merges an
 * object into objects (objects merged, arrays appended, values replaced), appends to arrays or replaces
 * values, and `copy` does the same with the one node its own JSONPath selects. A spec with a hostile
 * overlay must not hang a check: at most 1,000 actions, regular expressions of `match()`/`search()` run
 * on a linear-time engine with the platform's length caps, and a time budget for the whole.
 * Its own bundle: loaded only for a site that has an overlay.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const MAX_ACTIONS = 1000;
const MAX_PATTERN = 512;
const MAX_INPUT = 100_000;
/** Values a spec may hold once copied: YAML aliases can make a small file a huge document. */
const MAX_NODES = 2_000_000;
/** How often (in nodes or comparisons) the long loops look at the clock. */
const CLOCK_EVERY = 4096;

class OverlayError extends Error {}
/** One of Docsmith's own bounds, not a fault of the overlay: what the platform makes of the spec is unknown. */
class OverlayLimit extends OverlayError {}

let deadline = Infinity;
/** What the current application may still make: values copied count against it. */
let nodes = { left: 0 };

/** `match()` (whole string) or `search()` (any part) of RFC 9535, on RE2: an invalid pattern matches nothing. */
class LinearRegex implements FilterFunction {
  readonly argTypes = [FunctionExpressionType.ValueType, FunctionExpressionType.ValueType];
  readonly returnType = FunctionExpressionType.LogicalType;
  constructor(private readonly whole: boolean) {}
  call(value: unknown, pattern: unknown): boolean {
    checkClock();
    if (typeof value !== 'string' || typeof pattern !== 'string') return false;
    if (pattern.length > MAX_PATTERN || value.length > MAX_INPUT)
      throw new OverlayLimit('a JSONPath regular expression or its text is too long');
    const compiled = compile(pattern);
    if (!compiled) return false;
    const matcher = compiled.matcher(value);
    return this.whole ? matcher.matches() : matcher.find();
  }
}

const compiled = new Map<string, RE2JS | null>();

/** An I-Regexp (RFC 9485) for RE2: `.` is any character but a line break, `^` and `$` are literal. */
function compile(pattern: string): RE2JS | null {
  let found = compiled.get(pattern);
  if (found !== undefined) return found;
  let mapped = '';
  let escaped = false;
  let inClass = false;
  for (const char of pattern) {
    if (escaped) {
      mapped += char;
      escaped = false;
    } else if (char === '\\') {
      escaped = true;
      mapped += char;
    } else if (!inClass && char === '.') mapped += '[^\\r\\n]';
    else if (!inClass && (char === '^' || char === '$')) mapped += `\\${char}`;
    else {
      if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      mapped += char;
    }
  }
  try {
    found = RE2JS.compile(mapped);
  } catch {
    found = null;
  }
  if (compiled.size > 64) compiled.clear();
  compiled.set(pattern, found);
  return found;
}

const environment = new JSONPathEnvironment();
environment.functionRegister.set('match', new LinearRegex(true));
environment.functionRegister.set('search', new LinearRegex(false));

type Node = { value: Json; path: (string | number)[] };

/**
 * The spec with the overlays applied, in order (a copy), or why they cannot be: the platform then
 * leaves the spec out of the site ("Error validating OpenAPI file …").
 */
export function applyOverlays(
  spec: unknown,
  overlays: readonly OverlayDocument[],
  budgetMs = 5000,
): { spec: Json } | { error: string; /** Docsmith's bound stopped it, not the overlay. */ limit?: true } {
  let document: Json;
  try {
    // Counted before anything is built: aliases shared a million times are counted as often, once each.
    if (expandedSize(spec, MAX_NODES) > MAX_NODES) throw new OverlayLimit('the spec is too large once its YAML aliases are expanded');
    nodes = { left: MAX_NODES };
    document = toJson(spec, nodes);
  } catch (error) {
    if (error instanceof OverlayLimit) return { error: error.message, limit: true };
    return { error: error instanceof OverlayError ? error.message : 'is not a JSON document' };
  }
  deadline = Date.now() + budgetMs;
  try {
    for (const overlay of overlays) {
      if (overlay.actions.length > MAX_ACTIONS) throw new OverlayLimit(`${overlay.location} has more than ${MAX_ACTIONS} actions`);
      overlay.actions.forEach((action, index) => {
        checkClock();
        try {
          apply(document, action);
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          const Kind = error instanceof OverlayLimit ? OverlayLimit : OverlayError;
          throw new Kind(`action ${index + 1} of ${overlay.location} (target "${action.target}"): ${why}`);
        }
      });
    }
    return { spec: document };
  } catch (error) {
    if (error instanceof OverlayLimit) return { error: error.message, limit: true };
    return { error: error instanceof Error ? error.message : String(error) };
  } finally {
    deadline = Infinity;
  }
}

function apply(document: Json, action: OverlayAction): void {
  const targets = select(document, action.target);
  if (action.remove) return remove(document, targets);
  if (targets.length === 0) return;
  let value: Json;
  if (action.copy !== undefined) {
    const sources = select(document, action.copy);
    if (sources.length !== 1) throw new OverlayError(`"copy" must select one node, and selects ${sources.length}`);
    value = clone(sources[0].value);
  } else if (action.update !== undefined) value = toJson(action.update, nodes);
  else return;
  const kinds = new Set(targets.map((node) => kindOf(node.value)));
  if (kinds.size > 1) throw new OverlayError('the target selects objects, arrays and values together');
  for (const node of targets) {
    checkClock();
    if (kindOf(node.value) === 'object') {
      if (kindOf(value) !== 'object') throw new OverlayError('only an object can be merged into an object');
      merge(node.value as Record<string, Json>, value as Record<string, Json>);
    } else if (Array.isArray(node.value)) {
      if (Array.isArray(value)) for (const entry of value) node.value.push(clone(entry));
      else node.value.push(clone(value));
    } else {
      if (kindOf(value) !== 'value') throw new OverlayError('only a value can replace a value');
      if (node.path.length === 0) throw new OverlayError('the document cannot be replaced by a value');
      setOwn(parentOf(document, node.path), node.path[node.path.length - 1], value);
    }
  }
}

function select(document: Json, expression: string): Node[] {
  const seen = new Set<string>();
  const found: Node[] = [];
  let count = 0;
  try {
    // One node at a time, so that the budget holds through a query that selects millions.
    for (const node of environment.lazyQuery(expression, document)) {
      if (++count % CLOCK_EVERY === 0) checkClock();
      const path = [...node.location] as (string | number)[];
      const key = JSON.stringify(path);
      if (node.value === undefined || seen.has(key)) continue;
      seen.add(key);
      found.push({ value: node.value as Json, path });
    }
  } catch (error) {
    if (error instanceof OverlayError) throw error;
    throw new OverlayError(`invalid JSONPath "${expression}": ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  return found;
}

function checkClock(): void {
  if (Date.now() > deadline) throw new OverlayLimit('the overlays took too long to apply');
}

/**
 * How many values a parsed document stands for once its shared parts (YAML aliases) are copied out,
 * counted without copying: each object once, its size remembered. Stops counting past `limit`.
 */
function expandedSize(value: unknown, limit: number, sizes = new Map<object, number>(), path = new Set<object>()): number {
  if (value === null || typeof value !== 'object') return 1;
  const known = sizes.get(value);
  if (known !== undefined) return known;
  // A cycle (a YAML alias inside itself) never ends once copied.
  if (path.has(value)) return limit + 1;
  path.add(value);
  let size = 1;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    size += expandedSize(item, limit, sizes, path);
    if (size > limit) break;
  }
  path.delete(value);
  sizes.set(value, size);
  return size;
}

/** Deepest first, and the later items of an array before the earlier ones, so each path stays right. */
function remove(document: Json, nodes: Node[]): void {
  let comparisons = 0;
  const ordered = [...nodes].sort((a, b) => {
    if (++comparisons % CLOCK_EVERY === 0) checkClock();
    if (a.path.length !== b.path.length) return b.path.length - a.path.length;
    for (let i = 0; i < a.path.length; i++) {
      const [x, y] = [a.path[i], b.path[i]];
      if (x === y) continue;
      if (typeof x === 'number' && typeof y === 'number') return y - x;
      return String(x) < String(y) ? -1 : 1;
    }
    return 0;
  });
  let removed = 0;
  for (const node of ordered) {
    if (++removed % CLOCK_EVERY === 0) checkClock();
    if (node.path.length === 0) throw new OverlayError('the document cannot be removed');
    const parent = parentOf(document, node.path);
    const key = node.path[node.path.length - 1];
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else if (kindOf(parent) === 'object' && typeof key === 'string') delete (parent as Record<string, Json>)[key];
    else throw new OverlayError('a selected node cannot be removed');
  }
}

function parentOf(document: Json, path: (string | number)[]): Json {
  let current: Json = document;
  for (const segment of path.slice(0, -1)) {
    const next: Json | undefined =
      typeof segment === 'number'
        ? Array.isArray(current)
          ? current[segment]
          : undefined
        : kindOf(current) === 'object'
          ? (current as Record<string, Json>)[segment]
          : undefined;
    if (next === undefined) throw new OverlayError('a selected node is no longer in the document');
    current = next;
  }
  return current;
}

function merge(target: Record<string, Json>, update: Record<string, Json>, path: string[] = []): void {
  for (const [key, value] of Object.entries(update)) {
    const existing = Object.prototype.hasOwnProperty.call(target, key) ? target[key] : undefined;
    if (existing === undefined) setOwn(target, key, clone(value));
    else if (kindOf(existing) === 'value' && kindOf(value) === 'value') setOwn(target, key, value);
    else if (Array.isArray(existing) && Array.isArray(value)) for (const entry of value) existing.push(clone(entry));
    else if (kindOf(existing) === 'object' && kindOf(value) === 'object')
      merge(existing as Record<string, Json>, value as Record<string, Json>, [...path, key]);
    else throw new OverlayError(`cannot merge an object, an array and a value at "${[...path, key].join('.')}"`);
  }
}

function kindOf(value: Json): 'object' | 'array' | 'value' {
  return Array.isArray(value) ? 'array' : value !== null && typeof value === 'object' ? 'object' : 'value';
}

function clone(value: Json): Json {
  if (--nodes.left < 0) throw new OverlayLimit('the overlays make the spec too large');
  if (kindOf(value) === 'value') return value;
  if (Array.isArray(value)) return value.map(clone);
  const copy: Record<string, Json> = {};
  for (const [key, entry] of Object.entries(value as Record<string, Json>)) setOwn(copy, key, clone(entry));
  return copy;
}

/** A property written as data, so that a key such as `__proto__` is a key and nothing else. */
function setOwn(target: Json, key: string | number, value: Json): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * A copy of a parsed document as JSON has it (what `JSON.stringify` keeps: a date as its ISO text, a
 * number that is not finite as null, no undefined or functions), refused past a number of values:
 * YAML anchors and aliases let a file of a few lines stand for billions of them.
 */
function toJson(value: unknown, budget: { left: number }): Json {
  if (--budget.left < 0) throw new OverlayLimit('the spec is too large once its YAML aliases are expanded');
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Array.isArray(value)) return value.map((item) => (item === undefined || typeof item === 'function' ? null : toJson(item, budget)));
  if (typeof value === 'object') {
    const copy: Record<string, Json> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      if (item !== undefined && typeof item !== 'function' && typeof item !== 'symbol') setOwn(copy, key, toJson(item, budget));
    return copy;
  }
  return null;
}
