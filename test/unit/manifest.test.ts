import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { diagnosticSettings } from '../../scripts/syncManifest';

const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8'));

test('package.json has a docsmith.diagnostics.<code> setting for every code (node --import tsx scripts/syncManifest.ts)', () => {
  const section = manifest.contributes.configuration.find((s: { id: string }) => s.id === 'docsmith.diagnostics');
  assert.deepEqual(section.properties, diagnosticSettings());
});

test('the manifest names the three bundles and the CLI, and VS Code 1.90 as the minimum', () => {
  assert.equal(manifest.main, './dist/extension.js');
  assert.deepEqual(manifest.bin, { docsmith: 'dist/cli.js' });
  assert.equal(manifest.engines.vscode, '^1.90.0');
  assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
});

test("package.json's default base URL is the export client's", async () => {
  const { DEFAULT_BASE_URL } = await import('../../server/src/analytics');
  const analytics = manifest.contributes.configuration.flatMap((s: { properties: Record<string, { default?: unknown }> }) =>
    Object.entries(s.properties ?? {}),
  );
  assert.equal(Object.fromEntries(analytics)['docsmith.analytics.baseUrl'].default, DEFAULT_BASE_URL);
});
