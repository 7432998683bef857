// Bundles the extension-host suite to dist-test/suite/index.js (vscode is provided by the editor).
import * as esbuild from 'esbuild';

await esbuild.build({
  entryPoints: ['test/vscode/suite/index.ts'],
  outfile: 'dist-test/suite/index.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['vscode', 'mocha'],
  mainFields: ['module', 'main'],
  sourcemap: true,
  logLevel: 'warning',
});
