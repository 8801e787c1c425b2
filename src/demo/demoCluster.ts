import { randomBytes } from 'node:crypto';
import { ApiServer } from './apiServer';
import type { WatchLimits } from './apiWatch';
import { allHealthChecks } from './apiHealth';
import { buildCluster, SuffixSource, type LeaderComponent } from './fixture';
import { resourceTypes } from './resources';
import { ClusterSimulation, timingFor } from './simulation';
import { restrictedNamespace, restrictedUser } from './rbac';
import { ObjectStore } from './store';
import { createServingCertificates } from './x509';

export type { LeaderComponent } from './fixture';

export interface DemoClusterOptions {
  /** Port on 127.0.0.1; a random free port when omitted or 0. */
  port?: number;
  /** The kubeconfig context (and cluster/user) name; default 'kind-multi-node' as kind names it. */
  contextName?: string;
  /** A larger generated cluster: N nodes (1 control plane + N-1 workers), extra workload Pods per worker. */
  generate?: { nodes: number; podsPerNode?: number };
  /** Control-plane nodes, each with its static Pods; the first one's components hold the leader locks (default 1). */
  controlPlanes?: number;
  /** Simulated seconds per real second for grace periods and eviction (60: a 5-minute eviction takes 5 s). */
  timeScale?: number;
  /** Real seconds between two renewals of a node's Lease; default 10 / timeScale. */
  leaseRenewSeconds?: number;
  /** Real seconds between two watch bookmarks for watches that allow them; default 60. */
  bookmarkIntervalSeconds?: number;
  /** How many changes the server keeps for watch resume; older resourceVersions get 410 Expired. */
  historySize?: number;
  /** Bounds of the open watches (count, unsent bytes per watch and in all); the server's defaults unless given. */
  watchLimits?: Partial<WatchLimits>;
}

export interface DemoControl {
  /** The node's kubelet stops renewing its Lease: Ready turns Unknown after the grace period, then eviction. */
  stopHeartbeat(node: string): void;
  resumeHeartbeat(node: string): void;
  /** Drops every open watch connection abruptly; returns how many were open. */
  cutWatches(): number;
  /** Compacts history and ends every watch with 410 Expired; returns how many were open. */
  expireWatches(): number;
  /**
   * Answers 403 for a resource ("pods", "deployments.apps"), everywhere or in one namespace; or for a
   * non-resource path ("/readyz", "/readyz/*" for every path below it). SelfSubjectAccessReviews and
   * SelfSubjectRulesReviews answer from the same rules.
   */
  forbid(resource: string, namespace?: string): void;
  allow(resource: string, namespace?: string): void;
  /** Makes one check of /livez, /readyz and /healthz fail (each endpoint that has it); undefined: all pass again. */
  failCheck(name: string | undefined): void;
  /** The component's leader stops renewing its lock: renewTime stays and the lock ages out. */
  stopLeaderRenewal(component: LeaderComponent): void;
  /** Renewals resume; once the lock has expired, the restarted component takes it under a new identity. */
  resumeLeaderRenewal(component: LeaderComponent): void;
  /** Another replica of the component takes the lock (new holderIdentity, acquireTime, leaseTransitions + 1); returns its identity. */
  changeLeader(component: LeaderComponent): string;
  /** Delays every response by `ms` milliseconds (0 to stop). */
  setLatency(ms: number): void;
  /**
   * Delays every list by `ms` milliseconds per 1,000 objects it returns (0 to stop), as the lists of a cluster of
   * thousands of nodes take seconds while small reads and watches answer at once.
   */
  setListLatency(ms: number): void;
  /** Deletes a Pod as `kubectl delete pod` does, with the controllers' and kubelet's reactions. */
  deletePod(namespace: string, name: string): void;
  /** Node names, control plane first. */
  nodeNames(): string[];
  /** The current resourceVersion of the store. */
  resourceVersion(): number;
  activeWatches(): number;
  /** The bytes the open watches have written that their clients have not read yet. */
  watchBufferedBytes(): number;
}

export interface DemoCluster {
  readonly server: string;
  readonly port: number;
  readonly token: string;
  /** The restricted user's token (context `restrictedDemoContext`): a ServiceAccount with a Role in `team`. */
  readonly restrictedToken: string;
  readonly caPem: string;
  readonly contextName: string;
  /** The kubeconfig: the admin's context (current, named `contextName` unless given) and the restricted one. */
  kubeconfigYaml(contextName?: string): string;
  readonly control: DemoControl;
  stop(): Promise<void>;
}

/** The user the demo's token stands for: kind's admin kubeconfig authenticates as this user. */
export const demoUserName = 'kubernetes-admin';

/**
 * The restricted context of the demo's kubeconfig (its user is named the same): a developer's ServiceAccount,
 * `system:serviceaccount:team:dev`, who may work in namespace `team` and read nothing else but what every
 * authenticated user may (rbac.ts).
 */
export const restrictedDemoContext = 'team-dev';
export const restrictedDemoUser = restrictedUser.name;

function quoted(text: string): string {
  return JSON.stringify(text);
}

/**
 * A kubeconfig in kind's shape: cluster, user and context all named after the context, which is current. With
 * `restrictedToken`, a second user and context `restrictedDemoContext` on the same cluster, in namespace `team`.
 */
export function demoKubeconfig(server: string, caPem: string, token: string, contextName: string, restrictedToken?: string): string {
  if (restrictedToken !== undefined && contextName === restrictedDemoContext)
    throw new Error(`the admin context cannot be named ${restrictedDemoContext}, the restricted context's name`);
  const restricted = restrictedToken !== undefined;
  return [
    'apiVersion: v1',
    'kind: Config',
    'clusters:',
    '- cluster:',
    `    certificate-authority-data: ${Buffer.from(caPem).toString('base64')}`,
    `    server: ${server}`,
    `  name: ${quoted(contextName)}`,
    'contexts:',
    '- context:',
    `    cluster: ${quoted(contextName)}`,
    `    user: ${quoted(contextName)}`,
    `  name: ${quoted(contextName)}`,
    ...(restricted
      ? [
          '- context:',
          `    cluster: ${quoted(contextName)}`,
          `    namespace: ${quoted(restrictedNamespace)}`,
          `    user: ${quoted(restrictedDemoContext)}`,
          `  name: ${quoted(restrictedDemoContext)}`,
        ]
      : []),
    `current-context: ${quoted(contextName)}`,
    'preferences: {}',
    'users:',
    `- name: ${quoted(contextName)}`,
    '  user:',
    `    token: ${token}`,
    ...(restricted ? [`- name: ${quoted(restrictedDemoContext)}`, '  user:', `    token: ${restrictedToken}`] : []),
    '',
  ].join('\n');
}

/** Starts the simulated kind cluster and its API server on 127.0.0.1. */
export async function startDemoCluster(options: DemoClusterOptions = {}): Promise<DemoCluster> {
  const certificates = createServingCertificates();
  const contextName = options.contextName ?? 'kind-multi-node';
  if (contextName === restrictedDemoContext) throw new Error(`the context name ${restrictedDemoContext} is the restricted context's`);
  const token = randomBytes(24).toString('base64url');
  const restrictedToken = randomBytes(24).toString('base64url');
  const store = new ObjectStore(options.historySize ?? 50_000);
  const suffixes = new SuffixSource();
  const built = buildCluster(store, suffixes, {
    nodes: options.generate?.nodes ?? Math.max(3, (options.controlPlanes ?? 1) + 2),
    podsPerNode: options.generate?.podsPerNode ?? 0,
    ...(options.controlPlanes !== undefined && { controlPlanes: options.controlPlanes }),
  });
  const simulation = new ClusterSimulation(store, built, suffixes, timingFor(options.timeScale ?? 1, options.leaseRenewSeconds));
  const api = new ApiServer({
    store,
    writes: simulation,
    token,
    certPem: certificates.certPem,
    keyPem: certificates.keyPem,
    userName: demoUserName,
    rbacUsers: [{ token: restrictedToken, user: restrictedUser }],
    bookmarkIntervalMs: (options.bookmarkIntervalSeconds ?? 60) * 1000,
    nodeCount: () => built.nodes.length,
    watchLimits: options.watchLimits,
  });
  const port = await api.listen(options.port ?? 0);
  simulation.start();
  await simulation.whenSettled();
  const server = `https://127.0.0.1:${port}`;
  const knownResources = new Set(resourceTypes.flatMap((type) => [type.plural, type.group ? `${type.plural}.${type.group}` : type.plural]));
  const control: DemoControl = {
    stopHeartbeat: (node) => simulation.stopHeartbeat(node),
    resumeHeartbeat: (node) => simulation.resumeHeartbeat(node),
    cutWatches: () => api.cutWatches(),
    expireWatches: () => api.expireWatches(),
    forbid: (resource, namespace) => {
      if (resource.startsWith('/')) {
        if (namespace !== undefined) throw new Error(`a path has no namespace: ${resource}`);
      } else if (!knownResources.has(resource)) {
        throw new Error(`unknown resource ${resource}`);
      }
      api.forbidden.push({ resource, namespace });
    },
    allow: (resource, namespace) => {
      for (let index = api.forbidden.length - 1; index >= 0; index--) {
        const rule = api.forbidden[index]!;
        if (rule.resource === resource && rule.namespace === namespace) api.forbidden.splice(index, 1);
      }
    },
    failCheck: (name) => {
      if (name !== undefined && !allHealthChecks.has(name)) throw new Error(`no health check named ${name}`);
      api.failingCheck = name;
    },
    stopLeaderRenewal: (component) => simulation.stopLeaderRenewal(component),
    resumeLeaderRenewal: (component) => simulation.resumeLeaderRenewal(component),
    changeLeader: (component) => simulation.changeLeader(component),
    setListLatency: (ms) => {
      api.listLatencyPerThousandMs = Math.max(0, ms);
    },
    setLatency: (ms) => {
      api.latencyMs = Math.max(0, ms);
    },
    deletePod: (namespace, name) => {
      simulation.deletePod(namespace, name, undefined);
    },
    nodeNames: () => simulation.nodes.map((node) => node.name),
    resourceVersion: () => store.revision,
    activeWatches: () => api.activeWatchCount,
    watchBufferedBytes: () => api.watchBufferedBytes,
  };
  let stopping: Promise<void> | undefined;
  return {
    server,
    port,
    token,
    restrictedToken,
    caPem: certificates.caPem,
    contextName,
    kubeconfigYaml: (name = contextName) => demoKubeconfig(server, certificates.caPem, token, name, restrictedToken),
    control,
    stop: () => {
      stopping ??= (async () => {
        simulation.stop();
        await api.close();
      })();
      return stopping;
    },
  };
}
