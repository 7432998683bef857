import { Parser, type Node, type Options } from 'acorn';
import jsx from 'acorn-jsx';

/**
 * The JavaScript inside an MDX page (`{expressions}`, attribute values, import and export lines),
 * read by acorn with JSX, as the MDX parser reads it.
 */
const JsParser = Parser.extend(jsx());
const OPTIONS: Options = { ecmaVersion: 'latest', sourceType: 'module', allowReturnOutsideFunction: false };

/**
 * The end (the offset of its closing `}`) of the expression whose `{` is at `open`, when the text
 * between is one JavaScript expression, or nothing but comments (`{/* note *\/}`), and the brace
 * closes on the same line; undefined otherwise (the reference parser decides). `allowEmpty` is for
 * text expressions: an attribute's `{}` is an error in MDX.
 */
export function expressionEnd(text: string, open: number, allowEmpty: boolean, lineEnd: number): number | undefined {
  const start = skipSpaceAndComments(text, open + 1, lineEnd);
  if (start === undefined) return undefined;
  if (text.charCodeAt(start) === 125 /* } */) return allowEmpty || hasComment(text, open + 1, start) ? start : undefined;
  let node: Node;
  try {
    node = JsParser.parseExpressionAt(text, start, OPTIONS);
  } catch {
    return undefined;
  }
  const end = skipSpaceAndComments(text, node.end, lineEnd);
  return end !== undefined && text.charCodeAt(end) === 125 && end < lineEnd ? end : undefined;
}

/** The ESM block of a page (`import`/`export` lines) read as a module: its imports and exported names. */
export function readEsm(
  code: string,
): { imports: { source: string; start: number; end: number; locals: string[] }[]; exported: string[] } | undefined {
  let program: { body: EsmNode[] };
  try {
    program = JsParser.parse(code, OPTIONS) as unknown as { body: EsmNode[] };
  } catch {
    return undefined;
  }
  const imports: { source: string; start: number; end: number; locals: string[] }[] = [];
  const exported: string[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      imports.push({
        source: String(statement.source!.value),
        start: statement.source!.start,
        end: statement.source!.end,
        locals: (statement.specifiers ?? []).map((specifier) => specifier.local!.name),
      });
    } else if (
      statement.type === 'ExportNamedDeclaration' ||
      statement.type === 'ExportDefaultDeclaration' ||
      statement.type === 'ExportAllDeclaration'
    ) {
      const declaration = statement.declaration;
      if (declaration?.id?.name) exported.push(declaration.id.name);
      for (const declarator of declaration?.declarations ?? []) if (declarator.id?.name) exported.push(declarator.id.name);
      for (const specifier of statement.specifiers ?? []) if (specifier.exported?.name) exported.push(specifier.exported.name);
      if (statement.type === 'ExportDefaultDeclaration') exported.push('default');
    } else {
      return undefined; // only import and export statements are allowed in MDX
    }
  }
  return { imports, exported };
}

interface EsmNode {
  type: string;
  start: number;
  end: number;
  source?: { value: unknown; start: number; end: number };
  specifiers?: { local?: { name: string }; exported?: { name: string } }[];
  declaration?: { id?: { name?: string }; declarations?: { id?: { name?: string } }[] };
}

/** The first offset from `from` that is neither whitespace nor inside a comment; undefined past `limit`. */
function skipSpaceAndComments(text: string, from: number, limit: number): number | undefined {
  let at = from;
  while (at < limit) {
    const code = text.charCodeAt(at);
    if (code === 32 || code === 9) at++;
    else if (code === 47 && text.charCodeAt(at + 1) === 42) {
      const close = text.indexOf('*/', at + 2);
      if (close < 0 || close >= limit) return undefined;
      at = close + 2;
    } else if (code === 47 && text.charCodeAt(at + 1) === 47)
      return undefined; // a line comment would eat the brace
    else return at;
  }
  return undefined;
}

function hasComment(text: string, from: number, to: number): boolean {
  return text.slice(from, to).includes('/*');
}
