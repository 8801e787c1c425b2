/**
 * One read of what the placement model needs from a cluster: the nodes, the Pods bound to them (requests,
 * ports, labels and anti-affinity only; slimmed as they arrive), the Pod in question and why the scheduler
 * last said it could not place it. The live views keep the same data from watches instead (placementWatch.ts).
 */
import { parseKubeVersion } from '../health/versionSkew';
import type { KubeApi } from '../kube/kubeApi';
import { KubeApiError } from '../kube/kubeApi';
import { BoundPods } from './boundPods';
import { anatomyReads, ContextAccess, listWatchChecks } from '../kube/access';
import { hiddenRead } from '../anatomy/standpoint';
import type { HiddenRead } from '../anatomy/types';
import { controllerOf, type Loose, type SchedulingNode, type SchedulingPod, schedulingNodeOf, schedulingPodOf } from './objects';

/** The scheduler's cache holds every bound Pod that has not finished. */
export const BOUND_PODS_FIELD_SELECTOR = 'spec.nodeName!=,status.phase!=Succeeded,status.phase!=Failed';

export interface PlacementClusterState {
  readonly nodes: readonly SchedulingNode[];
  /** Null when all Pods could not be listed; `boundError` says why. */
  readonly bound: BoundPods | null;
  readonly boundError?: string;
  /** Set when the Nodes could not be listed (RBAC): no node is judged then, and `nodes` is empty. */
  readonly nodesError?: string;
  readonly serverMinor?: number;
}

/** A 403 or 401: the read is refused, which the report says, rather than an error that ends the command. */
const isRefusal = (error: unknown) => error instanceof KubeApiError && (error.kind === 'forbidden' || error.kind === 'unauthorized');

export interface SchedulerSaid {
  /** FailedScheduling Events for the Pod, newest first: the scheduler's own message and how often it said it. */
  readonly events: readonly { readonly message: string; readonly count: number; readonly lastSeen: string | null }[];
}

export async function readPlacementState(api: KubeApi): Promise<PlacementClusterState> {
  const [version, nodes] = await Promise.all([
    api.getJson('/version', 'the server version').catch(() => undefined),
    api.list('/api/v1/nodes', 'Nodes', { map: schedulingNodeOf }).catch((error: unknown) => {
      if (!isRefusal(error)) throw error;
      return { items: [], error: (error as Error).message };
    }),
  ]);
  const nodesError = 'error' in nodes ? { nodesError: nodes.error } : {};
  // The same reading of the version as the health report's skew check (gitVersion, distributions' suffixes too).
  const gitVersion = (version as { gitVersion?: unknown } | undefined)?.gitVersion;
  const serverMinor = typeof gitVersion === 'string' ? parseKubeVersion(gitVersion)?.minor : undefined;
  try {
    const pods = await api.list('/api/v1/pods', 'Pods in all namespaces', {
      fieldSelector: BOUND_PODS_FIELD_SELECTOR,
      map: (item) => schedulingPodOf(item),
    });
    const bound = new BoundPods();
    for (const pod of pods.items as SchedulingPod[]) bound.upsert(pod);
    return { nodes: nodes.items as SchedulingNode[], bound, ...nodesError, ...(serverMinor !== undefined && { serverMinor }) };
  } catch (error) {
    if (!isRefusal(error)) throw error;
    return {
      nodes: nodes.items as SchedulingNode[],
      bound: null,
      boundError: (error as Error).message,
      ...nodesError,
      ...(serverMinor !== undefined && { serverMinor }),
    };
  }
}

export async function readPod(api: KubeApi, namespace: string, name: string): Promise<SchedulingPod> {
  return (await readPodObject(api, namespace, name)).pod;
}

/**
 * The workload whose Pod template makes a Pod: its controller, or the Deployment or CronJob over that
 * ReplicaSet or Job (editing the ReplicaSet's template would not last). The controller itself when its owner
 * cannot be read.
 */
export async function readTemplateOwner(
  api: KubeApi,
  namespace: string,
  controller: { readonly kind: string; readonly name: string },
): Promise<{ kind: string; name: string }> {
  const resource =
    controller.kind === 'ReplicaSet'
      ? 'apps/v1/namespaces/{ns}/replicasets'
      : controller.kind === 'Job'
        ? 'batch/v1/namespaces/{ns}/jobs'
        : undefined;
  if (!resource) return controller;
  try {
    const path = `/apis/${resource.replace('{ns}', encodeURIComponent(namespace))}/${encodeURIComponent(controller.name)}`;
    const object = (await api.getJson(path, `${controller.kind} ${namespace}/${controller.name}`)) as { metadata?: Loose } | null;
    const owner = controllerOf(object?.metadata ?? {});
    return owner && (owner.kind === 'Deployment' || owner.kind === 'CronJob') ? owner : controller;
  } catch {
    return controller;
  }
}

/** The Pod, and the object as the API returned it (what a suggested edit is made on). */
export async function readPodObject(api: KubeApi, namespace: string, name: string): Promise<{ pod: SchedulingPod; object: unknown }> {
  const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}`;
  const object = await api.getJson(path, `Pod ${namespace}/${name}`);
  return { pod: schedulingPodOf(object), object };
}

/** What the scheduler last said of a Pod it could not place; empty when it said nothing or Events are not readable. */
export async function readSchedulerSaid(api: KubeApi, pod: SchedulingPod): Promise<SchedulerSaid> {
  if (!pod.uid) return { events: [] };
  try {
    const answer = await api.list(
      `/api/v1/namespaces/${encodeURIComponent(pod.namespace)}/events`,
      `Events of Pod ${pod.namespace}/${pod.name}`,
      { fieldSelector: `involvedObject.uid=${pod.uid},reason=FailedScheduling` },
    );
    const events = (answer.items as Record<string, unknown>[]).map((event) => ({
      message: typeof event.message === 'string' ? event.message : '',
      count: typeof event.count === 'number' ? event.count : 1,
      lastSeen:
        typeof event.lastTimestamp === 'string' ? event.lastTimestamp : typeof event.eventTime === 'string' ? event.eventTime : null,
    }));
    events.sort((a, b) => (b.lastSeen ?? '').localeCompare(a.lastSeen ?? ''));
    return { events };
  } catch {
    return { events: [] };
  }
}

/** The counts of a FailedScheduling message: "0/3 nodes are available: 1 node(s) had …, 2 Insufficient cpu." */
export function parseSchedulerMessage(message: string): { total: number; reasons: Record<string, number> } | undefined {
  const match = /^0\/(\d+) nodes are available: (.*?)\.*(?: preemption: .*)?$/s.exec(message.trim());
  if (!match) return undefined;
  const reasons: Record<string, number> = {};
  for (const part of match[2]!.matchAll(/(\d+) (.+?)(?=, \d+ |$)/g)) reasons[part[2]!] = (reasons[part[2]!] ?? 0) + Number(part[1]);
  return { total: Number(match[1]), reasons };
}

/** The reads placement needs that RBAC refused, with the permissions the server says are missing. */
export async function hiddenPlacementReads(
  api: KubeApi,
  state: PlacementClusterState,
): Promise<{ nodesHidden?: HiddenRead; boundHidden?: HiddenRead }> {
  if (state.nodesError === undefined && state.boundError === undefined) return {};
  const nodesRead = anatomyReads.find((read) => read.id === 'nodes')!;
  const podsRead = { id: 'allPods', what: 'Pods in all namespaces', checks: listWatchChecks('pods', '') };
  const answers = await new ContextAccess(api, { reads: [nodesRead, podsRead] }).snapshot();
  return {
    ...(state.nodesError !== undefined && { nodesHidden: hiddenRead(nodesRead, 'nodes', state.nodesError, answers.reads.get('nodes')) }),
    ...(state.boundError !== undefined && { boundHidden: hiddenRead(podsRead, 'pods', state.boundError, answers.reads.get('allPods')) }),
  };
}
