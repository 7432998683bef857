import type { LanguageServiceSettings } from '../service';

/** `docsmith.*` client settings as the server receives them (workspace/configuration or initializationOptions). */
export interface ClientSettings {
  diagnostics?: Record<string, string>;
  orphans?: boolean;
  rename?: { redirects?: string };
  renameRedirects?: string;
}

export type RenameRedirects = 'ask' | 'always' | 'never';

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
    result.diagnostics = { ...settings.diagnostics } as LanguageServiceSettings['diagnostics'];
  return result;
}
