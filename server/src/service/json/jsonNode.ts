/**
 * A JSON syntax tree whose every node knows the file it was read from. `$ref` resolution splices
 * trees of several files together, and a diagnostic must still point into the right one.
 */
export interface JsonNode {
  type: 'object' | 'array' | 'property' | 'string' | 'number' | 'boolean' | 'null';
  uri: string;
  offset: number;
  length: number;
  value?: unknown;
  /** object: property nodes; array: items; property: [key, value]. */
  children?: JsonNode[];
}
