import type { SlimLease, SlimNode } from '../kube/slim';
import { leaderElections, markLeadership } from './leaderElection';
import type {
  AddonAnatomy,
  ClusterAnatomy,
  ComponentId,
  ComponentPod,
  ConditionStatus,
  Evidence,
  NodeAnatomy,
  NodeRole,
  UnscheduledPod,
} from './types';
import {
  type AnatomyInput,
  CONTROL_PLANE_ROLE_LABEL,
  LEGACY_MASTER_ROLE_LABEL,
  absentComponents,
  detectControlPlane,
} from './classification/controlPlane';
import { componentFromName, toComponentPod } from './classification/pods';
import { compareNames } from '../util/names';

export * from './classification/pods';
export * from './classification/controlPlane';

/** Pure functions from slim API objects to the anatomy. Every decision records the evidence it read. */

export function classifyNodeRole(node: SlimNode, runsApiServer: boolean): { role: NodeRole; evidence: Evidence[] } {
  const evidence: Evidence[] = [];
  const labels = node.metadata.labels;
  for (const key of [CONTROL_PLANE_ROLE_LABEL, LEGACY_MASTER_ROLE_LABEL]) {
    if (key in labels) evidence.push({ kind: 'label', key, value: labels[key] });
  }
  for (const taint of node.taints) {
    if (taint.key === CONTROL_PLANE_ROLE_LABEL || taint.key === LEGACY_MASTER_ROLE_LABEL) {
      evidence.push({ kind: 'taint', key: taint.key, value: taint.effect });
    }
  }
  if (runsApiServer) evidence.push({ kind: 'pod', key: 'kube-apiserver', value: 'runs on this node' });
  if (evidence.length > 0) return { role: 'control-plane', evidence };
  return { role: 'worker', evidence: [{ kind: 'absence', key: CONTROL_PLANE_ROLE_LABEL }] };
}

export function nodeReady(node: SlimNode): { ready: ConditionStatus; since: string | null } {
  const condition = node.conditions.find((c) => c.type === 'Ready');
  const status = condition?.status;
  return {
    ready: status === 'True' || status === 'False' ? status : 'Unknown',
    since: condition?.lastTransitionTime ?? null,
  };
}

export function leaseInfo(lease: SlimLease | undefined, now: number): NodeAnatomy['lease'] {
  if (!lease?.renewTime) return null;
  const renewed = Date.parse(lease.renewTime);
  return {
    renewTime: lease.renewTime,
    ageSeconds: Number.isFinite(renewed) ? Math.max(0, Math.round((now - renewed) / 1000)) : 0,
    leaseDurationSeconds: lease.leaseDurationSeconds,
    holderIdentity: lease.holderIdentity,
  };
}

const componentOrder: Readonly<Record<ComponentId, number>> = {
  'kube-apiserver': 0,
  etcd: 1,
  'kube-controller-manager': 2,
  'kube-scheduler': 3,
  'cloud-controller-manager': 4,
  'kube-proxy': 5,
  cni: 6,
  coredns: 7,
  other: 8,
};

/** One collator for every sort: `localeCompare` with options builds a new one per call (slow at 5,000 nodes). */

/** Why nothing could be read, when neither Nodes nor kube-system Pods could: then nothing is classified. */
function nothingReadReason(unreadable: AnatomyInput['unreadable']): string | undefined {
  const nodes = unreadable.find((u) => u.resource === 'nodes');
  const pods = unreadable.find((u) => u.resource === 'pods');
  // Refused by RBAC is not "nothing read": the server answered, and the user sees the anatomy from where they stand.
  if (nodes?.kind === 'forbidden' && pods?.kind === 'forbidden') return undefined;
  return nodes && pods ? nodes.reason : undefined;
}

export function buildAnatomy(input: AnatomyInput): ClusterAnatomy {
  const nothingRead = nothingReadReason(input.unreadable);
  if (nothingRead !== undefined) {
    return {
      context: input.context,
      server: input.server,
      serverVersion: input.serverVersion,
      generatedAt: new Date(input.now).toISOString(),
      controlPlane: {
        mode: 'unknown',
        evidence: [{ kind: 'not-read', key: 'nodes and kube-system pods' }],
        highlyAvailable: false,
        externalEtcd: false,
      },
      nodes: [],
      addons: [],
      absent: [],
      unreadable: input.unreadable,
      nothingRead: { reason: nothingRead },
    };
  }
  const nodesUnreadable = input.unreadable.some((u) => u.resource === 'nodes');
  const podsUnreadable = input.unreadable.some((u) => u.resource === 'pods');
  const podsByNode = new Map<string, ComponentPod[]>();
  const nodesByOwner = new Map<string, Set<string>>();
  const allPods: ComponentPod[] = [];
  const unscheduled: UnscheduledPod[] = [];
  for (const entry of input.pods) {
    const { pod, classification } = entry;
    const componentPod = entry.componentPod ?? toComponentPod(pod, classification);
    allPods.push(componentPod);
    if (!pod.nodeName) {
      if (!pod.metadata.deletionTimestamp && pod.phase === 'Pending') unscheduled.push({ ...componentPod, notScheduled: pod.notScheduled });
      continue;
    }
    // A terminating Pod is on its way out: "where the scheduler placed it" counts the Pods that stay.
    if (classification.owner && classification.source === 'deployment' && !pod.metadata.deletionTimestamp) {
      let owned = nodesByOwner.get(classification.owner);
      if (!owned) nodesByOwner.set(classification.owner, (owned = new Set()));
      owned.add(pod.nodeName);
    }
    let list = podsByNode.get(pod.nodeName);
    if (!list) podsByNode.set(pod.nodeName, (list = []));
    list.push(componentPod);
  }
  const leaders = input.controlPlaneLeases ? leaderElections(input.controlPlaneLeases, podsByNode, input.now) : undefined;
  const nodes: NodeAnatomy[] = [];
  let controlPlaneNodes = 0;
  for (const node of input.nodes) {
    const name = node.metadata.name;
    const sorted = (podsByNode.get(name) ?? []).sort(
      (a, b) => componentOrder[a.component] - componentOrder[b.component] || compareNames(a.pod, b.pod),
    );
    const components = leaders?.length ? markLeadership(sorted, leaders) : sorted;
    const { role, evidence } = classifyNodeRole(
      node,
      components.some((p) => p.component === 'kube-apiserver'),
    );
    if (role === 'control-plane') controlPlaneNodes++;
    const ready = nodeReady(node);
    nodes.push({
      name,
      role,
      roleEvidence: evidence,
      ready: ready.ready,
      readySince: ready.since,
      kubeletVersion: node.nodeInfo.kubeletVersion,
      containerRuntime: node.nodeInfo.containerRuntimeVersion,
      osImage: node.nodeInfo.osImage,
      kernelVersion: node.nodeInfo.kernelVersion,
      internalIP: node.addresses.find((a) => a.type === 'InternalIP')?.address ?? null,
      podCIDR: node.podCIDR,
      taints: node.taints,
      lease: leaseInfo(input.leases.get(name), input.now),
      components,
    });
  }
  nodes.sort((a, b) => (a.role === b.role ? compareNames(a.name, b.name) : a.role === 'control-plane' ? -1 : 1));
  // Nodes hidden, kube-system's Pods not: where each component runs is still known, from the Pods' spec.nodeName.
  const podsOnHiddenNodes = nodesUnreadable
    ? [...podsByNode]
        .sort(([a], [b]) => compareNames(a, b))
        .map(([node, pods]) => ({
          node,
          components: pods.sort((a, b) => componentOrder[a.component] - componentOrder[b.component] || compareNames(a.pod, b.pod)),
        }))
    : [];
  const controlPlane = detectControlPlane(input.nodes, controlPlaneNodes, allPods, input.server, {
    nodes: !nodesUnreadable,
    pods: !podsUnreadable,
    ...(input.apiServerAddresses ? { apiServerAddresses: input.apiServerAddresses } : {}),
  });
  const { provider: _provider, embeddedBy: _embeddedBy, ...controlPlaneContract } = controlPlane;
  return {
    context: input.context,
    server: input.server,
    serverVersion: input.serverVersion,
    generatedAt: new Date(input.now).toISOString(),
    controlPlane: leaders ? { ...controlPlaneContract, leaders } : controlPlaneContract,
    nodes,
    addons: buildAddons(input, allPods, nodesByOwner),
    ...(unscheduled.length > 0 && { unscheduled: unscheduled.sort((a, b) => compareNames(a.pod, b.pod)) }),
    absent: absentComponents(controlPlane, input, allPods, { pods: !podsUnreadable }),
    unreadable: input.unreadable,
    ...(podsOnHiddenNodes.length > 0 && { podsOnHiddenNodes }),
  };
}

function buildAddons(
  input: AnatomyInput,
  pods: readonly ComponentPod[],
  nodesByOwner: ReadonlyMap<string, ReadonlySet<string>>,
): AddonAnatomy[] {
  const addons: AddonAnatomy[] = [];
  const nodesOf = (owner: string) => [...(nodesByOwner.get(owner) ?? [])].sort();
  const componentOfOwner = (owner: string): ComponentId =>
    pods.find((p) => p.owner === owner)?.component ?? componentFromName(owner.split('/')[1]);
  const workloads = [
    ...input.deployments.map((workload) => ({ kind: 'Deployment' as const, workload })),
    ...input.daemonSets.map((workload) => ({ kind: 'DaemonSet' as const, workload })),
  ];
  for (const { kind, workload } of workloads) {
    const owner = `${kind}/${workload.metadata.name}`;
    addons.push({
      kind,
      name: workload.metadata.name,
      namespace: workload.metadata.namespace,
      component: componentOfOwner(owner),
      ready: workload.ready >= workload.desired,
      desired: workload.desired,
      readyCount: workload.ready,
      // Where the scheduler placed a Deployment's Pods; a DaemonSet is on every node it tolerates.
      nodes: kind === 'Deployment' ? nodesOf(owner) : [],
    });
  }
  for (const service of input.services) {
    const selector = Object.entries(service.selector);
    const selected =
      selector.length === 0 ? undefined : input.pods.find(({ pod }) => selector.every(([k, v]) => pod.metadata.labels[k] === v));
    addons.push({
      kind: 'Service',
      name: service.metadata.name,
      namespace: service.metadata.namespace,
      component: selected ? selected.classification.component : componentFromName(service.metadata.name),
      ready: service.clusterIP !== null && service.clusterIP !== '',
      desired: null,
      readyCount: null,
      nodes: [],
      clusterIP: service.clusterIP,
    });
  }
  return addons.sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name));
}
