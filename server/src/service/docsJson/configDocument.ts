import { LineTable } from '../text/lineTable';
import { parseJson, type JsonNode, type JsonSyntaxError } from '../json/jsonTree';

/**
 * One version of a configuration file (docs.json or a file it names with `$ref`), parsed once and
 * handed to diagnostics and every editor feature: the text, its line offsets, the syntax tree (recovered
 * where the text has errors) and the syntax errors.
 */
export interface ConfigDocument {
  readonly uri: string;
  readonly text: string;
  /** Offsets to positions and back; the line table is built on first use and kept. */
  readonly lines: LineTable;
  readonly root: JsonNode | undefined;
  readonly errors: readonly JsonSyntaxError[];
}

export function parseConfigDocument(uri: string, text: string): ConfigDocument {
  const { root, errors } = parseJson(uri, text);
  return { uri, text, lines: new LineTable(text), root, errors };
}
