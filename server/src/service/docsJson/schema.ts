import type { ErrorObject } from 'ajv';
import docsSchema from '../../../../schemas/docs.schema.json';
// Compiled from the schema at build time (scripts/compileSchemas.mjs): no schema compilation at start-up.
import validate from '../../generated/docsSchemaValidator';

export type SchemaNode = Record<string, any>;

export const docsJsonSchema: SchemaNode = docsSchema;

export function validateDocsJson(value: unknown): ErrorObject[] {
  return validate(value) ? [] : [...(validate.errors ?? [])];
}

/** Follows `$ref`s of the docs schema (local `#/definitions/...` only). */
export function derefSchema(node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node;
  for (let guard = 0; current?.$ref && guard < 10; guard++) {
    const name = String(current.$ref).replace('#/definitions/', '');
    current = docsJsonSchema.definitions?.[name];
  }
  return current;
}

/** The schema that describes the value at a path of keys (array indices are passed as numbers). */
export function schemaAtPath(path: (string | number)[], value?: unknown): SchemaNode | undefined {
  let schema = derefSchema(docsJsonSchema);
  let current: any = value;
  for (const segment of path) {
    if (!schema) return undefined;
    schema = applyConditional(schema, current);
    if (typeof segment === 'number') {
      schema = derefSchema(schema.items);
    } else {
      schema = derefSchema(schema.properties?.[segment] ?? (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined));
    }
    current = current?.[segment];
  }
  return schema && applyConditional(schema, current);
}

/** Picks the `then`/`else` branch of an `if: {type}` discriminator for a value (or for an object). */
function applyConditional(schema: SchemaNode, value: unknown): SchemaNode {
  let current = schema;
  for (let guard = 0; current.if && guard < 5; guard++) {
    const wanted = current.if.type;
    const actual = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value === 'object' || value === undefined ? 'object' : typeof value;
    const branch = derefSchema(wanted === actual ? current.then : current.else);
    if (!branch) break;
    current = { ...current, ...branch, if: branch.if, then: branch.then, else: branch.else };
  }
  return current;
}
