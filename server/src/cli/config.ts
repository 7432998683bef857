import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { isDiagnosticCode, severitySettings, type LanguageServiceSettings, type SeveritySetting } from '../service';

export const CONFIG_FILE = '.docsmithrc.json';

/** A mistake in how docsmith was called (exit 2). Recognised by name: each CLI bundle has its own copy of the class. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function isUsageError(error: unknown): error is UsageError {
  return error instanceof Error && error.name === 'UsageError';
}

/**
 * Reads the CLI's settings: `--config FILE`, else `.docsmithrc.json` in the checked folder. The same
 * settings as VS Code's `docsmith.*`: `{"diagnostics": {"nav/orphan-page": "off"}, "orphans": true}`.
 */
/** The CLI's settings: the editor's, plus `ignore` (globs of files whose findings are not reported). */
export interface CliSettings extends LanguageServiceSettings {
  ignore?: string[];
}

export async function loadConfig(dir: string, explicit: string | undefined, warn: (message: string) => void): Promise<CliSettings> {
  const path = explicit ?? join(dir, CONFIG_FILE);
  let text: string;
  try {
    text = await fs.readFile(path, 'utf8');
  } catch (error) {
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`cannot read the config file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`the config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`the config file ${path} must hold a JSON object.`);
  const { diagnostics, orphans, ignore, ...rest } = raw as Record<string, unknown>;
  for (const key of Object.keys(rest)) warn(`${path}: unknown setting "${key}" (known: diagnostics, orphans, ignore).`);
  const settings: CliSettings = {};
  if (ignore !== undefined) {
    if (!Array.isArray(ignore) || !ignore.every((glob) => typeof glob === 'string' && glob.trim()))
      throw new UsageError(`${path}: "ignore" must be a list of globs, such as ["legacy/**", "api-reference/old-*.mdx"].`);
    settings.ignore = ignore as string[];
  }
  if (orphans !== undefined) {
    if (typeof orphans !== 'boolean') throw new UsageError(`${path}: "orphans" must be true or false.`);
    settings.orphans = orphans;
  }
  if (diagnostics !== undefined) {
    if (!diagnostics || typeof diagnostics !== 'object') throw new UsageError(`${path}: "diagnostics" must map codes to severities.`);
    settings.diagnostics = {};
    for (const [code, severity] of Object.entries(diagnostics)) {
      if (!isDiagnosticCode(code)) warn(`${path}: unknown diagnostic code "${code}"; see docs/diagnostics.md.`);
      else if (!severitySettings.includes(severity as SeveritySetting))
        throw new UsageError(`${path}: "${code}" must be one of ${severitySettings.join(', ')}.`);
      else settings.diagnostics[code] = severity as SeveritySetting;
    }
  }
  return settings;
}
