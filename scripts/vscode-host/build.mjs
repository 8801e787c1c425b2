// Builds what the integration runs need: the packaged extension and the bundled tests.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { buildSync } from 'esbuild';
import { repoRoot } from './hosts.mjs';

export const vsixPath = join(repoRoot, 'dist', 'cluster-anatomy.vsix');
/** The package the integration tests install: the product with its test hooks, kept apart from the real one. */
export const testVsixPath = join(repoRoot, 'out', 'test-package', 'cluster-anatomy.test-hooks.vsix');
export const integrationOut = join(repoRoot, 'out', 'integration');

/**
 * Production build + `vsce package`, as `npm run package` does; returns the .vsix path. With `testHooks`, the
 * build keeps what lets the integration tests answer confirmations (esbuild.mjs --test-hooks), and the package
 * goes to testVsixPath, never to dist/cluster-anatomy.vsix. vsce lists every file
 * of the package on each run: only its warnings are shown, and everything when it fails. The package has no
 * public repository address yet: vsce is told so (--allow-missing-repository) instead of being given a made-up
 * one, and the README's relative links are left as they are.
 */
export function packageExtension({ testHooks = false } = {}) {
  exec(process.execPath, ['esbuild.mjs', '--production', ...(testHooks ? ['--test-hooks'] : [])]);
  const output = testHooks ? testVsixPath : vsixPath;
  mkdirSync(dirname(output), { recursive: true });
  const vsce = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce'),
      'package',
      '--no-dependencies',
      '--no-rewrite-relative-links',
      '--allow-missing-repository',
      '-o',
      output,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' },
  );
  const said = `${vsce.stdout ?? ''}${vsce.stderr ?? ''}`;
  if (vsce.status !== 0) throw new Error(`vsce package exited ${vsce.status ?? vsce.signal}:\n${said}`);
  const warnings = stripVTControlCharacters(said)
    .split('\n')
    .filter((line) => /^\s*(WARNING|ERROR)\b/.test(line));
  for (const warning of warnings) console.warn(`[package] ${warning.trim()}`);
  return output;
}

/** A development build, for running the extension from the repo (with the test hooks, for the tests). */
export function buildExtension({ testHooks = false } = {}) {
  exec(process.execPath, ['esbuild.mjs', ...(testHooks ? ['--test-hooks'] : [])]);
}

/**
 * Bundles test/integration: index.js (mocha bundled in) and one file per *.test.ts, `vscode` left to the host.
 * Returns the path of index.js.
 */
export function buildIntegrationTests() {
  const sourceRoot = join(repoRoot, 'test', 'integration');
  const tests = listFiles(sourceRoot).filter((file) => file.endsWith('.test.ts'));
  rmSync(integrationOut, { recursive: true, force: true });
  buildSync({
    entryPoints: [join(sourceRoot, 'index.ts'), ...tests],
    outbase: sourceRoot,
    outdir: integrationOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    sourcemap: 'inline',
    logLevel: 'warning',
    // mocha's parallel mode (unused here) resolves a worker file at run time.
    logOverride: { 'require-resolve-not-external': 'silent' },
    absWorkingDir: repoRoot,
  });
  console.log(`[integration] bundled ${tests.map((file) => relative(repoRoot, file)).join(', ')}`);
  return join(integrationOut, 'index.js');
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function exec(command, args) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`${[command, ...args].join(' ')} exited ${result.status ?? result.signal}`);
}
