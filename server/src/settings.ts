import type { LanguageServiceSettings } from './service/settings';

/** `docsmith.*` client settings as the server receives them (workspace/configuration or initializationOptions). */
export interface ClientSettings {
  diagnostics?: Record<string, string>;
  orphans?: boolean;
}

export function toServiceSettings(raw: unknown): LanguageServiceSettings {
  const settings = (raw && typeof raw === 'object' ? raw : {}) as ClientSettings;
  const result: LanguageServiceSettings = {};
  if (typeof settings.orphans === 'boolean') result.orphans = settings.orphans;
  if (settings.diagnostics && typeof settings.diagnostics === 'object') result.diagnostics = { ...settings.diagnostics } as LanguageServiceSettings['diagnostics'];
  return result;
}
