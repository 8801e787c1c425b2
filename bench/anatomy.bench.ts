// The live anatomy model at Kubernetes' scalability limit: a 5,000-node demo cluster (kube-proxy and a CNI Pod
// per node) served from a child process. Measures, in this process (the extension host's side):
//   - first complete anatomy after connecting, and the heap it keeps;
//   - CPU while 5,000 Leases are renewed every 10 s (500 watch events a second);
//   - one Pod event: from the server's write to the model's handler, and the anatomy rebuild it causes;
//   - beside it, what a kubectl list per refresh costs (the way vscode-kubernetes-tools refreshes).
// Run: npx tsx --expose-gc bench/anatomy.bench.ts   (DEMO_NODES to change the size)
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { classifyPod, toComponentPod } from '../src/core/anatomy/classify';
import { slimPod } from '../src/core/kube/slim';
import { compareWithKubectl, connectMeasured, measureRenewals, median } from './support/liveModel';

type Message = { ready?: boolean; kubeconfig?: string; deleted?: string; at?: number; usage?: NodeJS.CpuUsage; memory?: number };

const nodes = Number(process.env.DEMO_NODES ?? 5000);
const now = () => performance.timeOrigin + performance.now();

async function main(): Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'anatomy-bench-'));
  const child = fork(join(__dirname, 'support', 'demoProcess.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DEMO_NODES: String(nodes) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = (predicate: (m: Message) => boolean) =>
    new Promise<Message>((resolve) => {
      const listener = (m: Message) => {
        if (predicate(m)) {
          child.off('message', listener);
          resolve(m);
        }
      };
      child.on('message', listener);
    });
  const ready = await next((m) => m.ready === true);
  const kubeconfig = join(directory, 'kubeconfig');
  writeFileSync(kubeconfig, ready.kubeconfig!);
  const env = { ...process.env, KUBECONFIG: kubeconfig, HOME: directory };
  console.log(`demo cluster: ${nodes} nodes, ${2 * nodes + 6} kube-system Pods, in a child process`);

  const session = await connectMeasured(kubeconfig, env);
  // A quiet window in which only Leases are renewed.
  await measureRenewals(session, 10_000);

  // One Pod event: delete a kube-proxy Pod; time its DELETED event from the server's write to our handler.
  const latencies: number[] = [];
  const rebuilds: number[] = [];
  for (let i = 0; i < 20; i++) {
    const victim = session.current!.nodes[100 + i].components.find((c) => c.component === 'kube-proxy')!.pod;
    const seen = new Promise<number>((resolve) => {
      const subscription = session.onDidChangeObject((ref) => {
        if (ref.name === victim) {
          subscription.dispose();
          resolve(now());
        }
      });
    });
    child.send({ delete: ['kube-system', victim] });
    const [sent, received] = await Promise.all([next((m) => m.deleted === victim), seen]);
    latencies.push(received - sent.at!);
    const rebuildStarted = performance.now();
    session.snapshot();
    rebuilds.push(performance.now() - rebuildStarted);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`one Pod event, server write → model handler: median ${median(latencies).toFixed(2)} ms`);
  console.log(
    `anatomy rebuild after it (${nodes} nodes): median ${median(rebuilds).toFixed(1)} ms (coalesced: at most one per ${Math.max(200, median(rebuilds) * 10).toFixed(0)} ms)`,
  );

  // Where the first anatomy's time goes: the same two big lists alone, downloaded and parsed, kept nowhere.
  const listStarted = performance.now();
  const api = session.api;
  await Promise.all([api.list('/api/v1/nodes', 'Nodes'), api.list('/api/v1/namespaces/kube-system/pods', 'Pods')]);
  console.log(
    `of which listing Nodes and kube-system Pods alone (download + JSON.parse, 500 per page): ${(performance.now() - listStarted).toFixed(0)} ms`,
  );

  // The model's own work for one Pod event, without the network: slim the object, classify it, build what the
  // anatomy shows of it (what the watch handler and the next rebuild do for a changed Pod).
  const raw = (await api.list('/api/v1/namespaces/kube-system/pods', 'Pods', { pageSize: 1000 })).items.slice(0, 2000);
  const lookup = { replicaSetOwner: () => null, hasDeployment: () => false };
  const perEvent: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const item of raw) {
      const begin = performance.now();
      const pod = slimPod(item);
      toComponentPod(pod, classifyPod(pod, lookup));
      perEvent.push(performance.now() - begin);
    }
  }
  const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)];
  console.log(
    `one Pod event, the model's CPU (slim + classify + anatomy entry): median ${(median(perEvent) * 1000).toFixed(1)} µs, p99 ${(p99(perEvent) * 1000).toFixed(1)} µs`,
  );

  compareWithKubectl(env, median(latencies));

  session.dispose();
  child.send({ stop: true });
  rmSync(directory, { recursive: true, force: true });
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
