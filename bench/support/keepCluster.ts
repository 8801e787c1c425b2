// Grows the bench's real cluster (bench/support/realCluster.ts) to REAL_NODES nodes and keeps it running until
// interrupted, writing where it is to the file OUT names; benches given REAL_CLUSTER=<that file> measure it instead
// of growing their own. Run: REAL_NODES=5000 OUT=/tmp/cluster.json npx tsx bench/support/keepCluster.ts
import { writeFileSync } from 'node:fs';
import { startBenchCluster } from './realCluster';

const nodes = Number(process.env.REAL_NODES ?? 5000);
const out = process.env.OUT ?? 'real-cluster.json';

void (async () => {
  const cluster = await startBenchCluster(nodes, 'real-kept-');
  const { server, caPem } = cluster.controlPlane;
  writeFileSync(out, JSON.stringify({ nodes, server, caPem, kubeconfig: cluster.kubeconfig, home: cluster.run }));
  console.log(`kept: REAL_CLUSTER=${out}`);
  const stop = () => void cluster.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
})();
