import * as esbuild from 'esbuild';

// Each suite is bundled to dist-test/<name>/index.js; vscode is provided by the editor.
await Promise.all(
  ['suite', 'untrusted'].map((name) =>
    esbuild.build({
      entryPoints: [`test/vscode/${name}/index.ts`],
      outfile: `dist-test/${name}/index.js`,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode', 'mocha'],
      mainFields: ['module', 'main'],
      sourcemap: true,
      logLevel: 'warning',
    }),
  ),
);
