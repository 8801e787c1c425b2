/**
 * Where a Pod can go, and why not elsewhere: the scheduler's filters for one Pod against every node, with the
 * FailedScheduling message the scheduler would write from them. Read-only; nothing here calls the API.
 */
import { type BoundPodsView, podKey } from './boundPods';
import { checks, type FilterContext, type FilterFailure, type FilterName, interPodState, prepareQuestion, spreadState } from './filters';
import type { SchedulingNode, SchedulingPod } from './objects';
import { schedulerWording } from './wording';
import { type WhyThisNode, whyThisNode } from './whyNode';

export interface PlacementQuestion {
  readonly pod: SchedulingPod;
  readonly nodes: readonly SchedulingNode[];
  /** The Pods bound to nodes; null when they could not be read (then resources, ports and inter-Pod rules are unknown). */
  readonly bound: (BoundPodsView & { without(key: string): BoundPodsView }) | null;
  /** The cluster's minor version (1.x), for the scheduler's wording and order. */
  readonly serverMinor?: number;
  /** Namespace labels, for terms with a namespaceSelector. */
  readonly namespaceLabels?: (namespace: string) => Readonly<Record<string, string>> | undefined;
}

export interface NodeVerdict {
  readonly node: string;
  /** True when every filter passes, false when one fails, 'unknown' when none fails but some could not be judged. */
  readonly feasible: boolean | 'unknown';
  /** Every failing filter, in the scheduler's order: the first is the one FailedScheduling counts. */
  readonly failures: readonly FilterFailure[];
  readonly unknown: readonly FilterName[];
  /** The Ready condition is not True, or the network is unavailable: the scheduler sees it only through taints. */
  readonly conditionNotes: readonly ConditionNote[];
}

/** A node condition the scheduler sees only through the taints it brings. */
export type ConditionNote = { readonly kind: 'notReady'; readonly status: string } | { readonly kind: 'networkUnavailable' };

/** What the model does not judge for a Pod. */
export type NotJudged =
  | { readonly kind: 'volumes'; readonly claims: readonly string[] }
  | { readonly kind: 'unreadableRequests'; readonly resources: readonly string[] }
  | { readonly kind: 'preemption'; readonly priorityClass: string }
  | { readonly kind: 'scores' };

export type PlacementState =
  /** Bound to a node by the scheduler (or by another that set nodeName). */
  | 'bound'
  /** Waiting for the scheduler, which found no node last time or has not tried yet. */
  | 'pending'
  /** spec.schedulingGates: the scheduler does not consider it until they are removed. */
  | 'gated'
  /** spec.nodeName set in the manifest: no scheduler runs; the node's kubelet admits or rejects it. */
  | 'nodeName'
  /** A static Pod: kubelet runs it from its node's manifest folder. */
  | 'static'
  /** Another scheduler places it: these are the default scheduler's filters. */
  | 'otherScheduler'
  /** Not in the cluster (a manifest): where it could go now. */
  | 'notCreated';

export interface PlacementReport {
  readonly pod: { readonly namespace: string; readonly name: string };
  readonly state: PlacementState;
  readonly boundNode: string | null;
  readonly nodes: readonly NodeVerdict[];
  readonly feasible: readonly string[];
  /** The scheduler's histogram of first reasons over the nodes that are not feasible. */
  readonly reasonCounts: Readonly<Record<string, number>>;
  /** "0/3 nodes are available: …" as the scheduler would say it now; null when some node fits. */
  readonly message: string | null;
  /** What the model does not judge for this Pod (volumes, preemption, scores). */
  readonly notJudged: readonly NotJudged[];
  /** For a bound Pod: the inputs of the scheduler's scoring, node by node (the scores themselves cannot be read). */
  readonly whyThisNode?: WhyThisNode;
}

const noNotes: readonly ConditionNote[] = [];

function conditionNotes(node: SchedulingNode): readonly ConditionNote[] {
  if (
    node.conditions.every((condition) =>
      condition.type === 'Ready' ? condition.status === 'True' : condition.type !== 'NetworkUnavailable' || condition.status !== 'True',
    )
  )
    return noNotes;
  const notes: ConditionNote[] = [];
  const ready = node.conditions.find((condition) => condition.type === 'Ready');
  if (ready && ready.status !== 'True') notes.push({ kind: 'notReady', status: ready.status });
  if (node.conditions.some((condition) => condition.type === 'NetworkUnavailable' && condition.status === 'True'))
    notes.push({ kind: 'networkUnavailable' });
  return notes;
}

function stateOf(pod: SchedulingPod): PlacementState {
  if (!pod.uid) return pod.nodeName ? 'nodeName' : 'notCreated';
  if (pod.mirror) return 'static';
  if (pod.nodeName) return 'bound';
  if (pod.schedulingGates.length > 0) return 'gated';
  if (pod.schedulerName !== 'default-scheduler') return 'otherScheduler';
  return 'pending';
}

/** The scheduler's histogram as its FitError prints it: "count reason", sorted as strings. */
export function schedulerMessage(total: number, reasonCounts: Readonly<Record<string, number>>): string {
  const parts = Object.entries(reasonCounts)
    .map(([reason, count]) => `${count} ${reason}`)
    .sort();
  return `0/${total} nodes are available: ${parts.join(', ')}.`;
}

export function explainPlacement(question: PlacementQuestion): PlacementReport {
  const state = stateOf(question.pod);
  // A bound Pod is judged as the scheduler judged it: before it had a node (binding is what set nodeName).
  const pod = state === 'bound' ? { ...question.pod, nodeName: null } : question.pod;
  const { nodes, bound } = question;
  const wording = schedulerWording(question.serverMinor);
  const self = podKey(pod.namespace, pod.name);
  const labelsOf = new Map(nodes.map((node) => [node.name, node.labels]));
  // A bound Pod is judged against the others, as the scheduler judged it before it counted there itself.
  const others = bound ? bound.without(self) : null;
  const context: FilterContext = {
    pod,
    wording,
    bound: others,
    interPod: interPodState({ ...question, pod }, others, labelsOf),
    spread: null,
    ...prepareQuestion(pod),
  };
  const full: FilterContext = { ...context, spread: spreadState({ ...question, pod }, others, context) };

  const verdicts: NodeVerdict[] = [];
  const reasonCounts: Record<string, number> = {};
  const feasible: string[] = [];
  for (const node of nodes) {
    const failures: FilterFailure[] = [];
    const unknown: FilterName[] = [];
    for (const filter of wording.order) {
      const result = checks[filter](node, full);
      if (result === 'unknown') unknown.push(filter);
      else if (result) failures.push(result);
    }
    const verdict: NodeVerdict = {
      node: node.name,
      feasible: failures.length > 0 ? false : unknown.length > 0 ? 'unknown' : true,
      failures,
      unknown,
      conditionNotes: conditionNotes(node),
    };
    verdicts.push(verdict);
    if (verdict.feasible === true) feasible.push(node.name);
    const first = failures[0];
    if (first) for (const reason of first.reasons) reasonCounts[reason] = (reasonCounts[reason] ?? 0) + 1;
  }
  const notJudged: NotJudged[] = [];
  if (pod.claimNames.length > 0) notJudged.push({ kind: 'volumes', claims: pod.claimNames });
  if (pod.unreadableRequests.length > 0) notJudged.push({ kind: 'unreadableRequests', resources: pod.unreadableRequests });
  if (feasible.length === 0 && pod.priorityClassName) notJudged.push({ kind: 'preemption', priorityClass: pod.priorityClassName });
  notJudged.push({ kind: 'scores' });
  const anyUnknown = verdicts.some((verdict) => verdict.feasible === 'unknown');
  return {
    pod: { namespace: pod.namespace, name: pod.name },
    state,
    boundNode: question.pod.nodeName,
    nodes: verdicts,
    feasible,
    reasonCounts,
    message: feasible.length > 0 || anyUnknown ? null : schedulerMessage(nodes.length, reasonCounts),
    notJudged,
    ...(state === 'bound' && {
      whyThisNode: whyThisNode(pod, question.pod.nodeName!, nodes, verdicts, others, question.namespaceLabels),
    }),
  };
}
