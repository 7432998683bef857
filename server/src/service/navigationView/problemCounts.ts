import { DiagnosticSeverity, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { NavigationNode } from '../docsJson/navigation';
import type { JsonNode } from '../json/jsonTree';
import type { SiteState } from '../session/siteState';
import { resolvePageId } from '../site/siteFiles';
import { joinUri } from '../uri';

interface Counts {
  errors: number;
  warnings: number;
}

/**
 * The errors and warnings of navigation nodes: the findings of the configuration files written on the
 * node (a missing page's, a duplicate's), and the known diagnostics of the pages under it (the pages
 * the service has checked: all of them once a workspace check has run, the open ones otherwise).
 */
export class ProblemCounter {
  /** Per configuration file, the start offsets of its errors and warnings, sorted, each with its severity. */
  private readonly starts = new Map<string, { offset: number; error: boolean }[]>();

  constructor(
    private readonly state: SiteState,
    private readonly knownDiagnostics: (uri: string) => Diagnostic[] | undefined,
  ) {
    for (const [uri, diagnostics] of state.configDiagnostics) {
      const lines = state.configDocuments.get(uri)?.lines;
      if (!lines) continue;
      const starts = diagnostics
        .filter((diagnostic) => isProblem(diagnostic))
        .map((diagnostic) => ({ offset: lines.offsetAt(diagnostic.range.start), error: diagnostic.severity === DiagnosticSeverity.Error }))
        .sort((a, b) => a.offset - b.offset);
      this.starts.set(uri, starts);
    }
  }

  /** Where a node is written, as a range of the file that holds it. */
  locationOf(node: JsonNode): { uri: string; range: Range } | undefined {
    const lines = this.state.configDocuments.get(node.uri)?.lines;
    return lines && node.offset >= 0 ? { uri: node.uri, range: lines.rangeOf(node.offset, node.length) } : undefined;
  }

  /** The problems of a node and everything under it. */
  ofNode(node: NavigationNode): Counts {
    const counts = this.inRange(node.node);
    const pages: string[] = [];
    const visit = (below: NavigationNode) => {
      if (below.page) {
        const uri = this.pageUri(below.page.page.id);
        if (uri) pages.push(uri);
      }
      below.children.forEach(visit);
    };
    visit(node);
    const ofPages = this.ofFiles(pages);
    return { errors: counts.errors + ofPages.errors, warnings: counts.warnings + ofPages.warnings };
  }

  /** The known problems of these files (each counted once). */
  ofFiles(uris: readonly string[]): Counts {
    const counts = { errors: 0, warnings: 0 };
    for (const uri of new Set(uris))
      for (const diagnostic of this.knownDiagnostics(uri) ?? []) {
        if (!isProblem(diagnostic)) continue;
        if (diagnostic.severity === DiagnosticSeverity.Error) counts.errors++;
        else counts.warnings++;
      }
    return counts;
  }

  private pageUri(id: string): string | undefined {
    const files = this.state.context?.files;
    const resolved = files && resolvePageId(files.pages, id);
    return resolved === undefined ? undefined : joinUri(this.state.rootUri, files!.pages.get(resolved)!);
  }

  /** The configuration findings that start inside a node's text. */
  private inRange(node: JsonNode): Counts {
    const starts = this.starts.get(node.uri) ?? [];
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle].offset < node.offset) low = middle + 1;
      else high = middle;
    }
    const counts = { errors: 0, warnings: 0 };
    for (let at = low; at < starts.length && starts[at].offset < node.offset + Math.max(node.length, 1); at++)
      if (starts[at].error) counts.errors++;
      else counts.warnings++;
    return counts;
  }
}

function isProblem(diagnostic: Diagnostic): boolean {
  return diagnostic.severity === DiagnosticSeverity.Error || diagnostic.severity === DiagnosticSeverity.Warning;
}
