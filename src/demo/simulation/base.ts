/**
 * The simulation's clock and bookkeeping: timers that stop with it, steps whose errors are kept, Events, the
 * nodes.
 */
import { buildEvent, type BuiltCluster, type NodeInfo, type SuffixSource } from '../fixture';
import type { KubeObject } from '../resources';
import { storedBytes, type ObjectStore } from '../store';
import { errorMessage } from '../../core/util/errors';
import { type Loose, type SimulationTiming, deploymentType, eventType, neverObserved, podType } from './shared';

/** Pods the workloads users create may add to the demo, in all: each one runs through scheduler and kubelet here. */
export const MAX_ADDED_PODS = 5_000;
/**
 * The bytes the Pods the controllers make may hold, in all: each one is kept with its history and watch copies,
 * so 5,000 Pods of 1 MiB each would not fit in memory. Ordinary Pods of a few KiB never reach it.
 */
export const MAX_MADE_POD_BYTES = 64 * 1024 * 1024;

/** The longest the simulation's steps run in one turn of the event loop before requests are served again. */
const STEP_SLICE_MS = 10;

export abstract class SimulationBase {
  protected readonly timers = new Set<NodeJS.Timeout>();
  protected readonly immediates = new Set<NodeJS.Immediate>();
  protected readonly silentNodes = new Map<string, number>(); // node → time of its last renewal
  protected readonly nodesByName: Map<string, NodeInfo>;
  protected readonly podIpCursor = new Map<string, number>();
  protected leaseCursor = 0;
  protected leaseStart = 0;
  protected stopped = false;
  /** Messages of the last errors thrown by a step of the simulation (each step runs from a timer). */
  readonly timerErrors: string[] = [];

  /** The most Pods the controllers keep in the store: the cluster's own plus MAX_ADDED_PODS. */
  protected readonly podCap: number;
  /** uid → bytes of each Pod a controller made that is still stored, and their sum. */
  private readonly madePods = new Map<string, number>();
  private madePodBytes = 0;

  constructor(
    protected readonly store: ObjectStore,
    protected readonly cluster: BuiltCluster,
    protected readonly suffixes: SuffixSource,
    readonly timing: SimulationTiming,
  ) {
    this.nodesByName = new Map(cluster.nodes.map((node) => [node.name, node]));
    // The cluster's own Pods: those stored, and those of its Deployments the controller has yet to roll out.
    const pending = store
      .list(deploymentType)
      .filter(neverObserved)
      .reduce((total, deployment) => total + Number((deployment.spec as Loose).replicas ?? 1), 0);
    this.podCap = store.count(podType) + pending + MAX_ADDED_PODS;
    store.subscribe((event) => {
      if (event.resource !== podType || event.type !== 'DELETED') return;
      const bytes = this.madePods.get(event.object.metadata.uid!);
      if (bytes === undefined) return;
      this.madePods.delete(event.object.metadata.uid!);
      this.madePodBytes -= bytes;
    });
  }

  /** Why a controller may not make another Pod now (the Pod cap, or the bytes of those it made); undefined when it may. */
  protected podRoomRefusal(): string | undefined {
    if (this.store.count(podType) >= this.podCap)
      return `the demo cluster simulates at most ${this.podCap} Pods; delete some workloads first`;
    if (this.madePodBytes >= MAX_MADE_POD_BYTES)
      return `the Pods the controllers made hold ${MAX_MADE_POD_BYTES / 1024 / 1024} MiB, the most the demo cluster simulates; delete some workloads first`;
    return undefined;
  }

  /** Stores a Pod a controller made, counted against MAX_MADE_POD_BYTES. */
  protected createMadePod(pod: KubeObject): KubeObject {
    const stored = this.store.create(podType, pod);
    const bytes = storedBytes(stored);
    this.madePods.set(stored.metadata.uid!, bytes);
    this.madePodBytes += bytes;
    return stored;
  }

  get nodes(): readonly NodeInfo[] {
    return this.cluster.nodes;
  }

  /** Runs `action` later. Its errors are kept (the last few, for diagnosis), never thrown out of the timer. */
  protected after(ms: number, action: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.enqueue(action);
    }, ms);
    this.timers.add(timer);
  }

  /**
   * Runs `action` in a later turn of the event loop, after pending I/O: a zero-delay timer could run in the
   * same timers phase as the step that scheduled it, and so block as long as both.
   */
  protected nextTurn(action: () => void): void {
    if (this.stopped) return;
    this.enqueue(action);
  }

  /** Steps due to run (their timer fired, or their turn came), oldest first. */
  private readonly ready: (() => void)[] = [];
  private drainScheduled = false;

  private enqueue(action: () => void): void {
    this.ready.push(action);
    if (!this.drainScheduled) this.scheduleDrain();
  }

  private scheduleDrain(): void {
    this.drainScheduled = true;
    const immediate = setImmediate(() => {
      this.immediates.delete(immediate);
      this.drainScheduled = false;
      this.drain();
    });
    this.immediates.add(immediate);
  }

  /**
   * Runs the due steps for at most STEP_SLICE_MS, then lets the event loop serve requests before the rest: a
   * fan-out (12 Deployments of 500 replicas, each Pod's scheduling and kubelet steps) never holds the server for
   * longer than one slice. Steps the running ones make due wait for a later turn.
   */
  private drain(): void {
    const due = this.ready.length;
    const deadline = performance.now() + STEP_SLICE_MS;
    let ran = 0;
    while (ran < due && !this.stopped && (ran === 0 || performance.now() < deadline)) this.runStep(this.ready[ran++]!);
    this.ready.splice(0, ran);
    if (this.ready.length > 0 && !this.stopped && !this.drainScheduled) this.scheduleDrain();
  }

  protected runStep(action: () => void): void {
    if (this.stopped) return;
    try {
      action();
    } catch (error) {
      this.timerErrors.push(errorMessage(error));
      if (this.timerErrors.length > 20) this.timerErrors.shift();
    }
  }

  protected event(
    namespace: string,
    involved: KubeObject,
    reason: string,
    message: string,
    source: { component: string; host?: string },
    type = 'Normal',
    fieldPath?: string,
  ): void {
    const involvedRef = involved.kind === 'Node' ? { ...involved, metadata: { ...involved.metadata, namespace: undefined } } : involved;
    this.store.create(eventType, buildEvent(namespace, involvedRef, reason, message, Date.now(), source, this.suffixes, type, fieldPath));
  }

  protected requireNode(nodeName: string): NodeInfo {
    const node = this.nodesByName.get(nodeName);
    if (!node) throw new Error(`no node named ${nodeName}`);
    return node;
  }

  protected podsOnNode(nodeName: string): KubeObject[] {
    return this.store.list(podType).filter((pod) => (pod.spec as Loose).nodeName === nodeName);
  }

  // Steps of the later layers that the earlier ones start (a node lost, a Pod gone):
  protected abstract markTerminating(pod: KubeObject, grace: number): KubeObject;
  protected abstract restoreMirrorPods(node: NodeInfo): void;
  protected abstract reactToPodGone(pod: KubeObject): void;
  abstract refreshControllers(): void;
}
