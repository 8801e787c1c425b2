import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noVscode = {
  'no-restricted-imports': ['error', {
    paths: [{ name: 'vscode', message: 'The core, the protocol and the webview must not depend on VS Code: put this in src/ui.' }],
  }],
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-host/**', '.vscode-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  { files: ['src/core/**', 'src/protocol/**', 'src/webview/**', 'src/cli/**'], rules: noVscode },
  {
    // The webview is browser code: it must not reach the node side either.
    files: ['src/webview/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'Webview code runs in the browser: talk to the host through src/protocol.' }],
        patterns: [{ group: ['**/core/kube/**', '**/ui/**', 'node:*', '@kubernetes/*'], message: 'Webview code runs in the browser.' }],
      }],
    },
  },
  { files: ['test/**'], languageOptions: { globals: { ...globals.mocha, ...globals.node } } },
  { files: ['**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
);
