/** Builders of raw API objects (as a server sends them), filling the defaults a test does not care about. */

let uid = 0;
const nextUid = () => `00000000-0000-0000-0000-${String(++uid).padStart(12, '0')}`;

export interface NodeSpec {
  name: string;
  controlPlane?: boolean;
  legacyMaster?: boolean;
  taintOnly?: boolean;
  ready?: 'True' | 'False' | 'Unknown';
  kubeletVersion?: string;
  runtime?: string;
  labels?: Record<string, string>;
}

export function node(spec: NodeSpec): Record<string, unknown> {
  const labels: Record<string, string> = { 'kubernetes.io/hostname': spec.name, 'kubernetes.io/os': 'linux', ...spec.labels };
  const taints: unknown[] = [];
  if (spec.controlPlane && !spec.taintOnly) labels['node-role.kubernetes.io/control-plane'] = '';
  if (spec.legacyMaster) labels['node-role.kubernetes.io/master'] = '';
  if (spec.controlPlane || spec.taintOnly)
    taints.push({
      key: spec.legacyMaster ? 'node-role.kubernetes.io/master' : 'node-role.kubernetes.io/control-plane',
      effect: 'NoSchedule',
    });
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: spec.name, uid: nextUid(), resourceVersion: '1', labels, creationTimestamp: '2026-11-30T10:00:00Z' },
    spec: { podCIDR: '10.244.0.0/24', taints },
    status: {
      conditions: [{ type: 'Ready', status: spec.ready ?? 'True', reason: 'KubeletReady', lastTransitionTime: '2026-11-30T10:01:00Z' }],
      addresses: [
        { type: 'InternalIP', address: '172.18.0.2' },
        { type: 'Hostname', address: spec.name },
      ],
      nodeInfo: {
        kubeletVersion: spec.kubeletVersion ?? 'v1.37.0',
        containerRuntimeVersion: spec.runtime ?? 'containerd://2.1.0',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        kernelVersion: '6.8.0',
        architecture: 'amd64',
      },
      images: [{ names: ['registry.k8s.io/pause:3.10'], sizeBytes: 1 }],
    },
  };
}

export interface PodSpec {
  name: string;
  nodeName?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  owner?: { kind: string; name: string };
  images?: string[];
  phase?: string;
  ready?: boolean;
  restarts?: number;
  waitingReason?: string;
  hostNetwork?: boolean;
  namespace?: string;
}

export function pod(spec: PodSpec): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: spec.name,
      namespace: spec.namespace ?? 'kube-system',
      uid: nextUid(),
      resourceVersion: '1',
      labels: spec.labels ?? {},
      annotations: spec.annotations ?? {},
      ownerReferences: spec.owner
        ? [{ apiVersion: 'apps/v1', kind: spec.owner.kind, name: spec.owner.name, uid: nextUid(), controller: true }]
        : undefined,
    },
    spec: {
      nodeName: spec.nodeName,
      hostNetwork: spec.hostNetwork ?? false,
      containers: (spec.images ?? ['example:1']).map((image, i) => ({ name: `c${i}`, image })),
    },
    status: {
      phase: spec.phase ?? 'Running',
      conditions: [{ type: 'Ready', status: spec.ready === false ? 'False' : 'True' }],
      containerStatuses: [
        {
          name: 'c0',
          ready: spec.ready !== false,
          restartCount: spec.restarts ?? 0,
          state: spec.waitingReason ? { waiting: { reason: spec.waitingReason } } : { running: {} },
        },
      ],
    },
  };
}

/** A static Pod's mirror as kubelet publishes it (kubeadm labels, mirror annotation, owner = the Node). */
export function staticPod(component: string, nodeName: string, labels = true): Record<string, unknown> {
  const raw = pod({
    name: `${component}-${nodeName}`,
    nodeName,
    hostNetwork: true,
    labels: labels ? { component, tier: 'control-plane' } : {},
    annotations: { 'kubernetes.io/config.mirror': 'abc123', 'kubernetes.io/config.source': 'file' },
    owner: { kind: 'Node', name: nodeName },
    images: [`registry.k8s.io/${component}:v1.37.0`],
  });
  return raw;
}

export function workload(
  kind: 'Deployment' | 'DaemonSet' | 'ReplicaSet',
  name: string,
  options: { desired?: number; ready?: number; owner?: { kind: string; name: string }; images?: string[] } = {},
): Record<string, unknown> {
  const desired = options.desired ?? 1;
  const ready = options.ready ?? desired;
  return {
    apiVersion: 'apps/v1',
    kind,
    metadata: {
      name,
      namespace: 'kube-system',
      uid: nextUid(),
      resourceVersion: '1',
      ownerReferences: options.owner
        ? [{ apiVersion: 'apps/v1', kind: options.owner.kind, name: options.owner.name, uid: nextUid(), controller: true }]
        : undefined,
    },
    spec:
      kind === 'DaemonSet'
        ? { template: { spec: { containers: (options.images ?? []).map((image) => ({ name: 'c', image })) } } }
        : { replicas: desired, template: { spec: { containers: [] } } },
    status:
      kind === 'DaemonSet'
        ? { desiredNumberScheduled: desired, numberReady: ready, numberAvailable: ready }
        : { replicas: desired, readyReplicas: ready, availableReplicas: ready },
  };
}

export function service(name: string, selector: Record<string, string>, clusterIP = '10.96.0.10'): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name, namespace: 'kube-system', uid: nextUid(), resourceVersion: '1' },
    spec: { type: 'ClusterIP', clusterIP, selector, ports: [{ name: 'dns', port: 53, protocol: 'UDP' }] },
  };
}

export function lease(nodeName: string, renewTime: string): Record<string, unknown> {
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: { name: nodeName, namespace: 'kube-node-lease', uid: nextUid(), resourceVersion: '1' },
    spec: { holderIdentity: nodeName, leaseDurationSeconds: 40, renewTime },
  };
}
