/**
 * The simulation's clock and bookkeeping: timers that stop with it, steps whose errors are kept, Events, the
 * nodes.
 */
import { buildEvent, type BuiltCluster, type NodeInfo, type SuffixSource } from '../fixture';
import type { KubeObject } from '../resources';
import type { ObjectStore } from '../store';
import { errorMessage } from '../../util/errors';
import { type Loose, type SimulationTiming, eventType, podType } from './shared';

/** Pods the workloads users create may add to the demo, in all: each one runs through scheduler and kubelet here. */
export const MAX_ADDED_PODS = 5_000;

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

  constructor(protected readonly store: ObjectStore, protected readonly cluster: BuiltCluster, protected readonly suffixes: SuffixSource, readonly timing: SimulationTiming) {
    this.nodesByName = new Map(cluster.nodes.map((node) => [node.name, node]));
    this.podCap = store.count(podType) + MAX_ADDED_PODS;
  }

  get nodes(): readonly NodeInfo[] {
    return this.cluster.nodes;
  }

  /** Runs `action` later. Its errors are kept (the last few, for diagnosis), never thrown out of the timer. */
  protected after(ms: number, action: () => void): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.runStep(action);
    }, ms);
    this.timers.add(timer);
  }

  /**
   * Runs `action` in the next turn of the event loop, after pending I/O: a zero-delay timer could run in the
   * same timers phase as the step that scheduled it, and so block as long as both.
   */
  protected nextTurn(action: () => void): void {
    if (this.stopped) return;
    const immediate = setImmediate(() => {
      this.immediates.delete(immediate);
      this.runStep(action);
    });
    this.immediates.add(immediate);
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

  protected event(namespace: string, involved: KubeObject, reason: string, message: string, source: { component: string; host?: string }, type = 'Normal', fieldPath?: string): void {
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
