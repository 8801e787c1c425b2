// The real control plane the benches measure against: etcd and kube-apiserver, kube-controller-manager and
// kube-scheduler v1.20.2 (built by scripts/realcluster/build.mjs), the kind shape grown to `nodes` nodes with a
// kube-proxy and a kindnet Pod on each, made by the real DaemonSet controller and bound by the real scheduler;
// the node agent plays the kubelets in a child process.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type ControlPlane, startControlPlane, startEtcd } from '../../test/real/support/controlPlane';

export interface BenchCluster {
  readonly controlPlane: ControlPlane;
  readonly kubeconfig: string;
  /** KUBECONFIG and a private HOME, for kubectl. */
  readonly env: NodeJS.ProcessEnv;
  /** A temporary folder for the bench's own files; removed by stop(). */
  readonly run: string;
  stop(): Promise<void>;
}

/** What `bench/support/keepCluster.ts` writes of a running cluster, so benches can share it (REAL_CLUSTER=<file>). */
interface KeptCluster {
  readonly nodes: number;
  readonly server: string;
  readonly caPem: string;
  readonly kubeconfig: string;
  readonly home: string;
}

export async function startBenchCluster(nodes: number, prefix: string): Promise<BenchCluster> {
  // A cluster kept running between benches: growing 5,000 nodes takes minutes, measuring it seconds.
  const kept = process.env.REAL_CLUSTER;
  if (kept) {
    const cluster = JSON.parse(readFileSync(kept, 'utf8')) as KeptCluster;
    console.log(`real kube-apiserver v1.20.2: ${cluster.nodes} nodes, kept running (${kept})`);
    return {
      controlPlane: { server: cluster.server, caPem: cluster.caPem, adminKubeconfigPath: cluster.kubeconfig } as ControlPlane,
      kubeconfig: cluster.kubeconfig,
      env: { ...process.env, KUBECONFIG: cluster.kubeconfig, HOME: cluster.home },
      run: cluster.home,
      stop: async () => undefined,
    };
  }
  const run = mkdtempSync(join(tmpdir(), prefix));
  const setupStarted = performance.now();
  const etcd = await startEtcd({ dataDir: join(run, 'etcd') });
  // The controllers and the scheduler may write as fast as the bench needs (their defaults are 20 and 50 QPS).
  const fast = ['--kube-api-qps=500', '--kube-api-burst=1000'];
  const controlPlane = await startControlPlane({
    // A /9 of /24s: a podCIDR for each of up to 32,768 nodes, clear of the service range 10.96.0.0/16.
    name: 'bench',
    etcd,
    nodeCidrMaskSize: 24,
    clusterCidr: '10.128.0.0/9',
    extraApiServerFlags: ['--max-requests-inflight=1000', '--max-mutating-requests-inflight=500'],
    extraControllerManagerFlags: [...fast, '--concurrent-deployment-syncs=10'],
    extraSchedulerFlags: fast,
  });
  const kubeconfig = controlPlane.adminKubeconfigPath;
  const agentMain = join(__dirname, '..', '..', 'test', 'real', 'support', 'nodeAgentMain.ts');
  const agent = spawn(
    process.execPath,
    ['--import', 'tsx', agentMain, '--kubeconfig', kubeconfig, '--shape', 'kind', '--workers', String(nodes - 1), '--seed'],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const stop = async () => {
    agent.kill('SIGTERM');
    await controlPlane.stop();
    await etcd.stop();
    rmSync(run, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      createInterface({ input: agent.stdout! }).on('line', (line) => (line === 'ready' ? resolve() : undefined));
      agent.once('exit', (code) => reject(new Error(`the node agent exited (${code})`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(
    `real kube-apiserver v1.20.2: ${nodes} nodes, their kube-system Pods running, set up in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s`,
  );
  return { controlPlane, kubeconfig, env: { ...process.env, KUBECONFIG: kubeconfig, HOME: run }, run, stop };
}
