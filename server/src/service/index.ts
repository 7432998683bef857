import type { Diagnostic } from 'vscode-languageserver-types';
import type { Cancellation } from './cancellation';
import type { DiagnosticCode } from './diagnosticCodes';
import { severityValue } from './diagnostics';
import { checkSite, type SiteCheckResult } from './checkSite';
import { SpecStore } from './openapi/specStore';
import { effectiveSeverity, isDiagnosticCode, type LanguageServiceSettings } from './settings';
import type { DocsWorkspace } from './workspace';

export interface LanguageServiceOptions {
  workspace: DocsWorkspace;
  settings?: LanguageServiceSettings;
}

export interface DocsLanguageService {
  /** Checks one docs root (the folder holding docs.json): docs.json, its `$ref` files and its pages. */
  checkSite(rootUri: string, token?: Cancellation): Promise<SiteCheckResult>;
  updateSettings(settings: LanguageServiceSettings): void;
}

/**
 * The pure language service: everything it knows comes through the injected workspace, so the LSP
 * server, the CLI and the tests all run the same checks.
 */
export function createLanguageService(options: LanguageServiceOptions): DocsLanguageService {
  let settings: LanguageServiceSettings = options.settings ?? {};
  const specs = new SpecStore(options.workspace);
  return {
    async checkSite(rootUri, token) {
      const result = await checkSite(rootUri, { workspace: options.workspace, specs, settings, token });
      return { ...result, diagnostics: applySeverities(result.diagnostics, settings) };
    },
    updateSettings(next) {
      settings = next;
    },
  };
}

function applySeverities(byFile: Map<string, Diagnostic[]>, settings: LanguageServiceSettings): Map<string, Diagnostic[]> {
  const result = new Map<string, Diagnostic[]>();
  for (const [uri, diagnostics] of byFile) {
    const kept: Diagnostic[] = [];
    for (const diagnostic of diagnostics) {
      const code = String(diagnostic.code);
      const severity = isDiagnosticCode(code) ? effectiveSeverity(settings, code as DiagnosticCode) : undefined;
      if (severity === 'off') continue;
      kept.push(severity ? { ...diagnostic, severity: severityValue[severity] } : diagnostic);
    }
    result.set(uri, kept);
  }
  return result;
}

export type { SiteCheckResult } from './checkSite';
export type { DocsWorkspace, FileStat, FileListing } from './workspace';
export { WorkspaceError } from './workspace';
export type { LanguageServiceSettings } from './settings';
