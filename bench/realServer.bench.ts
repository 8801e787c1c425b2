// The live anatomy model against a real kube-apiserver (v1.20.2, built by scripts/realcluster/build.mjs) at
// Kubernetes' scalability limit: the kind shape grown to REAL_NODES nodes (5,000 by default), a kube-proxy and a
// kindnet Pod on each, made by the real DaemonSet controller and bound by the real scheduler; the node agent
// plays the kubelets in a child process (500 Lease renewals a second at 5,000 nodes, Node status every 5 min).
// Three runs (RUNS) of, each with the load average beside it:
//   - the first paint (the control plane and the node count) and the first complete anatomy, in this process
//     (the extension host's side), and the heap the model keeps;
//   - `cluster-anatomy tree --json` from the CLI as packaged, wall;
//   - the peers' refresh, `kubectl get pods -n kube-system -o json`, wall and peak RSS;
// then once: CPU while the Leases are renewed, anatomy rebuilds in 30 s of kubelet status posts, and one Pod
// event from the DELETE's answer to the model's handler, with the ratio to kubectl's refresh.
// Run: npm run bench -- realServer   (REAL_NODES=1000 for a quicker run; REAL_CLUSTER=<file> measures a cluster
// kept running by bench/support/keepCluster.ts instead of growing one)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { ClusterSession } from '../src/core/anatomy/clusterSession';
import { resolveClientConfig } from '../src/core/anatomy/snapshot';
import { startBenchCluster } from './support/realCluster';
import { measureRenewals, median, sleep } from './support/liveModel';

const nodes = Number(process.env.REAL_NODES ?? 5000);
const runs = Number(process.env.RUNS ?? 3);
const root = join(__dirname, '..');
const gc = (globalThis as { gc?: () => void }).gc;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () => loadavg()[0].toFixed(1);

interface Run {
  load: string;
  firstPaintMs: number | null;
  completeMs: number;
  heapMB: number;
  cliMs: number;
  kubectlMs: number;
  kubectlRssMB: number | null;
}

async function main(): Promise<void> {
  // The CLI measured is the one users run: built from this tree as it is packaged (minified); the development
  // build is put back afterwards.
  const build = (...flags: string[]) =>
    execFileSync(process.execPath, [join(root, 'esbuild.mjs'), ...flags], { cwd: root, stdio: 'ignore' });
  build('--production');
  const { controlPlane, kubeconfig, env, stop } = await startBenchCluster(nodes, 'real-bench-');
  try {
    const results: Run[] = [];
    let session: ClusterSession | undefined;
    for (let i = 0; i < runs; i++) {
      session?.dispose();
      const measured = await connect(kubeconfig, env);
      session = measured.session;
      const cliMs = timeCli(kubeconfig, env);
      const kubectl = timeKubectl(env);
      results.push({ load: load(), ...measured.figures, cliMs, ...kubectl });
      const r = results[results.length - 1];
      console.log(
        `run ${i + 1} (load ${r.load}): first paint ${r.firstPaintMs === null ? '—' : seconds(r.firstPaintMs)}, ` +
          `complete anatomy ${seconds(r.completeMs)}, heap ${r.heapMB.toFixed(0)} MB, tree --json ${seconds(r.cliMs)}, ` +
          `kubectl ${seconds(r.kubectlMs)} / ${r.kubectlRssMB === null ? '—' : `${r.kubectlRssMB.toFixed(0)} MB`}`,
      );
    }
    printTable(results);

    const live = session!;
    const changes = await measureRenewals(live, 30_000);
    console.log(`anatomy changes in 30 s of kubelet status posts and renewals alone: ${changes}`);
    // One Pod event: delete a kube-proxy Pod; from the DELETE's answer to the model's handler.
    const latencies: number[] = [];
    for (let i = 0; i < 10; i++) {
      const victim = live.current!.nodes[Math.min(100 + i, nodes - 1)].components.find((c) => c.component === 'kube-proxy')!.pod;
      const seen = new Promise<number>((resolve) => {
        const subscription = live.onDidChangeObject((ref) => {
          if (ref.name === victim) {
            subscription.dispose();
            resolve(performance.now());
          }
        });
      });
      const answered = await deletePod(controlPlane.server, controlPlane.caPem, kubeconfig, victim);
      latencies.push((await seen) - answered);
      await sleep(300);
    }
    const event = median(latencies);
    const kubectl = median(results.map((r) => r.kubectlMs));
    console.log(`one Pod event, DELETE answered → model handler: median ${event.toFixed(2)} ms`);
    console.log(`ratio: one kubectl refresh costs ${(kubectl / Math.max(event, 0.001)).toFixed(0)}× the latency of one watch event`);
    live.dispose();
  } finally {
    await stop();
    build();
  }
}

/** A fresh session: when its first paint and its first complete anatomy arrive, and the heap it keeps once settled. */
async function connect(
  kubeconfig: string,
  env: NodeJS.ProcessEnv,
): Promise<{ session: ClusterSession; figures: Omit<Run, 'load' | 'cliMs' | 'kubectlMs' | 'kubectlRssMB'> }> {
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const { context, config } = await resolveClientConfig({ kubeconfig, env });
  const started = performance.now();
  const session = new ClusterSession({ context, config });
  let firstPaintMs: number | null = null;
  const painted = session.onDidChange(() => (firstPaintMs ??= performance.now() - started));
  await session.start();
  const completeMs = performance.now() - started;
  painted.dispose();
  const anatomy = session.current!;
  if (anatomy.loading || anatomy.nodes.length !== nodes) throw new Error(`incomplete anatomy: ${anatomy.nodes.length} nodes`);
  await sleep(3_000);
  gc?.();
  return { session, figures: { firstPaintMs, completeMs, heapMB: (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20 } };
}

/** `cluster-anatomy tree --json`, as a terminal user runs it; its output must hold every node. */
function timeCli(kubeconfig: string, env: NodeJS.ProcessEnv): number {
  const started = performance.now();
  const out = execFileSync(process.execPath, [join(root, 'dist', 'cli.js'), 'tree', '--json', '--kubeconfig', kubeconfig], {
    env,
    maxBuffer: 1 << 30,
  });
  const wall = performance.now() - started;
  const printed = JSON.parse(out.toString()) as { nodes: unknown[] };
  if (printed.nodes.length !== nodes) throw new Error(`tree --json printed ${printed.nodes.length} nodes`);
  return wall;
}

/** One refresh the peers' way, wall and peak RSS (from GNU time when the machine has it). */
function timeKubectl(env: NodeJS.ProcessEnv): { kubectlMs: number; kubectlRssMB: number | null } {
  const args = ['get', 'pods', '-n', 'kube-system', '-o', 'json'];
  const withTime = existsSync('/usr/bin/time');
  const started = performance.now();
  const result = withTime
    ? spawnSync('/usr/bin/time', ['-f', 'maxrss=%M', 'kubectl', ...args], { env, maxBuffer: 1 << 30 })
    : spawnSync('kubectl', args, { env, maxBuffer: 1 << 30 });
  const wall = performance.now() - started;
  if (result.status !== 0) throw new Error(`kubectl: ${result.stderr.toString()}`);
  JSON.parse(result.stdout.toString());
  const rss = /maxrss=(\d+)/.exec(result.stderr.toString());
  return { kubectlMs: wall, kubectlRssMB: rss ? Number(rss[1]) / 1024 : null };
}

function printTable(results: Run[]): void {
  const row = (name: string, cell: (r: Run) => string) => console.log(`| ${name} | ${results.map(cell).join(' | ')} |`);
  console.log(`\n| ${nodes.toLocaleString('en-US')} nodes | ${results.map((_, i) => `run ${i + 1}`).join(' | ')} |`);
  console.log(`| --- | ${results.map(() => '---').join(' | ')} |`);
  row('load average (1 min)', (r) => r.load);
  row('first paint (control plane, node count)', (r) => (r.firstPaintMs === null ? '—' : seconds(r.firstPaintMs)));
  row('first complete anatomy (`ClusterSession.start`)', (r) => seconds(r.completeMs));
  row('`cluster-anatomy tree --json`, wall', (r) => seconds(r.cliMs));
  row('kubectl `get pods -n kube-system -o json`, wall', (r) => seconds(r.kubectlMs));
  row('kubectl, peak RSS', (r) => (r.kubectlRssMB === null ? '—' : `${r.kubectlRssMB.toFixed(0)} MB`));
  row('kubectl / complete anatomy', (r) => `${(r.kubectlMs / r.completeMs).toFixed(1)}×`);
  row('heap kept by the model', (r) => `${r.heapMB.toFixed(0)} MB`);
  console.log('');
}

/** DELETE of one kube-system Pod with the admin's client certificate; resolves with the time of the answer. */
async function deletePod(server: string, caPem: string, kubeconfig: string, name: string): Promise<number> {
  const { config } = await resolveClientConfig({ kubeconfig, env: process.env });
  const user = config.getCurrentUser()!;
  const cert = user.certData ? Buffer.from(user.certData, 'base64') : readFileSync(user.certFile!);
  const key = user.keyData ? Buffer.from(user.keyData, 'base64') : readFileSync(user.keyFile!);
  return new Promise((resolve, reject) => {
    const req = request(`${server}/api/v1/namespaces/kube-system/pods/${name}`, { method: 'DELETE', ca: caPem, cert, key }, (response) => {
      response.resume();
      response.on('end', () =>
        response.statusCode === 200 ? resolve(performance.now()) : reject(new Error(`DELETE ${name}: ${response.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
