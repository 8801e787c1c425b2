// Runs the browser tests (test/browser/*.test.ts) with mocha + tsx: builds the webview bundle when it is
// missing, then loads it in Debian's chromium through playwright-core. Screenshots go to test/browser/screenshots/.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
if (!existsSync(join(root, 'dist', 'webview', 'diagram.js'))) {
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const mocha = join(root, 'node_modules', 'mocha', 'bin', 'mocha.js');
const result = spawnSync(
  process.execPath,
  [
    mocha,
    '--no-config',
    '--require',
    'tsx/cjs',
    '--extension',
    'ts',
    '--timeout',
    '60000',
    ...(process.argv.slice(2).length ? process.argv.slice(2) : ['test/browser/*.test.ts']),
  ],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
