import { join } from 'node:path';
import { codeDidYouMean, isDiagnosticCode, severitySettings, type LanguageServiceSettings, type SeveritySetting } from '../service';
import { parseLocalJson, readLocalFile } from './localFiles';
import { UsageError } from './usageError';

export { isUsageError, UsageError } from './usageError';

export const CONFIG_FILE = '.docsmithrc.json';
/** A config file is a few lines: anything this large is not one. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** The `**` a glob of `ignore` may hold: gitignore matching backtracks over each one (six take 0.4 s on a path 40 folders deep). */
const MAX_GLOBSTARS = 3;

/**
 * Reads the CLI's settings: `--config FILE`, else `.docsmithrc.json` in the checked folder (a regular
 * file, not a link out of the folder). The same settings as VS Code's `docsmith.*`:
 * `{"diagnostics": {"nav/orphan-page": "off"}, "orphans": true}`.
 */
/** The CLI's settings: the editor's, plus `ignore` (globs of files whose findings are not reported). */
export interface CliSettings extends LanguageServiceSettings {
  ignore?: string[];
}

export async function loadConfig(dir: string, explicit: string | undefined, warn: (message: string) => void): Promise<CliSettings> {
  const path = explicit ?? join(dir, CONFIG_FILE);
  const text = readLocalFile(path, 'config file', MAX_CONFIG_BYTES, explicit === undefined ? dir : undefined);
  if (text === undefined) {
    if (!explicit) return {};
    throw new UsageError(`cannot read the config file ${path} (ENOENT).`);
  }
  const raw = parseLocalJson(text, path, 'config file');
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new UsageError(`the config file ${path} must hold a JSON object.`);
  const { diagnostics, orphans, ignore, ...rest } = raw as Record<string, unknown>;
  for (const key of Object.keys(rest)) warn(`${path}: unknown setting "${key}" (known: diagnostics, orphans, ignore).`);
  const settings: CliSettings = {};
  if (ignore !== undefined) {
    if (!Array.isArray(ignore) || !ignore.every((glob) => typeof glob === 'string' && glob.trim()))
      throw new UsageError(`${path}: "ignore" must be a list of globs, such as ["legacy/**", "api-reference/old-*.mdx"].`);
    for (const glob of ignore as string[]) {
      const globstars = glob.split('**').length - 1;
      if (globstars > MAX_GLOBSTARS)
        throw new UsageError(
          `${path}: the "ignore" glob "${glob}" has ${globstars} "**"; at most ${MAX_GLOBSTARS} are allowed (each one more makes matching a deep path several times slower: 16 take minutes). One "**" is usually enough: "legacy/**".`,
        );
    }
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
      if (!isDiagnosticCode(code)) warn(`${path}: unknown diagnostic code "${code}"; see docs/diagnostics.md.${codeDidYouMean(code)}`);
      else if (!severitySettings.includes(severity as SeveritySetting))
        throw new UsageError(`${path}: "${code}" must be one of ${severitySettings.join(', ')}.`);
      else settings.diagnostics[code] = severity as SeveritySetting;
    }
  }
  return settings;
}
