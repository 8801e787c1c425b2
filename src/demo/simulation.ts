import type { ClusterWrites, StoredChange } from './apiWrites';
import { isoSeconds, mirrorPod, type NodeInfo } from './fixture';
import { resourceTypes, type KubeObject } from './resources';
import { ApiError } from './status';
import { MAX_DURATION_SECONDS } from './writeValidation';
import {
  type Loose,
  daemonSetType,
  deploymentType,
  eventType,
  namespaceType,
  neverObserved,
  nodeType,
  podType,
  postsNodeStatus,
  replicaSetType,
  serviceType,
  sliceType,
} from './simulation/shared';
import { ControlPlaneLeases } from './simulation/controlPlane';
export * from './simulation/shared';

/**
 * The simulated cluster behind the API: kubelets renewing Leases, the node lifecycle controller, the
 * ReplicaSet, Deployment, DaemonSet and EndpointSlice controllers, the scheduler, and kubelets starting and
 * stopping Pods; the control plane's leader-election and identity Leases. Every step is a write to the store,
 * so it shows in lists, watches and Events.
 */
export class ClusterSimulation extends ControlPlaneLeases implements ClusterWrites {
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
    this.startControlPlaneLeases();
    // The Deployment controller syncs every Deployment as it starts: one stored before it ran (the developer's
    // app in the fixture) gets its ReplicaSet and Pods now.
    const pending = this.store.list(deploymentType).filter(neverObserved);
    for (const deployment of pending) {
      const { namespace, name } = deployment.metadata;
      this.after(this.timing.stepMs / 2, () => this.rolloutDeployment(namespace!, name));
    }
    this.settled = this.rolledOut(pending.map((deployment) => [deployment.metadata.namespace!, deployment.metadata.name] as const));
  }

  private settled: Promise<void> = Promise.resolve();

  /**
   * Resolves once the Deployments rolled out at start run all their replicas (or after `timeoutMs`, or when
   * the simulation stops), so that a cluster is handed over settled, as `kind create cluster --wait` does.
   */
  async whenSettled(timeoutMs = 30_000): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.settled, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
  }

  private rolledOut(keys: readonly (readonly [string, string])[]): Promise<void> {
    const done = () =>
      this.stopped ||
      keys.every(([namespace, name]) => {
        const deployment = this.store.get(deploymentType, namespace, name);
        const status = (deployment?.status ?? {}) as Loose;
        return !deployment || Number(status.availableReplicas ?? 0) >= Number((deployment.spec as Loose).replicas ?? 1);
      });
    if (done()) return Promise.resolve();
    return new Promise((resolve) => {
      const subscription = this.store.subscribe((event) => {
        if (event.resource === deploymentType && done()) this.stopWaiting?.();
      });
      this.stopWaiting = () => {
        this.stopWaiting = undefined;
        subscription.dispose();
        resolve();
      };
    });
  }

  /** Ends the wait of whenSettled() (the rollouts are done, or the simulation stops). */
  private stopWaiting: (() => void) | undefined;

  stop(): void {
    this.stopped = true;
    this.stopWaiting?.();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const immediate of this.immediates) clearImmediate(immediate);
    this.immediates.clear();
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
            this.event(
              namespace,
              result,
              'Killing',
              `Stopping container ${container.name}`,
              { component: 'kubelet', host: nodeName },
              'Normal',
              `spec.containers{${container.name}}`,
            );
          }
        }
        this.after(isMirror ? this.timing.stepMs : Math.min(this.timing.terminationMs, grace * 1000), () => {
          const current = this.store.get(podType, namespace, name);
          if (current && current.metadata.uid === pod.metadata.uid) {
            this.store.delete(podType, namespace, name);
            // The EndpointSlice controller (among others) sees the Pod gone.
            this.refreshControllers();
          }
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

  protected markTerminating(pod: KubeObject, grace: number): KubeObject {
    // Beyond what a Go time.Duration holds (292 years) the deletion time stays at that bound.
    const deletionTimestamp = isoSeconds(Date.now() + Math.min(grace, MAX_DURATION_SECONDS) * 1000);
    return this.store.update(podType, { ...pod, metadata: { ...pod.metadata, deletionTimestamp, deletionGracePeriodSeconds: grace } });
  }

  protected restoreMirrorPods(node: NodeInfo): void {
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
  protected reactToPodGone(pod: KubeObject): void {
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

  /** Stores a changed Deployment (already validated) as the API does, and lets the Deployment controller react. */
  updateDeployment(deployment: KubeObject): KubeObject {
    const previous = this.store.get(deploymentType, deployment.metadata.namespace, deployment.metadata.name);
    if (!previous)
      throw new ApiError(404, 'NotFound', `deployments.apps "${deployment.metadata.name}" not found`, {
        name: deployment.metadata.name,
        group: 'apps',
        kind: 'deployments',
      });
    const specChanged = JSON.stringify(previous.spec) !== JSON.stringify(deployment.spec);
    const generation = (previous.metadata.generation ?? 1) + (specChanged ? 1 : 0);
    const stored = this.store.update(deploymentType, {
      ...deployment,
      metadata: { ...deployment.metadata, generation },
      status: previous.status,
    });
    this.reactToWrite({ type: 'updated', resource: deploymentType, object: stored, previous });
    return stored;
  }

  // ---- what the controllers do when the API stores a change ----

  reactToWrite(change: StoredChange): void {
    const { resource, object, previous, type } = change;
    const namespace = object.metadata.namespace!;
    const name = object.metadata.name;
    const specChanged = type === 'created' || (type === 'updated' && JSON.stringify(previous?.spec) !== JSON.stringify(object.spec));
    if (type === 'deleted') {
      if (change.propagation !== 'Orphan') this.after(this.timing.stepMs / 2, () => this.collectDependents(object));
      this.after(this.timing.stepMs / 2, () => this.refreshControllers());
      return;
    }
    if (!specChanged) return;
    if (resource === deploymentType) {
      this.after(this.timing.stepMs / 2, () => this.rolloutDeployment(namespace, name));
    } else if (resource === replicaSetType) {
      this.after(this.timing.stepMs / 2, () => {
        const latest = this.store.get(replicaSetType, namespace, name);
        if (latest) this.reconcileReplicaSet(latest);
        this.refreshControllers();
      });
    } else if (resource === daemonSetType) {
      this.after(this.timing.stepMs / 2, () => {
        const latest = this.store.get(daemonSetType, namespace, name);
        if (latest) this.reconcileDaemonSet(latest);
        this.refreshControllers();
      });
    } else if (resource === serviceType) {
      // The EndpointSlice controller makes the new Service's slice (or follows its new selector).
      this.after(this.timing.stepMs / 2, () => this.refreshControllers());
    } else if (resource === podType && type === 'created') {
      const nodeName = (object.spec as Loose).nodeName as string | undefined;
      const node = nodeName ? this.nodesByName.get(nodeName) : undefined;
      if (!nodeName) this.after(this.timing.stepMs, () => this.schedule(namespace, name));
      else if (node) this.after(this.timing.stepMs, () => this.startOnKubelet(namespace, name, node));
    }
  }

  /** The garbage collector: what the deleted object owned goes too (ReplicaSets, then their Pods). */
  protected collectDependents(owner: KubeObject): void {
    const namespace = owner.metadata.namespace;
    // A Service's EndpointSlices are owned by it.
    for (const slice of this.store.list(sliceType, namespace))
      if (slice.metadata.ownerReferences?.some((reference) => reference.uid === owner.metadata.uid))
        this.store.delete(sliceType, namespace, slice.metadata.name);
    for (const replicaSet of this.store.list(replicaSetType, namespace)) {
      if (!replicaSet.metadata.ownerReferences?.some((reference) => reference.uid === owner.metadata.uid)) continue;
      const removed = this.store.delete(replicaSetType, namespace, replicaSet.metadata.name);
      if (removed) this.collectDependents(removed);
    }
    for (const pod of this.store.list(podType, namespace)) {
      if (pod.metadata.deletionTimestamp || !pod.metadata.ownerReferences?.some((reference) => reference.uid === owner.metadata.uid))
        continue;
      this.deletePodQuietly(pod);
    }
  }

  deleteNamespace(name: string): KubeObject {
    const namespace = this.store.get(namespaceType, undefined, name);
    if (!namespace) throw new ApiError(404, 'NotFound', `namespaces "${name}" not found`, { name, kind: 'namespaces' });
    if (namespace.metadata.deletionTimestamp) return namespace;
    const terminating = this.store.update(namespaceType, {
      ...namespace,
      metadata: { ...namespace.metadata, deletionTimestamp: isoSeconds(Date.now()) },
      status: { phase: 'Terminating' },
    });
    this.after(this.timing.stepMs, () => this.emptyNamespace(name));
    return terminating;
  }

  /** The namespace controller: deletes everything in a terminating namespace, Pods gracefully, then the namespace. */
  protected emptyNamespace(name: string): void {
    for (const type of resourceTypes) {
      if (!type.namespaced || type === podType || type === eventType) continue;
      for (const object of this.store.list(type, name)) this.store.delete(type, name, object.metadata.name);
    }
    for (const pod of this.store.list(podType, name)) if (!pod.metadata.deletionTimestamp) this.deletePodQuietly(pod);
    const finish = () => {
      if (this.store.list(podType, name).length > 0) {
        this.after(this.timing.stepMs, finish);
        return;
      }
      for (const event of this.store.list(eventType, name)) this.store.delete(eventType, name, event.metadata.name);
      this.store.delete(namespaceType, undefined, name);
      this.refreshControllers();
    };
    this.after(this.timing.stepMs, finish);
  }
}
