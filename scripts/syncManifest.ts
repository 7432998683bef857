// Writes the `docsmith.diagnostics.<code>` settings of package.json from server/src/service/check/diagnosticCodes.ts,
// so the Settings UI lists every code with its default. Run: node --import tsx scripts/syncManifest.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { diagnosticCodes } from '../server/src/service/check/diagnosticCodes';

export function diagnosticSettings(): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [code, info] of Object.entries(diagnosticCodes)) {
    settings[`docsmith.diagnostics.${code}`] = {
      type: 'string',
      enum: ['default', 'off', 'hint', 'info', 'warning', 'error'],
      default: 'default',
      markdownDescription: `${info.summary} Default: \`${info.severity}\`. See [${code}](https://github.com/docsmith/docsmith/blob/main/docs/diagnostics.md#${code.replace('/', '')}).`,
      scope: 'resource',
    };
  }
  return settings;
}

if (process.argv[1]?.endsWith('syncManifest.ts')) {
  const path = resolve(__dirname, '../package.json');
  const manifest = JSON.parse(readFileSync(path, 'utf8'));
  const configuration = manifest.contributes.configuration;
  const diagnostics = configuration.find((section: { id?: string }) => section.id === 'docsmith.diagnostics');
  diagnostics.properties = diagnosticSettings();
  writeFileSync(path, JSON.stringify(manifest, null, 2) + '\n');
}
