import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver-types';
import { codeHref, DIAGNOSTIC_SOURCE, diagnosticCodes, type DiagnosticCode, type Severity } from './diagnosticCodes';
import type { JsonNode } from './docsJson/jsonTree';
import { LineTable } from './documents/lineTable';

export const severityValue: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The texts diagnostics point into, so offsets become line/character ranges. */
export class SourceFiles {
  private readonly documents = new Map<string, LineTable>();

  add(uri: string, text: string): void {
    this.documents.set(uri, new LineTable(text));
  }

  /** A file whose line offsets the caller already keeps (a parsed document): they are shared, not rebuilt. */
  addLines(uri: string, lines: LineTable): void {
    this.documents.set(uri, lines);
  }

  has(uri: string): boolean {
    return this.documents.has(uri);
  }

  text(uri: string): string | undefined {
    return this.documents.get(uri)?.text;
  }

  range(uri: string, offset: number, length: number): Range {
    const document = this.documents.get(uri);
    if (!document) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    return document.rangeOf(offset, length);
  }

  nodeRange(node: JsonNode): Range {
    return this.range(node.uri, node.offset, node.length);
  }
}

export interface Related {
  node: JsonNode;
  message: string;
}

export interface DiagnosticOptions {
  data?: unknown;
  related?: Related[];
}

/** The longest message a diagnostic carries: a value quoted from a hostile file may be megabytes. */
export const MAX_MESSAGE_LENGTH = 2000;

export function capMessage(message: string): string {
  return message.length <= MAX_MESSAGE_LENGTH ? message : `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}

/** Collects diagnostics per file while a site is checked. */
export class DiagnosticSink {
  private readonly byFile = new Map<string, Diagnostic[]>();

  constructor(readonly sources: SourceFiles) {}

  atNode(code: DiagnosticCode, node: JsonNode, message: string, options: DiagnosticOptions = {}): void {
    this.at(code, node.uri, this.sources.nodeRange(node), message, options);
  }

  atOffset(code: DiagnosticCode, uri: string, offset: number, length: number, message: string, options: DiagnosticOptions = {}): void {
    this.at(code, uri, this.sources.range(uri, offset, length), message, options);
  }

  at(code: DiagnosticCode, uri: string, range: Range, message: string, options: DiagnosticOptions = {}): void {
    const diagnostic: Diagnostic = {
      range,
      severity: severityValue[diagnosticCodes[code].severity],
      code,
      codeDescription: { href: codeHref(code) },
      source: DIAGNOSTIC_SOURCE,
      message: capMessage(message),
    };
    if (options.data !== undefined) diagnostic.data = options.data;
    if (options.related?.length) {
      diagnostic.relatedInformation = options.related.map((related): DiagnosticRelatedInformation => ({
        location: { uri: related.node.uri, range: this.sources.nodeRange(related.node) },
        message: related.message,
      }));
    }
    let list = this.byFile.get(uri);
    if (!list) this.byFile.set(uri, (list = []));
    list.push(diagnostic);
  }

  /** Makes sure a file appears in the result even when it has no diagnostics (it was checked). */
  touch(uri: string): void {
    if (!this.byFile.has(uri)) this.byFile.set(uri, []);
  }

  result(): Map<string, Diagnostic[]> {
    return this.byFile;
  }
}
