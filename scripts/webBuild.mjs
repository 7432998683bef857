// The browser build's esbuild options (github.dev, vscode.dev): the web extension and its language
// server for a Web Worker, from the same sources as the node bundles. Shared by esbuild.mjs and the
// test that checks what the bundles hold (test/unit/webBundles.test.ts).
import { oneAcorn } from './bundlePlugins.mjs';

/** Node's built-in modules, which neither web bundle may import. */
export const NODE_BUILTINS = [
  'fs',
  'path',
  'child_process',
  'worker_threads',
  'os',
  'net',
  'crypto',
  'stream',
  'http',
  'https',
  'url',
  'util',
  'buffer',
  'timers',
  'zlib',
  'events',
  'module',
  'process',
  'tty',
  'readline',
];

/**
 * Sizes the web bundles may reach (bytes, unminified as `npm run build` writes them): the server holds
 * the MDX reference parser, the OpenAPI Overlays engine and the gap clusters' word lists in the one
 * file (a Web Worker cannot load a file of its own synchronously, as the node bundles do).
 */
export const WEB_BUDGETS = { 'web/server.js': 5e6, 'web/extension.js': 1.1e6 };

/** The two web bundles' esbuild options, written under `outdir`. */
export function webContexts({ outdir, production = false }) {
  const web = {
    bundle: true,
    platform: 'browser',
    target: 'es2022',
    sourcemap: !production,
    minify: production,
    mainFields: ['browser', 'module', 'main'],
    // Both bundles run in workers: no DOM (decode-named-character-reference's `browser` build needs `document`).
    conditions: ['worker', 'browser'],
    logLevel: 'warning',
    plugins: [oneAcorn],
    // No Node here: a stray `process.env` reads as an empty environment.
    define: { 'process.env': '{}' },
  };
  return [
    // The language server, run in a Web Worker that the web extension starts.
    { ...web, format: 'iife', entryPoints: { 'web/server': 'server/src/browserMain.ts' }, outdir },
    // The web extension: loaded by VS Code's web worker extension host (`vscode` is provided there).
    { ...web, format: 'cjs', entryPoints: { 'web/extension': 'client/src/web/browserExtension.ts' }, outdir, external: ['vscode'] },
  ];
}
