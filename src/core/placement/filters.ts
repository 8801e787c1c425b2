/**
 * kube-scheduler's deterministic Filter plugins, one node at a time, each failure with the scheduler's own
 * reason (what FailedScheduling counts) and the evidence behind it. Scores and tie-breaks are not here: they
 * cannot be recovered from outside the scheduler.
 */
import type { BoundPodsView } from './boundPods';
import type { HostPort, PodAffinityTerm, SchedulingNode, SchedulingPod, Taint, Toleration, TopologySpreadConstraint } from './objects';
import { formatAmount } from './quantity';
import { labelSelectorMatches, nodeTermMatches, requirementText } from './selectors';
import type { FilterName, SchedulerWording } from './wording';

export type { FilterName } from './wording';


/** What made a filter fail, as data; `detail` says it in English. */
export type FilterEvidence =
  | { readonly kind: 'unschedulable' }
  | { readonly kind: 'nodeName'; readonly wanted: string }
  | { readonly kind: 'taint'; readonly taint: Taint }
  | { readonly kind: 'nodeSelector'; readonly key: string; readonly wanted: string; readonly actual: string | null }
  | { readonly kind: 'nodeAffinity'; readonly terms: number; readonly firstFailing: string | null }
  | { readonly kind: 'hostPort'; readonly port: HostPort; readonly usedBy: string }
  | { readonly kind: 'tooManyPods'; readonly pods: number; readonly allowed: number }
  | { readonly kind: 'insufficient'; readonly resource: string; readonly requested: number; readonly used: number; readonly allocatable: number }
  | { readonly kind: 'spreadLabelMissing'; readonly topologyKey: string }
  | { readonly kind: 'spreadSkew'; readonly topologyKey: string; readonly domain: string; readonly matching: number; readonly minimum: number; readonly maxSkew: number }
  | { readonly kind: 'affinity'; readonly topologyKey: string; readonly domain: string | null }
  | { readonly kind: 'antiAffinity'; readonly topologyKey: string; readonly domain: string; readonly pod: string }
  | { readonly kind: 'existingAntiAffinity'; readonly topologyKey: string; readonly domain: string; readonly pod: string };

export interface FilterFailure {
  readonly filter: FilterName;
  /** The scheduler's reasons in its wording for the cluster's version. */
  readonly reasons: readonly string[];
  readonly evidence: readonly FilterEvidence[];
}

export const taintText = (taint: Taint) => `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`;

/** The amounts of an insufficient resource, formatted; what is free is never negative. */
export function unrequestedText(evidence: Extract<FilterEvidence, { kind: 'insufficient' }>): { requested: string; free: string; allocatable: string } {
  return {
    requested: formatAmount(evidence.resource, evidence.requested),
    free: formatAmount(evidence.resource, Math.max(0, evidence.allocatable - evidence.used)),
    allocatable: formatAmount(evidence.resource, evidence.allocatable),
  };
}

/** How far above the least loaded domain the Pod would put its node's domain. */
export const spreadSkewOf = (evidence: Extract<FilterEvidence, { kind: 'spreadSkew' }>) => evidence.matching + 1 - evidence.minimum;

export function evidenceText(evidence: FilterEvidence): string {
  switch (evidence.kind) {
    case 'unschedulable':
      return 'the node is cordoned (spec.unschedulable), and the Pod does not tolerate node.kubernetes.io/unschedulable:NoSchedule';
    case 'nodeName':
      return `the Pod asks for node ${evidence.wanted}`;
    case 'taint':
      return `the node has the taint ${taintText(evidence.taint)}, not tolerated`;
    case 'nodeSelector':
      return evidence.actual === null ? `nodeSelector ${evidence.key}=${evidence.wanted}: the node has no label ${evidence.key}` : `nodeSelector ${evidence.key}=${evidence.wanted}: the node has ${evidence.key}=${evidence.actual}`;
    case 'nodeAffinity':
      return evidence.terms === 0
        ? 'the required node affinity has no terms, which matches no node'
        : `none of the ${evidence.terms} required node affinity term${evidence.terms === 1 ? '' : 's'} matches${evidence.firstFailing ? ` (${evidence.firstFailing})` : ''}`;
    case 'hostPort':
      return `host port ${evidence.port.port}/${evidence.port.protocol}${evidence.port.hostIP !== '0.0.0.0' ? ` on ${evidence.port.hostIP}` : ''} is taken by ${evidence.usedBy}`;
    case 'tooManyPods':
      return `${evidence.pods} Pods already run there, and the node allows ${evidence.allowed}`;
    case 'insufficient': {
      const amounts = unrequestedText(evidence);
      return `${evidence.resource}: the Pod requests ${amounts.requested}, ${amounts.free} of ${amounts.allocatable} allocatable is unrequested`;
    }
    case 'spreadLabelMissing':
      return `the node has no label ${evidence.topologyKey}, which a topology spread constraint needs`;
    case 'spreadSkew':
      return `${evidence.topologyKey}=${evidence.domain} has ${evidence.matching} matching Pods; with this one it would be ${spreadSkewOf(evidence)} above the least loaded domain (${evidence.minimum}), more than maxSkew ${evidence.maxSkew}`;
    case 'affinity':
      return evidence.domain === null
        ? `the node has no label ${evidence.topologyKey}, the required pod affinity's topology key`
        : `no Pod the required pod affinity selects runs in ${evidence.topologyKey}=${evidence.domain}`;
    case 'antiAffinity':
      return `${evidence.pod} runs in ${evidence.topologyKey}=${evidence.domain}, and the Pod's required anti-affinity selects it`;
    case 'existingAntiAffinity':
      return `${evidence.pod} runs in ${evidence.topologyKey}=${evidence.domain}, and its required anti-affinity selects this Pod`;
  }
}

/** Whether a toleration tolerates a taint (the API's ToleratesTaint). */
export function tolerates(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect && toleration.effect !== taint.effect) return false;
  if (toleration.key !== undefined && toleration.key !== '' && toleration.key !== taint.key) return false;
  switch (toleration.operator ?? 'Equal') {
    case 'Exists':
      return true;
    case 'Equal':
    case '':
      // An empty key with Exists tolerates everything; with Equal it only matches an empty key.
      if (!toleration.key && taint.key !== '') return false;
      return (toleration.value ?? '') === (taint.value ?? '');
    default:
      return false;
  }
}

export const untolerated = (pod: SchedulingPod, taints: readonly Taint[], effects: readonly string[]) =>
  taints.find((taint) => effects.includes(taint.effect) && !pod.tolerations.some((toleration) => tolerates(toleration, taint)));

export interface FilterContext {
  readonly pod: SchedulingPod;
  readonly wording: SchedulerWording;
  /** Null when the bound Pods could not be read: the filters that need them are then unknown. */
  readonly bound: BoundPodsView | null;
  /** Precomputed per question (see interPod.ts / spread.ts). */
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
  return { resources, requests: pod.requests, spreadConstraints: pod.topologySpread.filter((constraint) => constraint.whenUnsatisfiable === 'DoNotSchedule') };
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

type Check = (node: SchedulingNode, context: FilterContext) => FilterFailure | 'unknown' | undefined;

const unschedulableTaint: Taint = { key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' };

export const checks: Readonly<Record<FilterName, Check>> = {
  NodeUnschedulable(node, { pod, wording }) {
    if (!node.unschedulable || pod.tolerations.some((toleration) => tolerates(toleration, unschedulableTaint))) return undefined;
    return { filter: 'NodeUnschedulable', reasons: [wording.unschedulable], evidence: [{ kind: 'unschedulable' }] };
  },
  NodeName(node, { pod, wording }) {
    if (!pod.nodeName || pod.nodeName === node.name) return undefined;
    return { filter: 'NodeName', reasons: [wording.nodeName], evidence: [{ kind: 'nodeName', wanted: pod.nodeName }] };
  },
  TaintToleration(node, { pod, wording }) {
    const taint = untolerated(pod, node.taints, ['NoSchedule', 'NoExecute']);
    return taint ? { filter: 'TaintToleration', reasons: [wording.taint(taint)], evidence: [{ kind: 'taint', taint }] } : undefined;
  },
  NodeAffinity(node, { pod, wording }) {
    for (const [key, wanted] of Object.entries(pod.nodeSelector)) {
      const actual = Object.hasOwn(node.labels, key) ? node.labels[key]! : null;
      if (actual !== wanted) return { filter: 'NodeAffinity', reasons: [wording.nodeAffinity], evidence: [{ kind: 'nodeSelector', key, wanted, actual }] };
    }
    const terms = pod.requiredNodeTerms;
    if (terms === null || terms.some((term) => nodeTermMatches(term, node))) return undefined;
    const first = terms[0];
    const failing = first ? [...first.matchExpressions, ...first.matchFields].find((requirement) => !nodeTermMatches({ matchExpressions: [requirement], matchFields: [] }, node) && !nodeTermMatches({ matchExpressions: [], matchFields: [requirement] }, node)) : undefined;
    return { filter: 'NodeAffinity', reasons: [wording.nodeAffinity], evidence: [{ kind: 'nodeAffinity', terms: terms.length, firstFailing: failing ? requirementText(failing) : null }] };
  },
  NodePorts(node, { pod, wording, bound }) {
    if (pod.hostPorts.length === 0) return undefined;
    if (!bound) return 'unknown';
    for (const other of bound.hostPortPods(node.name)) {
      for (const used of other.hostPorts) {
        const clash = pod.hostPorts.find((wanted) => wanted.port === used.port && wanted.protocol === used.protocol && (wanted.hostIP === used.hostIP || wanted.hostIP === '0.0.0.0' || used.hostIP === '0.0.0.0'));
        if (clash) return { filter: 'NodePorts', reasons: [wording.ports], evidence: [{ kind: 'hostPort', port: clash, usedBy: other.key }] };
      }
    }
    return undefined;
  },
  NodeResourcesFit(node, { wording, bound, resources, requests }) {
    if (!bound) return 'unknown';
    const load = bound.load(node.name);
    const allowedPods = node.allocatable.pods ?? 0;
    const tooMany = load.pods.size + 1 > allowedPods;
    let short: string[] | undefined;
    for (const resource of resources) {
      if (requests[resource]! + (load.requested[resource] ?? 0) > (node.allocatable[resource] ?? 0)) (short ??= []).push(resource);
    }
    if (!tooMany && !short) return undefined;
    // Only a node that fails pays for the words and the evidence.
    const reasons: string[] = [];
    const evidence: FilterEvidence[] = [];
    if (tooMany) {
      reasons.push(wording.tooManyPods);
      evidence.push({ kind: 'tooManyPods', pods: load.pods.size, allowed: allowedPods });
    }
    for (const resource of short ?? []) {
      reasons.push(wording.insufficient(resource));
      evidence.push({ kind: 'insufficient', resource, requested: requests[resource]!, used: load.requested[resource] ?? 0, allocatable: node.allocatable[resource] ?? 0 });
    }
    return { filter: 'NodeResourcesFit', reasons, evidence };
  },
  PodTopologySpread(node, { wording, spread, spreadConstraints: constraints }) {
    if (constraints.length === 0) return undefined;
    if (!spread) return 'unknown';
    for (const [index, constraint] of constraints.entries()) {
      const domain = node.labels[constraint.topologyKey];
      if (domain === undefined) return { filter: 'PodTopologySpread', reasons: [wording.spreadLabelMissing], evidence: [{ kind: 'spreadLabelMissing', topologyKey: constraint.topologyKey }] };
      const matching = spread.counts[index]!.get(domain) ?? 0;
      const minimum = spread.minimums[index]!;
      if (matching + (spread.selfMatch[index] ? 1 : 0) - minimum > constraint.maxSkew) {
        return { filter: 'PodTopologySpread', reasons: [wording.spread], evidence: [{ kind: 'spreadSkew', topologyKey: constraint.topologyKey, domain, matching, minimum, maxSkew: constraint.maxSkew }] };
      }
    }
    return undefined;
  },
  InterPodAffinity(node, { pod, wording, interPod }) {
    if (!interPod) return pod.podAffinity.length > 0 || pod.podAntiAffinity.length > 0 ? 'unknown' : undefined;
    if (pod.podAffinity.length > 0) {
      let allPresent = true;
      for (const [index, term] of pod.podAffinity.entries()) {
        const domain = node.labels[term.topologyKey];
        if (domain === undefined) return { filter: 'InterPodAffinity', reasons: wording.affinity, evidence: [{ kind: 'affinity', topologyKey: term.topologyKey, domain: null }] };
        if (!interPod.affinityDomains[index]!.has(domain)) allPresent = false;
      }
      if (!allPresent && !interPod.firstOfSeries) {
        const index = pod.podAffinity.findIndex((term, at) => !interPod.affinityDomains[at]!.has(node.labels[term.topologyKey]!));
        const term = pod.podAffinity[index]!;
        return { filter: 'InterPodAffinity', reasons: wording.affinity, evidence: [{ kind: 'affinity', topologyKey: term.topologyKey, domain: node.labels[term.topologyKey]! }] };
      }
    }
    for (const [index, term] of pod.podAntiAffinity.entries()) {
      const domain = node.labels[term.topologyKey];
      const other = domain === undefined ? undefined : interPod.antiAffinityDomains[index]!.get(domain);
      if (other) return { filter: 'InterPodAffinity', reasons: wording.antiAffinity, evidence: [{ kind: 'antiAffinity', topologyKey: term.topologyKey, domain: domain!, pod: other }] };
    }
    for (const [topologyKey, domains] of interPod.existingAntiAffinity) {
      const domain = node.labels[topologyKey];
      const other = domain === undefined ? undefined : domains.get(domain);
      if (other) return { filter: 'InterPodAffinity', reasons: wording.existingAntiAffinity, evidence: [{ kind: 'existingAntiAffinity', topologyKey, domain: domain!, pod: other }] };
    }
    return undefined;
  },
};

const namedNamespaces = new WeakMap<PodAffinityTerm, ReadonlySet<string>>();

/** The namespaces a term covers: those it names, or the Pod's own (a namespaceSelector needs namespace labels). */
export function termNamespaces(term: PodAffinityTerm, ownNamespace: string): ReadonlySet<string> | 'all' | 'selector' {
  if (term.namespaceSelector) {
    const selector = term.namespaceSelector;
    if (Object.keys(selector.matchLabels).length === 0 && selector.matchExpressions.length === 0) return 'all';
    return 'selector';
  }
  if (term.namespaces.length === 0) return new Set([ownNamespace]);
  // Asked once per bound Pod in a question: the named set is made once per term.
  let named = namedNamespaces.get(term);
  if (!named) namedNamespaces.set(term, (named = new Set(term.namespaces)));
  return named;
}

/** Whether a term selects a Pod (namespace and labels). */
export function termSelects(term: PodAffinityTerm, termOwnerNamespace: string, pod: { readonly namespace: string; readonly labels: Readonly<Record<string, string>> }, namespaceLabels?: (namespace: string) => Readonly<Record<string, string>> | undefined): boolean {
  if (!term.namespaceSelector && term.namespaces.length === 0) {
    if (pod.namespace !== termOwnerNamespace) return false;
    return labelSelectorMatches(term.labelSelector, pod.labels);
  }
  const namespaces = termNamespaces(term, termOwnerNamespace);
  if (namespaces === 'selector') {
    const labels = namespaceLabels?.(pod.namespace);
    const inNamedNamespace = term.namespaces.includes(pod.namespace);
    if (!inNamedNamespace && !(labels && labelSelectorMatches(term.namespaceSelector, labels))) return false;
  } else if (namespaces !== 'all' && !namespaces.has(pod.namespace)) return false;
  return labelSelectorMatches(term.labelSelector, pod.labels);
}
