/**
 * Slim copies of the objects the anatomy needs. Informers keep only these, so memory grows with what is
 * shown (a Node's image list alone can be tens of kilobytes). Input is raw API JSON: untyped and untrusted.
 */

type Json = Record<string, unknown>;

export interface SlimMeta {
  readonly name: string;
  readonly namespace: string;
  readonly uid: string;
  readonly resourceVersion: string;
  readonly creationTimestamp: string | null;
  readonly labels: Readonly<Record<string, string>>;
  readonly annotations: Readonly<Record<string, string>>;
  readonly ownerReferences: readonly SlimOwner[];
  readonly deletionTimestamp: string | null;
}

export interface SlimOwner {
  readonly kind: string;
  readonly name: string;
  readonly controller: boolean;
}

export interface SlimContainerStatus {
  readonly name: string;
  readonly ready: boolean;
  readonly restartCount: number;
  readonly waitingReason: string | null;
  readonly terminatedReason: string | null;
  readonly message: string | null;
}

export interface SlimPod {
  readonly metadata: SlimMeta;
  readonly nodeName: string | null;
  readonly hostNetwork: boolean;
  readonly priorityClassName: string | null;
  readonly images: readonly string[];
  readonly phase: string;
  readonly reason: string | null;
  readonly message: string | null;
  readonly ready: boolean;
  readonly podIP: string | null;
  readonly containerStatuses: readonly SlimContainerStatus[];
  /** The PodScheduled condition when it is not True: why the scheduler has not placed the Pod, in its words. */
  readonly notScheduled: { readonly reason: string | null; readonly message: string | null } | null;
}

export interface SlimCondition {
  readonly type: string;
  readonly status: string;
  readonly reason: string | null;
  readonly message: string | null;
  readonly lastTransitionTime: string | null;
}

export interface SlimNode {
  readonly metadata: SlimMeta;
  readonly taints: readonly { key: string; value?: string; effect: string }[];
  readonly unschedulable: boolean;
  readonly podCIDR: string | null;
  readonly conditions: readonly SlimCondition[];
  readonly addresses: readonly { type: string; address: string }[];
  readonly nodeInfo: {
    readonly kubeletVersion: string | null;
    readonly containerRuntimeVersion: string | null;
    readonly osImage: string | null;
    readonly kernelVersion: string | null;
    readonly architecture: string | null;
  };
}

export interface SlimWorkload {
  readonly metadata: SlimMeta;
  /** Deployments/ReplicaSets/StatefulSets: spec.replicas; DaemonSets: status.desiredNumberScheduled. */
  readonly desired: number;
  readonly ready: number;
  readonly available: number;
  readonly images: readonly string[];
}

export interface SlimService {
  readonly metadata: SlimMeta;
  readonly type: string;
  readonly clusterIP: string | null;
  readonly ports: readonly { name?: string; port: number; protocol: string }[];
  readonly selector: Readonly<Record<string, string>>;
}

export interface SlimLease {
  readonly metadata: SlimMeta;
  readonly holderIdentity: string | null;
  readonly renewTime: string | null;
  readonly leaseDurationSeconds: number | null;
  readonly acquireTime?: string | null;
  readonly leaseTransitions?: number | null;
}

export interface SlimEvent {
  readonly metadata: SlimMeta;
  readonly involvedKind: string;
  readonly involvedName: string;
  readonly involvedNamespace: string;
  readonly reason: string;
  readonly message: string;
  readonly type: string;
  readonly count: number;
  readonly source: string;
  readonly time: string | null;
}

/** Annotations the classifier reads; all others are dropped. */
const keptAnnotations = new Set([
  'kubernetes.io/config.mirror',
  'kubernetes.io/config.source',
  'kubernetes.io/config.hash',
  'kubeadm.kubernetes.io/etcd.advertise-client-urls',
  'kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint',
  'k3s.io/hostname',
  'k3s.io/node-args',
  'k0sproject.io/node-role',
]);

function obj(value: unknown): Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
}

function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function str(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function stringMap(value: unknown, keep?: ReadonlySet<string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(obj(value))) {
    if (typeof item === 'string' && (!keep || keep.has(key))) result[key] = item;
  }
  return result;
}

export function slimMeta(raw: unknown): SlimMeta {
  const meta = obj(obj(raw).metadata);
  return {
    name: str(meta.name) ?? '',
    namespace: str(meta.namespace) ?? '',
    uid: str(meta.uid) ?? '',
    resourceVersion: str(meta.resourceVersion) ?? '',
    creationTimestamp: str(meta.creationTimestamp),
    labels: stringMap(meta.labels),
    annotations: stringMap(meta.annotations, keptAnnotations),
    ownerReferences: arr(meta.ownerReferences).map((owner) => {
      const o = obj(owner);
      return { kind: str(o.kind) ?? '', name: str(o.name) ?? '', controller: o.controller === true };
    }),
    deletionTimestamp: str(meta.deletionTimestamp),
  };
}

function imagesOf(podSpec: Json): string[] {
  return [...arr(podSpec.initContainers), ...arr(podSpec.containers)]
    .map((container) => str(obj(container).image))
    .filter((image): image is string => image !== null);
}

export function slimPod(raw: unknown): SlimPod {
  const spec = obj(obj(raw).spec);
  const status = obj(obj(raw).status);
  const readyCondition = arr(status.conditions)
    .map(obj)
    .find((c) => c.type === 'Ready');
  const scheduledCondition = arr(status.conditions)
    .map(obj)
    .find((c) => c.type === 'PodScheduled');
  return {
    metadata: slimMeta(raw),
    nodeName: str(spec.nodeName),
    hostNetwork: spec.hostNetwork === true,
    priorityClassName: str(spec.priorityClassName),
    images: imagesOf(spec),
    phase: str(status.phase) ?? 'Unknown',
    reason: str(status.reason),
    message: str(status.message),
    ready: readyCondition?.status === 'True',
    podIP: str(status.podIP),
    notScheduled:
      scheduledCondition && scheduledCondition.status !== 'True'
        ? { reason: str(scheduledCondition.reason), message: str(scheduledCondition.message) }
        : null,
    containerStatuses: [...arr(status.initContainerStatuses), ...arr(status.containerStatuses)].map((entry) => {
      const s = obj(entry);
      const state = obj(s.state);
      const lastState = obj(s.lastState);
      const waiting = obj(state.waiting);
      const terminated = obj(state.terminated);
      return {
        name: str(s.name) ?? '',
        ready: s.ready === true,
        restartCount: num(s.restartCount),
        waitingReason: str(waiting.reason),
        terminatedReason: str(terminated.reason) ?? str(obj(lastState.terminated).reason),
        message: str(waiting.message) ?? str(terminated.message),
      };
    }),
  };
}

/** A field manager of an object, as its managedFields record it. */
export interface SlimManager {
  readonly manager: string;
  readonly operation: string;
  readonly subresource: string | null;
  readonly time: string | null;
}

/** One of a limited user's own Pods: where it runs and who wrote it, for the anatomy from where they stand. */
export interface SlimUserPod {
  readonly metadata: SlimMeta;
  readonly nodeName: string | null;
  readonly hostIP: string | null;
  readonly phase: string;
  readonly ready: boolean;
  readonly managers: readonly SlimManager[];
}

export function slimUserPod(raw: unknown): SlimUserPod {
  const spec = obj(obj(raw).spec);
  const status = obj(obj(raw).status);
  const ready = arr(status.conditions)
    .map(obj)
    .find((c) => c.type === 'Ready');
  return {
    metadata: slimMeta(raw),
    nodeName: str(spec.nodeName),
    hostIP: str(status.hostIP),
    phase: str(status.phase) ?? 'Unknown',
    ready: ready?.status === 'True',
    managers: arr(obj(obj(raw).metadata).managedFields)
      .map(obj)
      .flatMap((entry) => {
        const manager = str(entry.manager);
        return manager === null
          ? []
          : [{ manager, operation: str(entry.operation) ?? '', subresource: str(entry.subresource), time: str(entry.time) }];
      }),
  };
}

export function slimNode(raw: unknown): SlimNode {
  const spec = obj(obj(raw).spec);
  const status = obj(obj(raw).status);
  const info = obj(status.nodeInfo);
  return {
    metadata: slimMeta(raw),
    taints: arr(spec.taints).map((entry) => {
      const t = obj(entry);
      const taint: { key: string; value?: string; effect: string } = { key: str(t.key) ?? '', effect: str(t.effect) ?? '' };
      const value = str(t.value);
      if (value) taint.value = value;
      return taint;
    }),
    unschedulable: spec.unschedulable === true,
    podCIDR: str(spec.podCIDR),
    conditions: arr(status.conditions).map((entry) => {
      const c = obj(entry);
      return {
        type: str(c.type) ?? '',
        status: str(c.status) ?? 'Unknown',
        reason: str(c.reason),
        message: str(c.message),
        lastTransitionTime: str(c.lastTransitionTime),
      };
    }),
    addresses: arr(status.addresses).map((entry) => {
      const a = obj(entry);
      return { type: str(a.type) ?? '', address: str(a.address) ?? '' };
    }),
    nodeInfo: {
      kubeletVersion: str(info.kubeletVersion),
      containerRuntimeVersion: str(info.containerRuntimeVersion),
      osImage: str(info.osImage),
      kernelVersion: str(info.kernelVersion),
      architecture: str(info.architecture),
    },
  };
}

export function slimWorkload(raw: unknown): SlimWorkload {
  const kind = str(obj(raw).kind);
  const spec = obj(obj(raw).spec);
  const status = obj(obj(raw).status);
  const isDaemonSet = kind === 'DaemonSet' || 'desiredNumberScheduled' in status || 'numberReady' in status;
  return {
    metadata: slimMeta(raw),
    desired: isDaemonSet ? num(status.desiredNumberScheduled) : typeof spec.replicas === 'number' ? spec.replicas : 1,
    ready: isDaemonSet ? num(status.numberReady) : num(status.readyReplicas),
    available: isDaemonSet ? num(status.numberAvailable) : num(status.availableReplicas),
    images: imagesOf(obj(obj(spec.template).spec)),
  };
}

export function slimService(raw: unknown): SlimService {
  const spec = obj(obj(raw).spec);
  return {
    metadata: slimMeta(raw),
    type: str(spec.type) ?? 'ClusterIP',
    clusterIP: str(spec.clusterIP),
    ports: arr(spec.ports).map((entry) => {
      const p = obj(entry);
      const port: { name?: string; port: number; protocol: string } = { port: num(p.port), protocol: str(p.protocol) ?? 'TCP' };
      const name = str(p.name);
      if (name) port.name = name;
      return port;
    }),
    selector: stringMap(spec.selector),
  };
}

export function slimLease(raw: unknown): SlimLease {
  const spec = obj(obj(raw).spec);
  return {
    metadata: slimMeta(raw),
    holderIdentity: str(spec.holderIdentity),
    renewTime: str(spec.renewTime),
    leaseDurationSeconds: typeof spec.leaseDurationSeconds === 'number' ? spec.leaseDurationSeconds : null,
    acquireTime: str(spec.acquireTime),
    leaseTransitions: typeof spec.leaseTransitions === 'number' ? spec.leaseTransitions : null,
  };
}

export function slimEvent(raw: unknown): SlimEvent {
  const event = obj(raw);
  const involved = obj(event.involvedObject);
  const source = obj(event.source);
  return {
    metadata: slimMeta(raw),
    involvedKind: str(involved.kind) ?? '',
    involvedName: str(involved.name) ?? '',
    involvedNamespace: str(involved.namespace) ?? '',
    reason: str(event.reason) ?? '',
    message: str(event.message) ?? '',
    type: str(event.type) ?? 'Normal',
    count: num(event.count) || 1,
    source: str(source.component) ?? str(event.reportingComponent) ?? str(event.reportingController) ?? '',
    time: str(event.lastTimestamp) ?? str(event.eventTime) ?? str(event.firstTimestamp) ?? str(obj(event.metadata).creationTimestamp),
  };
}

export interface SlimEndpoints {
  readonly metadata: SlimMeta;
  /** The ready addresses (IPs) of every subset, each once. */
  readonly addresses: readonly string[];
}

export function slimEndpoints(raw: unknown): SlimEndpoints {
  const addresses = new Set<string>();
  for (const subset of arr(obj(raw).subsets)) {
    for (const entry of arr(obj(subset).addresses)) {
      const ip = str(obj(entry).ip);
      if (ip) addresses.add(ip);
    }
  }
  return { metadata: slimMeta(raw), addresses: [...addresses] };
}
