/**
 * Why a bound Pod is on its node and not on another that fits: what can be said from outside the scheduler.
 * Its scores are its own and never written anywhere; what is here are the inputs its default score plugins
 * weigh, node by node: the other replicas of the same controller (PodTopologySpread's default constraints and
 * the old SelectorSpread prefer fewer), the room left after the Pod (NodeResourcesFit's LeastAllocated prefers
 * more), the Pod's own topology spread constraints, its preferred affinities and untolerated PreferNoSchedule
 * taints (TaintToleration's score).
 */
import type { BoundPod, BoundPodsView } from './boundPods';
import { taintText, termSelects, untolerated } from './filters';
import type { ControllerRef, NodeSelectorTerm, PodAffinityTerm, SchedulingNode, SchedulingPod, TopologySpreadConstraint } from './objects';
import { labelSelectorMatches, nodeTermMatches } from './selectors';
import { compareNames } from '../util/names';

/** The resources shown per node; LeastAllocated weighs cpu and memory (its default), pods is what a node allows. */
export const ROOM_RESOURCES = ['cpu', 'memory', 'pods'] as const;
export type RoomResource = (typeof ROOM_RESOURCES)[number];
const SCORED_RESOURCES: readonly RoomResource[] = ['cpu', 'memory'];

export interface Room {
  readonly resource: RoomResource;
  readonly allocatable: number;
  /**
   * What the other Pods bound there request as the score counts it: a container without a cpu or memory request
   * counts as 100m and 200Mi. For pods: how many run there.
   */
  readonly requested: number;
  /** allocatable − requested, before this Pod. */
  readonly free: number;
}

export type PreferredTerm =
  | { readonly kind: 'nodeAffinity'; readonly weight: number; readonly term: NodeSelectorTerm }
  | { readonly kind: 'podAffinity' | 'podAntiAffinity'; readonly weight: number; readonly term: PodAffinityTerm };

export interface SpreadAtNode {
  /** The node's value of the constraint's topology key; null when it has no such label. */
  readonly domain: string | null;
  /** Matching Pods in that domain, other than this one. */
  readonly matching: number;
  /** Whether this Pod there keeps the skew within maxSkew. */
  readonly satisfied: boolean;
}

export interface NodeInputs {
  readonly node: string;
  /** The node this Pod is bound to. */
  readonly here: boolean;
  /** A node the Pod fits now (or its own node): one the scheduler could have chosen. */
  readonly candidate: boolean;
  /** The other Pods of the same controller on this node; null when the bound Pods or the controller are not known. */
  readonly replicas: readonly string[] | null;
  /** Per resource, before this Pod; null when the bound Pods are not known. */
  readonly room: readonly Room[] | null;
  /** LeastAllocated's input: the share of cpu and memory left after this Pod, averaged, in whole percent as the plugin scores it; null when not known. */
  readonly freePercent: number | null;
  /** Its place among the candidates by freePercent, 1 being the most room (level nodes share a place); null for a node that is no candidate. */
  readonly roomRank: number | null;
  /** Per topology spread constraint of the Pod, in its order; null when the bound Pods are not known. */
  readonly spread: readonly SpreadAtNode[] | null;
  /** Per preferred term, in `WhyThisNode.preferred` order: whether the node satisfies it; null when not known. */
  readonly preferred: readonly boolean[] | null;
  /** A PreferNoSchedule taint the Pod does not tolerate, as `key=value:effect`. */
  readonly preferNoSchedule: string | null;
}

export interface WhyThisNode {
  readonly node: string;
  /** When the Pod was bound: its PodScheduled condition's lastTransitionTime, when it says. */
  readonly boundAt: string | null;
  readonly controller: ControllerRef | null;
  /** What the Pod requests of the shown resources as the score counts it (pods: 1). */
  readonly requests: Readonly<Record<RoomResource, number>>;
  /** The candidates, most room first, then the other nodes that run replicas. */
  readonly nodes: readonly NodeInputs[];
  readonly spread: readonly TopologySpreadConstraint[];
  readonly preferred: readonly PreferredTerm[];
}

/** What the Pods on a node request of cpu or memory as the score counts it. */
function scoredLoad(pods: Iterable<BoundPod>, resource: 'cpu' | 'memory'): number {
  let total = 0;
  for (const pod of pods) total += pod.scoredRequests?.[resource] ?? pod.requests[resource] ?? 0;
  return total;
}

function freePercentOf(room: readonly Room[], requests: Readonly<Record<RoomResource, number>>): number | null {
  const percents = SCORED_RESOURCES.flatMap((resource) => {
    const entry = room.find((item) => item.resource === resource);
    if (!entry || entry.allocatable <= 0) return [];
    return [Math.floor((Math.max(0, entry.free - requests[resource]) * 100) / entry.allocatable)];
  });
  return percents.length > 0 ? Math.floor(percents.reduce((sum, percent) => sum + percent, 0) / percents.length) : null;
}

/** Per constraint, the matching Pods per domain over the nodes the Pod's node affinity allows (as the plugin counts). */
function spreadAnswers(
  pod: SchedulingPod,
  nodes: readonly SchedulingNode[],
  allowed: ReadonlySet<string>,
  bound: BoundPodsView,
): ((node: SchedulingNode) => SpreadAtNode)[] {
  return pod.topologySpread.map((constraint) => {
    const domains = new Map<string, number>();
    for (const node of nodes) {
      const domain = node.labels[constraint.topologyKey];
      if (domain === undefined || !allowed.has(node.name)) continue;
      let matching = domains.get(domain) ?? 0;
      for (const other of bound.load(node.name).pods.values())
        if (!other.deleting && other.namespace === pod.namespace && labelSelectorMatches(constraint.labelSelector, other.labels))
          matching++;
      domains.set(domain, matching);
    }
    const counts = [...domains.values()];
    const minimum =
      counts.length === 0 ? 0 : constraint.minDomains !== undefined && counts.length < constraint.minDomains ? 0 : Math.min(...counts);
    const self = labelSelectorMatches(constraint.labelSelector, pod.labels) ? 1 : 0;
    return (node) => {
      const domain = node.labels[constraint.topologyKey] ?? null;
      const matching = domain === null ? 0 : (domains.get(domain) ?? 0);
      return { domain, matching, satisfied: domain !== null && matching + self - minimum <= constraint.maxSkew };
    };
  });
}

/** Per preferred term, whether a node satisfies it. */
function preferredAnswers(
  pod: SchedulingPod,
  terms: readonly PreferredTerm[],
  labelsOf: ReadonlyMap<string, Readonly<Record<string, string>>>,
  bound: BoundPodsView,
  namespaceLabels: ((namespace: string) => Readonly<Record<string, string>> | undefined) | undefined,
): ((node: SchedulingNode) => boolean)[] {
  return terms.map((preferred) => {
    if (preferred.kind === 'nodeAffinity') return (node) => nodeTermMatches(preferred.term, node);
    const { term } = preferred;
    // The domains where a Pod the term selects runs.
    const taken = new Set<string>();
    for (const other of bound.all()) {
      const domain = labelsOf.get(other.nodeName)?.[term.topologyKey];
      if (domain !== undefined && termSelects(term, pod.namespace, other, namespaceLabels)) taken.add(domain);
    }
    return (node) => {
      const domain = node.labels[term.topologyKey];
      if (preferred.kind === 'podAffinity') return domain !== undefined && taken.has(domain);
      return domain === undefined || !taken.has(domain);
    };
  });
}

/** What this reads of place.ts's NodeVerdict (named here, not imported: place.ts imports this module). */
interface FilterVerdict {
  readonly node: string;
  readonly feasible: boolean | 'unknown';
  readonly failures: readonly { readonly filter: string }[];
}

/**
 * The inputs of the default scoring for a bound Pod, over the nodes it fits now and its own. `bound` is the bound
 * Pods without this one (as the scheduler saw them before the bind); null when they could not be read.
 */
export function whyThisNode(
  pod: SchedulingPod,
  boundNode: string,
  nodes: readonly SchedulingNode[],
  verdicts: readonly FilterVerdict[],
  bound: BoundPodsView | null,
  namespaceLabels?: (namespace: string) => Readonly<Record<string, string>> | undefined,
): WhyThisNode {
  const verdictOf = new Map(verdicts.map((verdict) => [verdict.node, verdict]));
  const requests: Record<RoomResource, number> = { cpu: pod.scoredRequests.cpu, memory: pod.scoredRequests.memory, pods: 1 };
  const preferred: PreferredTerm[] = [
    ...pod.preferredNodeTerms.map(({ weight, term }) => ({ kind: 'nodeAffinity' as const, weight, term })),
    ...pod.preferredPodAffinity.map(({ weight, term }) => ({ kind: 'podAffinity' as const, weight, term })),
    ...pod.preferredPodAntiAffinity.map(({ weight, term }) => ({ kind: 'podAntiAffinity' as const, weight, term })),
  ];
  const replicasOn = new Map<string, string[]>();
  if (bound && pod.controller) {
    const uid = pod.controller.uid;
    // A controller owns Pods of its own namespace only: no need to walk every bound Pod of the cluster.
    for (const other of bound.inNamespace(pod.namespace) as Iterable<BoundPod>) {
      if (other.controllerUid !== uid) continue;
      const names = replicasOn.get(other.nodeName) ?? [];
      names.push(other.name);
      replicasOn.set(other.nodeName, names);
    }
  }
  const allowed = new Set(
    verdicts.filter((verdict) => !verdict.failures.some((failure) => failure.filter === 'NodeAffinity')).map((verdict) => verdict.node),
  );
  const spread = bound ? spreadAnswers(pod, nodes, allowed, bound) : null;
  const labelsOf = new Map(nodes.map((node) => [node.name, node.labels]));
  const preferredAt = bound ? preferredAnswers(pod, preferred, labelsOf, bound, namespaceLabels) : null;
  const shown = nodes.filter((node) => node.name === boundNode || verdictOf.get(node.name)?.feasible === true || replicasOn.has(node.name));
  const inputs = shown.map((node): NodeInputs => {
    const candidate = node.name === boundNode || verdictOf.get(node.name)?.feasible === true;
    const load = bound?.load(node.name);
    const room = load
      ? ROOM_RESOURCES.filter((resource) => node.allocatable[resource] !== undefined).map((resource) => {
          const allocatable = node.allocatable[resource]!;
          const requested = resource === 'pods' ? load.pods.size : scoredLoad(load.pods.values(), resource);
          return { resource, allocatable, requested, free: allocatable - requested };
        })
      : null;
    const taint = untolerated(pod, node.taints, ['PreferNoSchedule']);
    return {
      node: node.name,
      here: node.name === boundNode,
      candidate,
      replicas: bound && pod.controller ? (replicasOn.get(node.name) ?? []).sort() : null,
      room,
      freePercent: room && candidate ? freePercentOf(room, requests) : null,
      roomRank: null,
      spread: spread ? spread.map((answer) => answer(node)) : null,
      preferred: preferredAt ? preferredAt.map((answer) => answer(node)) : null,
      preferNoSchedule: taint ? taintText(taint) : null,
    };
  });
  // Most room first among the candidates, level ones by name; then the others.
  const ranked = inputs
    .filter((entry) => entry.candidate && entry.freePercent !== null)
    .sort((a, b) => b.freePercent! - a.freePercent! || compareNames(a.node, b.node));
  // A node's place is one more than the number with more room: level nodes share the place of the first of them.
  const rankOf = new Map<string, number>();
  ranked.forEach((entry, index) => {
    const previous = ranked[index - 1];
    rankOf.set(entry.node, previous?.freePercent === entry.freePercent ? rankOf.get(previous.node)! : index + 1);
  });
  const ordered = [
    ...ranked,
    ...inputs.filter((entry) => entry.candidate && entry.freePercent === null),
    ...inputs.filter((entry) => !entry.candidate),
  ].map((entry) => ({ ...entry, roomRank: rankOf.get(entry.node) ?? null }));
  return {
    node: boundNode,
    boundAt: pod.scheduledCondition?.status === 'True' ? pod.scheduledCondition.lastTransitionTime : null,
    controller: pod.controller,
    requests,
    nodes: ordered,
    spread: pod.topologySpread,
    preferred,
  };
}
