import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noVscode = {
  'no-restricted-imports': [
    'error',
    {
      paths: [{ name: 'vscode', message: 'The core, the protocol and the webview must not depend on VS Code: put this in src/ui.' }],
    },
  ],
};

/**
 * The demo (src/demo) is a package of its own: product code reaches it only through its entry, src/demo/index.ts,
 * with `import type`, or with a `require()` when the user opens it (esbuild.mjs makes that dist/demo.js). The
 * core never imports it at all. Import paths are relative, so the rule is written once per folder depth.
 */
function demoBoundary(depth, folders) {
  const up = depth === 0 ? './' : '../'.repeat(depth);
  const core = folders === 'core';
  return {
    files: [depth === 0 ? 'src/*.ts' : `src/${folders}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [`${up}demo`, `${up}demo/index`].map((name) => ({
            name,
            allowTypeImports: !core,
            message: core
              ? 'The core never depends on the demo (src/demo): the demo imports the core, not the other way round.'
              : 'The demo is loaded only when the user opens it: `require()` its entry there, or import types only.',
          })),
          patterns: [
            {
              group: [`${up}demo/*`, `!${up}demo/index`],
              message: "The demo's one public entry is src/demo/index.ts: import that, not its files.",
            },
          ],
        },
      ],
    },
  };
}
const demoBoundaries = [0, 1, 2, 3, 4, 5].flatMap((depth) =>
  depth === 0 ? [demoBoundary(0)] : [demoBoundary(depth, '{ui,cli,protocol,webview}'), demoBoundary(depth, 'core')],
);

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
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Webview code runs in the browser: talk to the host through src/protocol.' }],
          patterns: [{ group: ['**/core/kube/**', '**/ui/**', 'node:*', '@kubernetes/*'], message: 'Webview code runs in the browser.' }],
        },
      ],
    },
  },
  ...demoBoundaries,
  { files: ['test/**'], languageOptions: { globals: { ...globals.mocha, ...globals.node } } },
  { files: ['**/*.mjs'], languageOptions: { globals: { ...globals.node } } },
);
