/**
 * `cluster-anatomy health` and the views' health section: one report of the control plane as a client sees it,
 * gathered from a connected session. Each part says what it could not read instead of guessing, and what the
 * API cannot show at all (the control-plane nodes' own files), with the command that can.
 */
import type { ClusterSession } from '../anatomy/clusterSession';
import type { ClusterAnatomy, ComponentPod, ControlPlaneMode, HiddenRead } from '../anatomy/types';
import { KubeApiError } from '../kube/kubeApi';
import { errorMessage } from '../util/errors';
import {
  type CertificateInfo,
  clientCertificateFromKubeconfigUser,
  type PendingCsr,
  pendingKubeletCsrs,
  serverCertificate,
} from './certificates';
import {
  type LeaderElectedComponent,
  type LeaderLock,
  leaderFromLockObject,
  leaderFromSlimLease,
  leaderLockNames,
  type LockResource,
} from '../anatomy/leaderElection';
import { defaultHealthStrings } from './strings';
import { orderChecks, parseVerboseChecks, type ServerCheck } from './serverChecks';
import {
  apiServersSkew,
  controlPlaneComponentSkew,
  kubeletSkew,
  kubeProxyBesideKubeletSkew,
  kubeProxySkew,
  type SkewVerdict,
} from './versionSkew';

export type ChecksReport =
  | {
      readonly endpoint: 'readyz' | 'livez';
      readonly state: 'read';
      readonly passed: boolean | undefined;
      readonly checks: readonly ServerCheck[];
    }
  | { readonly endpoint: 'readyz' | 'livez'; readonly state: 'forbidden' | 'failed'; readonly message: string };

export interface LeaderReport {
  readonly component: LeaderElectedComponent;
  /** The lock, when one was found; its freshness as of the report. */
  readonly lock: LeaderLock | null;
  /** Where the lock was read: the Lease, or an older cluster's annotation on an Endpoints or ConfigMap. */
  readonly source: LockResource | null;
  readonly leaderPod: string | null;
  readonly leaderNode: string | null;
  /** The other replicas this cluster shows (an HA control plane's standbys). */
  readonly standbys: readonly { readonly pod: string; readonly node: string }[];
  /** Why there is no lock to show, when there is none. */
  readonly note?: string;
}

export interface SkewReport {
  readonly subject: string;
  readonly component:
    'kubelet' | 'kube-proxy' | 'kube-controller-manager' | 'kube-scheduler' | 'cloud-controller-manager' | 'kube-apiserver';
  readonly version: string;
  /** Undefined when a version cannot be read as a Kubernetes version. */
  readonly verdict: SkewVerdict | undefined;
}

export type Readable<T> = { readonly value: T } | { readonly error: string };

export interface ApiServerIdentity {
  readonly name: string;
  readonly host: string | null;
  readonly lock: LeaderLock | null;
}

export interface ControlPlaneHealthReport {
  readonly context: string;
  readonly server: string;
  readonly serverVersion: string | null;
  readonly generatedAt: string;
  readonly controlPlaneMode: ControlPlaneMode;
  readonly checks: readonly ChecksReport[];
  readonly leaders: Readable<readonly LeaderReport[]>;
  readonly apiServers: {
    readonly addresses: readonly string[] | null;
    /** The API server identity Leases (1.26+), one per running kube-apiserver; null when not read. */
    readonly identities: readonly ApiServerIdentity[] | null;
  };
  readonly skew: readonly SkewReport[];
  readonly certificates: {
    readonly serving: Readable<readonly CertificateInfo[]>;
    /** Undefined: the user authenticates otherwise (a token, an exec plugin). */
    readonly client: Readable<CertificateInfo | undefined>;
    readonly pendingKubeletCsrs: Readable<readonly PendingCsr[]>;
  };
  /** What a client cannot see through the API, and how to see it. */
  readonly notVisible: readonly string[];
  /**
   * The parts that could not be checked because RBAC hides what they read, each with the read and the
   * permissions that would allow it (absent in reports made before it existed).
   */
  readonly notChecked?: readonly NotChecked[];
}

export type HealthPart = 'checks' | 'leaders' | 'apiServerEndpoints' | 'apiServerIdentities' | 'skew' | 'pendingKubeletCsrs';

export interface NotChecked {
  readonly part: HealthPart;
  readonly hidden: HiddenRead;
}

/** The reads each part of the report rests on (the anatomy's read ids). */
const partReads: readonly [HealthPart, readonly string[]][] = [
  ['checks', ['readyz', 'livez']],
  ['leaders', ['controlPlaneLeases', 'pods']],
  ['apiServerEndpoints', ['apiServers']],
  ['apiServerIdentities', ['controlPlaneLeases']],
  ['skew', ['nodes', 'pods']],
  ['pendingKubeletCsrs', ['certificateSigningRequests']],
];

/** Each part whose reads RBAC hides, once per hidden read. */
export function notCheckedParts(anatomy: Pick<ClusterAnatomy, 'hidden'>): NotChecked[] {
  const hidden = anatomy.hidden ?? [];
  return partReads.flatMap(([part, ids]) => hidden.filter((read) => ids.includes(read.id)).map((read) => ({ part, hidden: read })));
}

export interface HealthInputs {
  readonly session: ClusterSession;
  readonly anatomy: ClusterAnatomy;
  /** The kubeconfig user's client certificate, when it has one (its key is never read). */
  readonly clientCertificate?: { readonly certData?: string; readonly certFile?: string };
  readonly now?: number;
}

const readable = <T>(work: () => Promise<T>): Promise<Readable<T>> =>
  work().then(
    (value) => ({ value }),
    (error: unknown) => ({ error: errorMessage(error) }),
  );

async function serverChecks(session: ClusterSession, endpoint: 'readyz' | 'livez'): Promise<ChecksReport> {
  try {
    const answer = await session.reader.api.getText(`/${endpoint}?verbose`, `/${endpoint}?verbose`);
    const parsed = parseVerboseChecks(answer.text);
    return {
      endpoint,
      state: 'read',
      passed: parsed.passed ?? (answer.status >= 200 && answer.status < 300),
      checks: orderChecks(parsed.checks),
    };
  } catch (error) {
    const forbidden = error instanceof KubeApiError && error.kind === 'forbidden';
    return { endpoint, state: forbidden ? 'forbidden' : 'failed', message: errorMessage(error) };
  }
}

const hiddenNote: Partial<Record<ControlPlaneMode, string>> = {
  hosted: defaultHealthStrings.noteHosted,
  embedded: defaultHealthStrings.noteEmbedded,
};

async function leaders(inputs: HealthInputs, now: number): Promise<Readable<readonly LeaderReport[]>> {
  const { session, anatomy } = inputs;
  const leases = session.controlPlaneLeases();
  if (!leases) return { error: defaultHealthStrings.leasesNotRead };
  const pods: { pod: ComponentPod; node: string }[] = anatomy.nodes.flatMap((node) =>
    node.components.map((pod) => ({ pod, node: node.name })),
  );
  const reports: LeaderReport[] = [];
  for (const location of leaderLockNames) {
    const replicas = pods.filter(({ pod }) => pod.component === location.component);
    let lock: LeaderLock | undefined;
    let source: LockResource | null = null;
    const lease = leases.find((candidate) => candidate.metadata.name === location.name);
    if (lease) {
      lock = leaderFromSlimLease(lease, now);
      source = 'leases';
    } else if (replicas.length > 0) {
      // Clusters before 1.20 kept the lock in an annotation; look only where the component runs here.
      for (const resource of location.resources.filter((candidate) => candidate !== 'leases')) {
        const object = await session.reader
          .getObject({ resource, namespace: location.namespace, name: location.name })
          .catch(() => undefined);
        lock = object && leaderFromLockObject(resource, object, now);
        if (lock) {
          source = resource;
          break;
        }
      }
    }
    if (!lock && replicas.length === 0 && location.component === 'cloud-controller-manager') continue;
    const leader = lock?.holderHost ? replicas.find(({ node }) => node === lock.holderHost) : undefined;
    const note = lock
      ? undefined
      : (hiddenNote[anatomy.controlPlane.mode] ??
        (replicas.length > 0 ? defaultHealthStrings.noteNoLock : defaultHealthStrings.noteNotRunning));
    reports.push({
      component: location.component,
      lock: lock ?? null,
      source,
      leaderPod: leader?.pod.pod ?? null,
      leaderNode: leader?.node ?? null,
      // Standbys only when the leader is one of these replicas: a holder elsewhere (a host that is not a node
      // here, or a name that differs from its node's) leaves the local replicas' part unknown.
      standbys: leader ? replicas.filter((replica) => replica !== leader).map(({ pod, node }) => ({ pod: pod.pod, node })) : [],
      ...(note && { note }),
    });
  }
  return { value: reports };
}

function apiServerIdentities(session: ClusterSession, now: number): ApiServerIdentity[] | null {
  const leases = session.controlPlaneLeases();
  if (!leases) return null;
  return leases
    .filter((lease) => lease.metadata.labels['apiserver.kubernetes.io/identity'] === 'kube-apiserver')
    .map((lease) => ({
      name: lease.metadata.name,
      host: lease.metadata.labels['kubernetes.io/hostname'] ?? null,
      lock: leaderFromSlimLease(lease, now) ?? null,
    }));
}

function skew(anatomy: ClusterAnatomy): SkewReport[] {
  const server = anatomy.serverVersion;
  if (!server) return [];
  const reports: SkewReport[] = [];
  const apiServerVersions = anatomy.nodes
    .flatMap((node) => node.components)
    .filter((pod) => pod.component === 'kube-apiserver' && pod.version)
    .map((pod) => pod.version!);
  if (apiServerVersions.length > 1)
    reports.push({
      subject: 'the kube-apiserver instances',
      component: 'kube-apiserver',
      version: [...new Set(apiServerVersions)].join(', '),
      verdict: apiServersSkew(apiServerVersions),
    });
  // An HA control plane mid-upgrade runs several versions: the rules hold against every one.
  const servers = apiServerVersions.length > 0 ? apiServerVersions : [server];
  for (const node of anatomy.nodes) {
    if (node.kubeletVersion)
      reports.push({
        subject: node.name,
        component: 'kubelet',
        version: node.kubeletVersion,
        verdict: kubeletSkew(servers, node.kubeletVersion),
      });
    for (const pod of node.components) {
      if (!pod.version) continue;
      if (pod.component === 'kube-proxy') {
        reports.push({ subject: pod.pod, component: 'kube-proxy', version: pod.version, verdict: kubeProxySkew(servers, pod.version) });
        if (node.kubeletVersion)
          reports.push({
            subject: `${pod.pod} beside ${node.name}'s kubelet`,
            component: 'kube-proxy',
            version: pod.version,
            verdict: kubeProxyBesideKubeletSkew(node.kubeletVersion, pod.version),
          });
      }
      if (
        pod.component === 'kube-controller-manager' ||
        pod.component === 'kube-scheduler' ||
        pod.component === 'cloud-controller-manager'
      ) {
        reports.push({
          subject: pod.pod,
          component: pod.component,
          version: pod.version,
          verdict: controlPlaneComponentSkew(servers, pod.component, pod.version),
        });
      }
    }
  }
  return reports;
}

async function pendingCsrs(session: ClusterSession, now: number): Promise<readonly PendingCsr[]> {
  const listed = await session.reader.api.list('/apis/certificates.k8s.io/v1/certificatesigningrequests', 'CertificateSigningRequests');
  return pendingKubeletCsrs(listed.items, now);
}

const notVisible = [defaultHealthStrings.notVisibleNodeCertificates];

export async function gatherControlPlaneHealth(inputs: HealthInputs): Promise<ControlPlaneHealthReport> {
  const { session, anatomy } = inputs;
  const now = inputs.now ?? Date.now();
  const [readyz, livez, leaderReports, serving, csrs] = await Promise.all([
    serverChecks(session, 'readyz'),
    serverChecks(session, 'livez'),
    leaders(inputs, now),
    readable(() => serverCertificate(session.server)),
    readable(() => pendingCsrs(session, now)),
  ]);
  const client = inputs.clientCertificate
    ? await readable(async () => clientCertificateFromKubeconfigUser(inputs.clientCertificate!))
    : { value: undefined };
  return {
    context: anatomy.context,
    server: anatomy.server,
    serverVersion: anatomy.serverVersion,
    generatedAt: new Date(now).toISOString(),
    controlPlaneMode: anatomy.controlPlane.mode,
    checks: [readyz, livez],
    leaders: leaderReports,
    apiServers: { addresses: anatomy.controlPlane.apiServers?.addresses ?? null, identities: apiServerIdentities(session, now) },
    skew: skew(anatomy),
    certificates: { serving, client, pendingKubeletCsrs: csrs },
    notVisible,
    notChecked: notCheckedParts(anatomy),
  };
}
