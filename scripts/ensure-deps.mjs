// Runs before `npm start` and `npm test`: a fresh clone installs its dependencies first (npm ci), so the
// quick start is the two commands of the README.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
if (!existsSync(join(root, 'node_modules', '.package-lock.json'))) {
  console.log('[setup] installing dependencies (npm ci)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
