// esbuild plugins of the node bundles (esbuild.mjs): what each bundle holds, and what it loads later.

/**
 * One copy of acorn per bundle. The service imports acorn (its ES module build, by `mainFields`) and
 * acorn-jsx requires it (its CommonJS build, by the `require` condition of acorn's exports): without
 * this, each bundle held both, 0.2 MB of code parsed at every start and never run.
 */
export const oneAcorn = {
  name: 'one-acorn',
  setup(build) {
    build.onResolve({ filter: /^acorn$/ }, (args) => {
      if (args.kind !== 'require-call' || args.pluginData?.oneAcorn) return undefined;
      return build.resolve(args.path, {
        kind: 'import-statement',
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: { oneAcorn: true },
      });
    });
  },
};

/** The bundle of the MDX reference parser, beside the bundles that load it. */
export const MDX_REFERENCE_BUNDLE = 'mdx-reference';
/** The bundle of the English word list that spelling correction consults, beside the bundles that load it. */
export const ENGLISH_WORDS_BUNDLE = 'english-words';
/** The bundle of other languages' function words, beside the bundles that load it. */
export const STOPWORDS_BUNDLE = 'stopwords';
/** The bundle that applies OpenAPI Overlays (a JSONPath engine and a linear-time regular expression engine). */
export const OVERLAYS_BUNDLE = 'openapi-overlays';

/**
 * A module of the service built as a bundle of its own and loaded the first time one of its functions
 * is called. The service's source is unchanged (it imports the module as usual, and the tests run it
 * so); only the bundles that use it see a stand-in that requires the module's bundle by path.
 */
function lazyBundle({ name, module, bundle, exports, what }) {
  return {
    name,
    setup(build) {
      build.onResolve({ filter: new RegExp(`/${module}$`) }, () => ({ path: module, namespace: name }));
      build.onLoad({ filter: /.*/, namespace: name }, () => ({
        loader: 'js',
        resolveDir: '.',
        contents: `
          import { join } from 'node:path';
          let loaded;
          function load() {
            const path = join(__dirname, '${bundle}.js');
            try {
              return (loaded ??= require(path));
            } catch (error) {
              const why = error.code === 'MODULE_NOT_FOUND' ? 'the file is missing' : String(error.message).split('\\n')[0];
              throw new Error('Docsmith cannot load ${what}, ' + path + ' (' + why + '): reinstall Docsmith.');
            }
          }
          ${exports.map((fn) => `export function ${fn}(...args) { return load().${fn}(...args); }`).join('\n')}
        `,
      }));
    },
  };
}

/**
 * The MDX reference parser (remark with its MDX, GFM, front matter and math extensions, and the
 * acorn they parse expressions with: 0.7 MB of the 1.9 MB CLI) is its own bundle, loaded the first
 * time a page needs it. The fast scanner vouches for most pages, and for every page of many sites
 * (35 of the 80 real sites of the test corpus), whose check then never parses that code: about 25 ms
 * of a cold `docsmith check`.
 */
export const lazyMdxReference = lazyBundle({
  name: 'lazy-mdx-reference',
  module: 'mdxReference',
  bundle: MDX_REFERENCE_BUNDLE,
  exports: ['parseMdx'],
  what: 'its MDX parser',
});

/**
 * The English word list (0.7 MB) is its own bundle, loaded the first time a question holds a word the
 * site does not use that could be a typo of one it does: the gap clusters, in the CLI, the view and
 * its worker, load it then, and nothing else ever does.
 */
export const lazyEnglishWords = lazyBundle({
  name: 'lazy-english-words',
  module: 'englishWords',
  bundle: ENGLISH_WORDS_BUNDLE,
  exports: ['isEnglishWord'],
  what: 'its English word list',
});

/**
 * Other languages' function words (0.2 MB) are a bundle of their own, loaded the first time the gap
 * clusters read the questions of a site whose navigation lists a language other than English.
 */
export const lazyStopwords = lazyBundle({
  name: 'lazy-stopwords',
  module: 'otherStopwords',
  bundle: STOPWORDS_BUNDLE,
  exports: ['stopwordsOf'],
  what: 'its lists of function words',
});

/**
 * Applying OpenAPI Overlays (JSONPath queries, RE2 for their regular expressions: about 0.4 MB) is its
 * own bundle, loaded the first time a spec of a site has an overlay, which few sites have.
 */
export const lazyOverlays = lazyBundle({
  name: 'lazy-overlays',
  module: 'overlayApply',
  bundle: OVERLAYS_BUNDLE,
  exports: ['applyOverlays'],
  what: 'its OpenAPI Overlay engine',
});
