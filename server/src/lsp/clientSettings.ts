import type { LanguageServiceSettings } from '../service';
import type { ClientSettings } from './protocol';

export type { ClientSettings };

export type RenameRedirects = 'ask' | 'always' | 'never';

/** `docsmith.diagnostics.scope`: the problems of open files only, or of every file of the workspace's docs sites. */
export type DiagnosticsScope = 'openFiles' | 'workspace';

export function toDiagnosticsScope(raw: unknown): DiagnosticsScope {
  const settings = (raw && typeof raw === 'object' ? raw : {}) as ClientSettings;
  return (settings.diagnosticsScope ?? settings.diagnostics?.scope) === 'openFiles' ? 'openFiles' : 'workspace';
}

/** `docsmith.rename.redirects`: whether a rename adds a redirect from the old path. */
export function toRenameRedirects(raw: unknown): RenameRedirects {
  const settings = (raw && typeof raw === 'object' ? raw : {}) as ClientSettings;
  const value = settings.renameRedirects ?? settings.rename?.redirects;
  return value === 'always' || value === 'never' ? value : 'ask';
}

export function toServiceSettings(raw: unknown): LanguageServiceSettings {
  const settings = (raw && typeof raw === 'object' ? raw : {}) as ClientSettings;
  const result: LanguageServiceSettings = {};
  if (typeof settings.orphans === 'boolean') result.orphans = settings.orphans;
  if (settings.diagnostics && typeof settings.diagnostics === 'object')
    result.diagnostics = Object.fromEntries(
      Object.entries(settings.diagnostics).filter(([code]) => code !== 'scope'),
    ) as LanguageServiceSettings['diagnostics'];
  return result;
}
