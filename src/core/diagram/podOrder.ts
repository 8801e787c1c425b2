import type { ComponentPod, PodSource } from '../anatomy/types';

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
