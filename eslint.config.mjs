// ESLint: typescript-eslint's recommended rules, eslint-plugin-regexp (every regex is checked for
// super-linear backtracking, the ReDoS a hostile page or docs.json could trigger), and the layers:
// - outside server/src/service, only its public index (service/index.ts) may be imported;
// - the service imports no vscode, no file system, no network, and nothing of the layers above it;
// - only client/ imports vscode.
import tseslint from 'typescript-eslint';
import regexp from 'eslint-plugin-regexp';

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
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/service/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['vscode', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'undici', 'worker_threads'].map((name) => ({
            name,
            message: 'The language service is pure: everything reaches it through the DocsWorkspace it is given.',
          })),
          patterns: [
            { group: ['node:*'], message: 'The language service is pure: no Node.js modules.' },
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
          ],
        },
      ],
    },
  },
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
