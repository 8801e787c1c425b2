/**
 * The scheduler's own words and order, by version: FailedScheduling counts each node's reasons from the first
 * filter that failed there, so the order of the filters and the wording of the reasons decide the message.
 * Sources: pkg/scheduler's default plugins (algorithmprovider/registry.go to 1.21, apis/config/*\/default_plugins.go
 * after) and each plugin's ErrReason constants; the changes are kubernetes#95539 (order, 1.20), #96202 and #97521
 * (node affinity, 1.20 and 1.21), #97454 (node name, 1.21), #102518 (inter-Pod affinity, 1.22), #109119 (taints,
 * 1.25) and #134740 (taints, 1.35).
 */
import type { Taint } from './objects';

/** The scheduler's Filter plugins the model re-runs. */
export type FilterName =
  | 'NodeUnschedulable'
  | 'NodeName'
  | 'TaintToleration'
  | 'NodeAffinity'
  | 'NodePorts'
  | 'NodeResourcesFit'
  | 'PodTopologySpread'
  | 'InterPodAffinity';

export interface SchedulerWording {
  readonly order: readonly FilterName[];
  readonly unschedulable: string;
  readonly nodeName: string;
  readonly taint: (taint: Taint) => string;
  readonly nodeAffinity: string;
  readonly ports: string;
  readonly tooManyPods: string;
  readonly insufficient: (resource: string) => string;
  readonly spread: string;
  readonly spreadLabelMissing: string;
  readonly affinity: readonly string[];
  readonly antiAffinity: readonly string[];
  readonly existingAntiAffinity: readonly string[];
  /** 1.20 to 1.23 count a spread domain's Pods on every node of the domain, even nodes the Pod's affinity excludes (#106971). */
  readonly spreadCountsExcludedNodes: boolean;
  /** minDomains exists from 1.24. */
  readonly spreadMinDomains: boolean;
}

const orderBefore120: readonly FilterName[] = [
  'NodeUnschedulable',
  'NodeResourcesFit',
  'NodeName',
  'NodePorts',
  'NodeAffinity',
  'TaintToleration',
  'PodTopologySpread',
  'InterPodAffinity',
];
const orderFrom120: readonly FilterName[] = [
  'NodeUnschedulable',
  'NodeName',
  'TaintToleration',
  'NodeAffinity',
  'NodePorts',
  'NodeResourcesFit',
  'PodTopologySpread',
  'InterPodAffinity',
];

/** The wording of the scheduler of a cluster at 1.`minor`; the newest when the version is unknown. */
export function schedulerWording(minor: number | undefined): SchedulerWording {
  const at = minor ?? Number.MAX_SAFE_INTEGER;
  const generic = at < 22 ? ["node(s) didn't match pod affinity/anti-affinity"] : [];
  return {
    order: at < 20 ? orderBefore120 : orderFrom120,
    unschedulable: 'node(s) were unschedulable',
    nodeName: at < 21 ? "node(s) didn't match the requested hostname" : "node(s) didn't match the requested node name",
    taint:
      at < 25
        ? (taint) => `node(s) had taint {${taint.key}: ${taint.value ?? ''}}, that the pod didn't tolerate`
        : at < 35
          ? (taint) => `node(s) had untolerated taint {${taint.key}: ${taint.value ?? ''}}`
          : () => 'node(s) had untolerated taint(s)',
    nodeAffinity:
      at < 20
        ? "node(s) didn't match node selector"
        : at < 21
          ? "node(s) didn't match Pod's node affinity"
          : "node(s) didn't match Pod's node affinity/selector",
    ports: "node(s) didn't have free ports for the requested pod ports",
    tooManyPods: 'Too many pods',
    insufficient: (resource) => `Insufficient ${resource}`,
    spread: "node(s) didn't match pod topology spread constraints",
    spreadLabelMissing: "node(s) didn't match pod topology spread constraints (missing required label)",
    affinity: [...generic, "node(s) didn't match pod affinity rules"],
    antiAffinity: [...generic, "node(s) didn't match pod anti-affinity rules"],
    existingAntiAffinity: [...generic, "node(s) didn't satisfy existing pods anti-affinity rules"],
    spreadCountsExcludedNodes: at < 24,
    spreadMinDomains: at >= 24,
  };
}
