/**
 * The Pods bound to each node, as the scheduler's cache holds them: every Pod with a nodeName that has not
 * Succeeded or Failed (terminating ones still count until they are gone). Kept incrementally from a Pod watch,
 * so a question costs no list; one entry per Pod holds only what the filters read.
 */
import type { HostPort, PodAffinityTerm, SchedulingPod } from './objects';

export interface BoundPod {
  readonly key: string;
  readonly namespace: string;
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly nodeName: string;
  readonly deleting: boolean;
  readonly requests: Readonly<Record<string, number>>;
  readonly hostPorts: readonly HostPort[];
  readonly podAntiAffinity: readonly PodAffinityTerm[];
  /** The uid of the Pod's controller: the other replicas of the same workload share it. */
  readonly controllerUid: string | null;
  /** CPU and memory as the resource scores count them; absent when not kept. */
  readonly scoredRequests?: SchedulingPod['scoredRequests'];
}

export interface NodeLoad {
  /** The sum of the bound Pods' requests, per resource. */
  readonly requested: Readonly<Record<string, number>>;
  readonly pods: ReadonlyMap<string, BoundPod>;
}

const emptyLoad: NodeLoad = { requested: {}, pods: new Map() };

export const podKey = (namespace: string, name: string) => `${namespace}/${name}`;

/** What the index keeps of a Pod (a SchedulingPod, or the slim copy a Pod watch keeps). */
export type BoundPodSource = Pick<
  SchedulingPod,
  'namespace' | 'name' | 'labels' | 'nodeName' | 'phase' | 'deleting' | 'requests' | 'hostPorts' | 'podAntiAffinity'
> & {
  readonly controllerUid?: string | null;
  readonly controller?: SchedulingPod['controller'];
  readonly scoredRequests?: SchedulingPod['scoredRequests'];
};

const counts = (pod: Pick<SchedulingPod, 'nodeName' | 'phase'>) =>
  pod.nodeName !== null && pod.phase !== 'Succeeded' && pod.phase !== 'Failed';

/** What the filters read of the bound Pods. */
export interface BoundPodsView {
  get(key: string): BoundPod | undefined;
  load(node: string): NodeLoad;
  all(): Iterable<BoundPod>;
  antiAffinityPods(): Iterable<BoundPod>;
  /** The Pods on a node that use host ports (few): what the host port filter compares. */
  hostPortPods(node: string): Iterable<BoundPod>;
  /** The Pods of one namespace: what an inter-Pod term without a namespace selector can select. */
  inNamespace(namespace: string): Iterable<BoundPod>;
}

function* except(pods: Iterable<BoundPod>, key: string): Iterable<BoundPod> {
  for (const pod of pods) if (pod.key !== key) yield pod;
}

export class BoundPods implements BoundPodsView {
  private readonly byNode = new Map<string, { requested: Record<string, number>; pods: Map<string, BoundPod> }>();
  private readonly byKey = new Map<string, BoundPod>();
  /** Bound Pods with required anti-affinity: each may keep the Pod in question off a whole topology domain. */
  private readonly withAntiAffinity = new Map<string, BoundPod>();
  private readonly withHostPorts = new Map<string, Map<string, BoundPod>>();
  private readonly byNamespace = new Map<string, Map<string, BoundPod>>();

  get size(): number {
    return this.byKey.size;
  }

  /** A Pod added or changed; one that is not bound, or is finished, leaves. */
  upsert(pod: BoundPodSource): void {
    const key = podKey(pod.namespace, pod.name);
    this.remove(key);
    if (!counts(pod)) return;
    const bound: BoundPod = {
      key,
      namespace: pod.namespace,
      name: pod.name,
      labels: pod.labels,
      nodeName: pod.nodeName!,
      deleting: pod.deleting,
      requests: pod.requests,
      hostPorts: pod.hostPorts,
      podAntiAffinity: pod.podAntiAffinity,
      controllerUid: pod.controllerUid ?? pod.controller?.uid ?? null,
      ...(pod.scoredRequests && { scoredRequests: pod.scoredRequests }),
    };
    this.byKey.set(key, bound);
    let load = this.byNode.get(bound.nodeName);
    if (!load) this.byNode.set(bound.nodeName, (load = { requested: {}, pods: new Map() }));
    load.pods.set(key, bound);
    for (const [resource, amount] of Object.entries(bound.requests)) load.requested[resource] = (load.requested[resource] ?? 0) + amount;
    if (bound.podAntiAffinity.length > 0) this.withAntiAffinity.set(key, bound);
    let namespace = this.byNamespace.get(bound.namespace);
    if (!namespace) this.byNamespace.set(bound.namespace, (namespace = new Map()));
    namespace.set(key, bound);
    if (bound.hostPorts.length > 0) {
      let users = this.withHostPorts.get(bound.nodeName);
      if (!users) this.withHostPorts.set(bound.nodeName, (users = new Map()));
      users.set(key, bound);
    }
  }

  remove(key: string): void {
    const bound = this.byKey.get(key);
    if (!bound) return;
    this.byKey.delete(key);
    this.withAntiAffinity.delete(key);
    const users = this.withHostPorts.get(bound.nodeName);
    if (users?.delete(key) && users.size === 0) this.withHostPorts.delete(bound.nodeName);
    const namespace = this.byNamespace.get(bound.namespace);
    if (namespace?.delete(key) && namespace.size === 0) this.byNamespace.delete(bound.namespace);
    const load = this.byNode.get(bound.nodeName);
    if (!load) return;
    load.pods.delete(key);
    if (load.pods.size === 0) {
      this.byNode.delete(bound.nodeName);
      return;
    }
    for (const [resource, amount] of Object.entries(bound.requests)) load.requested[resource] = (load.requested[resource] ?? 0) - amount;
  }

  clear(): void {
    this.byNode.clear();
    this.byKey.clear();
    this.withAntiAffinity.clear();
    this.withHostPorts.clear();
    this.byNamespace.clear();
  }

  get(key: string): BoundPod | undefined {
    return this.byKey.get(key);
  }

  load(node: string): NodeLoad {
    return this.byNode.get(node) ?? emptyLoad;
  }

  all(): IterableIterator<BoundPod> {
    return this.byKey.values();
  }

  antiAffinityPods(): IterableIterator<BoundPod> {
    return this.withAntiAffinity.values();
  }

  hostPortPods(node: string): Iterable<BoundPod> {
    return this.withHostPorts.get(node)?.values() ?? [];
  }

  inNamespace(namespace: string): Iterable<BoundPod> {
    return this.byNamespace.get(namespace)?.values() ?? [];
  }

  /** The bound Pods as they were before `key` was bound: a bound Pod is judged against the others. */
  without(key: string): BoundPodsView {
    const left = this.byKey.get(key);
    if (!left) return this;
    return {
      get: (other) => (other === key ? undefined : this.get(other)),
      load: (node) => {
        const load = this.load(node);
        if (node !== left.nodeName) return load;
        const requested = { ...load.requested };
        for (const [resource, amount] of Object.entries(left.requests)) requested[resource] = (requested[resource] ?? 0) - amount;
        const pods = new Map(load.pods);
        pods.delete(key);
        return { requested, pods };
      },
      all: () => except(this.all(), key),
      antiAffinityPods: () => except(this.antiAffinityPods(), key),
      hostPortPods: (node) => except(this.hostPortPods(node), key),
      inNamespace: (namespace) => except(this.inNamespace(namespace), key),
    };
  }
}
