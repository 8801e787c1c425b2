// Measurements the live-model benchmarks share (bench/anatomy.bench.ts on the demo, bench/realServer.bench.ts on
// the real kube-apiserver), so both print the same figures the same way.
import { execFileSync } from 'node:child_process';
import { ClusterSession } from '../../src/core/anatomy/clusterSession';
import { resolveClientConfig } from '../../src/core/anatomy/snapshot';

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connects a session and prints how long its first complete anatomy took, then the heap it keeps once settled. */
export async function connectMeasured(kubeconfig: string, env: NodeJS.ProcessEnv): Promise<ClusterSession> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const { context, config } = await resolveClientConfig({ kubeconfig, env });
  const started = performance.now();
  const session = new ClusterSession({ context, config });
  await session.start();
  const anatomy = session.current!;
  const firstAnatomyMs = performance.now() - started;
  const pods = anatomy.nodes.reduce((sum, node) => sum + node.components.length, 0);
  console.log(`first complete anatomy: ${firstAnatomyMs.toFixed(0)} ms (${anatomy.nodes.length} nodes, ${pods} Pods classified)`);
  // Let the watches settle before the heap is read.
  await sleep(3_000);
  gc?.();
  console.log(
    `heap kept by the model: ${mb(process.memoryUsage().heapUsed - heapBefore)} (heap in use ${mb(process.memoryUsage().heapUsed)})`,
  );
  return session;
}

/** A quiet window: Lease renewals handled per second and this process's CPU; returns the anatomy changes seen. */
export async function measureRenewals(session: ClusterSession, windowMs: number): Promise<number> {
  let renewals = 0;
  let changes = 0;
  const subscriptions = [session.onLeaseRenewed(() => renewals++), session.onDidChange(() => changes++)];
  const cpuBefore = process.cpuUsage();
  await sleep(windowMs);
  const cpu = process.cpuUsage(cpuBefore);
  subscriptions.forEach((subscription) => subscription.dispose());
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    `lease renewals: ${(renewals / (windowMs / 1000)).toFixed(0)}/s handled with ${((cpuMs / windowMs) * 100).toFixed(1)}% of one core`,
  );
  return changes;
}

/** The peers' way, one `kubectl get pods -n kube-system -o json` per refresh, against one watch event's latency. */
export function compareWithKubectl(env: NodeJS.ProcessEnv, watchEventMs: number, runs = 3): void {
  let wall = 0;
  for (let i = 0; i < runs; i++) {
    const begin = performance.now();
    JSON.parse(execFileSync('kubectl', ['get', 'pods', '-n', 'kube-system', '-o', 'json'], { env, maxBuffer: 1 << 30 }).toString());
    wall += performance.now() - begin;
  }
  const perRefresh = wall / runs;
  console.log(`kubectl get pods -n kube-system -o json per refresh: ${perRefresh.toFixed(0)} ms wall`);
  console.log(
    `ratio: one refresh by kubectl list costs ${(perRefresh / Math.max(watchEventMs, 0.001)).toFixed(0)}× the latency of one watch event here`,
  );
}
