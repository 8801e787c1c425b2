/**
 * Pods waiting for a node, whole workloads at once: Pending Pods grouped by their workload (a ReplicaSet's
 * Deployment, a StatefulSet, a Job, a DaemonSet, or the bare Pod), by their scheduling signature (what the
 * scheduler's filters read of them: one template, one signature) and by the state the server reports for them.
 * The placement model answers once per signature, never per Pod: 500 replicas of one template share one answer.
 * Pure: the caller reads the Pods (waitingRead.ts) and keeps the nodes and bound Pods.
 */
import type { HiddenRead } from '../anatomy/types';
import type { BoundPods } from './boundPods';
import { parseSchedulerMessage } from './clusterRead';
import type { SchedulingNode, SchedulingPod } from './objects';
import { explainPlacement } from './place';

/**
 * Why a Pod waits, as the server reports it. The newer states are named by the Kubernetes version they come with
 * (waitingText.ts says it): scheduling gates, PreEnqueue rejections, a nominated node, a gang's missing members.
 */
export type WaitingState =
  /** spec.schedulingGates; kube-apiserver writes PodScheduled=False, reason SchedulingGated (1.26 alpha, 1.27 beta, 1.30 GA). */
  | { readonly kind: 'gated'; readonly gates: readonly string[] }
  /** A PreEnqueue plugin keeps it out of the queue: reason NotReadyForScheduling, with the plugin's message (1.35 beta). */
  | { readonly kind: 'notReadyForScheduling'; readonly message: string | null }
  /**
   * Gang scheduling (1.35 alpha, scheduling.k8s.io/v1alpha1 Workload): the scheduler holds every member of a pod
   * group until minCount of them exist, and writes no condition meanwhile. `members` counts those that exist.
   */
  | {
      readonly kind: 'waitingForGroup';
      readonly workload: string;
      readonly podGroup: string;
      readonly replicaKey: string;
      readonly minCount: number;
      readonly members: number;
    }
  /** status.nominatedNodeName: preemption made room there and the Pod waits for the victims to leave, or binding began. */
  | { readonly kind: 'nominated' }
  /** PodScheduled=False, reason Unschedulable: the scheduler tried and found no node. */
  | { readonly kind: 'unschedulable' }
  /** No PodScheduled condition yet: the scheduler has not tried (or another component holds it back silently). */
  | { readonly kind: 'notTried' }
  /** spec.schedulerName names another scheduler: the default scheduler never looks at it. */
  | { readonly kind: 'otherScheduler'; readonly scheduler: string };

export type WaitingStateKind = WaitingState['kind'];

/** The workload a Pod belongs to: the Deployment above its ReplicaSet, its controller, or the Pod itself. */
export interface WaitingWorkload {
  /** 'Deployment', 'StatefulSet', 'Job', 'DaemonSet', 'ReplicaSet', another controller's kind, or 'Pod' (a bare Pod). */
  readonly kind: string;
  readonly name: string;
}

/** A pod group of a Workload (scheduling.k8s.io/v1alpha1): minCount when its policy is gang, null when basic. */
export interface GangWorkload {
  readonly namespace: string;
  readonly name: string;
  readonly podGroups: readonly { readonly name: string; readonly minCount: number | null }[];
}

export interface WaitingPod {
  readonly namespace: string;
  readonly name: string;
  readonly nominatedNodeName: string | null;
  /** The PodScheduled condition as the server wrote it (reason and message), when there is one. */
  readonly said: { readonly reason: string | null; readonly message: string | null } | null;
}

export interface WaitingGroup {
  /** Stable across updates: namespace, workload, signature and state. */
  readonly key: string;
  readonly namespace: string;
  readonly workload: WaitingWorkload;
  /** What the scheduler's filters read of the Pods (the answers' key): one template, one signature. */
  readonly signature: string;
  /** The signature as 8 hex digits, for ids and the JSON. */
  readonly signatureId: string;
  readonly state: WaitingState;
  /** By name. */
  readonly pods: readonly WaitingPod[];
  /** The message most of the Pods' PodScheduled conditions carry, as the server wrote it; null when none has one. */
  readonly said: { readonly reason: string | null; readonly message: string; readonly pods: number } | null;
  /** Every Pod of the group carries that same message. */
  readonly sameReason: boolean;
  /** A DaemonSet's Pods are each pinned to their own node: one answer would not hold for the others. */
  readonly perNode: boolean;
  /** One Pod of the group, the one the model judges for all of them. */
  readonly representative: SchedulingPod;
}

/** The placement model's answer for one signature. */
export interface WaitingAnswer {
  readonly nodes: number;
  readonly feasible: number;
  /** Nodes no filter rejects but some could not judge (the bound Pods unknown, …). */
  readonly unknown: number;
  readonly reasonCounts: Readonly<Record<string, number>>;
  /** "0/5000 nodes are available: …" as the scheduler would say it now; null when some node fits or is unknown. */
  readonly message: string | null;
}

/** The reason of a group's row and the nodes it holds for: the server's when it wrote one, else the model's. */
export interface GroupReason {
  readonly reason: string;
  readonly nodes: number;
  readonly from: 'server' | 'model';
}

export interface WaitingView {
  readonly groups: readonly WaitingGroup[];
  /** Answers by signature, for the groups the model judges (not gated, held back or pinned per node). */
  readonly answers: ReadonlyMap<string, WaitingAnswer>;
  readonly pods: number;
  /** 'all' when every namespace was read, else the namespaces that were. */
  readonly namespaces: 'all' | readonly string[];
  /** The reads RBAC refused (Pods of a namespace, all namespaces' Pods, Nodes), with what would show them. */
  readonly hidden: readonly HiddenRead[];
}

/** Labels each Pod of one template carries with its own value: they do not make a signature of their own. */
const PER_POD_LABELS = new Set([
  'statefulset.kubernetes.io/pod-name',
  'apps.kubernetes.io/pod-index',
  'batch.kubernetes.io/job-completion-index',
]);

export function workloadOfPod(pod: Pick<SchedulingPod, 'name' | 'labels' | 'controller'>): WaitingWorkload {
  const owner = pod.controller;
  if (!owner) return { kind: 'Pod', name: pod.name };
  // A Deployment's ReplicaSet is named `<deployment>-<pod-template-hash>`, and its Pods carry the hash.
  const hash = pod.labels['pod-template-hash'];
  if (owner.kind === 'ReplicaSet' && hash && owner.name.endsWith(`-${hash}`))
    return { kind: 'Deployment', name: owner.name.slice(0, -hash.length - 1) };
  return { kind: owner.kind, name: owner.name };
}

/** The state a Pending Pod waits in, as its spec and status say; `gangs` are the Workloads of its namespace. */
export function waitingStateOf(pod: SchedulingPod, gang?: { readonly minCount: number; readonly members: number }): WaitingState {
  const condition = pod.scheduledCondition;
  if (pod.schedulingGates.length > 0 || condition?.reason === 'SchedulingGated') return { kind: 'gated', gates: pod.schedulingGates };
  if (condition?.reason === 'NotReadyForScheduling') return { kind: 'notReadyForScheduling', message: condition.message };
  if (pod.schedulerName !== 'default-scheduler') return { kind: 'otherScheduler', scheduler: pod.schedulerName };
  const ref = pod.workloadRef;
  if (ref && gang && gang.members < gang.minCount)
    return {
      kind: 'waitingForGroup',
      workload: ref.name,
      podGroup: ref.podGroup,
      replicaKey: ref.podGroupReplicaKey,
      minCount: gang.minCount,
      members: gang.members,
    };
  if (pod.nominatedNodeName) return { kind: 'nominated' };
  if (condition?.status === 'False' && condition.reason === 'Unschedulable') return { kind: 'unschedulable' };
  return { kind: 'notTried' };
}

/** 32-bit FNV-1a, as 8 hex digits: short ids for long signatures. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * What the scheduler's filters read of a Pod, as text: equal for the Pods of one template. The namespace is
 * part of it (inter-Pod terms select in the Pod's own namespace). A DaemonSet's per-node affinity is left out
 * (`perNode`): its Pods share a template, each for another node.
 */
export function schedulingSignature(pod: SchedulingPod, perNode = false): string {
  const labels = Object.entries(pod.labels)
    .filter(([key]) => !PER_POD_LABELS.has(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const nodeTerms = perNode
    ? pod.requiredNodeTerms?.map((term) => ({ ...term, matchFields: term.matchFields.filter((field) => field.key !== 'metadata.name') }))
    : pod.requiredNodeTerms;
  return JSON.stringify([
    pod.namespace,
    pod.schedulerName,
    pod.priorityClassName,
    labels,
    pod.nodeSelector,
    nodeTerms,
    pod.tolerations,
    pod.requests,
    pod.unreadableRequests,
    pod.hostPorts,
    pod.podAffinity,
    pod.podAntiAffinity,
    pod.topologySpread,
    pod.claimNames.length,
  ]);
}

const stateKey = (state: WaitingState): string => {
  switch (state.kind) {
    case 'gated':
      return `gated:${state.gates.join(',')}`;
    case 'waitingForGroup':
      return `group:${state.workload}/${state.podGroup}/${state.replicaKey}`;
    case 'otherScheduler':
      return `scheduler:${state.scheduler}`;
    default:
      return state.kind;
  }
};

const byName = new Intl.Collator('en', { numeric: true }).compare;

/**
 * Pending Pods no node runs (spec.nodeName empty, not terminating), grouped: one group per namespace, workload,
 * signature and state, the largest first. `workloads` are the Workloads read (gang scheduling), if any.
 */
export function groupWaitingPods(pods: readonly SchedulingPod[], workloads: readonly GangWorkload[] = []): WaitingGroup[] {
  const waiting = pods.filter((pod) => !pod.nodeName && !pod.deleting && pod.phase === 'Pending');
  // Gang scheduling: how many members of each pod group (and replica) exist, and the group's minCount.
  const minCounts = new Map<string, number>();
  for (const workload of workloads)
    for (const group of workload.podGroups)
      if (group.minCount !== null) minCounts.set(`${workload.namespace}/${workload.name}/${group.name}`, group.minCount);
  const members = new Map<string, number>();
  const gangKey = (pod: SchedulingPod) =>
    pod.workloadRef && `${pod.namespace}/${pod.workloadRef.name}/${pod.workloadRef.podGroup}\u0000${pod.workloadRef.podGroupReplicaKey}`;
  if (minCounts.size > 0)
    for (const pod of pods) {
      const key = gangKey(pod);
      if (key && !pod.deleting) members.set(key, (members.get(key) ?? 0) + 1);
    }

  const groups = new Map<string, { group: Omit<WaitingGroup, 'pods' | 'said' | 'sameReason'>; pods: SchedulingPod[] }>();
  for (const pod of waiting) {
    const workload = workloadOfPod(pod);
    const perNode = workload.kind === 'DaemonSet';
    const key = gangKey(pod);
    const minCount = pod.workloadRef && minCounts.get(`${pod.namespace}/${pod.workloadRef.name}/${pod.workloadRef.podGroup}`);
    const state = waitingStateOf(pod, key && minCount !== undefined ? { minCount, members: members.get(key) ?? 0 } : undefined);
    const signature = schedulingSignature(pod, perNode);
    const signatureId = shortHash(signature);
    const groupKey = `${pod.namespace}/${workload.kind}/${workload.name}/${signatureId}/${stateKey(state)}`;
    let entry = groups.get(groupKey);
    if (!entry) {
      entry = {
        group: { key: groupKey, namespace: pod.namespace, workload, signature, signatureId, state, perNode, representative: pod },
        pods: [],
      };
      groups.set(groupKey, entry);
    }
    entry.pods.push(pod);
  }

  const result: WaitingGroup[] = [];
  for (const { group, pods: members } of groups.values()) {
    members.sort((a, b) => byName(a.name, b.name));
    const messages = new Map<string, { reason: string | null; count: number }>();
    for (const pod of members) {
      const message = pod.scheduledCondition?.message;
      if (!message) continue;
      const seen = messages.get(message);
      if (seen) seen.count++;
      else messages.set(message, { reason: pod.scheduledCondition?.reason ?? null, count: 1 });
    }
    let said: WaitingGroup['said'] = null;
    for (const [message, { reason, count }] of messages) if (!said || count > said.pods) said = { reason, message, pods: count };
    result.push({
      ...group,
      representative: members[0]!,
      pods: members.map((pod) => ({
        namespace: pod.namespace,
        name: pod.name,
        nominatedNodeName: pod.nominatedNodeName,
        said: pod.scheduledCondition ? { reason: pod.scheduledCondition.reason, message: pod.scheduledCondition.message } : null,
      })),
      said,
      sameReason: said !== null && said.pods === members.length,
    });
  }
  return result.sort(
    (a, b) =>
      b.pods.length - a.pods.length || byName(a.namespace, b.namespace) || byName(a.workload.name, b.workload.name) || byName(a.key, b.key),
  );
}

/** Whether the placement model has something to say for the group: the scheduler is trying (or would) to place it. */
export function judgedByModel(group: WaitingGroup): boolean {
  if (group.perNode) return false;
  const kind = group.state.kind;
  return kind === 'unschedulable' || kind === 'notTried' || kind === 'nominated';
}

export interface WaitingCluster {
  readonly nodes: readonly SchedulingNode[];
  readonly bound: BoundPods | null;
  readonly serverMinor?: number;
}

/**
 * One answer per signature of the groups the model judges: the first group's Pod stands for the others.
 * `explain` is the placement model (a test counts its calls).
 */
export function answerWaitingGroups(
  groups: readonly WaitingGroup[],
  cluster: WaitingCluster,
  explain: typeof explainPlacement = explainPlacement,
): Map<string, WaitingAnswer> {
  const answers = new Map<string, WaitingAnswer>();
  for (const group of groups) {
    if (!judgedByModel(group) || answers.has(group.signature)) continue;
    const report = explain({
      pod: group.representative,
      nodes: cluster.nodes,
      bound: cluster.bound,
      ...(cluster.serverMinor !== undefined && { serverMinor: cluster.serverMinor }),
    });
    answers.set(group.signature, {
      nodes: report.nodes.length,
      feasible: report.feasible.length,
      unknown: report.nodes.filter((verdict) => verdict.feasible === 'unknown').length,
      reasonCounts: report.reasonCounts,
      message: report.message,
    });
  }
  return answers;
}

/** The largest count of a histogram of reasons, and its reason. */
function topReason(counts: Readonly<Record<string, number>>): { reason: string; nodes: number } | undefined {
  let top: { reason: string; nodes: number } | undefined;
  for (const [reason, nodes] of Object.entries(counts)) if (!top || nodes > top.nodes) top = { reason, nodes };
  return top;
}

/**
 * The reason a group's row names: the largest count of the scheduler's own message (as the server wrote it),
 * else of the model's answer; undefined when neither has one.
 */
export function groupReason(group: WaitingGroup, answer: WaitingAnswer | undefined): GroupReason | undefined {
  const parsed = group.said ? parseSchedulerMessage(group.said.message) : undefined;
  const fromServer = parsed && topReason(parsed.reasons);
  if (fromServer) return { ...fromServer, from: 'server' };
  const fromModel = answer && answer.feasible === 0 ? topReason(answer.reasonCounts) : undefined;
  return fromModel && { ...fromModel, from: 'model' };
}

/** Groups and their answers, as the views and the CLI's JSON carry them. */
export function waitingView(
  pods: readonly SchedulingPod[],
  cluster: WaitingCluster | null,
  read: {
    readonly namespaces: 'all' | readonly string[];
    readonly hidden: readonly HiddenRead[];
    readonly workloads?: readonly GangWorkload[];
  },
): WaitingView {
  const groups = groupWaitingPods(pods, read.workloads);
  return {
    groups,
    answers: cluster ? answerWaitingGroups(groups, cluster) : new Map(),
    pods: groups.reduce((sum, group) => sum + group.pods.length, 0),
    namespaces: read.namespaces,
    hidden: read.hidden,
  };
}

/** A Workload object (scheduling.k8s.io/v1alpha1) as gang scheduling reads it: its pod groups and their minCount. */
export function gangWorkloadOf(raw: unknown): GangWorkload | undefined {
  const object = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const metadata = (object.metadata ?? {}) as Record<string, unknown>;
  const spec = (object.spec ?? {}) as Record<string, unknown>;
  if (typeof metadata.name !== 'string') return undefined;
  const podGroups = (Array.isArray(spec.podGroups) ? spec.podGroups : []).flatMap((entry: unknown) => {
    const group = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
    if (typeof group.name !== 'string') return [];
    const gang = ((group.policy ?? {}) as Record<string, unknown>).gang as Record<string, unknown> | undefined;
    const minCount = gang && typeof gang.minCount === 'number' ? gang.minCount : null;
    return [{ name: group.name, minCount }];
  });
  return { namespace: typeof metadata.namespace === 'string' ? metadata.namespace : '', name: metadata.name, podGroups };
}
