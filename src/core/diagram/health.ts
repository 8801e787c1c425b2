import type { ComponentPod, NodeAnatomy, PodSource } from '../anatomy/types';
import type { Health } from './scene';

/** Lease duration assumed when the Lease does not say (kubelet's default, anatomy.md "Heartbeats"). */
export const defaultLeaseDurationSeconds = 40;

/** Parsed renewal times by Lease object: views re-check thousands of heartbeats every second. */
const renewedAt = new WeakMap<object, number>();

/** Seconds since the node's Lease was renewed, at `now` (ms); null when there is no Lease. */
export function heartbeatAgeSeconds(node: NodeAnatomy, now: number): number | null {
  const lease = node.lease;
  if (!lease) return null;
  let renewed = renewedAt.get(lease);
  if (renewed === undefined) {
    renewed = Date.parse(lease.renewTime);
    renewedAt.set(lease, renewed);
  }
  return Number.isFinite(renewed) ? Math.max(0, (now - renewed) / 1000) : lease.ageSeconds;
}

/** A heartbeat has stopped when the Lease is older than its duration (the node controller's own test). */
export function heartbeatStopped(node: NodeAnatomy, now: number): boolean {
  const age = heartbeatAgeSeconds(node, now);
  if (age === null) return false;
  return age > (node.lease?.leaseDurationSeconds ?? defaultLeaseDurationSeconds);
}

export function nodeHealth(node: NodeAnatomy, now: number): Health {
  if (heartbeatStopped(node, now) || node.ready === 'Unknown') return 'stale';
  return node.ready === 'True' ? 'ok' : 'error';
}

export function podHealth(pod: ComponentPod): Health {
  if (pod.reason || pod.phase === 'Failed') return 'error';
  if (pod.phase === 'Succeeded') return 'neutral';
  if (pod.ready) return 'ok';
  return pod.phase === 'Unknown' ? 'unknown' : 'warn';
}

/** The health of a component from all its Pods: every one ready, some, or none. */
export function podsHealth(pods: readonly ComponentPod[]): Health {
  if (pods.length === 0) return 'unknown';
  const healths = pods.map(podHealth);
  if (healths.every((health) => health === 'ok')) return 'ok';
  if (healths.some((health) => health === 'ok')) return 'warn';
  return healths.includes('error') ? 'error' : 'warn';
}

/** Order in which a node's Pods are listed: how they came to be, then name. */
const sourceOrder: Readonly<Record<PodSource, number>> = {
  static: 0,
  daemonset: 1,
  deployment: 2,
  replicaset: 3,
  statefulset: 4,
  job: 5,
  bare: 6,
};

export function comparePods(a: ComponentPod, b: ComponentPod): number {
  return sourceOrder[a.source] - sourceOrder[b.source] || a.pod.localeCompare(b.pod);
}
