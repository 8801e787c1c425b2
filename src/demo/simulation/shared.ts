/**
 * What the simulated cluster's parts share: timings scaled for tests and teaching, resource types, Pod
 * readiness and tolerations.
 */
import { resourceTypeOfKind, type KubeObject } from '../resources';
import { IDENTITY_RENEW_SECONDS, LEADER_LEASE_SECONDS, LEADER_RETRY_SECONDS } from '../kind/controlPlane';
import { tolerates as toleratesTaint } from '../../core/placement/filters/shared';
import type { Toleration } from '../../core/placement/objects';

export interface SimulationTiming {
  /** Real milliseconds between two renewals of one node's Lease (kubelet: 10 s). */
  leaseRenewMs: number;
  /** How long a silent node stays Ready (node-monitor-grace-period, 50 s). */
  nodeMonitorGraceMs: number;
  /** The default tolerationSeconds of not-ready/unreachable taints (300 s) before eviction. */
  evictionMs: number;
  /** How long a deleted Pod takes to terminate. */
  terminationMs: number;
  /** The gap between two steps of a reaction (binding, kubelet start …). */
  stepMs: number;
  /** Real milliseconds between two renewals of a leader's lock (client-go's retry period, 2 s). */
  leaderRetryMs: number;
  /** How long a leader's lock lasts unrenewed (its leaseDurationSeconds, 15 s). */
  leaderLeaseMs: number;
  /** Real milliseconds between two renewals of kube-apiserver's identity Lease (10 s). */
  identityRenewMs: number;
}
export function timingFor(timeScale: number, leaseRenewSeconds?: number): SimulationTiming {
  const scale = timeScale > 0 ? timeScale : 1;
  return {
    leaseRenewMs: Math.max(1, (leaseRenewSeconds ?? 10 / scale) * 1000),
    nodeMonitorGraceMs: 50_000 / scale,
    evictionMs: 300_000 / scale,
    terminationMs: Math.max(10, 2000 / scale),
    stepMs: Math.max(5, 250 / scale),
    leaderRetryMs: Math.max(5, (LEADER_RETRY_SECONDS * 1000) / scale),
    leaderLeaseMs: (LEADER_LEASE_SECONDS * 1000) / scale,
    identityRenewMs: Math.max(5, (IDENTITY_RENEW_SECONDS * 1000) / scale),
  };
}
/**
 * Besides its Lease, each kubelet posts its Node status every 5 minutes (every 30th renewal) when nothing changed.
 * Each node has its own phase, as real kubelets do: N/300 status updates a second, not all nodes in one round.
 */
export function postsNodeStatus(renewal: number, nodeCount: number): boolean {
  const round = Math.floor(renewal / nodeCount);
  const node = renewal % nodeCount;
  return (round + node) % 30 === 29;
}
/** The most Pods a ReplicaSet creates or deletes in one step; the rest follow in later steps, so no write blocks the loop. */
export const POD_CREATE_BATCH = 50;
export type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export const podType = resourceTypeOfKind('Pod');
export const nodeType = resourceTypeOfKind('Node');
export const leaseType = resourceTypeOfKind('Lease');
export const eventType = resourceTypeOfKind('Event');
export const replicaSetType = resourceTypeOfKind('ReplicaSet');
export const deploymentType = resourceTypeOfKind('Deployment');
export const daemonSetType = resourceTypeOfKind('DaemonSet');
export const serviceType = resourceTypeOfKind('Service');
export const sliceType = resourceTypeOfKind('EndpointSlice');
export const namespaceType = resourceTypeOfKind('Namespace');
export const controllerManager = { component: 'deployment-controller' };
/** A Deployment the Deployment controller has never synced (stored before it ran): no observedGeneration yet. */
export function neverObserved(deployment: KubeObject): boolean {
  return (deployment.status as Loose | undefined)?.observedGeneration === undefined;
}
export function isReady(pod: KubeObject): boolean {
  return (
    ((pod.status as Loose | undefined)?.conditions as Loose[] | undefined)?.some(
      (condition) => condition.type === 'Ready' && condition.status === 'True',
    ) ?? false
  );
}
/** The first toleration that tolerates the taint (the scheduler's own matching), for its tolerationSeconds. */
export function tolerates(tolerations: Loose[] | undefined, taint: { key: string; effect: string }): Loose | undefined {
  return (tolerations ?? []).find((toleration) => toleratesTaint(toleration as Toleration, taint));
}
