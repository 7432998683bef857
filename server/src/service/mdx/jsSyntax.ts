import { Parser, type Node, type Options } from 'acorn';
import jsx from 'acorn-jsx';
import { scanWork } from './scanWork';

/**
 * The JavaScript inside an MDX page (`{expressions}`, attribute values, import and export lines),
 * read by acorn with JSX, as the MDX parser reads it.
 */
const JsParser = Parser.extend(jsx());
/** A literal or a plain name, alone: always one valid expression. */
const SIMPLE_EXPRESSION = /^[ \t]*(?:-?\d+(?:\.\d+)?|[A-Za-z_$][\w$]*|"[^"\\\n]*"|'[^'\\\n]*')[ \t]*$/;
/** Words that are no expression on their own. */
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends finally for function if import in instanceof let new return static super switch throw try typeof var void while with yield await implements interface package private protected public'.split(
    ' ',
  ),
);
const OPTIONS: Options = { ecmaVersion: 'latest', sourceType: 'module', allowReturnOutsideFunction: false };

/** Where a scan notes the expressions it keeps (see {@link BodyScan.comments} and {@link BodyScan.templates}). */
export interface NotedExpressions {
  comments: { offset: number; length: number }[];
  templates: { offset: number; length: number; name: string }[];
}

const TEMPLATE = /^\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}$/;

/** Notes the text expression from `{` at `open` to `}` at `close` when it is a comment, or `{{name}}`. */
export function noteExpression(noted: NotedExpressions, text: string, open: number, close: number): void {
  // A line read again (a paragraph's first line, once more as its text) notes its expressions once.
  if (noted.comments.at(-1)?.offset === open || noted.templates.at(-1)?.offset === open) return;
  if (isCommentExpression(text, open, close)) noted.comments.push({ offset: open, length: close - open + 1 });
  else if (text[open + 1] === '{') {
    const template = TEMPLATE.exec(text.slice(open, close + 1));
    if (template) noted.templates.push({ offset: open, length: close - open + 1, name: template[1] });
  }
}

/** Whether the expression from `{` at `open` to `}` at `close` holds one block comment and nothing else. */
export function isCommentExpression(text: string, open: number, close: number): boolean {
  const inner = text.slice(open + 1, close).trim();
  return inner.startsWith('/*') && inner.indexOf('*/') === inner.length - 2 && inner.length >= 4;
}

/**
 * The end (the offset of its closing `}`) of the expression whose `{` is at `open`, when the text
 * between is one JavaScript expression, or nothing but comments (`{/* note *\/}`), and the brace
 * closes on the same line; undefined otherwise (the reference parser decides). `allowEmpty` is for
 * text expressions: an attribute's `{}` is an error in MDX.
 *
 * The closing brace is the one that balances `open` on its line (braces inside strings are counted
 * too: such an expression is left to the reference parser), and only the text between is handed to
 * acorn, so the work is bounded by the expression's length, whatever follows it.
 */
export function expressionEnd(braces: Braces, open: number, allowEmpty: boolean, lineEnd: number): number | undefined {
  const text = braces.text;
  const close = braces.match(open, lineEnd);
  if (close < 0) return undefined;
  const inner = text.slice(open + 1, close);
  scanWork.characters += inner.length;
  // Most expressions are a number, a word or a string: read without acorn (its set-up per call is the cost).
  if (SIMPLE_EXPRESSION.test(inner) && !RESERVED.has(inner.trim())) return close;
  const start = skipSpaceAndComments(inner, 0, inner.length);
  if (start === undefined) return undefined;
  if (start === inner.length) return allowEmpty || inner.includes('/*') ? close : undefined;
  let node: Node;
  try {
    node = JsParser.parseExpressionAt(inner, start, OPTIONS);
  } catch {
    return undefined;
  }
  return skipSpaceAndComments(inner, node.end, inner.length) === inner.length ? close : undefined;
}

/** The braces of a stretch of a text, matched: the offset of each `{` to that of its `}`. */
type BraceTable = { from: number; to: number; matches: Map<number, number> };

/**
 * The braces of one text, matched once per line: a page with many expressions on a line (or many
 * unclosed ones) looks each up instead of searching the rest of the line again. Each reader of a
 * text (the page scanner, a heading's title) holds its own: one table for the line it reads, one to
 * the end of the text (for expressions that may span lines), so that no other text's reading makes
 * either be built again.
 */
export class Braces {
  private line: BraceTable | undefined;
  private whole: BraceTable | undefined;

  constructor(readonly text: string) {}

  /** The `}` that balances the `{` at `open` before `end`, or -1. */
  match(open: number, end: number): number {
    // To the end of the text: most expressions close on their line, and the `}` that balances `open`
    // there is the one a table to the end would give (a `{` before `open` cannot change it).
    if (end === this.text.length) {
      const lineEnd = this.text.indexOf('\n', open);
      if (lineEnd >= 0) {
        const close = this.lookup(open, lineEnd);
        if (close >= 0) return close;
      }
    }
    return this.lookup(open, end);
  }

  private lookup(open: number, end: number): number {
    const toEnd = end === this.text.length;
    let table = toEnd ? this.whole : this.line;
    if (!table || table.to !== end || table.from > open) {
      table = this.build(open, end);
      if (toEnd) this.whole = table;
      else this.line = table;
    }
    return table.matches.get(open) ?? -1;
  }

  private build(from: number, to: number): BraceTable {
    const text = this.text;
    const matches = new Map<number, number>();
    const stack: number[] = [];
    scanWork.characters += Math.max(0, to - from);
    for (let at = from; at < to; at++) {
      const code = text.charCodeAt(at);
      if (code === 123) stack.push(at);
      else if (code === 125 && stack.length) matches.set(stack.pop()!, at);
    }
    return { from, to, matches };
  }
}

/** Past this many import and export lines in a page, acorn's check of each declared name against all before it is quadratic: no block of more is parsed. */
export const MAX_ESM_STATEMENTS = 2_000;

/** Lines of [from, to) that start with `import` or `export` (acorn's cost grows with the square of their count). */
export function esmStatementCount(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let at = from; at < to;) {
    if (text.startsWith('export', at) || text.startsWith('import', at)) count++;
    const end = text.indexOf('\n', at);
    if (end < 0 || end >= to) break;
    at = end + 1;
  }
  return count;
}

/** A name an import brings in: `imported` is `default` for a default import and `*` for a namespace. */
export interface ImportedName {
  imported: string;
  local: string;
}

/** One import statement: its source string's place (quotes included) and the names it brings in. */
export interface EsmImport {
  source: string;
  start: number;
  end: number;
  names: ImportedName[];
}

/**
 * Whether an ESM block that reached a blank line goes on past it, as MDX reads it: the code does not
 * parse, and the error is at its very end (an `export const X = () => {` whose body has blank lines),
 * or is a comment left open. `undefined`: it cannot be told within the work allowed (`budget`
 * characters of parsing, shared by the blank lines of one block).
 */
export function esmGoesOn(code: string, budget: { characters: number }): boolean | undefined {
  if (code.length > budget.characters) return undefined;
  budget.characters -= code.length;
  scanWork.characters += code.length;
  try {
    JsParser.parse(code, OPTIONS);
    return false;
  } catch (error) {
    const { raisedAt, message } = error as { raisedAt?: number; message?: string };
    return (raisedAt ?? 0) >= code.length || message?.startsWith('Unterminated comment') === true;
  }
}

/** The ESM block of a page (`import`/`export` lines) read as a module: its imports and exported names. */
export function readEsm(code: string): { imports: EsmImport[]; exported: string[] } | undefined {
  const simple = simpleImports(code);
  if (simple) return { imports: simple, exported: [] };
  let program: { body: EsmNode[] };
  try {
    program = JsParser.parse(code, OPTIONS) as unknown as { body: EsmNode[] };
  } catch {
    return undefined;
  }
  const imports: EsmImport[] = [];
  const exported: string[] = [];
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      imports.push({
        source: String(statement.source!.value),
        start: statement.source!.start,
        end: statement.source!.end,
        names: (statement.specifiers ?? []).map((specifier) => ({
          imported:
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.type === 'ImportNamespaceSpecifier'
                ? '*'
                : (specifier.imported?.name ?? String(specifier.imported?.value)),
          local: specifier.local!.name,
        })),
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
  specifiers?: { type: string; local?: { name: string }; imported?: { name?: string; value?: unknown }; exported?: { name: string } }[];
  declaration?: { id?: { name?: string }; declarations?: { id?: { name?: string } }[] };
}

/**
 * The first offset from `from` that is neither whitespace nor inside a comment (`limit` when there is
 * none); undefined for a comment left open, or a line comment, which would eat the closing brace.
 */
function skipSpaceAndComments(text: string, from: number, limit: number): number | undefined {
  let at = from;
  while (at < limit) {
    const code = text.charCodeAt(at);
    // Line breaks too: an attribute's expression may span lines (`icon={\n  <svg>…</svg>\n}`).
    if (code === 32 || code === 9 || code === 10 || code === 13) at++;
    else if (code === 47 && text.charCodeAt(at + 1) === 42) {
      const close = text.indexOf('*/', at + 2);
      if (close < 0 || close + 2 > limit) return undefined;
      at = close + 2;
    } else if (code === 47 && text.charCodeAt(at + 1) === 47) return undefined;
    else return at;
  }
  return limit;
}

/**
 * One `import { A, B as C } from "x";` or `import D from "x"` per line: read by hand, without acorn
 * (whose set-up per page costs more than the reading). Anything else: undefined, and acorn reads it.
 */
export function simpleImports(code: string): EsmImport[] | undefined {
  const imports: EsmImport[] = [];
  let offset = 0;
  for (const raw of code.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const read = new LineReader(line);
    if (!read.word('import')) return undefined;
    const names: ImportedName[] = [];
    if (read.symbol('{')) {
      do {
        const imported = read.name();
        if (!imported) break;
        if (read.word('as')) {
          const local = read.name();
          if (!local) return undefined;
          names.push({ imported, local });
        } else names.push({ imported, local: imported });
      } while (read.symbol(','));
      if (!read.symbol('}')) return undefined;
    } else {
      const local = read.name();
      if (!local) return undefined;
      names.push({ imported: 'default', local });
    }
    if (!read.word('from')) return undefined;
    const source = read.string();
    if (!source) return undefined;
    read.symbol(';');
    // A local name must be an identifier; the imported one may be any name (`{ default as X }`).
    if (!read.done() || names.some((name) => RESERVED.has(name.local))) return undefined;
    imports.push({ source: source.value, start: offset + source.start, end: offset + source.end, names });
    offset += raw.length + 1;
  }
  return imports;
}

/** A tiny reader of one import line: words, names, symbols and a string, spaces skipped. */
class LineReader {
  private at = 0;

  constructor(private readonly line: string) {}

  private skip(): void {
    while (this.line[this.at] === ' ' || this.line[this.at] === '\t') this.at++;
  }

  word(word: string): boolean {
    this.skip();
    if (!this.line.startsWith(word, this.at) || /[\w$]/.test(this.line[this.at + word.length] ?? '')) return false;
    this.at += word.length;
    return true;
  }

  symbol(symbol: string): boolean {
    this.skip();
    if (this.line[this.at] !== symbol) return false;
    this.at++;
    return true;
  }

  name(): string | undefined {
    this.skip();
    const start = this.at;
    if (!/[A-Za-z_$]/.test(this.line[this.at] ?? '')) return undefined;
    while (/[\w$]/.test(this.line[this.at] ?? '')) this.at++;
    return this.line.slice(start, this.at);
  }

  string(): { value: string; start: number; end: number } | undefined {
    this.skip();
    const quote = this.line[this.at];
    if (quote !== '"' && quote !== "'") return undefined;
    const close = this.line.indexOf(quote, this.at + 1);
    const value = close < 0 ? '' : this.line.slice(this.at + 1, close);
    if (close < 0 || value.includes('\\')) return undefined;
    const start = this.at;
    this.at = close + 1;
    return { value, start, end: close + 1 };
  }

  done(): boolean {
    this.skip();
    return this.at === this.line.length;
  }
}
