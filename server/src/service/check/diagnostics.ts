import { DiagnosticSeverity, type Diagnostic, type DiagnosticRelatedInformation, type Range } from 'vscode-languageserver-types';
import { codeHref, DIAGNOSTIC_SOURCE, diagnosticCodes, type DiagnosticCode, type Severity } from './diagnosticCodes';
import type { JsonNode } from '../json/jsonTree';
import { LineTable } from '../text/lineTable';
import { detached } from '../../common/text';

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
  /**
   * What the diagnostic is about, for an incremental update to take it back: the navigation entry a
   * rule checked, or the key of a group of entries (duplicates).
   */
  subject?: unknown;
}

/** The longest message a diagnostic carries: a value quoted from a hostile file may be megabytes. */
export const MAX_MESSAGE_LENGTH = 2000;

export function capMessage(message: string): string {
  return message.length <= MAX_MESSAGE_LENGTH ? message : `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…`;
}

/** One diagnostic as reported, with what its range is read from. */
interface DiagnosticRecord {
  uri: string;
  diagnostic: Diagnostic;
  /** The node it points at (its offsets follow an edit applied in place), or fixed offsets. */
  node?: JsonNode;
  offset?: number;
  length?: number;
  related?: Related[];
  subject?: unknown;
}

/** Collects diagnostics per file while a site is checked. */
export class DiagnosticSink {
  private readonly records: DiagnosticRecord[] = [];
  private readonly files = new Set<string>();
  private rendered: Map<string, Diagnostic[]> | undefined;

  constructor(readonly sources: SourceFiles) {}

  atNode(code: DiagnosticCode, node: JsonNode, message: string, options: DiagnosticOptions = {}): void {
    this.add({ uri: node.uri, node, diagnostic: this.diagnostic(code, this.sources.nodeRange(node), message, options) }, options);
  }

  atOffset(code: DiagnosticCode, uri: string, offset: number, length: number, message: string, options: DiagnosticOptions = {}): void {
    this.add(
      { uri, offset, length, diagnostic: this.diagnostic(code, this.sources.range(uri, offset, length), message, options) },
      options,
    );
  }

  private add(record: DiagnosticRecord, options: DiagnosticOptions): void {
    if (options.related?.length) record.related = options.related;
    if (options.subject !== undefined) record.subject = options.subject;
    this.records.push(record);
    this.files.add(record.uri);
    this.rendered = undefined;
  }

  private diagnostic(code: DiagnosticCode, range: Range, message: string, options: DiagnosticOptions): Diagnostic {
    const diagnostic = makeDiagnostic(code, range, message, options.data);
    if (options.related?.length) diagnostic.relatedInformation = this.relatedInformation(options.related);
    return diagnostic;
  }

  private relatedInformation(related: Related[]): DiagnosticRelatedInformation[] {
    return related.map((entry) => ({
      location: { uri: entry.node.uri, range: this.sources.nodeRange(entry.node) },
      message: entry.message,
    }));
  }

  /** Makes sure a file appears in the result even when it has no diagnostics (it was checked). */
  touch(uri: string): void {
    this.files.add(uri);
    this.rendered = undefined;
  }

  /**
   * Whether a diagnostic that no incremental update reports again (one without a subject: a schema
   * problem, whose message may name the place by its index, `pages[2]`) points into `[start, end)` of a file.
   */
  hasFixedWithin(uri: string, start: number, end: number): boolean {
    return this.records.some((record) => {
      if (record.uri !== uri || record.subject !== undefined) return false;
      const at = record.node ? record.node.offset : (record.offset ?? 0);
      return at >= start && at < end;
    });
  }

  /** Takes back the diagnostics about these subjects (an incremental update reports them again). */
  forget(subjects: ReadonlySet<unknown>): void {
    let kept = 0;
    for (const record of this.records) if (record.subject === undefined || !subjects.has(record.subject)) this.records[kept++] = record;
    this.records.length = kept;
    this.rendered = undefined;
  }

  /**
   * A file's text changed inside one line, `delta` characters from `offset` on, and its nodes were
   * moved in place: every range in it is read again (fixed offsets after the edit move too).
   */
  edited(uri: string, offset: number, delta: number): void {
    for (const record of this.records) {
      if (record.uri !== uri && !record.related?.some((entry) => entry.node.uri === uri)) continue;
      if (record.offset !== undefined && record.offset > offset) record.offset += delta;
      const range = record.node
        ? this.sources.nodeRange(record.node)
        : this.sources.range(record.uri, record.offset ?? 0, record.length ?? 0);
      record.diagnostic = { ...record.diagnostic, range };
      if (record.related) record.diagnostic.relatedInformation = this.relatedInformation(record.related);
    }
    this.rendered = undefined;
  }

  result(): Map<string, Diagnostic[]> {
    if (this.rendered) return this.rendered;
    const byFile = new Map<string, Diagnostic[]>();
    for (const uri of this.files) byFile.set(uri, []);
    for (const record of this.records) byFile.get(record.uri)!.push(record.diagnostic);
    return (this.rendered = byFile);
  }
}

/** A diagnostic of this code at a range, with its severity, link to the docs and fix data. */
export function makeDiagnostic(code: DiagnosticCode, range: Range, message: string, data?: unknown): Diagnostic {
  const diagnostic: Diagnostic = {
    range,
    severity: severityValue[diagnosticCodes[code].severity],
    code,
    codeDescription: { href: codeHref(code) },
    source: DIAGNOSTIC_SOURCE,
    // Findings outlive their page: copies, not slices that would keep its text alive.
    message: detached(capMessage(message)),
  };
  if (data !== undefined) diagnostic.data = detachedStrings(data);
  return diagnostic;
}

/** A fix's data with its strings copied (they are often pieces of a page's text). */
function detachedStrings(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return detached(value);
  if (depth > 4 || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => detachedStrings(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, detachedStrings(item, depth + 1)]));
}

/** The diagnostic shown when Docsmith itself fails on a file: a visible problem, never silence. */
export function internalErrorDiagnostic(error: unknown): Diagnostic {
  const code = 'site/internal-error';
  return {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: severityValue[diagnosticCodes[code].severity],
    code,
    codeDescription: { href: codeHref(code) },
    source: DIAGNOSTIC_SOURCE,
    message: capMessage(
      `Docsmith could not check this file (${error instanceof Error ? error.message : String(error)}). ` +
        `Please report it, with the file if you can; the Docsmith output channel has the details.`,
    ),
  };
}
