import docsSchema from '../../../../schemas/docs.schema.json';
import { SchemaEngine, type SchemaNode } from './schemaEngine';

export type { SchemaNode } from './schemaEngine';

export const docsJsonSchema: SchemaNode = docsSchema;

/** The one validator of docs.json (it caches resolved schema nodes, so it is shared). */
export const docsJsonEngine = new SchemaEngine(docsJsonSchema);

/** Follows `$ref`s of the docs schema (local `#/definitions/...` only). */
export function derefSchema(node: SchemaNode | undefined): SchemaNode | undefined {
  return node && docsJsonEngine.resolve(node);
}

/**
 * The schema that describes the value at a path of keys (array indices are passed as numbers), for
 * hover and completion. Where the schema offers alternatives, the one matching the value's type is
 * taken, and the properties of every object alternative are merged (a tab may hold `groups` or
 * `pages`: completion offers both).
 */
export function schemaAtPath(path: (string | number)[], value?: unknown): SchemaNode | undefined {
  let schema = display(docsJsonSchema, value);
  let current: any = value;
  for (const segment of path) {
    if (!schema) return undefined;
    const next =
      typeof segment === 'number'
        ? schema.items
        : (schema.properties?.[segment] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined));
    current = current?.[segment];
    schema = next && display(next, current);
  }
  return schema;
}

function display(schema: SchemaNode, value: unknown): SchemaNode | undefined {
  const resolved = derefSchema(schema);
  if (!resolved?.anyOf) return resolved;
  const kind = Array.isArray(value)
    ? 'array'
    : value === null
      ? 'null'
      : typeof value === 'object' || value === undefined
        ? 'object'
        : typeof value;
  const branches = (resolved.anyOf as SchemaNode[])
    .map((branch) => display(branch, value))
    .filter((branch): branch is SchemaNode => branch !== undefined);
  const typeOf = (branch: SchemaNode) => ([] as string[]).concat(branch.type ?? (branch.enum ? 'string' : []));
  const matching = branches.filter((branch) => typeOf(branch).includes(kind));
  const chosen = matching.length ? matching : value === undefined ? branches : [];
  if (chosen.length === 0) return { ...resolved, anyOf: undefined };
  if (chosen.length === 1)
    return {
      ...chosen[0],
      markdownDescription: resolved.markdownDescription ?? chosen[0].markdownDescription,
      title: resolved.title ?? chosen[0].title,
    };
  const properties = Object.assign({}, ...chosen.map((branch) => branch.properties ?? {}).reverse());
  const enums = chosen.flatMap((branch) => branch.enum ?? []);
  return {
    ...chosen[chosen.length - 1],
    ...(Object.keys(properties).length ? { properties } : {}),
    ...(enums.length ? { enum: enums } : {}),
    markdownDescription: resolved.markdownDescription,
    title: resolved.title ?? chosen[0].title,
    defaultSnippets: resolved.defaultSnippets ?? chosen[0].defaultSnippets,
  };
}
