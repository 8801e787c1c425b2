// Builds six bundles:
//   dist/extension.js  the VS Code extension (node, cjs, `vscode` external)
//   dist/cli.js        the `cluster-anatomy` command over the same core
//   dist/kube.js       @kubernetes/client-node, loaded on first use so activation stays cheap
//   dist/demo.js       the built-in demo cluster (src/demo), loaded only when the user opens it
//   dist/mcp.js        the MCP server of `cluster-anatomy mcp` and its SDK, loaded only by that command
//   dist/webview/diagram.js  the diagram's browser code (iife)
// Flags: --production (minified, no source maps), --watch (rebuild on change, problem-matcher output),
// --test-hooks (what lets the integration tests answer confirmations; never in the package people install),
// --outdir DIR (instead of dist).
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const testHooks = process.argv.includes('--test-hooks');
const outdirFlag = process.argv.indexOf('--outdir');
const outdir = outdirFlag >= 0 && process.argv[outdirFlag + 1] ? process.argv[outdirFlag + 1] : 'dist';

/** Prints errors in the shape of the `$esbuild-watch` problem matcher. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

/**
 * The client library lives in its own bundle; the others reach it through a lazy require of ./kube.js. A
 * require, not an import(): importing a CommonJS file makes Node scan all of its 14 MB for export names first.
 */
const lazyKubeClient = {
  name: 'lazy-kube-client',
  setup(build) {
    build.onResolve({ filter: /^@kubernetes\/client-node$/ }, () => ({ path: 'client-node', namespace: 'lazy-kube-client' }));
    build.onLoad({ filter: /.*/, namespace: 'lazy-kube-client' }, () => ({
      contents: "module.exports = require('./kube.js');",
      loader: 'js',
    }));
    build.onResolve({ filter: /^\.\/kube\.js$/ }, () => ({ path: './kube.js', external: true }));
  },
};

/**
 * The demo lives in its own bundle: the product's `require('…/demo')` of its entry (src/demo/index.ts) becomes a
 * lazy require of ./demo.js. The demo's own files, and its bundle, resolve as usual.
 */
const demoFolder = resolve('src/demo');
const lazyDemo = {
  name: 'lazy-demo',
  setup(build) {
    build.onResolve({ filter: /(^|\/)demo(\/index)?(\.ts)?$/ }, (args) => {
      if (!args.path.startsWith('.') || args.importer.startsWith(demoFolder + sep)) return undefined;
      const target = resolve(args.resolveDir, args.path).replace(/(\/index)?(\.ts)?$/, '');
      return target === demoFolder ? { path: './demo.js', external: true } : undefined;
    });
  },
};

/** The MCP server and its SDK live in their own bundle: the CLI's `require('./mcp/server')` becomes ./mcp.js. */
const mcpServerModule = resolve('src/cli/mcp/server');
const lazyMcp = {
  name: 'lazy-mcp',
  setup(build) {
    build.onResolve({ filter: /(^|\/)mcp\/server(\.ts)?$/ }, (args) =>
      resolve(args.resolveDir, args.path).replace(/\.ts$/, '') === mcpServerModule ? { path: './mcp.js', external: true } : undefined,
    );
  },
};

const common = {
  bundle: true,
  minify: production,
  sourcemap: production ? false : 'linked',
  sourcesContent: false,
  logLevel: 'warning',
  plugins: watch ? [problemMatcher] : [],
};

const nodeCommon = {
  ...common,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  define: { CLUSTER_ANATOMY_TEST_HOOKS: JSON.stringify(testHooks) },
};

const builds = [
  {
    ...nodeCommon,
    entryPoints: ['src/extension.ts'],
    outfile: join(outdir, 'extension.js'),
    external: ['vscode'],
    plugins: [...common.plugins, lazyKubeClient, lazyDemo],
  },
  {
    ...nodeCommon,
    entryPoints: ['src/cli/main.ts'],
    outfile: join(outdir, 'cli.js'),
    banner: { js: '#!/usr/bin/env node' },
    plugins: [...common.plugins, lazyKubeClient, lazyDemo, lazyMcp],
  },
  {
    ...nodeCommon,
    entryPoints: ['src/cli/mcp/server.ts'],
    outfile: join(outdir, 'mcp.js'),
    plugins: [...common.plugins, lazyKubeClient, lazyDemo],
  },
  { ...nodeCommon, entryPoints: ['src/core/kube/clientBundle.ts'], outfile: join(outdir, 'kube.js') },
  { ...nodeCommon, entryPoints: ['src/demo/index.ts'], outfile: join(outdir, 'demo.js') },
  {
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    entryPoints: ['src/webview/diagram.ts'],
    outfile: join(outdir, 'webview', 'diagram.js'),
  },
];

if (!watch) rmSync(outdir, { recursive: true, force: true });
const contexts = await Promise.all(builds.map((options) => esbuild.context(options)));
if (watch) {
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
}
