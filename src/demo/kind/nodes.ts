/** The demo's Nodes and their heartbeat Leases, as kubelet registers and renews them. */
import { managedEntry } from '../managedFields';
import type { KubeObject } from '../resources';
import {
  type NodeInfo,
  type SuffixSource,
  clusterName,
  containerRuntimeVersion,
  corednsImage,
  isoMicros,
  isoSeconds,
  kindnetImage,
  kubernetesVersion,
  localPathImage,
} from './base';

export function nodeObject(node: NodeInfo, time: number, renewTime: number, suffixes: SuffixSource): KubeObject {
  const at = isoSeconds(time);
  const labels: Record<string, string> = {
    'beta.kubernetes.io/arch': 'amd64',
    'beta.kubernetes.io/os': 'linux',
    'kubernetes.io/arch': 'amd64',
    'kubernetes.io/hostname': node.name,
    'kubernetes.io/os': 'linux',
  };
  const kubeadmLabels: Record<string, string> = node.controlPlane
    ? { 'node-role.kubernetes.io/control-plane': '', 'node.kubernetes.io/exclude-from-external-load-balancers': '' }
    : {};
  Object.assign(labels, kubeadmLabels);
  const annotations = {
    'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///run/containerd/containerd.sock',
    'node.alpha.kubernetes.io/ttl': '0',
    'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
  };
  const heartbeat = isoSeconds(renewTime);
  const condition = (type: string, status: string, reason: string, message: string) => ({
    type,
    status,
    lastHeartbeatTime: heartbeat,
    lastTransitionTime: at,
    reason,
    message,
  });
  const capacity = {
    cpu: '8',
    'ephemeral-storage': '102625208Ki',
    'hugepages-1Gi': '0',
    'hugepages-2Mi': '0',
    memory: '16351524Ki',
    pods: '110',
  };
  const status = {
    addresses: [
      { address: node.ip, type: 'InternalIP' },
      { address: node.name, type: 'Hostname' },
    ],
    allocatable: capacity,
    capacity,
    conditions: [
      condition('MemoryPressure', 'False', 'KubeletHasSufficientMemory', 'kubelet has sufficient memory available'),
      condition('DiskPressure', 'False', 'KubeletHasNoDiskPressure', 'kubelet has no disk pressure'),
      condition('PIDPressure', 'False', 'KubeletHasSufficientPID', 'kubelet has sufficient PID available'),
      { ...condition('Ready', 'True', 'KubeletReady', 'kubelet is posting ready status'), lastTransitionTime: isoSeconds(time + 20_000) },
    ],
    daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
    features: { supplementalGroupsPolicy: true },
    images: [
      { names: [`${kindnetImage}`], sizeBytes: 44375501 },
      { names: [`registry.k8s.io/kube-proxy:${kubernetesVersion}`], sizeBytes: 97995546 },
      { names: [corednsImage], sizeBytes: 20939036 },
      { names: [localPathImage], sizeBytes: 22541737 },
      { names: ['registry.k8s.io/pause:3.10.1'], sizeBytes: 320448 },
    ],
    nodeInfo: {
      architecture: 'amd64',
      bootID: suffixes.uuid(),
      containerRuntimeVersion,
      kernelVersion: '6.8.0-86-generic',
      kubeProxyVersion: '',
      kubeletVersion: kubernetesVersion,
      machineID: suffixes.hex(32),
      operatingSystem: 'linux',
      osImage: 'Debian GNU/Linux 12 (bookworm)',
      systemUUID: suffixes.uuid(),
    },
    runtimeHandlers: [
      { features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: 'runc' },
      { features: { recursiveReadOnlyMounts: true, userNamespaces: true }, name: '' },
    ],
  };
  const spec: Record<string, unknown> = {
    podCIDR: node.podCidr,
    podCIDRs: [node.podCidr],
    providerID: `kind://docker/${clusterName}/${node.name}`,
  };
  if (node.controlPlane) spec.taints = [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }];
  const managedFields = [
    managedEntry('kubelet', 'v1', at, {
      metadata: {
        annotations: { 'volumes.kubernetes.io/controller-managed-attach-detach': '' },
        labels: {
          'beta.kubernetes.io/arch': '',
          'beta.kubernetes.io/os': '',
          'kubernetes.io/arch': '',
          'kubernetes.io/hostname': '',
          'kubernetes.io/os': '',
        },
      },
      spec: { providerID: '' },
    }),
    managedEntry('kubeadm', 'v1', isoSeconds(time + 3000), {
      metadata: { annotations: { 'kubeadm.alpha.kubernetes.io/cri-socket': '' }, labels: kubeadmLabels },
      ...(node.controlPlane ? { spec: { taints: {} } } : {}),
    }),
    managedEntry('kube-controller-manager', 'v1', isoSeconds(time + 10_000), {
      metadata: { annotations: { 'node.alpha.kubernetes.io/ttl': '' } },
      spec: { podCIDR: '', podCIDRs: {} },
    }),
    managedEntry(
      'kubelet',
      'v1',
      isoSeconds(time + 20_000),
      { status: { conditions: status.conditions, images: {}, nodeInfo: {} } },
      'status',
    ),
  ];
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: node.name, creationTimestamp: at, labels, annotations, managedFields },
    spec,
    status,
  };
}

export function nodeLease(node: NodeInfo, nodeUid: string, time: number, renewTime: number): KubeObject {
  const at = isoSeconds(time);
  return {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: node.name,
      namespace: 'kube-node-lease',
      creationTimestamp: at,
      ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name: node.name, uid: nodeUid }],
      managedFields: [
        managedEntry('kubelet', 'coordination.k8s.io/v1', isoSeconds(renewTime), {
          metadata: { ownerReferences: [{ uid: nodeUid }] },
          spec: { holderIdentity: '', leaseDurationSeconds: '', renewTime: '' },
        }),
      ],
    },
    spec: { holderIdentity: node.name, leaseDurationSeconds: 40, renewTime: isoMicros(renewTime) },
  };
}

/** A Lease renewed: new renewTime, and the managedFields time kubelet's update records. */
export function renewedLease(lease: KubeObject, now: number): KubeObject {
  const managedFields = (lease.metadata.managedFields as { time: string }[] | undefined)?.map((entry) => ({
    ...entry,
    time: isoSeconds(now),
  }));
  return { ...lease, metadata: { ...lease.metadata, managedFields }, spec: { ...(lease.spec as object), renewTime: isoMicros(now) } };
}
