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

/**
 * The MDX reference parser (remark with its MDX, GFM, front matter and math extensions, and the
 * acorn they parse expressions with: 0.7 MB of the 1.9 MB CLI) is its own bundle, loaded the first
 * time a page needs it. The fast scanner vouches for most pages, and for every page of many sites
 * (35 of the 80 real sites of the test corpus), whose check then never parses that code: about 25 ms
 * of a cold `docsmith check`. The service's source is unchanged (it imports the parser as usual, and
 * the tests run it so); only these bundles see a stand-in that requires the parser's bundle by path.
 */
export const lazyMdxReference = {
  name: 'lazy-mdx-reference',
  setup(build) {
    build.onResolve({ filter: /\/mdxReference$/ }, () => ({ path: 'mdxReference', namespace: 'lazy-mdx-reference' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-mdx-reference' }, () => ({
      loader: 'js',
      resolveDir: '.',
      contents: `
        import { join } from 'node:path';
        let reference;
        function load() {
          const path = join(__dirname, '${MDX_REFERENCE_BUNDLE}.js');
          try {
            return (reference ??= require(path));
          } catch (error) {
            const why = error.code === 'MODULE_NOT_FOUND' ? 'the file is missing' : String(error.message).split('\\n')[0];
            throw new Error('Docsmith cannot load its MDX parser, ' + path + ' (' + why + '): reinstall Docsmith.');
          }
        }
        export function parseMdx(text) {
          return load().parseMdx(text);
        }
      `,
    }));
  },
};
