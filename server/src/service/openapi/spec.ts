import { load as parseYaml } from 'js-yaml';
import { closest } from '../suggest';

export const SPEC_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

export interface Operation {
  /** Upper case: `GET`, or `WEBHOOK` for a webhook of an OpenAPI 3.1 spec. */
  method: string;
  /** As written in the spec (`/users/{id}`), or the webhook name. */
  path: string;
  summary?: string;
  operationId?: string;
}

export interface OpenApiSpec {
  uri: string;
  operations: Operation[];
  /** `METHOD path` → operation. */
  byKey: Map<string, Operation>;
}

export type SpecLoadResult = { spec: OpenApiSpec } | { error: string };

/** Parses a spec (JSON or YAML, OpenAPI 3.x or Swagger 2.0) and indexes its operations. */
export function parseSpec(uri: string, text: string): SpecLoadResult {
  let document: unknown;
  try {
    document = /^\s*[{[]/.test(text) ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    return { error: `cannot be parsed: ${firstLine((error as Error).message)}` };
  }
  if (!document || typeof document !== 'object') return { error: 'is not an OpenAPI document (no object at the top level)' };
  const root = document as Record<string, unknown>;
  const paths = root.paths as Record<string, unknown> | undefined;
  const webhooks = root.webhooks as Record<string, unknown> | undefined;
  if (!root.openapi && !root.swagger) return { error: 'is not an OpenAPI document (no `openapi` or `swagger` version key)' };
  const operations: Operation[] = [];
  const add = (method: string, path: string, item: unknown) => {
    const op = (item ?? {}) as Record<string, unknown>;
    operations.push({ method, path, summary: stringOr(op.summary), operationId: stringOr(op.operationId) });
  };
  for (const [path, item] of Object.entries(paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    for (const method of SPEC_METHODS) if (method in item) add(method.toUpperCase(), path, (item as Record<string, unknown>)[method]);
  }
  for (const [name, item] of Object.entries(webhooks ?? {})) {
    const first = item && typeof item === 'object' ? Object.values(item)[0] : undefined;
    add('WEBHOOK', name, first);
  }
  return { spec: { uri, operations, byKey: new Map(operations.map((op) => [`${op.method} ${op.path}`, op])) } };
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}

/** Finds `METHOD path`: the method in any case, a trailing `/` tolerated. */
export function findOperation(spec: OpenApiSpec, method: string, path: string): Operation | undefined {
  const upper = method.toUpperCase();
  const exact = spec.byKey.get(`${upper} ${path}`);
  if (exact) return exact;
  const alternative = path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : `${path}/`;
  return spec.byKey.get(`${upper} ${alternative}`);
}

/**
 * The operation most likely meant when `METHOD path` is not in the spec: the same path with another
 * method, the same path with renamed parameters, or the closest path with the same method.
 */
export function suggestOperation(spec: OpenApiSpec, method: string, path: string): Operation | undefined {
  const upper = method.toUpperCase();
  const trimmed = path.replace(/\/$/, '');
  const sameShape = (candidate: string) => normaliseParams(candidate.replace(/\/$/, '')) === normaliseParams(trimmed);
  const sameMethod = spec.operations.filter((op) => op.method === upper);
  const renamed = sameMethod.find((op) => sameShape(op.path));
  if (renamed) return renamed;
  const otherMethod = spec.operations.find((op) => op.path.replace(/\/$/, '') === trimmed);
  if (otherMethod) return otherMethod;
  const near = closest(path, sameMethod.map((op) => op.path));
  return near === undefined ? undefined : sameMethod.find((op) => op.path === near);
}

function normaliseParams(path: string): string {
  return path.replace(/\{[^}]*\}/g, '{}');
}
