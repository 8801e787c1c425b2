/**
 * The control plane's Leases in kube-system, as a kind v1.3x cluster has them: the leader-election locks of
 * kube-controller-manager and kube-scheduler (client-go's LeaseLock) and kube-apiserver's identity Lease.
 */
import { createHash } from 'node:crypto';
import { managedEntry } from '../managedFields';
import type { KubeObject } from '../resources';
import { type NodeInfo, type SuffixSource, isoMicros, isoSeconds } from './base';
import { renewedLease } from './nodes';

export type LeaderComponent = 'kube-controller-manager' | 'kube-scheduler';
export const leaderComponents: readonly LeaderComponent[] = ['kube-controller-manager', 'kube-scheduler'];

/** client-go's leader-election defaults, which both components keep: the lock lasts 15 s, renewed every 2 s. */
export const LEADER_LEASE_SECONDS = 15;
export const LEADER_RETRY_SECONDS = 2;
/** kube-apiserver's --identity-lease-duration-seconds and --identity-lease-renew-interval-seconds. */
export const IDENTITY_LEASE_SECONDS = 3600;
export const IDENTITY_RENEW_SECONDS = 10;
export const IDENTITY_LABEL = 'apiserver.kubernetes.io/identity';

/** Who records a component's LeaderElection Events: the scheduler records as its first profile, default-scheduler. */
export const leaderEventSource: Readonly<Record<LeaderComponent, string>> = {
  'kube-controller-manager': 'kube-controller-manager',
  'kube-scheduler': 'default-scheduler',
};

const apiVersion = 'coordination.k8s.io/v1';
const namespace = 'kube-system';

/** A candidate's identity as both components build it: the hostname, "_", a fresh UUID. */
export function leaderIdentity(host: string, suffixes: SuffixSource): string {
  return `${host}_${suffixes.uuid()}`;
}

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Uint8Array): string {
  let text = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      text += base32Alphabet[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) text += base32Alphabet[(buffer << (5 - bits)) & 31];
  return text;
}

/**
 * The identity Lease's name as k8s.io/apiserver's NewConfig derives it: "apiserver-" and the lowercase base32
 * (unpadded) of the first 16 bytes of a SHA-256 over the hostname and "kube-apiserver", each after its 2-byte length.
 */
export function apiserverIdentityName(hostname: string): string {
  const field = (text: string) => {
    const bytes = Buffer.from(text, 'utf8');
    const length = Buffer.alloc(2);
    length.writeUInt16BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const hash = createHash('sha256')
    .update(Buffer.concat([field(hostname), field('kube-apiserver')]))
    .digest();
  return `apiserver-${base32(hash.subarray(0, 16)).toLowerCase()}`;
}

/** A leader-election lock as client-go's LeaseLock writes it (an Update by the component, the manager its user agent's name). */
export function leaderLease(component: LeaderComponent, holderIdentity: string, createdAt: number, renewedAt: number): KubeObject {
  return {
    apiVersion,
    kind: 'Lease',
    metadata: {
      name: component,
      namespace,
      creationTimestamp: isoSeconds(createdAt),
      managedFields: [
        managedEntry(component, apiVersion, isoSeconds(renewedAt), {
          spec: { acquireTime: '', holderIdentity: '', leaseDurationSeconds: '', leaseTransitions: '', renewTime: '' },
        }),
      ],
    },
    spec: {
      acquireTime: isoMicros(createdAt),
      holderIdentity,
      leaseDurationSeconds: LEADER_LEASE_SECONDS,
      leaseTransitions: 0,
      renewTime: isoMicros(renewedAt),
    },
  };
}

/** Another candidate takes the lock (client-go's tryAcquireOrRenew): its identity, acquireTime now, one more transition. */
export function leaderTakeover(lease: KubeObject, holderIdentity: string, now: number): KubeObject {
  const renewed = renewedLease(lease, now);
  const spec = renewed.spec as { leaseTransitions?: number };
  return { ...renewed, spec: { ...spec, holderIdentity, acquireTime: isoMicros(now), leaseTransitions: (spec.leaseTransitions ?? 0) + 1 } };
}

/** kube-apiserver's identity Lease, kept by its lease controller: no acquireTime, no transitions. */
export function apiserverIdentityLease(controlPlane: NodeInfo, holderIdentity: string, createdAt: number, renewedAt: number): KubeObject {
  const name = apiserverIdentityName(controlPlane.name);
  return {
    apiVersion,
    kind: 'Lease',
    metadata: {
      name,
      namespace,
      creationTimestamp: isoSeconds(createdAt),
      labels: { [IDENTITY_LABEL]: 'kube-apiserver', 'kubernetes.io/hostname': controlPlane.name },
      managedFields: [
        managedEntry('kube-apiserver', apiVersion, isoSeconds(renewedAt), {
          metadata: { labels: { [IDENTITY_LABEL]: '', 'kubernetes.io/hostname': '' } },
          spec: { holderIdentity: '', leaseDurationSeconds: '', renewTime: '' },
        }),
      ],
    },
    spec: { holderIdentity, leaseDurationSeconds: IDENTITY_LEASE_SECONDS, renewTime: isoMicros(renewedAt) },
  };
}

/**
 * The Leases of a freshly made cluster: each leader's lock, acquired once the component started, and
 * kube-apiserver's identity, held by its name plus "_" and a UUID.
 */
export function controlPlaneLeases(
  controlPlane: NodeInfo,
  apiserverStarted: number,
  leadersAcquired: number,
  now: number,
  suffixes: SuffixSource,
): { leaders: KubeObject[]; identity: KubeObject } {
  const leaders = leaderComponents.map((component) =>
    leaderLease(component, leaderIdentity(controlPlane.name, suffixes), leadersAcquired, now),
  );
  const identity = apiserverIdentityLease(
    controlPlane,
    `${apiserverIdentityName(controlPlane.name)}_${suffixes.uuid()}`,
    apiserverStarted,
    now,
  );
  return { leaders, identity };
}
