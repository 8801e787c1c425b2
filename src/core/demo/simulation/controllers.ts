/**
 * The ReplicaSet, Deployment and DaemonSet controllers, the scheduler, and kubelets starting the Pods bound to
 * them.
 */
import { BoundPods, podKey } from '../../placement/boundPods';
import { schedulingNodeOf, schedulingPodOf } from '../../placement/objects';
import { explainPlacement } from '../../placement/place';
import { parseKubeVersion } from '../../health/versionSkew';
import { creatingPodStatus, daemonPodAffinity, dnsEndpointSlice, isoSeconds, kubernetesVersion, podFromTemplate, podIpIn, qosClassOf, runningPodStatus, templateHash, type NodeInfo, type PodTemplate } from '../fixture';
import { managedEntry } from '../managedFields';
import type { KubeObject } from '../resources';
import { type Loose, POD_CREATE_BATCH, controllerManager, daemonSetType, deploymentType, isReady, nodeType, podType, replicaSetType, serviceType, sliceType } from './shared';
import { NodeLifecycle } from './nodeLifecycle';

export abstract class ControllersAndScheduler extends NodeLifecycle {
  protected ownedPods(owner: KubeObject): KubeObject[] {
    return this.store.list(podType, owner.metadata.namespace).filter((pod) => pod.metadata.ownerReferences?.some((reference) => reference.uid === owner.metadata.uid));
  }

  protected reconcileReplicaSet(replicaSet: KubeObject): void {
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
  protected deletePodQuietly(pod: KubeObject): void {
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

  protected reconcileDaemonSet(daemonSet: KubeObject): void {
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

  /** The Pods bound to nodes, as the scheduler's cache keeps them; built on first use, then kept from the store's changes. */
  private boundPods: BoundPods | undefined;

  private schedulerCache(): BoundPods {
    if (this.boundPods) return this.boundPods;
    const bound = new BoundPods();
    for (const pod of this.store.list(podType)) bound.upsert(schedulingPodOf(pod));
    this.store.subscribe((event) => {
      if (event.resource !== podType) return;
      if (event.type === 'DELETED') bound.remove(podKey(event.object.metadata.namespace ?? '', event.object.metadata.name));
      else bound.upsert(schedulingPodOf(event.object));
    });
    return (this.boundPods = bound);
  }

  /**
   * kube-scheduler: the real scheduler's filters (the placement model: taints, node affinity, resources, ports,
   * spread, inter-Pod rules), then the feasible node with the fewest Pods. A Pod that fits nowhere gets the
   * FailedScheduling message the real scheduler writes.
   */
  protected schedule(namespace: string, name: string): void {
    const pod = this.store.get(podType, namespace, name);
    if (!pod || pod.metadata.deletionTimestamp || (pod.spec as Loose).nodeName) return;
    const spec = pod.spec as Loose;
    const bound = this.schedulerCache();
    const nodes = this.cluster.nodes.flatMap((node) => {
      const stored = this.store.get(nodeType, undefined, node.name);
      return stored ? [schedulingNodeOf(stored)] : [];
    });
    const report = explainPlacement({ pod: schedulingPodOf(pod), nodes, bound, serverMinor: parseKubeVersion(kubernetesVersion)?.minor });
    if (report.message !== null) {
      const total = nodes.length;
      const message = `${report.message} preemption: 0/${total} nodes are available: ${total} Preemption is not helpful for scheduling.`;
      // As the scheduler does: the reason in the Pod's PodScheduled condition, and an Event.
      const conditions = [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message, lastProbeTime: null, lastTransitionTime: isoSeconds(Date.now()) }];
      const stored = this.store.update(podType, { ...pod, status: { ...(pod.status as Loose), conditions } });
      this.event(namespace, stored, 'FailedScheduling', message, { component: 'default-scheduler' }, 'Warning');
      return;
    }
    const target = report.feasible
      .map((nodeName) => this.nodesByName.get(nodeName)!)
      .reduce((best, node) => (bound.load(node.name).pods.size < bound.load(best.name).pods.size ? node : best));
    const now = Date.now();
    const at = isoSeconds(now);
    const status = { ...(pod.status as Loose), conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: at }] };
    const stored = this.store.update(podType, { ...pod, spec: { ...spec, nodeName: target.name }, status });
    this.event(namespace, stored, 'Scheduled', `Successfully assigned ${namespace}/${name} to ${target.name}`, { component: 'default-scheduler' });
    this.after(this.timing.stepMs, () => this.startOnKubelet(namespace, name, target));
  }

  /** kubelet: sees the Pod bound to its node, pulls, creates and starts its containers, reports status. */
  protected startOnKubelet(namespace: string, name: string, node: NodeInfo): void {
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

  protected nextPodIp(node: NodeInfo): string {
    const used = new Set(this.podsOnNode(node.name).map((pod) => (pod.status as Loose).podIP));
    let host = this.podIpCursor.get(node.name) ?? 10;
    do host = host >= 254 ? 2 : host + 1;
    while (used.has(podIpIn(node.podCidr, host)));
    this.podIpCursor.set(node.name, host);
    return podIpIn(node.podCidr, host);
  }

  /** The Deployment controller: the ReplicaSet of the current template gets all replicas, older ones none. */
  protected rolloutDeployment(namespace: string, name: string): void {
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
