// `npm run bench`: runs every benchmark under bench/ (or the ones named: `npm run bench -- anatomy hover`),
// one after another so they do not share the two cores, and prints their figures. bench/README.md keeps the
// figures of the last recorded run and how to read them.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const wanted = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench'))
  .filter((file) => /\.bench\.(ts|mjs)$/.test(file))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(`${name}.`)))
  .sort();
if (benches.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join('bench', file)], { cwd: root, stdio: 'inherit' });
  console.log(
    `=== ${file}: ${run.status === 0 ? 'done' : `FAILED (${run.status ?? run.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (run.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
