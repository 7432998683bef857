import type { Diagnostic } from 'vscode-languageserver-types';
import { diagnosticCodes, type DiagnosticCode, type Severity } from './check/diagnosticCodes';
import { severityValue } from './check/diagnostics';
import { closest, didYouMean } from './check/suggest';

export type SeveritySetting = Severity | 'off';

export interface LanguageServiceSettings {
  /** Per-code severity overrides (`"nav/orphan-page": "off"`). Unknown codes are ignored. */
  diagnostics?: Partial<Record<string, SeveritySetting>>;
  /** Report page files that no navigation entry reaches. Default true. */
  orphans?: boolean;
}

export const severitySettings: readonly SeveritySetting[] = ['off', 'hint', 'info', 'warning', 'error'];

export function isDiagnosticCode(code: string): code is DiagnosticCode {
  return Object.prototype.hasOwnProperty.call(diagnosticCodes, code);
}

/** For a code that is none of Docsmith's (`links/anchor-not-fond`): ` Did you mean "links/anchor-not-found"?`, or '' when none is close. */
export function codeDidYouMean(code: string): string {
  return didYouMean(closest(code, Object.keys(diagnosticCodes)), '"');
}

/** The severity a code is reported with, or 'off'. */
export function effectiveSeverity(settings: LanguageServiceSettings, code: DiagnosticCode): SeveritySetting {
  if (code === 'nav/orphan-page' && settings.orphans === false) return 'off';
  const override = settings.diagnostics?.[code];
  return override && severitySettings.includes(override) ? override : diagnosticCodes[code].severity;
}

/** Diagnostics with the user's severities applied; codes turned off are dropped. */
export function applySeverities(diagnostics: Diagnostic[], settings: LanguageServiceSettings): Diagnostic[] {
  const kept: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const code = String(diagnostic.code);
    const severity = isDiagnosticCode(code) ? effectiveSeverity(settings, code) : undefined;
    if (severity === 'off') continue;
    kept.push(severity ? { ...diagnostic, severity: severityValue[severity] } : diagnostic);
  }
  return kept;
}
