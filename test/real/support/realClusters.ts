/**
 * The real clusters of the real-cluster tier: one etcd for the whole run, and each cluster shape started the
 * first time a test asks for it (its own kube-apiserver, controller manager and scheduler, the seeded objects
 * and the node agent playing its kubelets). Everything stops in the run's global teardown
 * (test/real/support/hooks.ts); a crashed run leaves nothing behind (see controlPlane.ts).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '../../support/until';
import { type ControlPlane, type Etcd, startControlPlane, startEtcd } from './controlPlane';
import { type NodeAgent, startNodeAgent } from './nodeAgent';
import { type ClusterShape, type ShapeName, shapeNamed, shapes } from './shapes';

export const shapeNames = Object.keys(shapes) as ShapeName[];

export interface RealCluster {
  readonly shape: ClusterShape;
  readonly controlPlane: ControlPlane;
  readonly agent: NodeAgent;
  /** The admin kubeconfig; its one context is named after the shape. */
  readonly kubeconfigPath: string;
  readonly context: string;
  /** For child processes (kubectl, the CLI): KUBECONFIG and a private HOME and cache. */
  readonly env: NodeJS.ProcessEnv;
  /** Problems the node agent reported (it never throws from its timers). */
  readonly agentErrors: string[];
}

let runDir: string | undefined;
let etcd: Promise<Etcd> | undefined;
const started = new Map<ShapeName, Promise<RealCluster>>();

function sharedEtcd(): Promise<Etcd> {
  runDir ??= mkdtempSync(join(tmpdir(), 'cluster-anatomy-real-'));
  etcd ??= startEtcd({ dataDir: join(runDir, 'etcd') });
  return etcd;
}

/** The cluster of `name`, started on first use and settled: every node registered and its Pods running. */
export function realCluster(name: ShapeName): Promise<RealCluster> {
  let cluster = started.get(name);
  if (!cluster) {
    cluster = startCluster(name);
    started.set(name, cluster);
  }
  return cluster;
}

async function startCluster(name: ShapeName): Promise<RealCluster> {
  const shape = shapeNamed(name);
  const controlPlane = await startControlPlane({
    name,
    etcd: await sharedEtcd(),
    serviceCidr: shape.serviceCidr,
    clusterCidr: shape.clusterCidr,
  });
  const kubeconfigPath = controlPlane.adminKubeconfigPath;
  await shape.seed(kubeconfigPath);
  const agentErrors: string[] = [];
  const agent = await startNodeAgent({ kubeconfigPath, shape, onError: (message) => agentErrors.push(message) });
  await agent.whenSettled(120_000);
  const home = join(controlPlane.dir, 'home');
  return {
    shape,
    controlPlane,
    agent,
    kubeconfigPath,
    context: name,
    env: { ...process.env, KUBECONFIG: kubeconfigPath, HOME: home, KUBECACHEDIR: join(home, 'cache') },
    agentErrors,
  };
}

/** Stops every cluster started in this run, then etcd, and removes the run folder. */
export async function stopRealClusters(): Promise<void> {
  const clusters = await Promise.allSettled(started.values());
  started.clear();
  await Promise.all(
    clusters.map(async (result) => {
      if (result.status !== 'fulfilled') return;
      await result.value.agent.stop();
      await result.value.controlPlane.stop();
    }),
  );
  if (etcd) await (await etcd.catch(() => undefined))?.stop();
  etcd = undefined;
  if (runDir && !process.env.CLUSTER_ANATOMY_KEEP_REAL_RUN) rmSync(runDir, { recursive: true, force: true });
  runDir = undefined;
}

/**
 * Creates a namespace and waits for its default ServiceAccount: the service account controller makes it a moment
 * later, and until then the ServiceAccount admission plugin refuses the namespace's Pods.
 */
export async function createNamespace(cluster: RealCluster, namespace: string): Promise<void> {
  const kubectl = (args: string[]) => execFileSync('kubectl', args, { env: cluster.env, stdio: 'pipe', encoding: 'utf8' });
  kubectl(['create', 'namespace', namespace]);
  await until(
    `the default ServiceAccount of ${namespace}`,
    () => {
      try {
        kubectl(['get', 'serviceaccount', 'default', '-n', namespace]);
        return true;
      } catch {
        return undefined;
      }
    },
    60_000,
    250,
  );
}
