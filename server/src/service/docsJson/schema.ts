import docsSchema from '../../../../schemas/docs.schema.json';
import { child, items, type JsonNode } from '../json/jsonTree';
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
export function schemaAtPath(path: readonly (string | number)[], root?: JsonNode): SchemaNode | undefined {
  let node: JsonNode | undefined = root;
  let schema = display(docsJsonSchema, kindOf(node));
  for (const segment of path) {
    if (!schema) return undefined;
    const next =
      typeof segment === 'number'
        ? schema.items
        : (schema.properties?.[segment] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined));
    node = node && (typeof segment === 'number' ? items(node)[segment] : child(node, segment));
    schema = next && display(next, kindOf(node));
  }
  return schema;
}

/** The JSON type of a node, as the schema names it; undefined where there is no value yet. */
function kindOf(node: JsonNode | undefined): string | undefined {
  if (!node) return undefined;
  return node.type === 'property' ? undefined : node.type;
}

function display(schema: SchemaNode, kind: string | undefined): SchemaNode | undefined {
  const resolved = derefSchema(schema);
  if (!resolved?.anyOf) return resolved;
  const branches = (resolved.anyOf as SchemaNode[])
    .map((branch) => display(branch, kind))
    .filter((branch): branch is SchemaNode => branch !== undefined);
  const typeOf = (branch: SchemaNode) => ([] as string[]).concat(branch.type ?? (branch.enum ? 'string' : []));
  // A value not written yet may become any of them; an object is what a key is being typed into.
  const matching = branches.filter((branch) => typeOf(branch).includes(kind ?? 'object'));
  const chosen = matching.length ? matching : kind === undefined ? branches : [];
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
