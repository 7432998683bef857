// ESLint: typescript-eslint's recommended rules, eslint-plugin-regexp (every regex is checked for
// super-linear backtracking, the ReDoS a hostile page or docs.json could trigger), and the layers:
// - outside server/src/service, only its public index (service/index.ts) may be imported, and the same
//   for gap review (server/src/analytics/index.ts);
// - the service imports no vscode, no file system, no network, and nothing of the layers above it;
// - only client/ imports vscode.
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

/** The packages the pure language service may import (parsers, LSP types, slugs): its allow-list. */
const SERVICE_PACKAGES = [
  // The platform's slugger's replacement tables (tsconfig.json `paths`: the packages do not export them).
  '#slug-replacements/slugify',
  '#slug-replacements/transliterate',
  'acorn',
  'acorn-jsx',
  'fastest-levenshtein',
  'ignore',
  'js-yaml',
  // js-yaml 3, as the platform reads front matter (frontMatter/parseFrontMatter.ts).
  'js-yaml-3',
  // RFC 9535 JSONPath, for OpenAPI Overlays (their own bundle), and the linear-time regular expressions they may use.
  'json-p3',
  're2js',
  'jsonc-parser',
  'mdast',
  'remark-frontmatter',
  'remark-gfm',
  'remark-math',
  'remark-mdx',
  'remark-parse',
  'unified',
  'vscode-languageserver-types',
  'vscode-uri',
  // The HTML filter the platform runs on docs.json's `variables` values (mdx/variables.ts).
  'xss',
];

/**
 * The folders (and root files) of the language service, from the top down: each imports only what is
 * below it (docs/architecture.md says what each holds). The API on top; the editor's features and
 * the site index; the session (site states, their readers' guard, the whole-site and per-page checks,
 * incremental updates); the rules; the models they read; the parsers and primitives at the bottom.
 */
export const SERVICE_LAYERS = [
  'index',
  'languageService',
  'navigationView',
  'editorFeatures',
  'siteIndex',
  'features',
  'session',
  'pages',
  'configRules',
  'links',
  'site',
  'documents',
  'docsJson',
  'frontMatter',
  'openapi',
  'settings',
  'check',
  'mdx',
  'json',
  'text',
  'cancellation',
  'uri',
  'workspace',
];

/** What every file of the service may not import: anything outside its allow-list, or above the service. */
const SERVICE_PATTERNS = [
  {
    // An allow-list: the packages the service may use. Anything else (a new package) is a
    // decision to take here, in sight of the rule, not in passing.
    regex: `^(?!\\.|(?:${SERVICE_PACKAGES.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$)`,
    message:
      'The language service is pure (no Node.js modules, vscode, file system or network) and uses only the packages listed in eslint.config.mjs (SERVICE_PACKAGES).',
  },
  {
    group: [
      '**/analytics/*',
      '**/cli/*',
      '**/lsp/*',
      '**/mock/*',
      '**/fsWorkspace',
      '**/openDocumentsWorkspace',
      '**/server',
      '**/client/**',
    ],
    message: 'The language service depends on nothing above it.',
  },
];

/** One configuration per layer of the service: its files may not import a layer above theirs. */
function serviceLayers() {
  // A file no layer names (a new folder not placed yet) still gets the service's own rules.
  const base = { files: ['server/src/service/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: SERVICE_PATTERNS }] } };
  return [
    base,
    ...SERVICE_LAYERS.map((layer, index) => {
      const above = SERVICE_LAYERS.slice(0, index);
      const files = [`server/src/service/${layer}.ts`, `server/src/service/${layer}/**/*.ts`];
      const patterns = above.length
        ? [
            ...SERVICE_PATTERNS,
            {
              // A relative path that climbs to the service's folder and goes into a higher layer.
              regex: `^(?:\\.\\.?/)+(?:${above.join('|')})(?:/|$)`,
              message: `${layer} is below ${above.at(-1)} in the service's layers (eslint.config.mjs SERVICE_LAYERS, docs/architecture.md): import only from the layers below it.`,
            },
          ]
        : SERVICE_PATTERNS;
      return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
    }),
  ];
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-test/**',
      'node_modules/**',
      '.e2e/**',
      '.oracle/**',
      '.tmp/**',
      'bench/.sites/**',
      'server/src/generated/**',
      'test-results/**',
      'test/corpus/sites/**',
      '*.vsix',
    ],
  },
  ...tseslint.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // `[A-Za-z]` says what it means; an `i` flag would change what the rest of the pattern matches.
      'regexp/use-ignore-case': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['client/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/service/*'], message: 'Import the language service from its index (server/src/service), its public interface.' },
            { group: ['**/analytics/*'], message: 'Import gap review from its index (server/src/analytics), its public interface.' },
          ],
        },
      ],
    },
  },
  ...serviceLayers(),
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/service/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only client/ imports vscode.' }],
          patterns: [
            { group: ['**/service/*'], message: 'Import the language service from its index (server/src/service), its public interface.' },
            { group: ['**/analytics/*'], message: 'Import gap review from its index (server/src/analytics), its public interface.' },
          ],
        },
      ],
    },
  },
  {
    // The mocha entry points of the extension-host suites load each test file after the globals exist.
    files: ['test/vscode/**/index.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
