// ESLint: typescript-eslint's recommended rules, eslint-plugin-regexp (every regex is checked for
// super-linear backtracking, the ReDoS a hostile page or docs.json could trigger), and the layering
// rule: outside server/src/service, only its public index may be imported.
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
      '*.vsix',
    ],
  },
  ...tseslint.configs.recommended,
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The mocha entry points of the extension-host suites load each test file after the globals exist.
    files: ['test/vscode/**/index.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
