// One build for every bundle: the VS Code client (vscode external) and the node-only server and CLI.
import * as esbuild from 'esbuild';
import { compileSchemas } from './scripts/compileSchemas.mjs';
import { WEB_BUDGETS, webContexts } from './scripts/webBuild.mjs';
import { writeNotices } from './scripts/notices.mjs';
import {
  ENGLISH_WORDS_BUNDLE,
  lazyEnglishWords,
  lazyMdxReference,
  lazyOverlays,
  lazyStopwords,
  MDX_REFERENCE_BUNDLE,
  oneAcorn,
  OVERLAYS_BUNDLE,
  STOPWORDS_BUNDLE,
} from './scripts/bundlePlugins.mjs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
// --outdir=DIR builds elsewhere (npm run package stages the .vsix without touching dist/).
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) ?? 'dist';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  // jsonc-parser's UMD build breaks bundles: prefer the ESM entry points.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
  plugins: [oneAcorn],
};
/** A bundle that holds the gap clusters: the English word list is loaded from a bundle of its own when needed. */
const clustering = { ...common, plugins: [oneAcorn, lazyEnglishWords, lazyStopwords] };
/** A bundle that holds the language service (and the gap clusters): the MDX reference parser and the overlay engine are loaded the same way. */
const service = { ...clustering, plugins: [...clustering.plugins, lazyMdxReference, lazyOverlays] };

compileSchemas();

const contexts = [
  // The server and the CLI: plain node, everything bundled.
  { ...service, entryPoints: { server: 'server/src/main.ts' }, outdir },
  { ...service, entryPoints: { cli: 'server/src/cli/main.ts' }, outdir, banner: { js: '#!/usr/bin/env node' } },
  // gaps and mock-server, loaded by dist/cli.js only when they run.
  { ...service, entryPoints: { 'cli-gaps': 'server/src/cli/gapsEntry.ts' }, outdir },
  // The language server's parser worker (the MDX reference parser with a deadline), started the first time a page needs it.
  { ...common, plugins: [oneAcorn, lazyMdxReference], entryPoints: { parserWorker: 'server/src/parserWorker/worker.ts' }, outdir },
  // The MDX reference parser, loaded by the three above the first time a page needs it.
  { ...common, entryPoints: { [MDX_REFERENCE_BUNDLE]: 'server/src/service/mdx/mdxReference.ts' }, outdir },
  // The English word list of spelling correction, loaded by the gap clusters the first time they need it.
  { ...common, entryPoints: { [ENGLISH_WORDS_BUNDLE]: 'server/src/analytics/gaps/englishWords.ts' }, outdir },
  // Other languages' function words, loaded by the gap clusters for a site that lists such a language.
  { ...common, entryPoints: { [STOPWORDS_BUNDLE]: 'server/src/analytics/gaps/otherStopwords.ts' }, outdir },
  // Applying OpenAPI Overlays: loaded by the service bundles the first time a spec has one.
  { ...common, entryPoints: { [OVERLAYS_BUNDLE]: 'server/src/service/openapi/overlayApply.ts' }, outdir },
  // The gap worker (indexes a site and clusters off the calling thread), started by `docsmith gaps` and the server.
  { ...service, entryPoints: { gapWorker: 'server/src/gapWorker/worker.ts' }, outdir },
  // The VS Code client: `vscode` is provided by the editor.
  { ...clustering, entryPoints: { extension: 'client/src/extension.ts' }, outdir, external: ['vscode'] },
  // The browser build (package.json's `browser`): the web extension and its server's Web Worker.
  ...webContexts({ outdir, production }),
];

if (watch) {
  for (const options of contexts) await (await esbuild.context(options)).watch();
} else {
  const results = await Promise.all(contexts.map((options) => esbuild.build({ ...options, metafile: true })));
  // The licences of what the bundles hold, shipped beside them.
  writeNotices(
    results.map((result) => result.metafile),
    outdir,
  );
  // The browser build's sizes, beside their budgets (checked by test/unit/webBundles.test.ts).
  for (const result of results)
    for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
      const name = Object.keys(WEB_BUDGETS).find((budgeted) => file.endsWith(budgeted));
      if (name) console.log(`${name}: ${(bytes / 1e6).toFixed(2)} MB (budget ${(WEB_BUDGETS[name] / 1e6).toFixed(1)} MB)`);
    }
}
