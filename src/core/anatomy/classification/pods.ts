/** What a kube-system Pod is (which component) and how it came to be (static, DaemonSet, Deployment …), with the evidence for both. */
import type { SlimOwner, SlimPod } from '../../kube/slim';
import type { ComponentId, ComponentPod, Evidence, PodSource } from '../types';

export const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

export const controlPlaneComponents: readonly ComponentId[] = [
  'kube-apiserver',
  'etcd',
  'kube-scheduler',
  'kube-controller-manager',
  'cloud-controller-manager',
];

/** Network plugins, recognised by DaemonSet name, label value or image. */
export const cniByName: Readonly<Record<string, string>> = {
  kindnet: 'kindnet',
  kindnetd: 'kindnet',
  'calico-node': 'calico',
  calico: 'calico',
  cilium: 'cilium',
  'cilium-agent': 'cilium',
  'kube-flannel-ds': 'flannel',
  flannel: 'flannel',
  'weave-net': 'weave',
  canal: 'canal',
  'antrea-agent': 'antrea',
  'kube-router': 'kube-router',
  'aws-node': 'amazon-vpc-cni',
  'azure-cns': 'azure-cni',
  'azure-cni': 'azure-cni',
  'gke-dataplane-v2': 'cilium',
  netd: 'gke-netd',
};

export function cniNameFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return cniByName[value] ?? cniByName[value.replace(/-ds$/, '')];
}

export function cniFromImages(images: readonly string[]): string | undefined {
  for (const image of images) {
    const repository = image.split('@')[0].split(':')[0];
    const last = repository.split('/').pop() ?? '';
    const name = cniNameFrom(last) ?? (/^kindnetd?$/.test(last) ? 'kindnet' : undefined);
    if (name) return name;
  }
  return undefined;
}

export interface PodClassification {
  readonly component: ComponentId;
  readonly cniName?: string;
  readonly source: PodSource;
  readonly owner: string | null;
  readonly evidence: readonly Evidence[];
}

/** What the classifier may look up beyond the Pod itself. */
export interface OwnerLookup {
  /** The controller owner of a ReplicaSet, when ReplicaSets can be read. */
  replicaSetOwner(namespace: string, name: string): SlimOwner | undefined | null;
  /** Whether a Deployment of that name exists (fallback when ReplicaSets cannot be read). */
  hasDeployment(namespace: string, name: string): boolean;
}

export function controllerOf(owners: readonly SlimOwner[]): SlimOwner | undefined {
  return owners.find((owner) => owner.controller) ?? owners[0];
}

export function classifyPodSource(pod: SlimPod, lookup: OwnerLookup): Pick<PodClassification, 'source' | 'owner' | 'evidence'> {
  const meta = pod.metadata;
  const evidence: Evidence[] = [];
  const mirror = meta.annotations[MIRROR_ANNOTATION];
  const owner = controllerOf(meta.ownerReferences);
  if (mirror !== undefined || owner?.kind === 'Node') {
    if (mirror !== undefined) evidence.push({ kind: 'annotation', key: MIRROR_ANNOTATION, value: mirror });
    if (owner?.kind === 'Node') evidence.push({ kind: 'owner', key: `Node/${owner.name}` });
    return {
      source: 'static',
      owner: owner?.kind === 'Node' ? `Node/${owner.name}` : pod.nodeName ? `Node/${pod.nodeName}` : null,
      evidence,
    };
  }
  if (!owner) return { source: 'bare', owner: null, evidence: [{ kind: 'absence', key: 'ownerReferences' }] };
  evidence.push({ kind: 'owner', key: `${owner.kind}/${owner.name}` });
  switch (owner.kind) {
    case 'DaemonSet':
      return { source: 'daemonset', owner: `DaemonSet/${owner.name}`, evidence };
    case 'StatefulSet':
      return { source: 'statefulset', owner: `StatefulSet/${owner.name}`, evidence };
    case 'Job':
      return { source: 'job', owner: `Job/${owner.name}`, evidence };
    case 'ReplicaSet': {
      const replicaSetOwner = lookup.replicaSetOwner(meta.namespace, owner.name);
      if (replicaSetOwner?.kind === 'Deployment') {
        evidence.push({ kind: 'owner', key: `Deployment/${replicaSetOwner.name}`, value: `owner of ReplicaSet/${owner.name}` });
        return { source: 'deployment', owner: `Deployment/${replicaSetOwner.name}`, evidence };
      }
      if (replicaSetOwner === undefined) {
        // ReplicaSets unreadable: a Deployment names its ReplicaSets `<deployment>-<pod-template-hash>`.
        const deployment = owner.name.replace(/-[a-z0-9]{5,10}$/, '');
        if (deployment !== owner.name && lookup.hasDeployment(meta.namespace, deployment)) {
          evidence.push({ kind: 'name', key: `Deployment/${deployment}`, value: `ReplicaSet/${owner.name} is named after it` });
          return { source: 'deployment', owner: `Deployment/${deployment}`, evidence };
        }
      }
      return { source: 'replicaset', owner: `ReplicaSet/${owner.name}`, evidence };
    }
    default:
      return { source: 'bare', owner: `${owner.kind}/${owner.name}`, evidence };
  }
}

export const componentLabels = ['component', 'k8s-app', 'app.kubernetes.io/name', 'app.kubernetes.io/component', 'app', 'name'] as const;

export function classifyPodComponent(
  pod: SlimPod,
  ownerName: string | null,
): Pick<PodClassification, 'component' | 'cniName' | 'evidence'> {
  const labels = pod.metadata.labels;
  for (const key of componentLabels) {
    const value = labels[key];
    if (value === undefined) continue;
    const evidence: Evidence[] = [{ kind: 'label', key, value }];
    if ((controlPlaneComponents as readonly string[]).includes(value)) return { component: value as ComponentId, evidence };
    if (value === 'kube-proxy') return { component: 'kube-proxy', evidence };
    if (value === 'kube-dns' || value === 'coredns') return { component: 'coredns', evidence };
    const cni = cniNameFrom(value);
    if (cni) return { component: 'cni', cniName: cni, evidence };
  }
  const ownerShort = ownerName?.split('/')[1];
  if (ownerShort) {
    const evidence: Evidence[] = [{ kind: 'owner', key: ownerName ?? '' }];
    if (ownerShort === 'kube-proxy') return { component: 'kube-proxy', evidence };
    if (ownerShort === 'coredns' || ownerShort === 'kube-dns') return { component: 'coredns', evidence };
    const cni = cniNameFrom(ownerShort);
    if (cni) return { component: 'cni', cniName: cni, evidence };
  }
  // Static Pods without kubeadm's labels still carry the component's name before the node suffix.
  if (pod.metadata.annotations[MIRROR_ANNOTATION] !== undefined && pod.nodeName) {
    const base = pod.metadata.name.endsWith(`-${pod.nodeName}`) ? pod.metadata.name.slice(0, -pod.nodeName.length - 1) : pod.metadata.name;
    if ((controlPlaneComponents as readonly string[]).includes(base)) {
      return { component: base as ComponentId, evidence: [{ kind: 'name', key: 'metadata.name', value: pod.metadata.name }] };
    }
  }
  const cni = cniFromImages(pod.images);
  if (cni) return { component: 'cni', cniName: cni, evidence: [{ kind: 'image', key: 'image', value: pod.images.join(', ') }] };
  return { component: 'other', evidence: [] };
}

export function classifyPod(pod: SlimPod, lookup: OwnerLookup): PodClassification {
  const source = classifyPodSource(pod, lookup);
  const component = classifyPodComponent(pod, source.owner);
  return {
    component: component.component,
    ...(component.cniName ? { cniName: component.cniName } : {}),
    source: source.source,
    owner: source.owner,
    evidence: [...component.evidence, ...source.evidence],
  };
}

export const badReasons = new Set([
  'CrashLoopBackOff',
  'ImagePullBackOff',
  'ErrImagePull',
  'CreateContainerConfigError',
  'CreateContainerError',
  'InvalidImageName',
  'RunContainerError',
  'OOMKilled',
  'Error',
  'ContainerCannotRun',
]);

/** The status facts the health policy (health.ts) judges a Pod by. */
export function podStatusFacts(pod: SlimPod): Pick<ComponentPod, 'phase' | 'ready' | 'restarts' | 'reason'> {
  let reason: string | null = pod.metadata.deletionTimestamp ? 'Terminating' : pod.reason;
  let restarts = 0;
  for (const status of pod.containerStatuses) {
    restarts += status.restartCount;
    const candidate = status.waitingReason ?? (status.ready ? null : status.terminatedReason);
    if (candidate && (reason === null || badReasons.has(candidate))) reason = candidate;
  }
  return { phase: pod.phase, ready: pod.ready, restarts, reason };
}

export function toComponentPod(pod: SlimPod, classification: PodClassification): ComponentPod {
  return {
    component: classification.component,
    ...(classification.cniName ? { cniName: classification.cniName } : {}),
    pod: pod.metadata.name,
    namespace: pod.metadata.namespace,
    source: classification.source,
    owner: classification.owner,
    ...podStatusFacts(pod),
    hostNetwork: pod.hostNetwork,
    evidence: classification.evidence,
    ...versionOf(classification.component, pod.images),
  };
}

/** Components whose image tag is their Kubernetes version (registry.k8s.io/kube-scheduler:v1.30.0). */
const versionedComponents: ReadonlySet<ComponentId> = new Set([
  'kube-apiserver',
  'kube-controller-manager',
  'kube-scheduler',
  'cloud-controller-manager',
  'kube-proxy',
]);

/** The version a control-plane component's image tag names, for the version skew check; nothing for a digest or another tag. */
function versionOf(component: ComponentId, images: readonly string[]): { version?: string } {
  if (!versionedComponents.has(component)) return {};
  const image = images.find((candidate) => candidate.includes(component)) ?? images[0] ?? '';
  const tag = /:(v\d+\.\d+\.\d+[^@/]*)(@|$)/.exec(image.slice(image.lastIndexOf('/')))?.[1];
  return tag ? { version: tag } : {};
}

export function componentFromName(name: string | undefined): ComponentId {
  if (!name) return 'other';
  if (name === 'kube-dns' || name === 'coredns') return 'coredns';
  if (name === 'kube-proxy') return 'kube-proxy';
  if (cniNameFrom(name)) return 'cni';
  return 'other';
}
