/**
 * Kubelets' heartbeats and the node lifecycle controller: Leases renewed or stopped, nodes turning Unknown,
 * Pods evicted.
 */
import { isoSeconds, renewedLease } from '../fixture';
import { managedEntry } from '../managedFields';
import type { KubeObject } from '../resources';
import { type Loose, leaseType, nodeType, podType, tolerates } from './shared';
import { SimulationBase } from './base';

export abstract class NodeLifecycle extends SimulationBase {
  protected postNodeStatus(nodeName: string, now: number): void {
    const node = this.store.get(nodeType, undefined, nodeName);
    if (!node) return;
    const at = isoSeconds(now);
    const status = node.status as Loose;
    const conditions = (status.conditions as Loose[]).map((condition) => ({ ...condition, lastHeartbeatTime: at }));
    this.store.update(nodeType, { ...node, status: { ...status, conditions } });
  }

  protected renewLease(nodeName: string, now: number): void {
    const lease = this.store.get(leaseType, 'kube-node-lease', nodeName);
    if (lease) this.store.update(leaseType, renewedLease(lease, now));
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
      reason:
        {
          Ready: 'KubeletReady',
          MemoryPressure: 'KubeletHasSufficientMemory',
          DiskPressure: 'KubeletHasNoDiskPressure',
          PIDPressure: 'KubeletHasSufficientPID',
        }[condition.type as string] ?? condition.reason,
      message:
        {
          Ready: 'kubelet is posting ready status',
          MemoryPressure: 'kubelet has sufficient memory available',
          DiskPressure: 'kubelet has no disk pressure',
          PIDPressure: 'kubelet has sufficient PID available',
        }[condition.type as string] ?? condition.message,
    }));
    const taints = ((stored.spec as Loose).taints as Loose[] | undefined)?.filter(
      (taint) => taint.key !== 'node.kubernetes.io/unreachable',
    );
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

  protected markNodeUnknown(nodeName: string): void {
    if (!this.silentNodes.has(nodeName)) return;
    const stored = this.store.get(nodeType, undefined, nodeName);
    if (!stored) return;
    const now = Date.now();
    const at = isoSeconds(now);
    const status = stored.status as Loose;
    const conditions = (status.conditions as Loose[]).map((condition) => ({
      ...condition,
      status: 'Unknown',
      lastTransitionTime: at,
      reason: 'NodeStatusUnknown',
      message: 'Kubelet stopped posting node status.',
    }));
    const spec = { ...(stored.spec as Loose) };
    spec.taints = [
      ...((spec.taints as Loose[] | undefined) ?? []),
      { effect: 'NoSchedule', key: 'node.kubernetes.io/unreachable' },
      { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', timeAdded: at },
    ];
    const managedFields = [
      ...((stored.metadata.managedFields as unknown[]) ?? []),
      managedEntry('kube-controller-manager', 'v1', at, { spec: { taints: {} } }),
      managedEntry(
        'kube-controller-manager',
        'v1',
        at,
        { status: { conditions: conditions.map((condition: Loose) => ({ type: condition.type })) } },
        'status',
      ),
    ];
    const updated = this.store.update(nodeType, {
      ...stored,
      metadata: { ...stored.metadata, managedFields },
      spec,
      status: { ...status, conditions },
    });
    this.event('default', updated, 'NodeNotReady', `Node ${nodeName} status is now: NodeNotReady`, { component: 'node-controller' });
    for (const pod of this.podsOnNode(nodeName)) {
      const changed = this.store.update(podType, {
        ...pod,
        status: { ...(pod.status as Loose), conditions: this.readyConditions(pod, false, at) },
      });
      this.event(pod.metadata.namespace!, changed, 'NodeNotReady', 'Node is not ready', { component: 'node-controller' }, 'Warning');
      // Taint-based eviction: Pods tolerating the NoExecute taint for a limited time are evicted after it.
      const toleration = tolerates((pod.spec as Loose).tolerations, { key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' });
      if (toleration && toleration.tolerationSeconds === undefined) continue;
      const seconds = toleration ? Number(toleration.tolerationSeconds) : 0;
      this.after((seconds * 1000 * this.timing.evictionMs) / 300_000, () =>
        this.evict(nodeName, pod.metadata.namespace!, pod.metadata.name),
      );
    }
    this.refreshControllers();
  }

  protected readyConditions(pod: KubeObject, ready: boolean, at: string): Loose[] {
    return (((pod.status as Loose).conditions as Loose[] | undefined) ?? []).map((condition) =>
      condition.type === 'Ready' || condition.type === 'ContainersReady'
        ? { ...condition, status: ready ? 'True' : 'False', lastTransitionTime: at }
        : condition,
    );
  }

  protected evict(nodeName: string, namespace: string, name: string): void {
    if (!this.silentNodes.has(nodeName)) return;
    const pod = this.store.get(podType, namespace, name);
    if (!pod || pod.metadata.deletionTimestamp) return;
    this.event(namespace, pod, 'TaintManagerEviction', `Marking for deletion Pod ${namespace}/${name}`, {
      component: 'taint-eviction-controller',
    });
    // The kubelet is unreachable, so the Pod stays Terminating; its controller replaces it elsewhere.
    this.markTerminating(pod, 30);
    this.reactToPodGone(pod);
  }
}
