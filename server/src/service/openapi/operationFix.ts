import { replaceWith, type FixData } from '../check/fixData';
import { closestMatch } from '../check/suggest';
import type { Operation, OpenApiSpec } from './spec';

/**
 * A spec's operations as a did-you-mean looks them up: by method, by method and path shape (the path
 * with its parameters' names left out), by path, each list in the spec's order; and each method's
 * paths as one set, which {@link closestMatch} indexes once (a large spec's paths are compared only
 * with the ones that share letters with the path asked for). Made once per spec: a site whose pages
 * name many operations its specs do not have asked every spec for each of them.
 */
interface OperationIndex {
  byMethod: Map<string, Operation[]>;
  byShape: Map<string, Operation[]>;
  byPath: Map<string, Operation[]>;
  paths: Map<string, Set<string>>;
}

const indexes = new WeakMap<OpenApiSpec, OperationIndex>();

function indexOf(spec: OpenApiSpec): OperationIndex {
  let index = indexes.get(spec);
  if (index) return index;
  index = { byMethod: new Map(), byShape: new Map(), byPath: new Map(), paths: new Map() };
  for (const operation of spec.operations) {
    const trimmed = operation.path.replace(/\/$/, '');
    push(index.byMethod, operation.method, operation);
    push(index.byShape, `${operation.method} ${normaliseParams(trimmed)}`, operation);
    push(index.byPath, trimmed, operation);
    let paths = index.paths.get(operation.method);
    if (!paths) index.paths.set(operation.method, (paths = new Set()));
    paths.add(operation.path);
  }
  indexes.set(spec, index);
  return index;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The operation most likely meant when `METHOD path` is not in the spec: the same path with renamed
 * parameters, the same path with another method, or the closest path with the same method; and
 * whether it was the only operation close enough.
 */
function suggestOperationMatch(spec: OpenApiSpec, method: string, path: string): { operation: Operation; only: boolean } | undefined {
  const upper = method.toUpperCase();
  const trimmed = path.replace(/\/$/, '');
  const index = indexOf(spec);
  const renamed = index.byShape.get(`${upper} ${normaliseParams(trimmed)}`);
  if (renamed) return { operation: renamed[0], only: renamed.length === 1 };
  const otherMethods = index.byPath.get(trimmed);
  if (otherMethods) return { operation: otherMethods[0], only: otherMethods.length === 1 };
  const near = closestMatch(path, index.paths.get(upper) ?? []);
  const operation = near.best === undefined ? undefined : index.byMethod.get(upper)?.find((op) => op.path === near.best);
  return operation && { operation, only: near.only };
}

/**
 * What to write instead of `METHOD path` (prefixed with its spec file when it names one) when none of
 * these specs has it: the closest operation of the first spec that has a close one, as the end of a
 * message and as the fix. Navigation entries and front matter `openapi` values share it.
 */
export function operationFix(
  specs: readonly OpenApiSpec[],
  method: string,
  path: string,
  specFile?: string,
): { replacement: string; hint: string; data: FixData } | undefined {
  let match: ReturnType<typeof suggestOperationMatch>;
  for (const spec of specs) if ((match = suggestOperationMatch(spec, method, path))) break;
  if (!match) return undefined;
  const suggestion = match.operation;
  const replacement = `${specFile ? `${specFile} ` : ''}${suggestion.method} ${suggestion.path}`;
  return {
    replacement,
    hint: ` Did you mean "${replacement}"?`,
    data: { ...replaceWith(replacement), ...(match.only && { fixAll: true }) },
  };
}

function normaliseParams(path: string): string {
  let result = '';
  for (let at = 0; at < path.length;) {
    const open = path.indexOf('{', at);
    const close = open < 0 ? -1 : path.indexOf('}', open);
    if (close < 0) return result + path.slice(at);
    result += path.slice(at, open) + '{}';
    at = close + 1;
  }
  return result;
}
