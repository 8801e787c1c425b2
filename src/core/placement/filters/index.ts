/**
 * kube-scheduler's deterministic Filter plugins, one node at a time, each failure with the scheduler's own
 * reason (what FailedScheduling counts) and the evidence behind it. Scores and tie-breaks are not here: they
 * cannot be recovered from outside the scheduler. One file per plugin, named as the scheduler names it, as
 * Kubernetes keeps one package per plugin under pkg/scheduler/framework/plugins.
 */
import type { Check, FilterName } from './framework';
import { interPodAffinity } from './interPodAffinity';
import { nodeAffinity } from './nodeAffinity';
import { nodeName } from './nodeName';
import { nodePorts } from './nodePorts';
import { nodeResourcesFit } from './nodeResourcesFit';
import { nodeUnschedulable } from './nodeUnschedulable';
import { podTopologySpread } from './podTopologySpread';
import { taintToleration } from './taintToleration';

export { spreadSkewOf, taintText, unrequestedText } from './evidenceAmounts';
export {
  type Check,
  type FilterContext,
  type FilterEvidence,
  type FilterFailure,
  type FilterName,
  type InterPodState,
  prepareQuestion,
  type SpreadState,
} from './framework';
export { interPodState } from './interPodAffinity';
export { spreadState } from './podTopologySpread';
export { termNamespaces, termSelects, tolerates, untolerated } from './shared';

/** Every filter by its plugin's name, in the scheduler's order (each version's order is in wording.ts). */
export const checks: Readonly<Record<FilterName, Check>> = {
  NodeUnschedulable: nodeUnschedulable,
  NodeName: nodeName,
  TaintToleration: taintToleration,
  NodeAffinity: nodeAffinity,
  NodePorts: nodePorts,
  NodeResourcesFit: nodeResourcesFit,
  PodTopologySpread: podTopologySpread,
  InterPodAffinity: interPodAffinity,
};
