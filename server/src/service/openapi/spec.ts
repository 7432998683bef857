import type { Position } from 'vscode-languageserver-types';
import { LineTable } from '../text/lineTable';
import { load as parseYaml } from 'js-yaml';
import { SPEC_METHODS } from './httpMethods';
import { detached } from '../../common/text';
import type { DocsWorkspace } from '../workspace';

export interface OperationParameter {
  name: string;
  in: string;
  required: boolean;
}

export interface Operation {
  /** Upper case: `GET`, or `WEBHOOK` for a webhook of an OpenAPI 3.1 spec. */
  method: string;
  /** As written in the spec (`/users/{id}`), or the webhook name. */
  path: string;
  summary?: string;
  description?: string;
  operationId?: string;
  /** Parameters of the operation and of its path item (references are not followed). */
  parameters: OperationParameter[];
  /** Its first tag: the folder of the page the platform generates for it. */
  tag?: string;
  /** `x-mint.href`: the path of its generated page, when the spec sets one. */
  href?: string;
  /** `x-excluded`: no page is generated for it. */
  excluded?: boolean;
}

/**
 * A parsed spec. It keeps no text: the texts of a large API site's specs were a good part of the
 * editor's memory, and where an operation is written is read from the file when asked
 * ({@link operationPosition}).
 */
export interface OpenApiSpec {
  uri: string;
  operations: Operation[];
  /** `METHOD path` → operation. */
  byKey: Map<string, Operation>;
}

export type SpecLoadResult =
  | { spec: OpenApiSpec }
  | {
      error: string;
      /** Where the text stops parsing. */ offset?: number;
      /** One of Docsmith's bounds stopped it: what the spec holds is unknown. */ limit?: true;
    };

/**
 * Parses a spec (JSON or YAML, OpenAPI 3.x or Swagger 2.0) and indexes its operations; `transform`
 * (its overlays) changes the parsed document first.
 */
export function parseSpec(
  uri: string,
  bomText: string,
  transform?: (document: unknown) => { spec: unknown } | { error: string; limit?: true },
): SpecLoadResult {
  // A byte-order mark is no part of the spec (the file system adapter keeps it on JSON files).
  const text = bomText.charCodeAt(0) === 0xfeff ? bomText.slice(1) : bomText;
  let document: unknown;
  try {
    document = readSpecText(text);
  } catch (error) {
    const offset = (error as { mark?: { position?: number } }).mark?.position;
    return { error: `cannot be parsed as JSON or YAML: ${firstLine((error as Error).message)}`, ...(offset !== undefined && { offset }) };
  }
  if (!document || typeof document !== 'object') return { error: 'is not an OpenAPI document (no object at the top level)' };
  if (transform) {
    const transformed = transform(document);
    if ('error' in transformed) return transformed;
    document = transformed.spec;
    if (!document || typeof document !== 'object') return { error: 'is no OpenAPI document once its overlays are applied' };
  }
  const root = document as Record<string, unknown>;
  const paths = root.paths as Record<string, unknown> | undefined;
  const webhooks = root.webhooks as Record<string, unknown> | undefined;
  if (!root.openapi && !root.swagger) return { error: 'is not an OpenAPI document (no `openapi` or `swagger` version key)' };
  const operations: Operation[] = [];
  // The YAML parser's strings are slices of the text: what is kept is copied, or one parameter's name
  // would keep a 2 MB spec alive.
  const kept = (value: unknown): string | undefined => {
    const string = stringOr(value);
    return string !== undefined ? detached(string) : string;
  };
  const add = (method: string, path: string, item: unknown, shared: unknown) => {
    const op = (item ?? {}) as Record<string, unknown>;
    const parameters = [...parametersOf(shared, kept), ...parametersOf(op.parameters, kept)];
    const tags = Array.isArray(op.tags) ? op.tags : [];
    const xMint = op['x-mint'] && typeof op['x-mint'] === 'object' ? (op['x-mint'] as Record<string, unknown>) : undefined;
    operations.push({
      method,
      path: kept(path)!,
      summary: kept(op.summary),
      description: kept(op.description),
      operationId: kept(op.operationId),
      parameters,
      tag: kept(tags[0]),
      href: kept(xMint?.href),
      excluded: op['x-excluded'] === true ? true : undefined,
    });
  };
  for (const [path, item] of Object.entries(paths ?? {})) {
    if (!item || typeof item !== 'object') continue;
    const pathItem = item as Record<string, unknown>;
    for (const method of SPEC_METHODS) if (method in pathItem) add(method.toUpperCase(), path, pathItem[method], pathItem.parameters);
  }
  for (const [name, item] of Object.entries(webhooks ?? {})) {
    const first = item && typeof item === 'object' ? Object.values(item)[0] : undefined;
    add('WEBHOOK', name, first, undefined);
  }
  return {
    spec: { uri, operations, byKey: new Map(operations.map((op) => [`${op.method} ${op.path}`, op])) },
  };
}

/**
 * A spec's text read as the platform reads it: with a YAML parser (js-yaml, in its prebuild), which
 * also accepts JSON that `JSON.parse` refuses (a raw line break inside a string, a trailing comma).
 * JSON is tried first, as it is much faster on the large specs that are written in it.
 */
export function readSpecText(text: string): unknown {
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // Not strict JSON: the YAML parser decides, as on the platform.
    }
  }
  return parseYaml(text);
}

function parametersOf(value: unknown, kept: (value: unknown) => string | undefined): OperationParameter[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((parameter) => {
    const p = parameter as Record<string, unknown> | null;
    const name = kept(p?.name);
    return p && name !== undefined ? [{ name, in: String(p.in ?? ''), required: p.required === true }] : [];
  });
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0];
}

/** The {@link OpenApiSpec.byKey} keys `METHOD path` may be written as: the method in any case, a trailing `/` tolerated (exact first). */
export function operationKeys(method: string, path: string): [exact: string, alternative: string] {
  const upper = method.toUpperCase();
  const alternative = path.endsWith('/') && path.length > 1 ? path.slice(0, -1) : `${path}/`;
  return [`${upper} ${path}`, `${upper} ${alternative}`];
}

/** Finds `METHOD path`: the method in any case, a trailing `/` tolerated. */
export function findOperation(spec: OpenApiSpec, method: string, path: string): Operation | undefined {
  const [exact, alternative] = operationKeys(method, path);
  return spec.byKey.get(exact) ?? spec.byKey.get(alternative);
}

/**
 * Where an operation is written in its spec's text: the offset of its method key under its path key
 * (JSON or YAML), or of the path key when the method is not found; 0 when neither is.
 */
export function operationOffset(text: string, operation: Operation): number {
  const escaped = operation.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pathKey = new RegExp(`(^|[\\s{,])["']?${escaped}["']?\\s*:`, 'm').exec(text);
  if (!pathKey) return 0;
  const pathOffset = pathKey.index + pathKey[1].length;
  if (operation.method === 'WEBHOOK') return pathOffset;
  const method = new RegExp(`["']?${operation.method.toLowerCase()}["']?\\s*:`).exec(
    text.slice(pathOffset + pathKey[0].length - pathKey[1].length),
  );
  return method ? pathOffset + pathKey[0].length - pathKey[1].length + method.index : pathOffset;
}

/** Where each operation of a spec is written, worked out once per spec (from its file, read again). */
const positions = new WeakMap<OpenApiSpec, Promise<Map<Operation, Position>>>();

/** What {@link operationPosition} reads a spec's file with: the workspace (an open editor's text, or the disk). */
export type SpecFileReader = Pick<DocsWorkspace, 'readFile'>;

/**
 * Where an operation is written in its spec, as a position: the spec's file is read again the first
 * time one of its operations is asked for, and every operation's place is worked out then (15 to 40 ms
 * for a spec of 1 MB). The start of the file when it cannot be read.
 */
export async function operationPosition(spec: OpenApiSpec, operation: Operation, workspace: SpecFileReader): Promise<Position> {
  let places = positions.get(spec);
  if (!places) positions.set(spec, (places = placesOf(spec, workspace)));
  return (await places).get(operation) ?? { line: 0, character: 0 };
}

async function placesOf(spec: OpenApiSpec, workspace: SpecFileReader): Promise<Map<Operation, Position>> {
  const text = await workspace.readFile(spec.uri).catch(() => undefined);
  const places = new Map<Operation, Position>();
  if (text === undefined) return places;
  const lines = new LineTable(text);
  for (const operation of spec.operations) places.set(operation, lines.positionAt(operationOffset(text, operation)));
  return places;
}

/** The OpenAPI specs of a site, local and remote (discovered once per site state). */
export interface SiteSpecs {
  /**
   * Every OpenAPI spec file of the docs root, whether docs.json names it or not: the platform's build
   * reads every JSON and YAML file with a top-level `openapi` key.
   */
  local: OpenApiSpec[];
  /** Specs docs.json names by URL: Docsmith never fetches them, so what they hold is unknown. */
  remote: string[];
  /** Local specs docs.json names that are missing, unreadable or invalid: what they hold is unknown too. */
  unreadable: string[];
  /** Empty files whose names say they are specs (`openapi.json`): placeholders for content the checkout lacks. */
  placeholders?: string[];
}
