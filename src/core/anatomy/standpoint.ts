/**
 * The anatomy from where a limited user stands: what every authenticated user may read (the API server's
 * version and discovery, kube-public/cluster-info) and what the user's own namespaces show (their Pods, the
 * nodes those run on, and the components that acted on them, seen through their work). Pure functions of
 * untrusted API JSON and slim objects.
 */
import { parse } from 'yaml';
import type { SlimEvent, SlimUserPod } from '../kube/slim';
import type {
  ComponentPod,
  HiddenRead,
  InferredNode,
  ServedGroup,
  Standpoint,
  StandpointActor,
  StandpointNamespace,
  StandpointPod,
} from './types';
import { compareNames } from '../util/names';

/** The API groups kube-apiserver serves itself (Kubernetes' own groups, every version). */
const builtInGroups: ReadonlySet<string> = new Set([
  '',
  'admissionregistration.k8s.io',
  'apiextensions.k8s.io',
  'apiregistration.k8s.io',
  'apps',
  'authentication.k8s.io',
  'authorization.k8s.io',
  'autoscaling',
  'batch',
  'certificates.k8s.io',
  'coordination.k8s.io',
  'discovery.k8s.io',
  'events.k8s.io',
  'extensions',
  'flowcontrol.apiserver.k8s.io',
  'internal.apiserver.k8s.io',
  'networking.k8s.io',
  'node.k8s.io',
  'policy',
  'rbac.authorization.k8s.io',
  'resource.k8s.io',
  'scheduling.k8s.io',
  'storage.k8s.io',
  'storagemigration.k8s.io',
]);

/** Aggregated APIs whose server is known by the group alone. */
const wellKnownAggregated: Readonly<Record<string, string>> = {
  'metrics.k8s.io': 'metrics-server',
  'custom.metrics.k8s.io': 'a custom metrics adapter (prometheus-adapter, …)',
  'external.metrics.k8s.io': 'an external metrics adapter (KEDA, …)',
};

const MAX_GROUPS = 500;

type Json = Record<string, unknown>;
const obj = (value: unknown): Json => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The groups of discovery's APIGroupList (`/apis`), core first, each with who serves it. */
export function servedGroups(apiGroupList: unknown): ServedGroup[] {
  const groups: ServedGroup[] = [{ name: '', preferredVersion: 'v1', servedBy: 'kube-apiserver' }];
  const items = obj(apiGroupList).groups;
  for (const item of Array.isArray(items) ? items.slice(0, MAX_GROUPS) : []) {
    const name = str(obj(item).name);
    if (name === null || name === '') continue;
    const preferredVersion = str(obj(obj(item).preferredVersion).version);
    const aggregatedServer = wellKnownAggregated[name];
    groups.push(
      builtInGroups.has(name)
        ? { name, preferredVersion, servedBy: 'kube-apiserver' }
        : aggregatedServer !== undefined
          ? { name, preferredVersion, servedBy: 'aggregated', server: aggregatedServer }
          : { name, preferredVersion, servedBy: 'extension' },
    );
  }
  return groups;
}

/** The server that kube-public/cluster-info's kubeconfig names, or null when it names none. */
export function clusterInfoServer(configMap: unknown): string | null {
  const kubeconfig = str(obj(obj(configMap).data).kubeconfig);
  if (kubeconfig === null || kubeconfig.length > 64 * 1024) return null;
  try {
    const clusters = obj(parse(kubeconfig)).clusters;
    const first = Array.isArray(clusters) ? obj(obj(clusters[0]).cluster) : {};
    return str(first.server);
  } catch {
    return null;
  }
}

export { hiddenRead, neededPermission } from '../kube/access';

/** Who a field manager or an Event source is, as the anatomy names components. */
function componentOf(name: string): string {
  if (name === 'default-scheduler' || name.startsWith('kube-scheduler')) return 'kube-scheduler';
  if (name.startsWith('kube-controller-manager')) return 'kube-controller-manager';
  if (name === 'kubelet' || name.startsWith('kubelet/')) return 'kubelet';
  return name;
}

const MAX_ACTORS = 12;

/** The components that acted on a Pod: its field managers, then the Events reported about it, once each. */
function actorsOf(pod: SlimUserPod, events: readonly SlimEvent[]): StandpointActor[] {
  const actors: StandpointActor[] = [];
  const seen = new Set<string>();
  const add = (actor: StandpointActor) => {
    const key = `${actor.component}\u0000${actor.via}\u0000${actor.what}`;
    if (seen.has(key) || actors.length >= MAX_ACTORS) return;
    seen.add(key);
    actors.push(actor);
  };
  for (const entry of pod.managers) {
    const what = entry.subresource ? `${entry.operation} ${entry.subresource}` : entry.operation;
    add({ component: componentOf(entry.manager), via: 'managedFields', what, time: entry.time });
  }
  for (const event of events) add({ component: componentOf(event.source), via: 'event', what: event.reason, time: event.time });
  return actors;
}

/** The Deployment above a ReplicaSet, named `<deployment>-<pod-template-hash>`, read from the Pod's label. */
function workloadOf(pod: SlimUserPod, owner: { kind: string; name: string } | undefined): string | null {
  if (!owner) return null;
  const hash = pod.metadata.labels['pod-template-hash'];
  if (owner.kind === 'ReplicaSet' && hash && owner.name.endsWith(`-${hash}`)) return `Deployment/${owner.name.slice(0, -hash.length - 1)}`;
  return null;
}

export interface StandpointInput {
  readonly server: string;
  readonly version: string | null;
  /** Discovery's APIGroupList, undefined when it could not be read. */
  readonly groups: readonly ServedGroup[] | null;
  readonly clusterInfoServer: string | null | undefined;
  readonly namespaces: readonly {
    readonly name: string;
    /** Undefined when the Pods are hidden. */
    readonly pods?: readonly SlimUserPod[];
    readonly events: readonly SlimEvent[];
    readonly hidden?: HiddenRead;
  }[];
  /** kube-system's Pods by node, when Nodes are hidden and these Pods are not. */
  readonly podsOnHiddenNodes?: readonly { readonly node: string; readonly components: readonly ComponentPod[] }[];
}

export function buildStandpoint(input: StandpointInput): Standpoint {
  const nodes = new Map<string, { hostIP: string | null; pods: string[]; components?: readonly ComponentPod[] }>();
  for (const { node, components } of input.podsOnHiddenNodes ?? [])
    nodes.set(node, { hostIP: null, pods: components.map((pod) => `${pod.namespace}/${pod.pod}`), components });
  const namespaces: StandpointNamespace[] = input.namespaces.map((namespace) => {
    if (!namespace.pods) return { name: namespace.name, pods: null, ...(namespace.hidden && { hidden: namespace.hidden }) };
    const eventsByPod = new Map<string, SlimEvent[]>();
    for (const event of namespace.events) {
      if (event.involvedKind !== 'Pod') continue;
      let list = eventsByPod.get(event.involvedName);
      if (!list) eventsByPod.set(event.involvedName, (list = []));
      list.push(event);
    }
    const pods: StandpointPod[] = [...namespace.pods]
      .sort((a, b) => compareNames(a.metadata.name, b.metadata.name))
      .map((pod) => {
        const owner = pod.metadata.ownerReferences.find((reference) => reference.controller);
        const events = (eventsByPod.get(pod.metadata.name) ?? []).sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''));
        if (pod.nodeName) {
          let node = nodes.get(pod.nodeName);
          if (!node) nodes.set(pod.nodeName, (node = { hostIP: pod.hostIP, pods: [] }));
          node.hostIP ??= pod.hostIP;
          node.pods.push(`${namespace.name}/${pod.metadata.name}`);
        }
        return {
          name: pod.metadata.name,
          namespace: namespace.name,
          phase: pod.phase,
          ready: pod.ready,
          nodeName: pod.nodeName,
          hostIP: pod.hostIP,
          owner: owner ? `${owner.kind}/${owner.name}` : null,
          workload: workloadOf(pod, owner),
          actors: actorsOf(pod, events),
        };
      });
    return { name: namespace.name, pods };
  });
  const inferred: InferredNode[] = [...nodes]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([name, node]) => ({
      name,
      hostIP: node.hostIP,
      pods: node.pods,
      ...(node.components && { components: node.components }),
      evidence: [
        { kind: 'field', key: 'spec.nodeName', value: `of Pod ${node.pods[0]}` },
        ...(node.hostIP ? [{ kind: 'field', key: 'status.hostIP', value: node.hostIP }] : []),
      ],
    }));
  return {
    apiServer: {
      server: input.server,
      version: input.version,
      groups: input.groups,
      clusterInfo: input.clusterInfoServer === undefined ? null : { server: input.clusterInfoServer },
    },
    namespaces,
    nodes: inferred,
  };
}
