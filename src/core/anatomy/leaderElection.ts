/**
 * Who leads kube-controller-manager, kube-scheduler and cloud-controller-manager: in an HA control plane every
 * replica runs, but only the holder of the component's lock in kube-system acts. The lock is a Lease since
 * Kubernetes 1.20 (kubernetes/kubernetes#94603); before that, client-go kept the same record as JSON in the
 * annotation `control-plane.alpha.kubernetes.io/leader` of an Endpoints or ConfigMap (resourcelock/interface.go),
 * a lock client-go stopped supporting in 1.24 (kubernetes/kubernetes#106852).
 *
 * The one place the leader is worked out: the anatomy marks the leading replica from the Leases a session
 * watches (renewals do not change who leads, so only a new holder changes the anatomy), and
 * `cluster-anatomy health` and the views read the same locks, and how fresh they are, from here
 * (docs/anatomy.md).
 */
import { heartbeatStopped, leaseAgeSeconds } from './healthPolicy';
import type { ComponentPod, LeaderElection, LeaseInfo } from './types';
import { finite, jsonObject, text, type JsonObject } from '../kube/jsonFields';
import type { SlimLease } from '../kube/slim';

export type LeaderElectedComponent = 'kube-controller-manager' | 'kube-scheduler' | 'cloud-controller-manager';

/** RBAC resource names of the objects a lock can live in. */
export type LockResource = 'leases' | 'endpoints' | 'configmaps';

export interface LeaderLockLocation {
  readonly component: LeaderElectedComponent;
  readonly namespace: string;
  readonly name: string;
  /**
   * Where to read, in order. An upgraded cluster may still carry the old Endpoints or ConfigMap with a record
   * nobody renews any more, so the annotation counts only when there is no Lease.
   */
  readonly resources: readonly LockResource[];
}

export const leaderAnnotation = 'control-plane.alpha.kubernetes.io/leader';

/** Each component's lock: named after the component (the default of `--leader-elect-resource-name`). */
export const leaderLockNames: readonly LeaderLockLocation[] = (
  ['kube-controller-manager', 'kube-scheduler', 'cloud-controller-manager'] as const
).map((component) => ({ component, namespace: 'kube-system', name: component, resources: ['leases', 'endpoints', 'configmaps'] }));

export interface LeaderLock {
  readonly holderIdentity: string;
  /** The host part of `<hostname>_<uuid>`, the identity kube-controller-manager and kube-scheduler write. */
  readonly holderHost?: string;
  readonly renewedAgoSeconds?: number;
  readonly leaseDurationSeconds?: number;
  readonly transitions?: number;
  readonly acquiredAt?: string;
  readonly renewedAt?: string;
  /** `expired`: not renewed within leaseDurationSeconds, so another replica may take over; `unknown`: the times do not say. */
  readonly state: 'held' | 'expired' | 'unknown';
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The components append `_` and a UUID to the hostname so two processes on one host never share an identity. */
function holderHostOf(identity: string): string | undefined {
  const at = identity.lastIndexOf('_');
  return at > 0 && uuidPattern.test(identity.slice(at + 1)) ? identity.slice(0, at) : undefined;
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** A Lease's spec and the annotation's record share their field names but for the count of transitions. */
function lockOf(record: JsonObject, transitionsField: 'leaseTransitions' | 'leaderTransitions', now: number): LeaderLock | undefined {
  const holderIdentity = text(record.holderIdentity);
  // client-go empties the holder when a leader steps down: then nobody leads.
  if (!holderIdentity) return undefined;
  const duration = finite(record.leaseDurationSeconds);
  const leaseDurationSeconds = duration !== undefined && duration > 0 ? duration : undefined;
  const renewedAt = text(record.renewTime);
  const lock: Writable<LeaderLock> = { holderIdentity, state: 'unknown' };
  const holderHost = holderHostOf(holderIdentity);
  if (holderHost) lock.holderHost = holderHost;
  if (leaseDurationSeconds !== undefined) lock.leaseDurationSeconds = leaseDurationSeconds;
  const transitions = finite(record[transitionsField]);
  if (transitions !== undefined) lock.transitions = transitions;
  const acquiredAt = text(record.acquireTime);
  if (acquiredAt) lock.acquiredAt = acquiredAt;
  if (renewedAt) lock.renewedAt = renewedAt;
  if (renewedAt && Number.isFinite(Date.parse(renewedAt))) {
    // The node heartbeat's rule, which is also the one candidates apply to a leader's lock: expired when
    // now > renewTime + leaseDurationSeconds
    // (https://kubernetes.io/docs/concepts/cluster-administration/coordinated-leader-election/).
    const lease: LeaseInfo = { renewTime: renewedAt, ageSeconds: 0, leaseDurationSeconds: leaseDurationSeconds ?? null, holderIdentity };
    lock.renewedAgoSeconds = leaseAgeSeconds(lease, now) ?? undefined;
    if (leaseDurationSeconds !== undefined) lock.state = heartbeatStopped(lease, now) ? 'expired' : 'held';
  }
  return lock;
}

/** The lock in a Lease as a session's watch keeps it (slimmed). */
export function leaderFromSlimLease(lease: SlimLease, now: number): LeaderLock | undefined {
  return leaderFromLease(
    {
      spec: {
        holderIdentity: lease.holderIdentity,
        renewTime: lease.renewTime,
        leaseDurationSeconds: lease.leaseDurationSeconds,
        acquireTime: lease.acquireTime,
        leaseTransitions: lease.leaseTransitions,
      },
    },
    now,
  );
}

/** The lock in a coordination.k8s.io/v1 Lease; undefined when nobody holds it. `now` in ms. */
export function leaderFromLease(lease: unknown, now: number): LeaderLock | undefined {
  return lockOf(jsonObject(jsonObject(lease).spec), 'leaseTransitions', now);
}

/** The lock older clusters keep in the `control-plane.alpha.kubernetes.io/leader` annotation (a JSON LeaderElectionRecord). */
export function leaderFromAnnotation(value: string, now: number): LeaderLock | undefined {
  let record: JsonObject;
  try {
    record = jsonObject(JSON.parse(value));
  } catch {
    return undefined;
  }
  return lockOf(record, 'leaderTransitions', now);
}

/** The lock in an object read from one of a LeaderLockLocation's resources. */
export function leaderFromLockObject(resource: LockResource, object: unknown, now: number): LeaderLock | undefined {
  if (resource === 'leases') return leaderFromLease(object, now);
  const annotation = jsonObject(jsonObject(jsonObject(object).metadata).annotations)[leaderAnnotation];
  return typeof annotation === 'string' ? leaderFromAnnotation(annotation, now) : undefined;
}

type LeaderElected = LeaderElection['component'];

const lockNames: ReadonlySet<string> = new Set(leaderLockNames.map((lock) => lock.name));

/** The held locks among kube-system's Leases, with the leading Pod when its host is a node that runs one. */
export function leaderElections(
  leases: readonly SlimLease[],
  podsByNode: ReadonlyMap<string, readonly ComponentPod[]>,
  now: number,
): LeaderElection[] {
  const elections: LeaderElection[] = [];
  for (const lease of leases) {
    if (lease.metadata.namespace !== 'kube-system' || !lockNames.has(lease.metadata.name)) continue;
    const lock = leaderFromSlimLease(lease, now);
    if (!lock) continue;
    const component = lease.metadata.name as LeaderElected;
    const host = lock.holderHost ?? null;
    const leaderPod = host ? ((podsByNode.get(host) ?? []).find((pod) => pod.component === component)?.pod ?? null) : null;
    elections.push({
      component,
      holderIdentity: lock.holderIdentity,
      holderHost: host,
      leaderPod,
      leaseDurationSeconds: lock.leaseDurationSeconds ?? null,
      acquireTime: lock.acquiredAt ?? null,
      transitions: lock.transitions ?? null,
    });
  }
  return elections.sort((a, b) => a.component.localeCompare(b.component));
}

/** The node's Pods with each leader-elected replica marked leader or standby, where its component's lock is known. */
export function markLeadership(pods: readonly ComponentPod[], elections: readonly LeaderElection[]): ComponentPod[] {
  return pods.map((pod) => {
    // A holder whose host is not one of these nodes (or cannot be told) leaves the replicas unmarked.
    const election = elections.find((candidate) => candidate.component === pod.component);
    if (!election?.leaderPod) return pod;
    return { ...pod, leadership: election.leaderPod === pod.pod ? 'leader' : 'standby' };
  });
}
