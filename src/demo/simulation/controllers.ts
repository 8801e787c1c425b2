/**
 * The ReplicaSet, Deployment and DaemonSet controllers, the scheduler, and kubelets starting the Pods bound to
 * them.
 */
import { BoundPods, podKey } from '../../core/placement/boundPods';
import { schedulingNodeOf, schedulingPodOf } from '../../core/placement/objects';
import { explainPlacement } from '../../core/placement/place';
import { parseKubeVersion } from '../../core/health/versionSkew';
import {
  creatingPodStatus,
  daemonPodAffinity,
  dnsEndpointSlice,
  serviceEndpointSlice,
  sliceEndpoints,
  isoMicros,
  isoSeconds,
  systemTolerationsForDaemonSet,
  kubernetesVersion,
  podFromTemplate,
  podIpIn,
  qosClassOf,
  runningPodStatus,
  templateHash,
  type NodeInfo,
  type PodTemplate,
} from '../fixture';
import { defaultTemplate } from '../defaults';
import { managedEntry, type ManagedFieldsEntry } from '../managedFields';
import { withManagerEntry } from '../fieldOwnership';
import type { KubeObject } from '../resources';
import {
  type Loose,
  POD_CREATE_BATCH,
  controllerManager,
  daemonSetType,
  deploymentType,
  eventType,
  isReady,
  nodeType,
  podType,
  replicaSetType,
  serviceType,
  sliceType,
  tolerates,
} from './shared';
import { NodeLifecycle } from './nodeLifecycle';

/** JSON with every object's keys sorted: two values equal as data give the same text. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/**
 * The Deployment controller's EqualIgnoreHash: the same Pod template but for the pod-template-hash label, compared
 * as the server stores them (defaults filled in), so a template written before or after defaulting is one revision.
 */
function sameTemplate(a: unknown, b: unknown): boolean {
  const comparable = (template: unknown) => {
    const copy = structuredClone(template ?? {}) as Loose;
    if (copy.metadata?.labels) delete copy.metadata.labels['pod-template-hash'];
    defaultTemplate(copy);
    return canonicalJson(copy);
  };
  return comparable(a) === comparable(b);
}

export abstract class ControllersAndScheduler extends NodeLifecycle {
  protected ownedPods(owner: KubeObject): KubeObject[] {
    return this.store
      .list(podType, owner.metadata.namespace)
      .filter((pod) => pod.metadata.ownerReferences?.some((reference) => reference.uid === owner.metadata.uid));
  }

  protected reconcileReplicaSet(replicaSet: KubeObject): void {
    if (this.batching.has(replicaSet.metadata.uid!)) return;
    const desired = Number((replicaSet.spec as Loose).replicas ?? 0);
    const active = this.ownedPods(replicaSet).filter((pod) => !pod.metadata.deletionTimestamp);
    const template = (replicaSet.spec as Loose).template as { metadata: { labels: Record<string, string> }; spec: PodTemplate['spec'] };
    const source = { component: 'replicaset-controller' };
    const toCreate = Math.min(desired - active.length, POD_CREATE_BATCH);
    const refusal = toCreate > 0 ? this.podRoomRefusal() : undefined;
    if (refusal) {
      this.event(replicaSet.metadata.namespace!, replicaSet, 'FailedCreate', `Error creating: ${refusal}`, source, 'Warning');
      return;
    }
    // Past one batch either way, the rest waits for the next turn of the event loop.
    if (Math.abs(desired - active.length) > POD_CREATE_BATCH) {
      this.batching.add(replicaSet.metadata.uid!);
      this.nextTurn(() => {
        this.batching.delete(replicaSet.metadata.uid!);
        const latest = this.store.get(replicaSetType, replicaSet.metadata.namespace, replicaSet.metadata.name);
        if (latest) this.reconcileReplicaSet(latest);
      });
    }
    for (let count = active.length; count < active.length + toCreate && !this.podRoomRefusal(); count++) {
      const podTemplate: PodTemplate = { labels: template.metadata.labels, spec: template.spec };
      const pod = this.createMadePod(
        podFromTemplate(
          replicaSet,
          podTemplate,
          this.suffixes.uniqueName(
            `${replicaSet.metadata.name}-`,
            (taken) => this.store.get(podType, replicaSet.metadata.namespace, taken) !== undefined,
          ),
          {},
          Date.now(),
        ),
      );
      this.event(replicaSet.metadata.namespace!, replicaSet, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`, source);
      this.after(this.timing.stepMs, () => this.schedule(pod.metadata.namespace!, pod.metadata.name));
    }
    if (active.length > desired) {
      // Scale down removes the least useful Pods first: unscheduled, then not ready, then the newest.
      const victims = [...active]
        .sort((a, b) => {
          const score = (pod: KubeObject) => ((pod.spec as Loose).nodeName ? 2 : 0) + (isReady(pod) ? 1 : 0);
          return score(a) - score(b) || Date.parse(b.metadata.creationTimestamp!) - Date.parse(a.metadata.creationTimestamp!);
        })
        .slice(0, Math.min(active.length - desired, POD_CREATE_BATCH));
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
      this.event(
        pod.metadata.namespace!,
        terminating,
        'Killing',
        `Stopping container ${container.name}`,
        { component: 'kubelet', host: nodeName },
        'Normal',
        `spec.containers{${container.name}}`,
      );
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
    for (const node of this.daemonNodes(daemonSet)) {
      if (covered.has(node.name)) continue;
      const refusal = this.podRoomRefusal();
      if (refusal) {
        this.event(
          daemonSet.metadata.namespace!,
          daemonSet,
          'FailedCreate',
          `Error creating: ${refusal}`,
          { component: 'daemonset-controller' },
          'Warning',
        );
        return;
      }
      const base = podFromTemplate(
        daemonSet,
        podTemplate,
        this.suffixes.uniqueName(
          `${daemonSet.metadata.name}-`,
          (taken) => this.store.get(podType, daemonSet.metadata.namespace, taken) !== undefined,
        ),
        { 'controller-revision-hash': hash, 'pod-template-generation': String(daemonSet.metadata.generation ?? 1) },
        Date.now(),
      );
      const pod = this.createMadePod({ ...base, spec: { ...(base.spec as Loose), affinity: daemonPodAffinity(node.name) } });
      this.event(daemonSet.metadata.namespace!, daemonSet, 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`, {
        component: 'daemonset-controller',
      });
      this.after(this.timing.stepMs, () => this.schedule(pod.metadata.namespace!, pod.metadata.name));
    }
  }

  /** The nodes a DaemonSet runs on: its nodeSelector matches and it tolerates their NoSchedule and NoExecute taints. */
  protected daemonNodes(daemonSet: KubeObject): NodeInfo[] {
    const podSpec = ((daemonSet.spec as Loose).template?.spec ?? {}) as Loose;
    const tolerations = [...((podSpec.tolerations as Loose[] | undefined) ?? []), ...systemTolerationsForDaemonSet];
    const selector = (podSpec.nodeSelector ?? {}) as Record<string, string>;
    return this.cluster.nodes.filter((node) => {
      const stored = this.store.get(nodeType, undefined, node.name);
      if (!stored) return false;
      if (!Object.entries(selector).every(([key, value]) => stored.metadata.labels?.[key] === value)) return false;
      const taints = (((stored.spec as Loose).taints as Loose[] | undefined) ?? []).filter(
        (taint) => taint.effect === 'NoSchedule' || taint.effect === 'NoExecute',
      );
      return taints.every((taint) => tolerates(tolerations, { key: taint.key, effect: taint.effect }) !== undefined);
    });
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
      const conditions = [
        {
          type: 'PodScheduled',
          status: 'False',
          reason: 'Unschedulable',
          message,
          lastProbeTime: null,
          lastTransitionTime: isoSeconds(Date.now()),
        },
      ];
      const entry = managedEntry('kube-scheduler', 'v1', isoSeconds(Date.now()), { status: { conditions } }, 'status');
      const stored = this.store.update(podType, withManagerEntry({ ...pod, status: { ...(pod.status as Loose), conditions } }, entry));
      this.schedulerEvent(namespace, stored, 'FailedScheduling', 'Scheduling', message, 'Warning');
      return;
    }
    const target = report.feasible
      .map((nodeName) => this.nodesByName.get(nodeName)!)
      .reduce((best, node) => (bound.load(node.name).pods.size < bound.load(best.name).pods.size ? node : best));
    const now = Date.now();
    const at = isoSeconds(now);
    const status = {
      ...(pod.status as Loose),
      conditions: [{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: at }],
    };
    // The binding: nodeName and the PodScheduled condition, recorded as the scheduler's (subresource binding).
    const entry = managedEntry(
      'kube-scheduler',
      'v1',
      at,
      { spec: { nodeName: '' }, status: { conditions: status.conditions } },
      'binding',
    );
    const stored = this.store.update(podType, withManagerEntry({ ...pod, spec: { ...spec, nodeName: target.name }, status }, entry));
    this.schedulerEvent(namespace, stored, 'Scheduled', 'Binding', `Successfully assigned ${namespace}/${name} to ${target.name}`);
    this.after(this.timing.stepMs, () => this.startOnKubelet(namespace, name, target));
  }

  /**
   * An Event as kube-scheduler records it, through events.k8s.io: reportingController default-scheduler, the
   * instance named after its host, an action, eventTime instead of first/lastTimestamp, no source.
   */
  private schedulerEvent(namespace: string, pod: KubeObject, reason: string, action: string, note: string, type = 'Normal'): void {
    const now = Date.now();
    const host = this.cluster.nodes.find((node) => node.controlPlane)?.name ?? '';
    this.store.create(eventType, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name: `${pod.metadata.name}.${this.suffixes.hex(16)}`, namespace, creationTimestamp: isoSeconds(now) },
      involvedObject: { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, namespace, uid: pod.metadata.uid },
      reason,
      message: note,
      source: {},
      firstTimestamp: null,
      lastTimestamp: null,
      type,
      eventTime: isoMicros(now),
      action,
      reportingComponent: 'default-scheduler',
      reportingInstance: `default-scheduler-${host}`,
    });
  }

  /** kubelet: sees the Pod bound to its node, pulls, creates and starts its containers, reports status. */
  protected startOnKubelet(namespace: string, name: string, node: NodeInfo): void {
    if (this.silentNodes.has(node.name)) return;
    const pod = this.store.get(podType, namespace, name);
    if (!pod || pod.metadata.deletionTimestamp) return;
    const containers = (pod.spec as Loose).containers as { name: string; image: string }[];
    const qos = qosClassOf(containers);
    const creatingStatus = creatingPodStatus(containers, node.ip, Date.now(), qos);
    const creating = this.store.update(podType, withManagerEntry({ ...pod, status: creatingStatus }, kubeletStatusEntry(creatingStatus)));
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
      const running = runningPodStatus(containers, node.ip, ip, Date.now(), this.suffixes, qos);
      this.store.update(podType, withManagerEntry({ ...current, status: running }, kubeletStatusEntry(running)));
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

  /** Deployments mid-rollout: each change of their ReplicaSets' status starts another step. */
  private readonly rollingOut = new Set<string>();
  private readonly rolloutStepQueued = new Set<string>();
  private syncingRollouts = false;
  /** ReplicaSets whose Pods are being created or deleted batch by batch: one continuation at a time. */
  private readonly batching = new Set<string>();

  private queueRolloutStep(namespace: string, name: string, delayMs = this.timing.stepMs): void {
    const key = `${namespace}/${name}`;
    if (this.rolloutStepQueued.has(key)) return;
    this.rolloutStepQueued.add(key);
    this.after(delayMs, () => {
      this.rolloutStepQueued.delete(key);
      this.rolloutDeployment(namespace, name);
    });
  }

  /** Scales one of a Deployment's ReplicaSets, with the Event the deployment controller writes. */
  private scaleReplicaSet(deployment: KubeObject, replicaSet: KubeObject, replicas: number): KubeObject {
    const was = Number((replicaSet.spec as Loose).replicas ?? 0);
    const desired = Number((deployment.spec as Loose).replicas ?? 1);
    const annotations = {
      ...replicaSet.metadata.annotations,
      'deployment.kubernetes.io/desired-replicas': String(desired),
      'deployment.kubernetes.io/max-replicas': String(desired + surgeOf(deployment)),
    };
    const scaled = this.store.update(
      replicaSetType,
      withManagerEntry(
        {
          ...replicaSet,
          metadata: { ...replicaSet.metadata, generation: (replicaSet.metadata.generation ?? 1) + 1, annotations },
          spec: { ...(replicaSet.spec as Loose), replicas },
        },
        managedEntry('kube-controller-manager', 'apps/v1', isoSeconds(Date.now()), {
          metadata: {
            annotations: {
              'deployment.kubernetes.io/desired-replicas': '',
              'deployment.kubernetes.io/max-replicas': '',
              'deployment.kubernetes.io/revision': '',
            },
          },
          spec: { replicas: '' },
        }),
      ),
    );
    this.event(
      deployment.metadata.namespace!,
      deployment,
      'ScalingReplicaSet',
      `Scaled ${replicas > was ? 'up' : 'down'} replica set ${replicaSet.metadata.name} from ${was} to ${replicas}`,
      controllerManager,
    );
    this.reconcileReplicaSet(scaled);
    return scaled;
  }

  /**
   * One step of the Deployment controller's sync: a new template gets a new ReplicaSet; a rolling update scales
   * it up by at most maxSurge above the desired count, and the old ones down while at least
   * replicas - maxUnavailable Pods stay available (Recreate: old ones to 0 first). One scaling per step; the
   * next step comes when the ReplicaSets' Pods change.
   */
  protected rolloutDeployment(namespace: string, name: string): void {
    const deployment = this.store.get(deploymentType, namespace, name);
    const key = `${namespace}/${name}`;
    if (!deployment) {
      this.rollingOut.delete(key);
      return;
    }
    const spec = deployment.spec as Loose;
    const replicas = Number(spec.replicas ?? 1);
    const template: PodTemplate = {
      labels: spec.template.metadata?.labels ?? {},
      annotations: spec.template.metadata?.annotations,
      spec: spec.template.spec,
    };
    if (!template.annotations) delete template.annotations;
    const hash = templateHash(template);
    const owned = this.store
      .list(replicaSetType, namespace)
      .filter((rs) => rs.metadata.ownerReferences?.some((reference) => reference.uid === deployment.metadata.uid));
    let current =
      owned.find((rs) => rs.metadata.labels?.['pod-template-hash'] === hash) ??
      owned.find((rs) => sameTemplate((rs.spec as Loose).template, spec.template));
    const olds = owned
      .filter((rs) => rs !== current)
      .sort((a, b) => Date.parse(a.metadata.creationTimestamp!) - Date.parse(b.metadata.creationTimestamp!));
    const specReplicas = (rs: KubeObject | undefined) => Number((rs?.spec as Loose | undefined)?.replicas ?? 0);
    const available = (rs: KubeObject | undefined) => Number((rs?.status as Loose | undefined)?.availableReplicas ?? 0);
    const oldsRunning = olds.filter((rs) => specReplicas(rs) > 0 || available(rs) > 0);
    const recreate = spec.strategy?.type === 'Recreate';
    const surge = recreate ? 0 : surgeOf(deployment);
    const unavailable = recreate ? replicas : unavailableOf(deployment, surge);
    const allReplicas = owned.reduce((total, rs) => total + specReplicas(rs), 0);
    this.rollingOut.add(key);

    // The new ReplicaSet's first size: everything when nothing else runs, else what the surge allows now.
    let target = specReplicas(current);
    if (oldsRunning.length === 0) target = replicas;
    else if (!recreate && target < replicas && allReplicas < replicas + surge)
      target = Math.min(replicas, target + replicas + surge - allReplicas);
    if (!current) {
      const revision = String(
        Math.max(0, ...owned.map((rs) => Number(rs.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0))) + 1,
      );
      const labels = { ...template.labels, 'pod-template-hash': hash };
      const templateMetadata = { labels, ...(template.annotations ? { annotations: template.annotations } : {}) };
      const rsSpec = {
        replicas: 0,
        selector: { matchLabels: { ...(spec.selector?.matchLabels ?? {}), 'pod-template-hash': hash } },
        template: { metadata: templateMetadata, spec: template.spec },
      };
      const annotations = {
        'deployment.kubernetes.io/desired-replicas': String(replicas),
        'deployment.kubernetes.io/max-replicas': String(replicas + surge),
        'deployment.kubernetes.io/revision': revision,
      };
      current = this.store.create(replicaSetType, {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: {
          name: `${name}-${hash}`,
          namespace,
          generation: 1,
          labels,
          annotations,
          ownerReferences: [
            { apiVersion: 'apps/v1', kind: 'Deployment', name, uid: deployment.metadata.uid!, controller: true, blockOwnerDeletion: true },
          ],
          managedFields: [
            managedEntry('kube-controller-manager', 'apps/v1', isoSeconds(Date.now()), {
              metadata: { annotations, labels, ownerReferences: [{ uid: deployment.metadata.uid }] },
              spec: rsSpec,
            }),
          ],
        },
        spec: rsSpec,
        status: { replicas: 0 },
      });
      const annotated = withManagerEntry(
        {
          ...deployment,
          metadata: {
            ...deployment.metadata,
            annotations: { ...deployment.metadata.annotations, 'deployment.kubernetes.io/revision': revision },
          },
        },
        managedEntry('kube-controller-manager', 'apps/v1', isoSeconds(Date.now()), {
          metadata: { annotations: { 'deployment.kubernetes.io/revision': '' } },
        }),
      );
      this.store.update(deploymentType, annotated);
      this.setProgressing(namespace, name, 'NewReplicaSetCreated', `Created new replica set "${current.metadata.name}"`);
    }
    if (target !== specReplicas(current)) {
      this.scaleReplicaSet(deployment, current, target);
      this.queueRolloutStep(namespace, name);
      this.refreshControllers();
      return;
    }
    if (oldsRunning.length > 0) {
      let budget: number;
      if (recreate) {
        budget = Infinity;
      } else {
        const minAvailable = replicas - unavailable;
        const newUnavailable = specReplicas(current) - available(current);
        const maxScaledDown = allReplicas - minAvailable - newUnavailable;
        const availableTotal = owned.reduce((total, rs) => total + available(rs), 0);
        // Unhealthy old Pods go first; available ones only while enough stay available.
        const unhealthy = olds.reduce((total, rs) => total + Math.max(0, specReplicas(rs) - available(rs)), 0);
        budget = Math.max(0, Math.min(maxScaledDown, Math.min(unhealthy, maxScaledDown) + Math.max(0, availableTotal - minAvailable)));
      }
      let scaledDown = false;
      for (const rs of olds) {
        if (budget <= 0) break;
        const cut = Math.min(specReplicas(rs), budget);
        if (cut <= 0) continue;
        this.scaleReplicaSet(deployment, rs, specReplicas(rs) - cut);
        budget -= cut;
        scaledDown = true;
      }
      if (!scaledDown) this.reconcileReplicaSet(current);
      this.queueRolloutStep(namespace, name);
      this.refreshControllers();
      return;
    }
    this.reconcileReplicaSet(current);
    if (available(current) >= replicas) {
      this.rollingOut.delete(key);
      this.setProgressing(namespace, name, 'NewReplicaSetAvailable', `ReplicaSet "${current.metadata.name}" has successfully progressed.`);
    }
    this.refreshControllers();
  }

  /** The Deployment's Progressing condition, as the controller words it at each stage. */
  private setProgressing(namespace: string, name: string, reason: string, message: string): void {
    const deployment = this.store.get(deploymentType, namespace, name);
    if (!deployment) return;
    const at = isoSeconds(Date.now());
    const status = (deployment.status ?? {}) as Loose;
    const conditions = ((status.conditions as Loose[] | undefined) ?? []).filter((condition) => condition.type !== 'Progressing');
    const previous = ((status.conditions as Loose[] | undefined) ?? []).find((condition) => condition.type === 'Progressing');
    if (previous?.reason === reason && previous.message === message) return;
    conditions.push({
      type: 'Progressing',
      status: 'True',
      lastUpdateTime: at,
      lastTransitionTime: previous?.status === 'True' ? previous.lastTransitionTime : at,
      reason,
      message,
    });
    if (!conditions.some((condition) => condition.type === 'Available')) {
      conditions.unshift({
        type: 'Available',
        status: 'False',
        lastUpdateTime: at,
        lastTransitionTime: at,
        reason: 'MinimumReplicasUnavailable',
        message: 'Deployment does not have minimum availability.',
      });
    }
    this.store.update(
      deploymentType,
      withManagerEntry({ ...deployment, status: { ...status, conditions } }, statusEntry(status, conditions)),
    );
  }

  /**
   * The EndpointSlice controller: for each Service with a selector, one slice (created when missing) whose
   * endpoints are the selected Pods with an address; written again, with its managedFields entry re-timed and the
   * trigger time, only when they changed. A selector-less Service's slices are left to whoever writes them.
   */
  protected syncEndpointSlices(pods: readonly KubeObject[]): void {
    const now = Date.now();
    for (const service of this.store.list(serviceType)) {
      const selector = (service.spec as Loose | undefined)?.selector as Record<string, string> | undefined;
      if (!selector || Object.keys(selector).length === 0 || service.metadata.deletionTimestamp) continue;
      const namespace = service.metadata.namespace!;
      const selected = pods.filter(
        (pod) =>
          pod.metadata.namespace === namespace && Object.entries(selector).every(([key, value]) => pod.metadata.labels?.[key] === value),
      );
      const slice = this.store
        .list(sliceType, namespace)
        .find((candidate) => candidate.metadata.labels?.['kubernetes.io/service-name'] === service.metadata.name);
      const kubeDns = namespace === 'kube-system' && service.metadata.name === 'kube-dns';
      if (!slice) {
        const name = `${service.metadata.name}-${this.suffixes.suffix()}`;
        this.store.create(sliceType, (kubeDns ? dnsEndpointSlice : serviceEndpointSlice)(service, [...selected], name, now));
        continue;
      }
      const endpoints = sliceEndpoints(selected);
      if (endpointsText(endpoints) === endpointsText(slice.endpoints)) continue;
      const at = isoSeconds(now);
      this.store.update(sliceType, {
        ...slice,
        endpoints,
        metadata: {
          ...slice.metadata,
          generation: (slice.metadata.generation ?? 1) + 1,
          annotations: { ...slice.metadata.annotations, 'endpoints.kubernetes.io/last-change-trigger-time': at },
          // The controller's one entry keeps the fields it owns; its time is the write's.
          managedFields: ((slice.metadata.managedFields ?? []) as ManagedFieldsEntry[]).map((entry) =>
            entry.manager === 'kube-controller-manager' && !entry.subresource ? { ...entry, time: at } : entry,
          ),
        },
      });
    }
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
      if (JSON.stringify(merged) !== JSON.stringify(object.status))
        this.store.update(type, withManagerEntry({ ...object, status: merged }, statusEntry(merged)));
    };
    const replicaSets = this.store.list(replicaSetType);
    for (const rs of replicaSets) {
      const owned = (byOwner.get(rs.metadata.uid!) ?? []).filter((pod) => !pod.metadata.deletionTimestamp);
      const ready = owned.filter(isReady).length;
      updateStatus(replicaSetType, rs, {
        replicas: owned.length,
        fullyLabeledReplicas: owned.length,
        readyReplicas: ready,
        availableReplicas: ready,
        observedGeneration: rs.metadata.generation ?? 1,
      });
    }
    const replicaSetsByOwner = new Map<string, KubeObject[]>();
    for (const rs of this.store.list(replicaSetType)) {
      for (const reference of rs.metadata.ownerReferences ?? [])
        replicaSetsByOwner.set(reference.uid, [...(replicaSetsByOwner.get(reference.uid) ?? []), rs]);
    }
    for (const deployment of this.store.list(deploymentType)) {
      const owned = replicaSetsByOwner.get(deployment.metadata.uid!) ?? [];
      const sum = (field: string) => owned.reduce((total, rs) => total + Number((rs.status as Loose)?.[field] ?? 0), 0);
      const hash = owned.find((rs) => Number((rs.spec as Loose).replicas) > 0)?.metadata.labels?.['pod-template-hash'];
      const updated = owned
        .filter((rs) => rs.metadata.labels?.['pod-template-hash'] === hash)
        .reduce((total, rs) => total + Number((rs.status as Loose)?.replicas ?? 0), 0);
      const available = sum('availableReplicas');
      const desired = Number((deployment.spec as Loose).replicas ?? 1);
      const status = (deployment.status ?? {}) as Loose;
      const conditions = ((status.conditions as Loose[] | undefined) ?? []).map((condition) => {
        if (condition.type !== 'Available') return condition;
        const ok = available >= desired - 1 || available >= desired;
        const next = ok ? 'True' : 'False';
        return next === condition.status
          ? condition
          : {
              ...condition,
              status: next,
              reason: ok ? 'MinimumReplicasAvailable' : 'MinimumReplicasUnavailable',
              message: ok ? 'Deployment has minimum availability.' : 'Deployment does not have minimum availability.',
              lastUpdateTime: isoSeconds(Date.now()),
              lastTransitionTime: isoSeconds(Date.now()),
            };
      });
      const fields: Loose = {
        replicas: sum('replicas'),
        readyReplicas: sum('readyReplicas'),
        availableReplicas: available,
        updatedReplicas: updated,
        observedGeneration: deployment.metadata.generation ?? 1,
        conditions,
      };
      if (desired - available > 0) fields.unavailableReplicas = desired - available;
      const merged = { ...status, ...fields };
      if (!fields.unavailableReplicas) delete merged.unavailableReplicas;
      if (JSON.stringify(merged) !== JSON.stringify(status))
        this.store.update(
          deploymentType,
          withManagerEntry({ ...deployment, status: merged }, statusEntry(merged, merged.conditions as Loose[])),
        );
    }
    const readyNodes = new Set(this.cluster.nodes.filter((node) => !this.silentNodes.has(node.name)).map((node) => node.name));
    for (const ds of this.store.list(daemonSetType)) {
      const owned = (byOwner.get(ds.metadata.uid!) ?? []).filter((pod) => !pod.metadata.deletionTimestamp);
      const scheduled = owned.filter((pod) => (pod.spec as Loose).nodeName).length;
      const ready = owned.filter(isReady).length;
      void readyNodes;
      const desired = this.daemonNodes(ds).length;
      updateStatus(daemonSetType, ds, {
        desiredNumberScheduled: desired,
        currentNumberScheduled: scheduled,
        numberMisscheduled: 0,
        numberReady: ready,
        numberAvailable: ready,
        updatedNumberScheduled: scheduled,
        observedGeneration: ds.metadata.generation ?? 1,
        ...(ready < desired ? { numberUnavailable: desired - ready } : {}),
      });
      if (ready >= desired) {
        const current = this.store.get(daemonSetType, ds.metadata.namespace, ds.metadata.name)!;
        if ((current.status as Loose).numberUnavailable !== undefined) {
          const status = { ...(current.status as Loose) };
          delete status.numberUnavailable;
          this.store.update(daemonSetType, { ...current, status });
        }
      }
    }
    // The Deployment controller reacts to its ReplicaSets' status at once (it watches them); the step it takes
    // then waits for the next change or the step timer.
    if (!this.syncingRollouts) {
      this.syncingRollouts = true;
      try {
        for (const key of [...this.rollingOut]) {
          const [namespace, name] = key.split('/') as [string, string];
          this.rolloutDeployment(namespace, name);
        }
      } finally {
        this.syncingRollouts = false;
      }
    }
    this.syncEndpointSlices(pods);
  }
}

/** JSON of the endpoints, the way the controller compares what it would write with what the slice holds. */
const endpointsText = (endpoints: unknown) => JSON.stringify(endpoints ?? []);

/** A rolling update's maxSurge as a count (percentages of the replicas rounded up), as the controller resolves it. */
export function surgeOf(deployment: KubeObject): number {
  const spec = deployment.spec as Loose;
  if (spec.strategy?.type === 'Recreate') return 0;
  return resolveIntOrPercent(spec.strategy?.rollingUpdate?.maxSurge ?? '25%', Number(spec.replicas ?? 1), true);
}

/** maxUnavailable as a count (rounded down); 1 when both it and maxSurge are 0, so that a rollout can progress. */
function unavailableOf(deployment: KubeObject, surge: number): number {
  const spec = deployment.spec as Loose;
  const unavailable = resolveIntOrPercent(spec.strategy?.rollingUpdate?.maxUnavailable ?? '25%', Number(spec.replicas ?? 1), false);
  return unavailable === 0 && surge === 0 ? 1 : unavailable;
}

function resolveIntOrPercent(value: unknown, total: number, roundUp: boolean): number {
  if (typeof value === 'number') return Math.max(0, value);
  const match = /^(\d+)%$/.exec(String(value));
  if (!match) return 0;
  const exact = (Number(match[1]) * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

/** kube-controller-manager's entry for the status it writes (subresource status). */
function statusEntry(status: Loose, conditions?: Loose[]): ManagedFieldsEntry {
  const owned: Loose = Object.fromEntries(Object.keys(status).map((field) => [field, '']));
  if (conditions) owned.conditions = conditions.map((condition) => ({ type: condition.type }));
  return managedEntry('kube-controller-manager', 'apps/v1', isoSeconds(Date.now()), { status: owned }, 'status');
}

/** kubelet's entry for a Pod status it writes (subresource status). */
function kubeletStatusEntry(status: Loose): ManagedFieldsEntry {
  const owned: Loose = Object.fromEntries(Object.keys(status).map((field) => [field, '']));
  owned.conditions = (status.conditions as Loose[]).map((condition) => ({ type: condition.type }));
  return managedEntry('kubelet', 'v1', isoSeconds(Date.now()), { status: owned }, 'status');
}
