import type { JsonNode } from './jsonNode';

/**
 * Parses strict JSON straight into {@link JsonNode}s, in one pass over the character codes. It is the
 * fast path for the common case, a valid file (a 2 MB docs.json in a few milliseconds); at the first
 * syntax error it gives up and returns undefined, and the recovering parser takes over. Nesting is
 * limited so that a hostile file cannot exhaust the stack.
 */
export function parseStrictJson(uri: string, text: string, maxDepth = MAX_DEPTH): JsonNode | undefined {
  const parser = new StrictParser(uri, text, maxDepth);
  try {
    parser.skipSpace();
    const root = parser.value(0);
    parser.skipSpace();
    return parser.at === text.length ? root : undefined;
  } catch (error) {
    if (error === SYNTAX) return undefined;
    throw error;
  }
}

/** Deeper nesting is left to the recovering parser, which reports it. */
export const MAX_DEPTH = 512;

const SYNTAX = Symbol('syntax');

class StrictParser {
  at = 0;

  constructor(
    private readonly uri: string,
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  skipSpace(): void {
    const text = this.text;
    let at = this.at;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 32 || code === 10 || code === 13 || code === 9 || (code === 0xfeff && at === 0)) at++;
      else break;
    }
    this.at = at;
  }

  value(depth: number): JsonNode {
    const code = this.text.charCodeAt(this.at);
    switch (code) {
      case 123: // {
        return this.object(depth);
      case 91: // [
        return this.array(depth);
      case 34: // "
        return this.string();
      case 116: // t
        return this.literal('true', 'boolean', true);
      case 102: // f
        return this.literal('false', 'boolean', false);
      case 110: // n
        return this.literal('null', 'null', null);
      default:
        return this.number();
    }
  }

  private object(depth: number): JsonNode {
    if (depth >= this.maxDepth) throw SYNTAX;
    const start = this.at++;
    const children: JsonNode[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === 125) {
      this.at++;
      return { type: 'object', uri: this.uri, offset: start, length: this.at - start, children };
    }
    for (;;) {
      if (this.text.charCodeAt(this.at) !== 34) throw SYNTAX;
      const key = this.string();
      this.skipSpace();
      if (this.text.charCodeAt(this.at) !== 58) throw SYNTAX; // :
      this.at++;
      this.skipSpace();
      const value = this.value(depth + 1);
      children.push({
        type: 'property',
        uri: this.uri,
        offset: key.offset,
        length: value.offset + value.length - key.offset,
        children: [key, value],
      });
      this.skipSpace();
      const next = this.text.charCodeAt(this.at++);
      if (next === 125) break; // }
      if (next !== 44) throw SYNTAX; // ,
      this.skipSpace();
    }
    return { type: 'object', uri: this.uri, offset: start, length: this.at - start, children };
  }

  private array(depth: number): JsonNode {
    if (depth >= this.maxDepth) throw SYNTAX;
    const start = this.at++;
    const children: JsonNode[] = [];
    this.skipSpace();
    if (this.text.charCodeAt(this.at) === 93) {
      this.at++;
      return { type: 'array', uri: this.uri, offset: start, length: this.at - start, children };
    }
    for (;;) {
      children.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text.charCodeAt(this.at++);
      if (next === 93) break; // ]
      if (next !== 44) throw SYNTAX;
      this.skipSpace();
    }
    return { type: 'array', uri: this.uri, offset: start, length: this.at - start, children };
  }

  private string(): JsonNode {
    const text = this.text;
    const start = this.at;
    let at = start + 1;
    let escaped = false;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 34) break;
      if (code === 92) {
        escaped = true;
        at += 2;
        continue;
      }
      if (code < 32 || Number.isNaN(code)) throw SYNTAX; // control character or end of text
      at++;
    }
    this.at = at + 1;
    let value: string;
    if (!escaped) value = text.slice(start + 1, at);
    else {
      try {
        value = JSON.parse(text.slice(start, at + 1)) as string;
      } catch {
        throw SYNTAX;
      }
    }
    return { type: 'string', uri: this.uri, offset: start, length: this.at - start, value };
  }

  private literal(word: string, type: 'boolean' | 'null', value: boolean | null): JsonNode {
    if (!this.text.startsWith(word, this.at)) throw SYNTAX;
    const start = this.at;
    this.at += word.length;
    return { type, uri: this.uri, offset: start, length: word.length, value };
  }

  private number(): JsonNode {
    const match = NUMBER.exec(this.text.slice(this.at, this.at + 400));
    if (!match) throw SYNTAX;
    const start = this.at;
    this.at += match[0].length;
    return { type: 'number', uri: this.uri, offset: start, length: match[0].length, value: Number(match[0]) };
  }
}

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:e[+-]?\d+)?/i;
