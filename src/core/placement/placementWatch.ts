/**
 * The placement model's data kept live for the views: every Node (labels, taints, allocatable) and every Pod
 * bound to a node (requests, host ports, labels, required anti-affinity), each slimmed on arrival, the bound
 * Pods indexed by node. Started when a view first asks a placement question and stopped when none has asked
 * for a while: watching all namespaces' Pods costs memory in proportion to the cluster (see the README).
 */
import type { WatchState, WatchSubscription } from '../kube/resourceWatch';
import type { WatchHub } from '../kube/watchHub';
import type { SlimMeta } from '../kube/slim';
import { type Disposable, DisposableStore } from '../util/disposable';
import { Emitter } from '../util/event';
import { BoundPods, type BoundPodSource, podKey } from './boundPods';
import { BOUND_PODS_FIELD_SELECTOR } from './clusterRead';
import { type SchedulingNode, type SchedulingPod, schedulingNodeOf, schedulingPodOf } from './objects';
import { explainPlacement, type PlacementQuestion, type PlacementReport } from './place';
import { type PlacementSuggestions, suggestPlacement } from './suggest';

type Keyed<T> = T & { readonly metadata: SlimMeta };

// Shared by every slim object: one watch may keep 150,000 of them.
const noStrings: Readonly<Record<string, string>> = Object.freeze({});
const noOwners: SlimMeta['ownerReferences'] = Object.freeze([]);

const meta = (namespace: string, name: string, resourceVersion: unknown): SlimMeta => ({
  name,
  namespace,
  uid: '',
  resourceVersion: typeof resourceVersion === 'string' ? resourceVersion : '',
  creationTimestamp: null,
  labels: noStrings,
  annotations: noStrings,
  ownerReferences: noOwners,
  deletionTimestamp: null,
});

const resourceVersionOf = (raw: unknown) => (raw as { metadata?: { resourceVersion?: unknown } } | null)?.metadata?.resourceVersion;

/** What the index needs of a bound Pod, and nothing else (no spec, no status beyond the phase). */
export function slimBoundPod(raw: unknown): Keyed<BoundPodSource> {
  const pod = schedulingPodOf(raw, '');
  return {
    metadata: meta(pod.namespace, pod.name, resourceVersionOf(raw)),
    namespace: pod.namespace,
    name: pod.name,
    labels: pod.labels,
    nodeName: pod.nodeName,
    phase: pod.phase,
    deleting: pod.deleting,
    requests: pod.requests,
    hostPorts: pod.hostPorts,
    podAntiAffinity: pod.podAntiAffinity,
    controllerUid: pod.controller?.uid ?? null,
    scoredRequests: pod.scoredRequests,
  };
}

function slimSchedulingNode(raw: unknown): Keyed<{ readonly node: SchedulingNode }> {
  const node = schedulingNodeOf(raw);
  return { metadata: meta('', node.name, resourceVersionOf(raw)), node };
}

export type PlacementDataState = 'connecting' | 'ready' | 'error';

export class PlacementWatch implements Disposable {
  private readonly nodeWatch: WatchSubscription<Keyed<{ readonly node: SchedulingNode }>>;
  private readonly podWatch: WatchSubscription<Keyed<BoundPodSource>>;
  readonly bound = new BoundPods();
  private readonly changeEmitter = new Emitter<void>();
  /** Nodes or bound Pods changed (a view showing a placement may ask again). */
  readonly onDidChange = this.changeEmitter.event;
  private readonly disposables = new DisposableStore();

  constructor(
    hub: WatchHub,
    private readonly serverMinor?: number,
  ) {
    this.nodeWatch = hub.subscribe({ path: '/api/v1/nodes', what: 'Nodes', slim: slimSchedulingNode });
    // All bound Pods of a large cluster weigh more than a list's usual cap as JSON (150,000 Pods: ~770 MiB); each
    // page is slimmed as it arrives and never kept whole, so only the pages' count and size bound it here.
    this.podWatch = hub.subscribe({
      path: '/api/v1/pods',
      what: 'Pods in all namespaces',
      slim: slimBoundPod,
      fieldSelector: BOUND_PODS_FIELD_SELECTOR,
      limits: { maxListBytes: 8 * 2 ** 30 },
    });
    const changed = () => this.changeEmitter.fire();
    this.disposables.addAll(
      this.nodeWatch,
      this.podWatch,
      this.changeEmitter,
      this.nodeWatch.onAdd(changed),
      this.nodeWatch.onUpdate(changed),
      this.nodeWatch.onDelete(changed),
      this.podWatch.onAdd((pod) => {
        this.bound.upsert(pod);
        changed();
      }),
      this.podWatch.onUpdate((pod) => {
        this.bound.upsert(pod);
        changed();
      }),
      this.podWatch.onDelete((pod) => {
        this.bound.remove(podKey(pod.namespace, pod.name));
        changed();
      }),
    );
  }

  /** Starts both watches; resolves once each has listed or failed. */
  async start(): Promise<void> {
    await Promise.all([this.nodeWatch.start(), this.podWatch.start()]);
    await Promise.all([this.nodeWatch.whenSettled(), this.podWatch.whenSettled()]);
  }

  get state(): PlacementDataState {
    if (!this.nodeWatch.hasListed) return this.nodeWatch.state === 'error' ? 'error' : 'connecting';
    return 'ready';
  }

  /** Why the nodes cannot be read; undefined when they can. */
  get nodesError(): string | undefined {
    return this.nodeWatch.hasListed ? undefined : this.nodeWatch.lastError?.message;
  }

  /** Why the bound Pods are not known (then resources, ports and inter-Pod rules are unknown); undefined when they are. */
  get boundPodsError(): string | undefined {
    if (this.podWatch.hasListed) return undefined;
    return this.podWatch.lastError?.message ?? (this.podWatch.state === 'connecting' ? 'still listing the Pods' : undefined);
  }

  get podWatchState(): WatchState {
    return this.podWatch.state;
  }

  nodes(): SchedulingNode[] {
    return this.nodeWatch.list().map((entry) => entry.node);
  }

  /** How many bound Pods the index holds (for the README's memory figures and the views' status). */
  get boundPodCount(): number {
    return this.bound.size;
  }

  explain(pod: SchedulingPod): PlacementReport {
    return explainPlacement(this.question(pod));
  }

  /** What would make a Pod that fits no node fit, each change checked by re-running the filters with it. */
  suggest(pod: SchedulingPod, report: PlacementReport): PlacementSuggestions {
    return suggestPlacement(this.question(pod), report);
  }

  private question(pod: SchedulingPod): PlacementQuestion {
    const bound = this.podWatch.hasListed ? this.bound : null;
    return { pod, nodes: this.nodes(), bound, ...(this.serverMinor !== undefined && { serverMinor: this.serverMinor }) };
  }

  dispose(): void {
    this.disposables.dispose();
  }
}
