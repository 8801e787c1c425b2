import type { KubeConfig } from '@kubernetes/client-node';
import { isKubeconfigProblem } from '../kubeconfig/clientConfig';
import { KubeconfigService } from '../kubeconfig/kubeconfigService';
import { ClusterSession } from './clusterSession';
import type { ClusterAnatomy } from './types';

export interface SnapshotOptions {
  /** A kubeconfig file (else $KUBECONFIG, else ~/.kube/config), merged as kubectl merges them. */
  readonly kubeconfig?: string;
  /** A context name (else the current context). */
  readonly context?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** The namespaces shown from where a limited user stands (else the context's namespace, else default). */
  readonly namespaces?: readonly string[];
  /** A context already resolved by the caller (an editor's, under its workspace's trust): kubeconfig, context and env are not read. */
  readonly client?: ClusterClient;
}

/** One context's name and client configuration. */
export interface ClusterClient {
  readonly context: string;
  readonly config: KubeConfig;
}

export class SnapshotError extends Error {}

/** Resolves the client configuration of one context, as a terminal user runs it: trusted, like kubectl. */
export async function resolveClientConfig(options: SnapshotOptions): Promise<{ context: string; config: KubeConfig }> {
  const env = options.env ?? process.env;
  const kubeconfig = new KubeconfigService({ setting: options.kubeconfig, env, homeDir: env.HOME, trusted: true, watch: false });
  try {
    const context = options.context ?? kubeconfig.state.current;
    if (!context) {
      const files = kubeconfig.state.files.map((file) => file.path).join(', ') || 'none found';
      throw new SnapshotError(`No current context in the kubeconfig (files: ${files}); pass --context NAME`);
    }
    const config = await kubeconfig.clientConfigFor(context, { trusted: true });
    if (isKubeconfigProblem(config)) throw new SnapshotError(config.message);
    return { context, config };
  } finally {
    kubeconfig.dispose();
  }
}

/**
 * A session on one context, started, with its first complete anatomy; fails with a clear message when the
 * cluster cannot be read (and disposes the session then). The caller disposes it otherwise.
 */
export async function openAnatomySession(
  options: SnapshotOptions,
): Promise<{ context: string; session: ClusterSession; anatomy: ClusterAnatomy }> {
  const { context, config } = options.client ?? (await resolveClientConfig(options));
  const session = new ClusterSession({
    context,
    config,
    backoff: { initialMs: 60_000, maxMs: 60_000 },
    ...(options.namespaces?.length && { namespaces: options.namespaces }),
  });
  try {
    await session.start();
    const status = session.status;
    if (status.state === 'unreachable' || status.state === 'unauthorized' || status.state === 'forbidden') {
      throw new SnapshotError(`Cannot read context "${context}" (${session.server}): ${status.message ?? status.state}`);
    }
    const anatomy = session.snapshot();
    if (!anatomy) throw new SnapshotError(`Cannot read context "${context}" (${session.server})`);
    // Neither Nodes nor kube-system Pods could be read (every list failed): an error, never an empty cluster.
    if (anatomy.nothingRead) throw new SnapshotError(`Cannot read context "${context}" (${session.server}): ${anatomy.nothingRead.reason}`);
    return { context, session, anatomy };
  } catch (error) {
    session.dispose();
    throw error;
  }
}

/** Lists the cluster once and returns its anatomy; fails with a clear message when it cannot be read. */
export async function loadAnatomySnapshot(options: SnapshotOptions): Promise<ClusterAnatomy> {
  const { session, anatomy } = await openAnatomySession(options);
  session.dispose();
  return anatomy;
}
