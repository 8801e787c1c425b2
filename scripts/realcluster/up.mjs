// Starts etcd and one control plane per name in a run folder, prints their kubeconfigs, the time it took and
// each process's resident memory once at rest, and runs until Ctrl-C (which stops everything).
//   node --import tsx scripts/realcluster/up.mjs <run folder> [name …]      (names: kind by default)
// The binaries must be built first: node scripts/realcluster/build.mjs
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startControlPlane, startEtcd } from '../../test/real/support/controlPlane.ts';

const [runDir, ...names] = process.argv.slice(2);
if (!runDir) {
  console.error('usage: node --import tsx scripts/realcluster/up.mjs <run folder> [name …]');
  process.exit(2);
}

function residentMiB(pid) {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

const started = Date.now();
const etcd = await startEtcd({ dataDir: join(runDir, 'etcd') });
console.log(`[realcluster] etcd at ${etcd.endpoint} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const clusters = await Promise.all(
  (names.length > 0 ? names : ['kind']).map(async (name, index) => {
    // Each its own service range, as different platforms would have.
    const cluster = await startControlPlane({ name, etcd, serviceCidr: `10.${96 + index}.0.0/16` });
    console.log(`[realcluster] ${name}: ${cluster.server}, KUBECONFIG=${cluster.adminKubeconfigPath}`);
    return cluster;
  }),
);
console.log(`[realcluster] ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C stops everything`);

// Resident memory after a minute at rest: the controllers' first sync is over by then.
setTimeout(() => {
  console.log(`[realcluster] resident memory after 60 s: etcd ${residentMiB(etcd.pid)} MiB`);
  for (const cluster of clusters) {
    const figures = Object.entries(cluster.pids).map(([component, pid]) => `${component} ${residentMiB(pid)} MiB`);
    console.log(`[realcluster]   ${cluster.name}: ${figures.join(', ')}`);
  }
}, 60_000);

process.once('SIGINT', async () => {
  await Promise.all(clusters.map((cluster) => cluster.stop()));
  await etcd.stop();
  process.exit(130);
});
