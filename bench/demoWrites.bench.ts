// The demo cluster under one large write: `kubectl scale --replicas=500` (the most the demo simulates) on coredns.
//   npx tsx bench/demoWrites.bench.ts [--replicas 500]
// Two ways, in the same run, each measured with perf_hooks.monitorEventLoopDelay on the thread that matters:
//   in process — the simulation on this thread (as the extension ran it before): this thread's loop delay;
//   worker     — the demo in a worker thread (as the extension runs it now): this thread's loop delay while the
//                worker creates the Pods (this thread only sends the PATCH and reads the count).
// The figures are the time until every Pod exists (for the worker: all exist within a fixed window, since
// polling the list would load this thread) and this thread's event-loop delay: max and p99.
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildCluster, SuffixSource } from '../src/demo/fixture';
import { resourceTypeOfKind } from '../src/demo/resources';
import { ClusterSimulation, timingFor } from '../src/demo/simulation';
import { ObjectStore } from '../src/demo/store';
import { startDemoClusterInWorker } from '../src/demo/demoWorker';
import { demoRequest } from '../test/support/demo';

const { values } = parseArgs({ options: { replicas: { type: 'string', default: '500' } } });
const replicas = Number(values.replicas);
const windowMs = 5_000;
const deploymentType = resourceTypeOfKind('Deployment');
const podType = resourceTypeOfKind('Pod');

function ms(nanoseconds: number): string {
  return `${(nanoseconds / 1e6).toFixed(1)} ms`;
}

async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function inProcess(): Promise<string[]> {
  const store = new ObjectStore(200_000);
  const suffixes = new SuffixSource();
  const simulation = new ClusterSimulation(store, buildCluster(store, suffixes, { nodes: 3 }), suffixes, timingFor(1));
  simulation.start();
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const start = performance.now();
  const coredns = store.get(deploymentType, 'kube-system', 'coredns')!;
  simulation.updateDeployment({ ...coredns, spec: { ...(coredns.spec as object), replicas } });
  await until(() => store.list(podType, 'kube-system').filter((pod) => pod.metadata.labels?.['k8s-app'] === 'kube-dns').length >= replicas);
  const elapsed = performance.now() - start;
  delay.disable();
  simulation.stop();
  return ['in process (this thread runs the simulation)', `${elapsed.toFixed(0)} ms`, ms(delay.max), ms(delay.percentile(99))];
}

async function inWorker(): Promise<string[]> {
  const script = { file: join(__dirname, '../src/cli/main.ts'), execArgv: ['--require', require.resolve('tsx/cjs')] };
  const demo = await startDemoClusterInWorker({}, script);
  try {
    const delay = monitorEventLoopDelay({ resolution: 1 });
    delay.enable();
    const patch = {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/merge-patch+json' },
      body: JSON.stringify({ spec: { replicas } }),
    };
    const response = await demoRequest(demo, '/apis/apps/v1/namespaces/kube-system/deployments/coredns/scale', patch);
    if (response.status !== 200) throw new Error(response.text);
    // Polling the Pod list would parse megabytes on this thread: wait a fixed window instead, then count once.
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    delay.disable();
    const created = (await demoRequest(demo, '/api/v1/namespaces/kube-system/pods?labelSelector=k8s-app%3Dkube-dns')).json().items.length;
    if (created < replicas) throw new Error(`only ${created} Pods after ${windowMs} ms`);
    return ['worker thread (this thread: the extension host)', `within ${windowMs} ms`, ms(delay.max), ms(delay.percentile(99))];
  } finally {
    await demo.stop();
  }
}

void (async () => {
  const rows = [await inProcess(), await inWorker()];
  console.log(
    `Scale coredns to ${replicas} replicas; load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')} on ${cpus().length} CPUs`,
  );
  console.log('');
  console.log('| demo runs | all Pods created | loop delay max | loop delay p99 |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(`Node ${process.version}, ${new Date().toISOString()}`);
  process.exit(0);
})();
