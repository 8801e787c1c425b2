/**
 * Which replica leads each leader-elected component, from the locks in kube-system: every replica of
 * kube-controller-manager, kube-scheduler and cloud-controller-manager runs, and only the holder of the Lease
 * named after the component acts (docs/anatomy.md). Renewals do not change who leads, so only a new holder
 * changes the anatomy; how fresh a lock is, views and `cluster-anatomy health` work out when they show it.
 */
import { leaderFromSlimLease, leaderLockNames } from '../health/leaderElection';
import type { SlimLease } from '../kube/slim';
import type { ComponentPod, LeaderElection } from './types';

type LeaderElected = LeaderElection['component'];

const lockNames: ReadonlySet<string> = new Set(leaderLockNames.map((lock) => lock.name));

/** The held locks among kube-system's Leases, with the leading Pod when its host is a node that runs one. */
export function leaderElections(leases: readonly SlimLease[], podsByNode: ReadonlyMap<string, readonly ComponentPod[]>, now: number): LeaderElection[] {
  const elections: LeaderElection[] = [];
  for (const lease of leases) {
    if (lease.metadata.namespace !== 'kube-system' || !lockNames.has(lease.metadata.name)) continue;
    const lock = leaderFromSlimLease(lease, now);
    if (!lock) continue;
    const component = lease.metadata.name as LeaderElected;
    const host = lock.holderHost ?? null;
    const leaderPod = host ? (podsByNode.get(host) ?? []).find((pod) => pod.component === component)?.pod ?? null : null;
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
