/**
 * What every filter plugin shares, as kube-scheduler's framework (pkg/scheduler/framework) gives it to its
 * plugins: the question's context, worked out once, and a failure with the scheduler's reasons and the
 * evidence behind them.
 */
import type { BoundPodsView } from '../boundPods';
import type { HostPort, SchedulingNode, SchedulingPod, Taint, TopologySpreadConstraint } from '../objects';
import type { FilterName, SchedulerWording } from '../wording';

export type { FilterName } from '../wording';

/** What made a filter fail, as data; `detail` says it in English. */
export type FilterEvidence =
  | { readonly kind: 'unschedulable' }
  | { readonly kind: 'nodeName'; readonly wanted: string }
  | { readonly kind: 'taint'; readonly taint: Taint }
  | { readonly kind: 'nodeSelector'; readonly key: string; readonly wanted: string; readonly actual: string | null }
  | { readonly kind: 'nodeAffinity'; readonly terms: number; readonly firstFailing: string | null }
  | { readonly kind: 'hostPort'; readonly port: HostPort; readonly usedBy: string }
  | { readonly kind: 'tooManyPods'; readonly pods: number; readonly allowed: number }
  | {
      readonly kind: 'insufficient';
      readonly resource: string;
      readonly requested: number;
      readonly used: number;
      readonly allocatable: number;
    }
  | { readonly kind: 'spreadLabelMissing'; readonly topologyKey: string }
  | {
      readonly kind: 'spreadSkew';
      readonly topologyKey: string;
      readonly domain: string;
      readonly matching: number;
      readonly minimum: number;
      readonly maxSkew: number;
    }
  | { readonly kind: 'affinity'; readonly topologyKey: string; readonly domain: string | null }
  | { readonly kind: 'antiAffinity'; readonly topologyKey: string; readonly domain: string; readonly pod: string }
  | { readonly kind: 'existingAntiAffinity'; readonly topologyKey: string; readonly domain: string; readonly pod: string };

export interface FilterFailure {
  readonly filter: FilterName;
  /** The scheduler's reasons in its wording for the cluster's version. */
  readonly reasons: readonly string[];
  readonly evidence: readonly FilterEvidence[];
}

export interface FilterContext {
  readonly pod: SchedulingPod;
  readonly wording: SchedulerWording;
  /** Null when the bound Pods could not be read: the filters that need them are then unknown. */
  readonly bound: BoundPodsView | null;
  /** Precomputed per question (see interPodAffinity.ts / podTopologySpread.ts). */
  readonly interPod: InterPodState | null;
  readonly spread: SpreadState | null;
  /** Worked out once per question: the resources the Pod requests, in the order the scheduler checks them. */
  readonly resources: readonly string[];
  readonly requests: Readonly<Record<string, number>>;
  /** The Pod's DoNotSchedule spread constraints (ScheduleAnyway ones only score). */
  readonly spreadConstraints: readonly TopologySpreadConstraint[];
}

/** What a question's filters read of the Pod, worked out once rather than per node. */
export function prepareQuestion(pod: SchedulingPod): Pick<FilterContext, 'resources' | 'requests' | 'spreadConstraints'> {
  const order = (resource: string) => ['cpu', 'memory', 'ephemeral-storage'].indexOf(resource) >>> 0;
  const resources = Object.keys(pod.requests)
    .filter((resource) => resource !== 'pods' && (pod.requests[resource] ?? 0) > 0)
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  return {
    resources,
    requests: pod.requests,
    spreadConstraints: pod.topologySpread.filter((constraint) => constraint.whenUnsatisfiable === 'DoNotSchedule'),
  };
}

export interface InterPodState {
  /** Per required affinity term: the topology values where a selected Pod runs. */
  readonly affinityDomains: readonly Map<string, number>[];
  /** Whether no Pod anywhere matches any affinity term, and the Pod matches all its own (the first of a series). */
  readonly firstOfSeries: boolean;
  /** Per required anti-affinity term: topology value → a Pod it selects there. */
  readonly antiAffinityDomains: readonly Map<string, string>[];
  /** topologyKey → value → an existing Pod whose anti-affinity selects the Pod in question. */
  readonly existingAntiAffinity: ReadonlyMap<string, ReadonlyMap<string, string>>;
}

export interface SpreadState {
  /** Per DoNotSchedule constraint: topology value → matching Pods, over the domains of eligible nodes. */
  readonly counts: readonly Map<string, number>[];
  readonly minimums: readonly number[];
  readonly selfMatch: readonly boolean[];
}

/** One filter plugin: a failure, 'unknown' when it cannot be judged, or undefined when the node passes. */
export type Check = (node: SchedulingNode, context: FilterContext) => FilterFailure | 'unknown' | undefined;
