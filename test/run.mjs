// Runs every suite with node's test runner (TypeScript through tsx). Usage: node test/run.mjs [folder or file...]
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compileSchemas } from '../scripts/compileSchemas.mjs';

compileSchemas();

const folders = process.argv.slice(2).length
  ? process.argv.slice(2)
  : [
      'test/unit',
      'test/features',
      'test/property',
      'test/analytics',
      'test/cli',
      'test/lsp',
      'test/corpus',
      'test/differential',
      'test/e2e',
    ];
const files = folders.flatMap((folder) => {
  if (!existsSync(folder)) return [];
  if (statSync(folder).isFile()) return [folder];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => join(folder, name));
});
if (files.length === 0) {
  console.error('no test files found in', folders.join(', '));
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
