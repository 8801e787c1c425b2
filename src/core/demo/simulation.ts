import type { ClusterWrites } from './apiServer';
import {
  buildEvent, creatingPodStatus, daemonPodAffinity, dnsEndpointSlice, isoSeconds, mirrorPod, podFromTemplate, podIpIn, qosClassOf, renewedLease, runningPodStatus, templateHash,
  type BuiltCluster, type NodeInfo, type PodTemplate, type SuffixSource,
} from './fixture';
import { managedEntry } from './managedFields';
import { resourceTypeOfKind, type KubeObject } from './resources';
import { ApiError } from './status';
import type { ObjectStore } from './store';
import { MAX_DURATION_SECONDS } from './writeValidation';
import { errorMessage } from '../util/errors';

export interface SimulationTiming {
  /** Real milliseconds between two renewals of one node's Lease (kubelet: 10 s). */
  leaseRenewMs: number;
  /** How long a silent node stays Ready (node-monitor-grace-period, 50 s). */
  nodeMonitorGraceMs: number;
  /** The default tolerationSeconds of not-ready/unreachable taints (300 s) before eviction. */
  evictionMs: number;
  /** How long a deleted Pod takes to terminate. */
  terminationMs: number;
  /** The gap between two steps of a reaction (binding, kubelet start …). */
  stepMs: number;
}

export function timingFor(timeScale: number, leaseRenewSeconds?: number): SimulationTiming {
  const scale = timeScale > 0 ? timeScale : 1;
  return {
    leaseRenewMs: Math.max(1, (leaseRenewSeconds ?? 10 / scale) * 1000),
    nodeMonitorGraceMs: 50_000 / scale,
    evictionMs: 300_000 / scale,
    terminationMs: Math.max(10, 2000 / scale),
    stepMs: Math.max(5, 250 / scale),
  };
}

/**
 * Besides its Lease, each kubelet posts its Node status every 5 minutes (every 30th renewal) when nothing changed.
 * Each node has its own phase, as real kubelets do: N/300 status updates a second, not all nodes in one round.
 */
export function postsNodeStatus(renewal: number, nodeCount: number): boolean {
  const round = Math.floor(renewal / nodeCount);
  const node = renewal % nodeCount;
  return (round + node) % 30 === 29;
}

/** The most Pods a ReplicaSet creates or deletes in one step; the rest follow in later steps, so no write blocks the loop. */
export const POD_CREATE_BATCH = 50;

type Loose = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const podType = resourceTypeOfKind('Pod');
const nodeType = resourceTypeOfKind('Node');
const leaseType = resourceTypeOfKind('Lease');
const eventType = resourceTypeOfKind('Event');
const replicaSetType = resourceTypeOfKind('ReplicaSet');
const deploymentType = resourceTypeOfKind('Deployment');
const daemonSetType = resourceTypeOfKind('DaemonSet');
const serviceType = resourceTypeOfKind('Service');
const sliceType = resourceTypeOfKind('EndpointSlice');

const controllerManager = { component: 'deployment-controller' };

function isReady(pod: KubeObject): boolean {
  return ((pod.status as Loose | undefined)?.conditions as Loose[] | undefined)?.some((condition) => condition.type === 'Ready' && condition.status === 'True') ?? false;
}

function tolerates(tolerations: Loose[] | undefined, taint: { key: string; effect: string }): Loose | undefined {
  return (tolerations ?? []).find((toleration) => {
    if (toleration.effect && toleration.effect !== taint.effect) return false;
    if (toleration.operator === 'Exists') return !toleration.key || toleration.key === taint.key;
    return toleration.key === taint.key;
  });
}

/**
 * The simulated cluster behind the API: kubelets renewing Leases, the node lifecycle controller, the
 * ReplicaSet, Deployment, DaemonSet and EndpointSlice controllers, the scheduler, and kubelets starting and
 * stopping Pods. Every step is a write to the store, so it shows in lists, watches and Events.
 */
export class ClusterSimulation implements ClusterWrites {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly immediates = new Set<NodeJS.Immediate>();
  private readonly silentNodes = new Map<string, number>(); // node → time of its last renewal
  private readonly nodesByName: Map<string, NodeInfo>;
  private readonly podIpCursor = new Map<string, number>();
  private leaseCursor = 0;
  private leaseStart = 0;
  private stopped = false;
  /** Messages of the last errors thrown by a step of the simulation (each step runs from a timer). */
  readonly timerErrors: string[] = [];

  constructor(private readonly store: ObjectStore, private readonly cluster: BuiltCluster, private readonly suffixes: SuffixSource, readonly timing: SimulationTiming) {
    this.nodesByName = new Map(cluster.nodes.map((node) => [node.name, node]));
  }

  start(): void {
    this.leaseStart = Date.now();
    const nodes = this.cluster.nodes;
    // One ticker spreads the renewals evenly: N nodes every leaseRenewMs.
    const tickMs = Math.min(100, Math.max(5, this.timing.leaseRenewMs / Math.max(1, nodes.length)));
    const tick = () => {
      this.after(tickMs, tick);
      const due = Math.floor(((Date.now() - this.leaseStart) / this.timing.leaseRenewMs) * nodes.length);
      const now = Date.now();
      // After a stall, renew each node at most once rather than replaying the backlog.
      let from = Math.max(this.leaseCursor, due - nodes.length);
      for (; from < due; from++) {
        const node = nodes[from % nodes.length]!;
        if (this.silentNodes.has(node.name)) continue;
        this.renewLease(node.name, now);
        if (postsNodeStatus(from, nodes.length)) this.postNodeStatus(node.name, now);
      }
      this.leaseCursor = due;
    };
    this.after(tickMs, tick);
    const leaderTick = () => {
      this.after(Math.max(20, this.timing.leaseRenewMs / 5), leaderTick);
      const now = Date.now();
      for (const name of ['kube-controller-manager', 'kube-scheduler']) {
        const lease = this.store.get(leaseType, 'kube-system', name);
        if (lease) this.store.update(leaseType, renewedLease(lease, now));
      }
    };
    this.after(Math.max(20, this.timing.leaseRenewMs / 5), leaderTick);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const immediate of this.immediates) clearImmediate(immediate);
    this.immediates.clear();
  }

  get nodes(): readonly NodeInfo[] {
    return this.cluster.nodes;
  }

  /** Runs `action` later. Its errors are kept (the last few, for diagnosis), never thrown out of the timer. */
  private after(ms: number, action: () => void): void {
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
  private nextTurn(action: () => void): void {
    if (this.stopped) return;
    const immediate = setImmediate(() => {
      this.immediates.delete(immediate);
      this.runStep(action);
    });
    this.immediates.add(immediate);
  }

  private runStep(action: () => void): void {
    if (this.stopped) return;
    try {
      action();
    } catch (error) {
      this.timerErrors.push(errorMessage(error));
      if (this.timerErrors.length > 20) this.timerErrors.shift();
    }
  }

  private postNodeStatus(nodeName: string, now: number): void {
    const node = this.store.get(nodeType, undefined, nodeName);
    if (!node) return;
    const at = isoSeconds(now);
    const status = node.status as Loose;
    const conditions = (status.conditions as Loose[]).map((condition) => ({ ...condition, lastHeartbeatTime: at }));
    this.store.update(nodeType, { ...node, status: { ...status, conditions } });
  }

  private renewLease(nodeName: string, now: number): void {
    const lease = this.store.get(leaseType, 'kube-node-lease', nodeName);
    if (lease) this.store.update(leaseType, renewedLease(lease, now));
  }

  private event(namespace: string, involved: KubeObject, reason: string, message: string, source: { component: string; host?: string }, type = 'Normal', fieldPath?: string): void {
    const involvedRef = involved.kind === 'Node' ? { ...involved, metadata: { ...involved.metadata, namespace: undefined } } : involved;
    this.store.create(eventType, buildEvent(namespace, involvedRef, reason, message, Date.now(), source, this.suffixes, type, fieldPath));
  }

  // ---- heartbeats and the node lifecycle controller ----

  stopHeartbeat(nodeName: string): void {
    const node = this.requireNode(nodeName);
    if (this.silentNodes.has(node.name)) return;
    const lease = this.store.get(leaseType, 'kube-node-lease', node.name);
    const lastRenew = lease ? Date.parse((lease.spec as Loose).renewTime) : Date.now();
    this.silentNodes.set(node.name, lastRenew);
    const wait = Math.max(0, lastRenew + this.timing.nodeMonitorGraceMs - Date.now());
    this.after(wait, () => this.markNodeUnknown(node.name));
  }

  resumeHeartbeat(nodeName: string): void {
    const node = this.requireNode(nodeName);
    if (!this.silentNodes.delete(node.name)) return;
    const now = Date.now();
    this.renewLease(node.name, now);
    const stored = this.store.get(nodeType, undefined, node.name);
    if (!stored) return;
    const status = stored.status as Loose;
    const wasUnknown = (status.conditions as Loose[]).some((condition) => condition.type === 'Ready' && condition.status !== 'True');
    if (!wasUnknown) return;
    const at = isoSeconds(now);
    const conditions = (status.conditions as Loose[]).map((condition) => ({
      ...condition,
      status: condition.type === 'Ready' ? 'True' : 'False',
      lastHeartbeatTime: at,
      lastTransitionTime: at,
      reason: { Ready: 'KubeletReady', MemoryPressure: 'KubeletHasSufficientMemory', DiskPressure: 'KubeletHasNoDiskPressure', PIDPressure: 'KubeletHasSufficientPID' }[condition.type as string] ?? condition.reason,
      message: { Ready: 'kubelet is posting ready status', MemoryPressure: 'kubelet has sufficient memory available', DiskPressure: 'kubelet has no disk pressure', PIDPressure: 'kubelet has sufficient PID available' }[condition.type as string] ?? condition.message,
    }));
    const taints = ((stored.spec as Loose).taints as Loose[] | undefined)?.filter((taint) => taint.key !== 'node.kubernetes.io/unreachable');
    const spec = { ...(stored.spec as Loose) };
    if (taints?.length) spec.taints = taints;
    else delete spec.taints;
    const updated = this.store.update(nodeType, { ...stored, spec, status: { ...status, conditions } });
    this.event('default', updated, 'NodeReady', `Node ${node.name} status is now: NodeReady`, { component: 'kubelet', host: node.name });
    // The kubelet is back: it finishes terminating Pods, and its running Pods are ready again.
    for (const pod of this.podsOnNode(node.name)) {
      if (pod.metadata.deletionTimestamp) this.store.delete(podType, pod.metadata.namespace, pod.metadata.name);
      else this.store.update(podType, { ...pod, status: { ...(pod.status as Loose), conditions: this.readyConditions(pod, true, at) } });
    }
    this.restoreMirrorPods(node);
    this.refreshControllers();
  }

  private markNodeUnknown(nodeName: string): void {
    if (!this.silentNodes.has(nodeName)) return;
    const stored = this.store.get(nodeType, undefined, nodeName);
    if (!stored) return;
    const now = Date.now();
    const at = isoSeconds(now);
    const status = stored.status as Loose;
    const conditions = (status.conditions as Loose[]).map((condition) => ({ ...condition, status: 'Unknown', lastTransitionTime: at, reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.' }));
    const spec = { ...(stored.spec as Loose) };
    spec.taints = [
      ...((spec.taints as Loose[] | undefined) ?? []),
      { effect: 'NoSchedule', key: 'node.kubernetes.io/unreachable' },
      { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: at },
    ];
    const managedFields = [...((stored.metadata.managedFields as unknown[]) ?? []), managedEntry('kube-controller-manager', 'v1', at, { spec: { taints: {} } }), managedEntry('kube-controller-manager', 'v1', at, { status: { conditions: conditions.map((condition: Loose) => ({ type: condition.type })) } }, 'status')];
    const updated = this.store.update(nodeType, { ...stored, metadata: { ...stored.metadata, managedFields }, spec, status: { ...status, conditions } });
    this.event('default', updated, 'NodeNotReady', `Node ${nodeName} status is now: NodeNotReady`, { component: 'node-controller' });
    for (const pod of this.podsOnNode(nodeName)) {
      const changed = this.store.update(podType, { ...pod, status: { ...(pod.status as Loose), conditions: this.readyConditions(pod, false, at) } });
      this.event(pod.metadata.namespace!, changed, 'NodeNotReady', 'Node is not ready', { component: 'node-controller' }, 'Warning');
      // Taint-based eviction: Pods tolerating the NoExecute taint for a limited time are evicted after it.
      const toleration = tolerates((pod.spec as Loose).tolerations, { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' });
      if (toleration && toleration.tolerationSeconds === undefined) continue;
      const seconds = toleration ? Number(toleration.tolerationSeconds) : 0;
      this.after((seconds * 1000 * this.timing.evictionMs) / 300_000, () => this.evict(nodeName, pod.metadata.namespace!, pod.metadata.name));
    }
    this.refreshControllers();
  }

  private readyConditions(pod: KubeObject, ready: boolean, at: string): Loose[] {
    return (((pod.status as Loose).conditions as Loose[] | undefined) ?? []).map((condition) =>
      condition.type === 'Ready' || condition.type === 'ContainersReady' ? { ...condition, status: ready ? 'True' : 'False', lastTransitionTime: at } : condition,
    );
  }

  private evict(nodeName: string, namespace: string, name: string): void {
    if (!this.silentNodes.has(nodeName)) return;
    const pod = this.store.get(podType, namespace, name);
    if (!pod || pod.metadata.deletionTimestamp) return;
    this.event(namespace, pod, 'TaintManagerEviction', `Marking for deletion Pod ${namespace}/${name}`, { component: 'taint-eviction-controller' });
    // The kubelet is unreachable, so the Pod stays Terminating; its controller replaces it elsewhere.
    this.markTerminating(pod, 30);
    this.reactToPodGone(pod);
  }

  private requireNode(nodeName: string): NodeInfo {
    const node = this.nodesByName.get(nodeName);
    if (!node) throw new Error(`no node named ${nodeName}`);
    return node;
  }

  private podsOnNode(nodeName: string): KubeObject[] {
    return this.store.list(podType).filter((pod) => (pod.spec as Loose).nodeName === nodeName);
  }

  // ---- Pod deletion and the controllers' reactions ----

  deletePod(namespace: string, name: string, gracePeriodSeconds: number | undefined): KubeObject {
    const pod = this.store.get(podType, namespace, name);
    if (!pod) throw new ApiError(404, 'NotFound', `pods "${name}" not found`, { name, kind: 'pods' });
    if (pod.metadata.deletionTimestamp && gracePeriodSeconds !== 0) return pod;
    const nodeName = (pod.spec as Loose).nodeName as string | undefined;
    const kubeletUp = nodeName !== undefined && !this.silentNodes.has(nodeName);
    const grace = gracePeriodSeconds ?? ((pod.spec as Loose).terminationGracePeriodSeconds as number | undefined) ?? 30;
    const isMirror = pod.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined;
    let result: KubeObject;
    if (grace === 0 || !nodeName) {
      result = this.store.delete(podType, namespace, name)!;
    } else {
      result = this.markTerminating(pod, grace);
      if (kubeletUp) {
        if (!isMirror) {
          for (const container of (pod.spec as Loose).containers as Loose[]) {
            this.event(namespace, result, 'Killing', `Stopping container ${container.name}`, { component: 'kubelet', host: nodeName }, 'Normal', `spec.containers{${container.name}}`);
          }
        }
        this.after(isMirror ? this.timing.stepMs : Math.min(this.timing.terminationMs, grace * 1000), () => {
          const current = this.store.get(podType, namespace, name);
          if (current && current.metadata.uid === pod.metadata.uid) this.store.delete(podType, namespace, name);
        });
      }
    }
    if (isMirror) {
      // kubelet keeps the static Pod running and publishes its mirror Pod again.
      if (nodeName && kubeletUp) this.after(this.timing.stepMs * 2, () => this.restoreMirrorPods(this.requireNode(nodeName)));
    } else {
      this.reactToPodGone(pod);
    }
    return result;
  }

  private markTerminating(pod: KubeObject, grace: number): KubeObject {
    // Beyond what a Go time.Duration holds (292 years) the deletion time stays at that bound.
    const deletionTimestamp = isoSeconds(Date.now() + Math.min(grace, MAX_DURATION_SECONDS) * 1000);
    return this.store.update(podType, { ...pod, metadata: { ...pod.metadata, deletionTimestamp, deletionGracePeriodSeconds: grace } });
  }

  private restoreMirrorPods(node: NodeInfo): void {
    if (this.silentNodes.has(node.name)) return;
    const nodeObject = this.store.get(nodeType, undefined, node.name);
    for (const definition of this.cluster.staticPods.get(node.name) ?? []) {
      const name = `${definition.component}-${node.name}`;
      if (this.store.get(podType, 'kube-system', name)) continue;
      const now = Date.now();
      const fresh = mirrorPod(definition, node, nodeObject?.metadata.uid ?? '', now, this.suffixes);
      // The static Pod never stopped: the new mirror keeps the original start time in its status.
      this.store.create(podType, { ...fresh, metadata: { ...fresh.metadata, creationTimestamp: isoSeconds(now) } });
    }
  }

  /** A controller-owned Pod is gone or terminating: its owner creates a replacement. */
  private reactToPodGone(pod: KubeObject): void {
    const owner = pod.metadata.ownerReferences?.find((reference) => reference.controller);
    if (!owner) return;
    this.after(this.timing.stepMs / 2, () => {
      if (owner.kind === 'ReplicaSet') {
        const replicaSet = this.store.get(replicaSetType, pod.metadata.namespace, owner.name);
        if (replicaSet) this.reconcileReplicaSet(replicaSet);
      } else if (owner.kind === 'DaemonSet') {
        const daemonSet = this.store.get(daemonSetType, pod.metadata.namespace, owner.name);
        if (daemonSet) this.reconcileDaemonSet(daemonSet);
      }
      this.refreshControllers();
    });
  }

  private ownedPods(owner: KubeObject): KubeObject[] {
    return this.store.list(podType, owner.metadata.namespace).filter((pod) => pod.metadata.ownerReferences?.some((reference) => reference.uid === owner.metadata.uid));
  }

  private reconcileReplicaSet(replicaSet: KubeObject): void {
    const desired = Number((replicaSet.spec as Loose).replicas ?? 0);
    const active = this.ownedPods(replicaSet).filter((pod) => !pod.metadata.deletionTimestamp);
    const template = (replicaSet.spec as Loose).template as { metadata: { labels: Record<string, string> }; spec: PodTemplate['spec'] };
    const source = { component: 'replicaset-controller' };
    const toCreate = Math.min(desired - active.length, POD_CREATE_BATCH);
    // Past one batch either way, the rest waits for the next turn of the event loop.
    if (Math.abs(desired - active.length) > POD_CREATE_BATCH) {
      this.nextTurn(() => {
        const latest = this.store.get(replicaSetType, replicaSet.metadata.namespace, replicaSet.metadata.name);
        if (latest) this.reconcileReplicaSet(latest);
      });
    }
    for (let count = active.length; count < active.length + toCreate; count++) {
      const podTemplate: PodTemplate = { labels: template.metadata.labels, spec: template.spec };
      const pod = this.store.create(podType, podFromTemplate(replicaSet, podTemplate, this.suffixes.uniqueName(`${replicaSet.metadata.name}-`, (taken) => this.store.get(podType, replicaSet.metadata.namespace, taken) !== undefined), {}, Date.now()));
      this.event(replicaSet.metadata.namespace!, replicaSet, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`, source);
      this.after(this.timing.stepMs, () => this.schedule(pod.metadata.namespace!, pod.metadata.name));
    }
    if (active.length > desired) {
      // Scale down removes the least useful Pods first: unscheduled, then not ready, then the newest.
      const victims = [...active].sort((a, b) => {
        const score = (pod: KubeObject) => ((pod.spec as Loose).nodeName ? 2 : 0) + (isReady(pod) ? 1 : 0);
        return score(a) - score(b) || Date.parse(b.metadata.creationTimestamp!) - Date.parse(a.metadata.creationTimestamp!);
      }).slice(0, Math.min(active.length - desired, POD_CREATE_BATCH));
      for (const victim of victims) {
        this.event(replicaSet.metadata.namespace!, replicaSet, 'SuccessfulDelete', `Deleted pod: ${victim.metadata.name}`, source);
        this.deletePodQuietly(victim);
      }
    }
  }

  /** A controller's own deletion: terminate without asking for a replacement. */
  private deletePodQuietly(pod: KubeObject): void {
    const nodeName = (pod.spec as Loose).nodeName as string | undefined;
    if (!nodeName || this.silentNodes.has(nodeName)) {
      if (!nodeName) this.store.delete(podType, pod.metadata.namespace, pod.metadata.name);
      else this.markTerminating(pod, 30);
      return;
    }
    const terminating = this.markTerminating(pod, 30);
    for (const container of (pod.spec as Loose).containers as Loose[]) {
      this.event(pod.metadata.namespace!, terminating, 'Killing', `Stopping container ${container.name}`, { component: 'kubelet', host: nodeName }, 'Normal', `spec.containers{${container.name}}`);
    }
    this.after(this.timing.terminationMs, () => {
      const current = this.store.get(podType, pod.metadata.namespace, pod.metadata.name);
      if (current && current.metadata.uid === pod.metadata.uid) this.store.delete(podType, pod.metadata.namespace, pod.metadata.name);
      this.refreshControllers();
    });
  }

  private reconcileDaemonSet(daemonSet: KubeObject): void {
    const owned = this.ownedPods(daemonSet).filter((pod) => !pod.metadata.deletionTimestamp);
    const covered = new Set(owned.map((pod) => (pod.spec as Loose).nodeName as string));
    const template = (daemonSet.spec as Loose).template as { metadata: { labels: Record<string, string> }; spec: PodTemplate['spec'] };
    const podTemplate: PodTemplate = { labels: template.metadata.labels, spec: template.spec };
    const hash = templateHash(podTemplate);
    for (const node of this.cluster.nodes) {
      if (covered.has(node.name)) continue;
      const base = podFromTemplate(daemonSet, podTemplate, this.suffixes.uniqueName(`${daemonSet.metadata.name}-`, (taken) => this.store.get(podType, daemonSet.metadata.namespace, taken) !== undefined), { 'controller-revision-hash': hash, 'pod-template-generation': String(daemonSet.metadata.generation ?? 1) }, Date.now());
      const pod = this.store.create(podType, { ...base, spec: { ...(base.spec as Loose), affinity: daemonPodAffinity(node.name) } });
      this.event(daemonSet.metadata.namespace!, daemonSet, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`, { component: 'daemonset-controller' });
      this.after(this.timing.stepMs, () => this.schedule(pod.metadata.namespace!, pod.metadata.name));
    }
  }

  /** kube-scheduler: filter nodes (Ready, taints tolerated, pinned node for DaemonSet Pods), pick the emptiest. */
  private schedule(namespace: string, name: string): void {
    const pod = this.store.get(podType, namespace, name);
    if (!pod || pod.metadata.deletionTimestamp || (pod.spec as Loose).nodeName) return;
    const spec = pod.spec as Loose;
    const pinned = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms?.[0]?.matchFields?.[0]?.values?.[0] as string | undefined;
    const counts = new Map<string, number>();
    for (const other of this.store.list(podType)) {
      const nodeName = (other.spec as Loose).nodeName as string | undefined;
      if (nodeName) counts.set(nodeName, (counts.get(nodeName) ?? 0) + 1);
    }
    const feasible = this.cluster.nodes.filter((node) => {
      if (pinned && node.name !== pinned) return false;
      const stored = this.store.get(nodeType, undefined, node.name);
      if (!stored) return false;
      const taints = ((stored.spec as Loose).taints as Loose[] | undefined) ?? [];
      return taints.every((taint) => taint.effect === 'PreferNoSchedule' || tolerates(spec.tolerations, taint as { key: string; effect: string }));
    });
    if (feasible.length === 0) {
      this.event(namespace, pod, 'FailedScheduling', `0/${this.cluster.nodes.length} nodes are available: ${this.cluster.nodes.length} node(s) had untolerated taint(s). preemption: 0/${this.cluster.nodes.length} nodes are available: ${this.cluster.nodes.length} Preemption is not helpful for scheduling.`, { component: 'default-scheduler' }, 'Warning');
      return;
    }
    const target = feasible.reduce((best, node) => ((counts.get(node.name) ?? 0) < (counts.get(best.name) ?? 0) ? node : best));
    const now = Date.now();
    const at = isoSeconds(now);
    const status = { ...(pod.status as Loose), conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: at }] };
    const bound = this.store.update(podType, { ...pod, spec: { ...spec, nodeName: target.name }, status });
    this.event(namespace, bound, 'Scheduled', `Successfully assigned ${namespace}/${name} to ${target.name}`, { component: 'default-scheduler' });
    this.after(this.timing.stepMs, () => this.startOnKubelet(namespace, name, target));
  }

  /** kubelet: sees the Pod bound to its node, pulls, creates and starts its containers, reports status. */
  private startOnKubelet(namespace: string, name: string, node: NodeInfo): void {
    if (this.silentNodes.has(node.name)) return;
    const pod = this.store.get(podType, namespace, name);
    if (!pod || pod.metadata.deletionTimestamp) return;
    const containers = (pod.spec as Loose).containers as { name: string; image: string }[];
    const qos = qosClassOf(containers);
    const creating = this.store.update(podType, { ...pod, status: creatingPodStatus(containers, node.ip, Date.now(), qos) });
    const host = { component: 'kubelet', host: node.name };
    for (const container of containers) {
      const path = `spec.containers{${container.name}}`;
      this.event(namespace, creating, 'Pulled', `Container image "${container.image}" already present on machine`, host, 'Normal', path);
      this.event(namespace, creating, 'Created', `Created container: ${container.name}`, host, 'Normal', path);
      this.event(namespace, creating, 'Started', `Started container ${container.name}`, host, 'Normal', path);
    }
    this.after(this.timing.stepMs, () => {
      const current = this.store.get(podType, namespace, name);
      if (!current || current.metadata.deletionTimestamp || this.silentNodes.has(node.name)) return;
      const ip = (current.spec as Loose).hostNetwork ? node.ip : this.nextPodIp(node);
      this.store.update(podType, { ...current, status: runningPodStatus(containers, node.ip, ip, Date.now(), this.suffixes, qos) });
      this.refreshControllers();
    });
  }

  private nextPodIp(node: NodeInfo): string {
    const used = new Set(this.podsOnNode(node.name).map((pod) => (pod.status as Loose).podIP));
    let host = this.podIpCursor.get(node.name) ?? 10;
    do host = host >= 254 ? 2 : host + 1;
    while (used.has(podIpIn(node.podCidr, host)));
    this.podIpCursor.set(node.name, host);
    return podIpIn(node.podCidr, host);
  }

  // ---- Deployments ----

  updateDeployment(deployment: KubeObject): KubeObject {
    const previous = this.store.get(deploymentType, deployment.metadata.namespace, deployment.metadata.name);
    if (!previous) throw new ApiError(404, 'NotFound', `deployments.apps "${deployment.metadata.name}" not found`, { name: deployment.metadata.name, group: 'apps', kind: 'deployments' });
    const specChanged = JSON.stringify(previous.spec) !== JSON.stringify(deployment.spec);
    const generation = (previous.metadata.generation ?? 1) + (specChanged ? 1 : 0);
    const stored = this.store.update(deploymentType, { ...deployment, metadata: { ...deployment.metadata, generation }, status: previous.status });
    if (specChanged) this.after(this.timing.stepMs / 2, () => this.rolloutDeployment(stored.metadata.namespace!, stored.metadata.name));
    return stored;
  }

  /** The Deployment controller: the ReplicaSet of the current template gets all replicas, older ones none. */
  private rolloutDeployment(namespace: string, name: string): void {
    const deployment = this.store.get(deploymentType, namespace, name);
    if (!deployment) return;
    const spec = deployment.spec as Loose;
    const replicas = Number(spec.replicas ?? 1);
    const template: PodTemplate = { labels: spec.template.metadata?.labels ?? {}, annotations: spec.template.metadata?.annotations, spec: spec.template.spec };
    if (!template.annotations) delete template.annotations;
    const hash = templateHash(template);
    const owned = this.store.list(replicaSetType, namespace).filter((rs) => rs.metadata.ownerReferences?.some((reference) => reference.uid === deployment.metadata.uid));
    let current = owned.find((rs) => rs.metadata.labels?.['pod-template-hash'] === hash);
    const revision = String(Math.max(0, ...owned.map((rs) => Number(rs.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0))) + (current ? 0 : 1));
    const source = controllerManager;
    if (!current) {
      const labels = { ...template.labels, 'pod-template-hash': hash };
      const rsSpec = { replicas: 0, selector: { matchLabels: { ...(spec.selector?.matchLabels ?? {}), 'pod-template-hash': hash } }, template: { metadata: { labels }, spec: template.spec } };
      current = this.store.create(replicaSetType, {
        apiVersion: 'apps/v1', kind: 'ReplicaSet',
        metadata: {
          name: `${name}-${hash}`, namespace, generation: 1, labels,
          annotations: { 'deployment.kubernetes.io/desired-replicas': String(replicas), 'deployment.kubernetes.io/max-replicas': String(replicas + Math.ceil(replicas * 0.25)), 'deployment.kubernetes.io/revision': revision },
          ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name, uid: deployment.metadata.uid!, controller: true, blockOwnerDeletion: true }],
          managedFields: [managedEntry('kube-controller-manager', 'apps/v1', isoSeconds(Date.now()), { metadata: { labels }, spec: rsSpec })],
        },
        spec: rsSpec,
        status: { replicas: 0, observedGeneration: 1 },
      });
      this.store.update(deploymentType, { ...deployment, metadata: { ...deployment.metadata, annotations: { ...deployment.metadata.annotations, 'deployment.kubernetes.io/revision': revision } } });
    }
    // The new ReplicaSet scales up before the old ones scale down, as the rolling update does.
    for (const rs of [current, ...owned.filter((candidate) => candidate !== current)]) {
      const target = rs === current ? replicas : 0;
      const was = Number((rs.spec as Loose).replicas ?? 0);
      if (was === target) {
        if (rs === current) this.reconcileReplicaSet(rs);
        continue;
      }
      const scaled = this.store.update(replicaSetType, {
        ...rs,
        metadata: { ...rs.metadata, generation: (rs.metadata.generation ?? 1) + 1, annotations: { ...rs.metadata.annotations, 'deployment.kubernetes.io/desired-replicas': String(replicas) } },
        spec: { ...(rs.spec as Loose), replicas: target },
      });
      this.event(namespace, deployment, 'ScalingReplicaSet', `Scaled ${target > was ? 'up' : 'down'} replica set ${rs.metadata.name} from ${was} to ${target}`, source);
      this.reconcileReplicaSet(scaled);
    }
    this.refreshControllers();
  }

  // ---- status the controllers keep up to date ----

  /** Recomputes ReplicaSet, Deployment, DaemonSet and kube-dns EndpointSlice status from the Pods. */
  refreshControllers(): void {
    const pods = this.store.list(podType);
    const byOwner = new Map<string, KubeObject[]>();
    for (const pod of pods) {
      for (const reference of pod.metadata.ownerReferences ?? []) {
        const list = byOwner.get(reference.uid) ?? [];
        list.push(pod);
        byOwner.set(reference.uid, list);
      }
    }
    const updateStatus = (type: typeof replicaSetType, object: KubeObject, status: Loose) => {
      const merged = { ...(object.status as Loose), ...status };
      if (JSON.stringify(merged) !== JSON.stringify(object.status)) this.store.update(type, { ...object, status: merged });
    };
    const replicaSets = this.store.list(replicaSetType);
    for (const rs of replicaSets) {
      const owned = (byOwner.get(rs.metadata.uid!) ?? []).filter((pod) => !pod.metadata.deletionTimestamp);
      const ready = owned.filter(isReady).length;
      updateStatus(replicaSetType, rs, { replicas: owned.length, fullyLabeledReplicas: owned.length, readyReplicas: ready, availableReplicas: ready, observedGeneration: rs.metadata.generation ?? 1 });
    }
    const replicaSetsByOwner = new Map<string, KubeObject[]>();
    for (const rs of this.store.list(replicaSetType)) {
      for (const reference of rs.metadata.ownerReferences ?? []) replicaSetsByOwner.set(reference.uid, [...(replicaSetsByOwner.get(reference.uid) ?? []), rs]);
    }
    for (const deployment of this.store.list(deploymentType)) {
      const owned = replicaSetsByOwner.get(deployment.metadata.uid!) ?? [];
      const sum = (field: string) => owned.reduce((total, rs) => total + Number((rs.status as Loose)?.[field] ?? 0), 0);
      const hash = owned.find((rs) => Number((rs.spec as Loose).replicas) > 0)?.metadata.labels?.['pod-template-hash'];
      const updated = owned.filter((rs) => rs.metadata.labels?.['pod-template-hash'] === hash).reduce((total, rs) => total + Number((rs.status as Loose)?.replicas ?? 0), 0);
      const available = sum('availableReplicas');
      const desired = Number((deployment.spec as Loose).replicas ?? 1);
      const status = deployment.status as Loose;
      const conditions = ((status.conditions as Loose[] | undefined) ?? []).map((condition) => {
        if (condition.type !== 'Available') return condition;
        const ok = available >= desired - 1 || available >= desired;
        const next = ok ? 'True' : 'False';
        return next === condition.status ? condition : { ...condition, status: next, reason: ok ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable', message: ok ? 'Deployment has minimum availability.' : 'Deployment does not have minimum availability.', lastUpdateTime: isoSeconds(Date.now()), lastTransitionTime: isoSeconds(Date.now()) };
      });
      const fields: Loose = { replicas: sum('replicas'), readyReplicas: sum('readyReplicas'), availableReplicas: available, updatedReplicas: updated, observedGeneration: deployment.metadata.generation ?? 1, conditions };
      if (desired - available > 0) fields.unavailableReplicas = desired - available;
      const merged = { ...status, ...fields };
      if (!fields.unavailableReplicas) delete merged.unavailableReplicas;
      if (JSON.stringify(merged) !== JSON.stringify(status)) this.store.update(deploymentType, { ...deployment, status: merged });
    }
    const readyNodes = new Set(this.cluster.nodes.filter((node) => !this.silentNodes.has(node.name)).map((node) => node.name));
    for (const ds of this.store.list(daemonSetType)) {
      const owned = (byOwner.get(ds.metadata.uid!) ?? []).filter((pod) => !pod.metadata.deletionTimestamp);
      const scheduled = owned.filter((pod) => (pod.spec as Loose).nodeName).length;
      const ready = owned.filter(isReady).length;
      void readyNodes;
      updateStatus(daemonSetType, ds, { desiredNumberScheduled: this.cluster.nodes.length, currentNumberScheduled: scheduled, numberReady: ready, numberAvailable: ready, updatedNumberScheduled: scheduled, ...(ready < this.cluster.nodes.length ? { numberUnavailable: this.cluster.nodes.length - ready } : {}) });
      if (ready >= this.cluster.nodes.length) {
        const current = this.store.get(daemonSetType, ds.metadata.namespace, ds.metadata.name)!;
        if ((current.status as Loose).numberUnavailable !== undefined) {
          const status = { ...(current.status as Loose) };
          delete status.numberUnavailable;
          this.store.update(daemonSetType, { ...current, status });
        }
      }
    }
    const dns = this.store.get(serviceType, 'kube-system', 'kube-dns');
    const slice = this.store.list(sliceType, 'kube-system').find((candidate) => candidate.metadata.labels?.['kubernetes.io/service-name'] === 'kube-dns');
    if (dns && slice) {
      const dnsPods = pods.filter((pod) => pod.metadata.namespace === 'kube-system' && pod.metadata.labels?.['k8s-app'] === 'kube-dns' && (pod.status as Loose).podIP);
      const next = dnsEndpointSlice(dns, dnsPods, slice.metadata.name, Date.now());
      if (JSON.stringify(next.endpoints) !== JSON.stringify(slice.endpoints)) {
        this.store.update(sliceType, { ...slice, endpoints: next.endpoints, metadata: { ...slice.metadata, generation: (slice.metadata.generation ?? 1) + 1, annotations: { ...slice.metadata.annotations, 'endpoints.kubernetes.io/last-change-trigger-time': isoSeconds(Date.now()) } } });
      }
    }
  }
}
