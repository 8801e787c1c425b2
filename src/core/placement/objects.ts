/**
 * What the scheduler's filters read of a Pod and a Node, slimmed from the API's objects. Everything here is
 * untrusted cluster data: strings stay strings, shapes are checked, nothing is evaluated.
 */
import { schedulerAmount } from './quantity';

export type Loose = Record<string, unknown>;

export interface Toleration {
  readonly key?: string;
  readonly operator?: string;
  readonly value?: string;
  readonly effect?: string;
}

export interface Taint {
  readonly key: string;
  readonly value?: string;
  readonly effect: string;
}

export interface SelectorRequirement {
  readonly key: string;
  readonly operator: string;
  readonly values: readonly string[];
}

export interface NodeSelectorTerm {
  readonly matchExpressions: readonly SelectorRequirement[];
  readonly matchFields: readonly SelectorRequirement[];
}

export interface LabelSelector {
  readonly matchLabels: Readonly<Record<string, string>>;
  readonly matchExpressions: readonly SelectorRequirement[];
}

/** A required inter-Pod (anti-)affinity term. */
export interface PodAffinityTerm {
  readonly labelSelector: LabelSelector | null;
  /** Namespaces named by the term; with no namespaceSelector, empty means the Pod's own namespace. */
  readonly namespaces: readonly string[];
  readonly namespaceSelector: LabelSelector | null;
  readonly topologyKey: string;
}

/** A preferred (soft) term: the scheduler adds its weight to the score of a node that satisfies it. */
export interface Weighted<T> {
  readonly weight: number;
  readonly term: T;
}

export interface ScoredRequests {
  readonly cpu: number;
  readonly memory: number;
}

/** The scheduler's defaults for a container without a request, in its scores only (DefaultMilliCPURequest, DefaultMemoryRequest). */
const SCORE_DEFAULT_CPU = 100;
const SCORE_DEFAULT_MEMORY = 200 * 2 ** 20;

/** The Pod's controller (ownerReferences with controller: true): the ReplicaSet, StatefulSet, DaemonSet or Job. */
export interface ControllerRef {
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
}

export interface TopologySpreadConstraint {
  readonly maxSkew: number;
  readonly topologyKey: string;
  readonly whenUnsatisfiable: string;
  readonly labelSelector: LabelSelector | null;
  readonly minDomains?: number;
}

export interface HostPort {
  readonly port: number;
  readonly protocol: string;
  readonly hostIP: string;
}

/** A Pod as the scheduler's filters see it. */
export interface SchedulingPod {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly nodeName: string | null;
  readonly schedulerName: string;
  readonly priorityClassName: string | null;
  readonly phase: string;
  readonly deleting: boolean;
  /** A static Pod's mirror: kubelet runs it from a file on its node; no scheduler placed it. */
  readonly mirror: boolean;
  readonly nodeSelector: Readonly<Record<string, string>>;
  /** The required node affinity's terms (ORed); null when the Pod has none. */
  readonly requiredNodeTerms: readonly NodeSelectorTerm[] | null;
  readonly tolerations: readonly Toleration[];
  /** The Pod's effective requests: CPU in millicores, the rest in units (see podRequests). */
  readonly requests: Readonly<Record<string, number>>;
  /** CPU and memory as the resource scores count them: a container that requests none counts as 100m and 200Mi. */
  readonly scoredRequests: ScoredRequests;
  /** Requests the Pod names but whose amount could not be read. */
  readonly unreadableRequests: readonly string[];
  readonly hostPorts: readonly HostPort[];
  readonly schedulingGates: readonly string[];
  readonly podAffinity: readonly PodAffinityTerm[];
  readonly podAntiAffinity: readonly PodAffinityTerm[];
  /** Preferred node affinity: weighed by NodeAffinity's score, never a filter. */
  readonly preferredNodeTerms: readonly Weighted<NodeSelectorTerm>[];
  /** Preferred inter-Pod affinity and anti-affinity: weighed by InterPodAffinity's score, never a filter. */
  readonly preferredPodAffinity: readonly Weighted<PodAffinityTerm>[];
  readonly preferredPodAntiAffinity: readonly Weighted<PodAffinityTerm>[];
  readonly controller: ControllerRef | null;
  readonly topologySpread: readonly TopologySpreadConstraint[];
  /** Volumes the model cannot judge (claims, and volume types with node limits or zones). */
  readonly claimNames: readonly string[];
  /** The PodScheduled condition, as the scheduler last wrote it. */
  readonly scheduledCondition: {
    readonly status: string;
    readonly reason: string | null;
    readonly message: string | null;
    /** When the condition last changed: for a bound Pod, when it was bound. */
    readonly lastTransitionTime: string | null;
  } | null;
  readonly nominatedNodeName: string | null;
  /** spec.workloadRef (1.35 alpha, scheduling.k8s.io Workload API): the Workload and pod group it is gang-scheduled with. */
  readonly workloadRef?: WorkloadRef;
}

/** A Pod's spec.workloadRef: its Workload, the pod group in it, and which replica of that group. */
export interface WorkloadRef {
  readonly name: string;
  readonly podGroup: string;
  readonly podGroupReplicaKey: string;
}

/** A Node as the scheduler's filters see it. */
export interface SchedulingNode {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly unschedulable: boolean;
  readonly taints: readonly Taint[];
  readonly allocatable: Readonly<Record<string, number>>;
  readonly conditions: readonly { readonly type: string; readonly status: string }[];
}

const record = (value: unknown): Loose => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {});
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function stringMap(value: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(record(value))) if (typeof entry === 'string') result[key] = entry;
  return result;
}

function requirements(value: unknown): SelectorRequirement[] {
  return list(value).map((raw) => {
    const entry = record(raw);
    return {
      key: text(entry.key) ?? '',
      operator: text(entry.operator) ?? '',
      values: list(entry.values).filter((item): item is string => typeof item === 'string'),
    };
  });
}

export function labelSelectorOf(value: unknown): LabelSelector | null {
  if (!value || typeof value !== 'object') return null;
  const selector = record(value);
  return { matchLabels: stringMap(selector.matchLabels), matchExpressions: requirements(selector.matchExpressions) };
}

function affinityTerms(value: unknown): PodAffinityTerm[] {
  return list(value).map((raw) => {
    const term = record(raw);
    return {
      labelSelector: labelSelectorOf(term.labelSelector),
      namespaces: list(term.namespaces).filter((item): item is string => typeof item === 'string'),
      namespaceSelector: labelSelectorOf(term.namespaceSelector),
      topologyKey: text(term.topologyKey) ?? '',
    };
  });
}

function weightedTerms<T>(value: unknown, termOf: (raw: unknown) => T): Weighted<T>[] {
  return list(value).map((raw) => {
    const entry = record(raw);
    return { weight: typeof entry.weight === 'number' ? entry.weight : 0, term: termOf(entry) };
  });
}

const nodeSelectorTermOf = (raw: unknown): NodeSelectorTerm => ({
  matchExpressions: requirements(record(raw).matchExpressions),
  matchFields: requirements(record(raw).matchFields),
});

/** The object's controller, from its ownerReferences (any kind's metadata). */
export function controllerOf(metadata: Loose): ControllerRef | null {
  const owner = list(metadata.ownerReferences)
    .map(record)
    .find((reference) => reference.controller === true);
  const uid = owner && text(owner.uid);
  return owner && uid ? { kind: text(owner.kind) ?? '', name: text(owner.name) ?? '', uid } : null;
}

function addInto(total: Record<string, number>, add: Readonly<Record<string, number>>): void {
  for (const [resource, amount] of Object.entries(add)) total[resource] = (total[resource] ?? 0) + amount;
}

function maxInto(total: Record<string, number>, other: Readonly<Record<string, number>>): void {
  for (const [resource, amount] of Object.entries(other)) total[resource] = Math.max(total[resource] ?? 0, amount);
}

function containerRequests(raw: unknown, unreadable: Set<string>): Record<string, number> {
  const resources = record(record(raw).resources);
  const requests: Record<string, number> = {};
  // A limit without a request is the request (kube-apiserver defaults it so); old objects may still lack it.
  const limits = record(resources.limits);
  const named = { ...limits, ...record(resources.requests) };
  for (const [resource, quantity] of Object.entries(named)) {
    const amount = schedulerAmount(resource, quantity);
    if (amount === undefined) unreadable.add(resource);
    else requests[resource] = amount;
  }
  return requests;
}

/**
 * The Pod's requests as the scheduler totals them: the sum of its containers and sidecars (init containers with
 * restartPolicy Always), or, when larger, each init container's request plus the sidecars started before it;
 * then the Pod's overhead (its RuntimeClass's).
 */
export function podRequests(spec: Loose, unreadable = new Set<string>()): Record<string, number> {
  const total: Record<string, number> = {};
  for (const container of list(spec.containers)) addInto(total, containerRequests(container, unreadable));
  const sidecars: Record<string, number> = {};
  const initPeak: Record<string, number> = {};
  for (const container of list(spec.initContainers)) {
    const requests = containerRequests(container, unreadable);
    if (record(container).restartPolicy === 'Always') {
      addInto(sidecars, requests);
      maxInto(initPeak, sidecars);
    } else {
      const during = { ...sidecars };
      addInto(during, requests);
      maxInto(initPeak, during);
    }
  }
  addInto(total, sidecars);
  maxInto(total, initPeak);
  for (const [resource, quantity] of Object.entries(record(spec.overhead))) {
    const amount = schedulerAmount(resource, quantity);
    if (amount === undefined) unreadable.add(resource);
    else total[resource] = (total[resource] ?? 0) + amount;
  }
  return total;
}

/**
 * CPU and memory as NodeResourcesFit's score counts them (its NonZeroRequested): each container's request, or
 * 100m and 200Mi where it has none; never less than the requests the filter counts (init containers, overhead).
 */
export function scoredRequests(spec: Loose, requests: Readonly<Record<string, number>>): ScoredRequests {
  let cpu = 0;
  let memory = 0;
  for (const container of list(spec.containers)) {
    const named = containerRequests(container, new Set());
    cpu += named.cpu || SCORE_DEFAULT_CPU;
    memory += named.memory || SCORE_DEFAULT_MEMORY;
  }
  return { cpu: Math.max(cpu, requests.cpu ?? 0), memory: Math.max(memory, requests.memory ?? 0) };
}

function hostPorts(spec: Loose): HostPort[] {
  const ports: HostPort[] = [];
  for (const container of [...list(spec.initContainers), ...list(spec.containers)]) {
    for (const raw of list(record(container).ports)) {
      const port = record(raw);
      if (typeof port.hostPort === 'number' && port.hostPort > 0) {
        ports.push({ port: port.hostPort, protocol: text(port.protocol) ?? 'TCP', hostIP: text(port.hostIP) || '0.0.0.0' });
      }
    }
  }
  return ports;
}

/** The scheduling view of a Pod object (a manifest's or the API's). */
export function schedulingPodOf(raw: unknown, defaultNamespace = 'default'): SchedulingPod {
  const pod = record(raw);
  const metadata = record(pod.metadata);
  const spec = record(pod.spec);
  const status = record(pod.status);
  const affinity = record(spec.affinity);
  const nodeAffinity = record(record(affinity.nodeAffinity).requiredDuringSchedulingIgnoredDuringExecution);
  const required =
    record(affinity.nodeAffinity).requiredDuringSchedulingIgnoredDuringExecution === undefined ||
    record(affinity.nodeAffinity).requiredDuringSchedulingIgnoredDuringExecution === null
      ? null
      : list(nodeAffinity.nodeSelectorTerms).map(nodeSelectorTermOf);
  const unreadable = new Set<string>();
  const requests = podRequests(spec, unreadable);
  const condition = list(status.conditions)
    .map(record)
    .find((entry) => entry.type === 'PodScheduled');
  return {
    namespace: text(metadata.namespace) ?? defaultNamespace,
    name: text(metadata.name) ?? text(metadata.generateName) ?? '(unnamed)',
    uid: text(metadata.uid) ?? '',
    labels: stringMap(metadata.labels),
    nodeName: text(spec.nodeName) || null,
    schedulerName: text(spec.schedulerName) || 'default-scheduler',
    priorityClassName: text(spec.priorityClassName) || null,
    phase: text(status.phase) ?? 'Pending',
    deleting: typeof metadata.deletionTimestamp === 'string',
    mirror: typeof record(metadata.annotations)['kubernetes.io/config.mirror'] === 'string',
    nodeSelector: stringMap(spec.nodeSelector),
    requiredNodeTerms: required,
    tolerations: list(spec.tolerations).map((entry) => {
      const toleration = record(entry);
      return {
        key: text(toleration.key),
        operator: text(toleration.operator),
        value: text(toleration.value),
        effect: text(toleration.effect),
      };
    }),
    requests,
    scoredRequests: scoredRequests(spec, requests),
    unreadableRequests: [...unreadable],
    hostPorts: hostPorts(spec),
    schedulingGates: list(spec.schedulingGates)
      .map((gate) => text(record(gate).name) ?? '')
      .filter(Boolean),
    podAffinity: affinityTerms(record(affinity.podAffinity).requiredDuringSchedulingIgnoredDuringExecution),
    podAntiAffinity: affinityTerms(record(affinity.podAntiAffinity).requiredDuringSchedulingIgnoredDuringExecution),
    preferredNodeTerms: weightedTerms(record(affinity.nodeAffinity).preferredDuringSchedulingIgnoredDuringExecution, (entry) =>
      nodeSelectorTermOf(record(entry).preference),
    ),
    preferredPodAffinity: weightedTerms(
      record(affinity.podAffinity).preferredDuringSchedulingIgnoredDuringExecution,
      (entry) => affinityTerms([record(entry).podAffinityTerm])[0]!,
    ),
    preferredPodAntiAffinity: weightedTerms(
      record(affinity.podAntiAffinity).preferredDuringSchedulingIgnoredDuringExecution,
      (entry) => affinityTerms([record(entry).podAffinityTerm])[0]!,
    ),
    controller: controllerOf(metadata),
    topologySpread: list(spec.topologySpreadConstraints).map((raw) => {
      const constraint = record(raw);
      return {
        maxSkew: typeof constraint.maxSkew === 'number' ? constraint.maxSkew : 1,
        topologyKey: text(constraint.topologyKey) ?? '',
        whenUnsatisfiable: text(constraint.whenUnsatisfiable) ?? 'DoNotSchedule',
        labelSelector: labelSelectorOf(constraint.labelSelector),
        ...(typeof constraint.minDomains === 'number' && { minDomains: constraint.minDomains }),
      };
    }),
    claimNames: list(spec.volumes)
      .map(record)
      .filter((volume) => volume.persistentVolumeClaim || volume.ephemeral)
      .map((volume) => text(volume.name) ?? ''),
    scheduledCondition: condition
      ? {
          status: text(condition.status) ?? 'Unknown',
          reason: text(condition.reason) ?? null,
          message: text(condition.message) ?? null,
          lastTransitionTime: text(condition.lastTransitionTime) ?? null,
        }
      : null,
    nominatedNodeName: text(status.nominatedNodeName) || null,
    ...(spec.workloadRef !== undefined && workloadRefOf(spec.workloadRef)),
  };
}

function workloadRefOf(value: unknown): { workloadRef: WorkloadRef } | undefined {
  const ref = record(value);
  const name = text(ref.name);
  return name
    ? { workloadRef: { name, podGroup: text(ref.podGroup) ?? '', podGroupReplicaKey: text(ref.podGroupReplicaKey) ?? '' } }
    : undefined;
}

/** The scheduling view of a Node object. */
export function schedulingNodeOf(raw: unknown): SchedulingNode {
  const node = record(raw);
  const metadata = record(node.metadata);
  const spec = record(node.spec);
  const status = record(node.status);
  const allocatable: Record<string, number> = {};
  for (const [resource, quantity] of Object.entries(record(status.allocatable))) {
    const amount = schedulerAmount(resource, quantity);
    if (amount !== undefined) allocatable[resource] = amount;
  }
  return {
    name: text(metadata.name) ?? '',
    labels: stringMap(metadata.labels),
    unschedulable: spec.unschedulable === true,
    taints: list(spec.taints)
      .map(record)
      .map((taint) => ({
        key: text(taint.key) ?? '',
        ...(typeof taint.value === 'string' && { value: taint.value }),
        effect: text(taint.effect) ?? '',
      })),
    allocatable,
    conditions: list(status.conditions)
      .map(record)
      .map((condition) => ({ type: text(condition.type) ?? '', status: text(condition.status) ?? 'Unknown' })),
  };
}
