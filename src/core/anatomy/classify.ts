import type { SlimLease, SlimNode, SlimOwner, SlimPod, SlimService, SlimWorkload } from '../kube/slim';
import type {
  AbsentComponent,
  AddonAnatomy,
  ClusterAnatomy,
  ComponentId,
  ComponentPod,
  ConditionStatus,
  ControlPlaneAnatomy,
  Evidence,
  NodeAnatomy,
  ApiServerEndpoints,
  NodeRole,
  PodSource,
} from './types';

/** Pure functions from slim API objects to the anatomy. Every decision records the evidence it read. */

export const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';
export const CONTROL_PLANE_ROLE_LABEL = 'node-role.kubernetes.io/control-plane';
export const LEGACY_MASTER_ROLE_LABEL = 'node-role.kubernetes.io/master';

const controlPlaneComponents: readonly ComponentId[] = [
  'kube-apiserver',
  'etcd',
  'kube-scheduler',
  'kube-controller-manager',
  'cloud-controller-manager',
];

/** Network plugins, recognised by DaemonSet name, label value or image. */
const cniByName: Readonly<Record<string, string>> = {
  kindnet: 'kindnet',
  'kindnetd': 'kindnet',
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
  'netd': 'gke-netd',
};

function cniNameFrom(value: string | undefined): string | undefined {
  if (!value) return undefined;
  return cniByName[value] ?? cniByName[value.replace(/-ds$/, '')];
}

function cniFromImages(images: readonly string[]): string | undefined {
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

function controllerOf(owners: readonly SlimOwner[]): SlimOwner | undefined {
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
    return { source: 'static', owner: owner?.kind === 'Node' ? `Node/${owner.name}` : pod.nodeName ? `Node/${pod.nodeName}` : null, evidence };
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

const componentLabels = ['component', 'k8s-app', 'app.kubernetes.io/name', 'app.kubernetes.io/component', 'app', 'name'] as const;

export function classifyPodComponent(pod: SlimPod, ownerName: string | null): Pick<PodClassification, 'component' | 'cniName' | 'evidence'> {
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

const badReasons = new Set([
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
  };
}

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

/** What marks a node of an embedded distribution: k3s and k0s embed the control plane in one binary. */
interface EmbeddedDistribution {
  readonly by: 'k3s' | 'k0s';
  readonly evidence: readonly Evidence[];
}

export const K3S_NODE_ARGS_ANNOTATION = 'k3s.io/node-args';
const INSTANCE_TYPE_LABEL = 'node.kubernetes.io/instance-type';

/** The k3s marks one node carries: kubelet `+k3s`, containerd `-k3s`, and the instance type its cloud provider sets. */
function k3sMarks(node: SlimNode): Evidence[] {
  const marks: Evidence[] = [];
  const kubelet = node.nodeInfo.kubeletVersion ?? '';
  const runtime = node.nodeInfo.containerRuntimeVersion ?? '';
  if (/\+k3s/.test(kubelet)) marks.push({ kind: 'field', key: 'status.nodeInfo.kubeletVersion', value: kubelet });
  if (/^containerd:\/\/.*-k3s/.test(runtime)) marks.push({ kind: 'field', key: 'status.nodeInfo.containerRuntimeVersion', value: runtime });
  if (node.metadata.labels[INSTANCE_TYPE_LABEL] === 'k3s') marks.push({ kind: 'label', key: INSTANCE_TYPE_LABEL, value: 'k3s' });
  return marks;
}

/** Distribution markers: k3s and k0s embed the control plane in one binary, hosted providers hide it. */
function distributionOf(nodes: readonly SlimNode[], server: string): { embedded?: EmbeddedDistribution; hosted?: Evidence } {
  const result: { embedded?: EmbeddedDistribution; hosted?: Evidence } = {};
  for (const node of nodes) {
    const kubelet = node.nodeInfo.kubeletVersion ?? '';
    const labels = node.metadata.labels;
    if (!result.embedded) {
      const marks = k3sMarks(node);
      if (marks.length > 0) result.embedded = { by: 'k3s', evidence: marks };
      else if (/\+k0s/.test(kubelet)) result.embedded = { by: 'k0s', evidence: [{ kind: 'field', key: 'status.nodeInfo.kubeletVersion', value: kubelet }] };
    }
    if (!result.hosted) {
      if (/-eks-/.test(kubelet) || 'eks.amazonaws.com/nodegroup' in labels) result.hosted = { kind: 'provider', key: 'EKS', value: kubelet };
      else if (/-gke\./.test(kubelet) || 'cloud.google.com/gke-nodepool' in labels) result.hosted = { kind: 'provider', key: 'GKE', value: kubelet };
      else if ('kubernetes.azure.com/cluster' in labels || 'kubernetes.azure.com/agentpool' in labels) result.hosted = { kind: 'provider', key: 'AKS', value: labels['kubernetes.azure.com/cluster'] ?? '' };
    }
  }
  if (!result.hosted) {
    if (/\.eks\.amazonaws\.com/i.test(server)) result.hosted = { kind: 'server', key: 'EKS', value: server };
    else if (/\.azmk8s\.io/i.test(server)) result.hosted = { kind: 'server', key: 'AKS', value: server };
  }
  return result;
}

/** How many API servers the API shows: several kube-apiserver Pods or Endpoints addresses, several control-plane nodes. */
function apiServerEndpoints(apiServerPods: number, controlPlaneNodes: number, addresses: readonly string[] | undefined): ApiServerEndpoints {
  const evidence: Evidence[] = [];
  const unique = addresses ? [...new Set(addresses)] : null;
  if (unique) evidence.push({ kind: 'endpoints', key: 'default/kubernetes', value: unique.length > 0 ? unique.join(', ') : 'no address' });
  else evidence.push({ kind: 'not-read', key: 'default/kubernetes Endpoints' });
  if (apiServerPods > 0) evidence.push({ kind: 'count', key: 'kube-apiserver Pods', value: String(apiServerPods) });
  if (controlPlaneNodes > 1) evidence.push({ kind: 'count', key: 'control-plane nodes', value: String(controlPlaneNodes) });
  const seen = Math.max(apiServerPods, unique?.length ?? 0);
  if (seen > 1 || controlPlaneNodes > 1) return { availability: 'highly-available', addresses: unique, evidence };
  if (seen === 1) return { availability: 'single-endpoint', addresses: unique, evidence };
  return { availability: 'unknown', addresses: unique, evidence };
}

export function detectControlPlane(
  nodes: readonly SlimNode[],
  controlPlaneNodes: number,
  pods: readonly ComponentPod[],
  server: string,
  readable: { readonly nodes: boolean; readonly apiServerAddresses?: readonly string[] } = { nodes: true },
): ControlPlaneAnatomy & { provider?: string; embeddedBy?: EmbeddedDistribution } {
  const apiServers = pods.filter((p) => p.component === 'kube-apiserver');
  const etcds = pods.filter((p) => p.component === 'etcd');
  const staticApiServer = apiServers.find((p) => p.source === 'static');
  const distribution = distributionOf(nodes, server);
  let mode: ControlPlaneAnatomy['mode'];
  const evidence: Evidence[] = [];
  if (staticApiServer) {
    mode = 'static-pods';
    evidence.push({ kind: 'annotation', key: MIRROR_ANNOTATION, value: `on Pod ${staticApiServer.pod}` });
  } else if (apiServers.length > 0) {
    mode = 'self-hosted';
    evidence.push({ kind: 'owner', key: apiServers[0].owner ?? 'none', value: `owns Pod ${apiServers[0].pod}` });
  } else if (distribution.embedded) {
    mode = 'embedded';
    evidence.push(...distribution.embedded.evidence, { kind: 'absence', key: 'kube-apiserver Pod' });
  } else if (distribution.hosted || (readable.nodes && controlPlaneNodes === 0)) {
    mode = 'hosted';
    if (distribution.hosted) evidence.push(distribution.hosted);
    evidence.push({ kind: 'absence', key: 'control-plane nodes' }, { kind: 'absence', key: 'kube-apiserver Pod' });
  } else if (!readable.nodes) {
    // No Nodes read: "no control-plane node" would be a guess, not something seen.
    mode = 'unknown';
    evidence.push({ kind: 'not-read', key: 'nodes' }, { kind: 'absence', key: 'kube-apiserver Pod' });
  } else {
    // Control-plane nodes but no control-plane Pods: components run as system services (or are hidden).
    mode = 'unknown';
    evidence.push({ kind: 'absence', key: 'kube-apiserver Pod', value: `${controlPlaneNodes} control-plane node(s) without control-plane Pods` });
  }
  const apiServersSeen = apiServerEndpoints(apiServers.length, controlPlaneNodes, readable.apiServerAddresses);
  const highlyAvailable = apiServersSeen.availability === 'highly-available';
  if (highlyAvailable) evidence.push({ kind: 'count', key: 'kube-apiserver', value: String(Math.max(apiServers.length, controlPlaneNodes, apiServersSeen.addresses?.length ?? 0)) });
  const externalEtcd = (mode === 'static-pods' || mode === 'self-hosted') && etcds.length === 0;
  const provider = distribution.hosted?.key;
  return {
    mode,
    evidence,
    highlyAvailable,
    externalEtcd,
    apiServers: apiServersSeen,
    ...(provider ? { provider } : {}),
    ...(mode === 'embedded' && distribution.embedded ? { embeddedBy: distribution.embedded } : {}),
  };
}

/** The flags of `k3s server` / `k3s agent` as k3s records them on each node (a JSON array), untrusted. */
function k3sNodeArgs(nodes: readonly SlimNode[]): { args: string[]; evidence: Evidence | undefined } {
  const args: string[] = [];
  let evidence: Evidence | undefined;
  for (const node of nodes) {
    const raw = node.metadata.annotations[K3S_NODE_ARGS_ANNOTATION];
    if (!raw) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!Array.isArray(parsed)) continue;
      for (const arg of parsed) if (typeof arg === 'string') args.push(arg);
      evidence ??= { kind: 'annotation', key: K3S_NODE_ARGS_ANNOTATION, value: `on Node ${node.metadata.name}` };
    } catch {
      // Not JSON: nothing to learn from it.
    }
  }
  return { args, evidence };
}

/** The value of `--flag value`, `--flag=value`, or 'true' for a bare `--flag`; undefined when absent. */
function flagValue(args: readonly string[], flag: string): string | undefined {
  let value: string | undefined;
  args.forEach((arg, index) => {
    if (arg.startsWith(`${flag}=`)) value = arg.slice(flag.length + 1);
    else if (arg === flag) {
      const next = args[index + 1];
      value = next !== undefined && !next.startsWith('-') ? next : 'true';
    }
  });
  return value;
}

/** kube-proxy, flannel and the stub cloud controller run inside every k3s process, unless its flags turn them off. */
function k3sEmbeddedComponents(nodes: readonly SlimNode[], marks: readonly Evidence[], present: ReadonlySet<string>): AbsentComponent[] {
  const { args, evidence: argsEvidence } = k3sNodeArgs(nodes);
  const disabled = (flag: string, off: (value: string) => boolean) => {
    const value = flagValue(args, flag);
    return value !== undefined && off(value);
  };
  const absent: AbsentComponent[] = [];
  const noPod = (what: string): Evidence => ({ kind: 'absence', key: what });
  const byFlag = (text: string): Evidence[] => (argsEvidence ? [{ ...argsEvidence, value: `${argsEvidence.value}: ${text}` }] : []);
  if (!present.has('kube-proxy')) {
    absent.push(
      disabled('--disable-kube-proxy', (v) => v !== 'false')
        ? { component: 'kube-proxy', reasonCode: 'disabled', why: 'k3s was started with --disable-kube-proxy: no kube-proxy runs, embedded or as Pods.', evidence: byFlag('--disable-kube-proxy') }
        : {
            component: 'kube-proxy',
            reasonCode: 'embedded',
            why: 'Runs inside the k3s process on every node (k3s server and k3s agent), not as a Pod.',
            evidence: [...marks, noPod('kube-proxy Pods and DaemonSet')],
          },
    );
  }
  if (!present.has('cni')) {
    absent.push(
      disabled('--flannel-backend', (v) => v === 'none')
        ? { component: 'cni', reasonCode: 'disabled', why: 'k3s was started with --flannel-backend=none and no network plugin Pods run in kube-system.', evidence: byFlag('--flannel-backend=none') }
        : {
            component: 'cni',
            reasonCode: 'embedded',
            implementation: 'flannel',
            why: 'flannel runs inside the k3s process on every node, not as a Pod.',
            evidence: [...marks, noPod('network plugin Pods')],
          },
    );
  }
  if (!present.has('cloud-controller-manager')) {
    const labelled = nodes.find((node) => node.metadata.labels[INSTANCE_TYPE_LABEL] === 'k3s');
    if (labelled) {
      absent.push({
        component: 'cloud-controller-manager',
        reasonCode: 'embedded',
        implementation: 'k3s',
        why: "k3s's stub cloud controller runs inside the k3s server process; it sets the nodes' addresses and instance type.",
        evidence: [{ kind: 'label', key: INSTANCE_TYPE_LABEL, value: `k3s on Node ${labelled.metadata.name}` }, noPod('cloud-controller-manager Pod')],
      });
    } else if (disabled('--disable-cloud-controller', (v) => v !== 'false')) {
      absent.push({ component: 'cloud-controller-manager', reasonCode: 'disabled', why: 'k3s was started with --disable-cloud-controller and no cloud-controller-manager Pod runs.', evidence: byFlag('--disable-cloud-controller') });
    }
  }
  return absent;
}

/** kube-proxy missing where Cilium runs: Cilium's kube-proxy replacement, as far as what is watched can tell. */
function kubeProxyReplacement(input: AnatomyInput, pods: readonly ComponentPod[]): AbsentComponent | undefined {
  const ciliumPod = pods.find((p) => p.component === 'cni' && p.cniName === 'cilium');
  const ciliumDaemonSet = input.daemonSets.find((d) => cniNameFrom(d.metadata.name) === 'cilium');
  if (!ciliumPod && !ciliumDaemonSet) return undefined;
  const daemonSetsRead = !input.unreadable.some((u) => u.resource === 'daemonsets');
  if (daemonSetsRead && input.daemonSets.some((d) => d.metadata.name === 'kube-proxy')) return undefined;
  const evidence: Evidence[] = [
    ciliumDaemonSet ? { kind: 'workload', key: `DaemonSet/${ciliumDaemonSet.metadata.name}` } : { kind: 'pod', key: ciliumPod?.pod ?? 'cilium' },
    { kind: 'absence', key: 'kube-proxy Pods' },
    daemonSetsRead ? { kind: 'absence', key: 'DaemonSet/kube-proxy' } : { kind: 'not-read', key: 'daemonsets' },
    { kind: 'not-read', key: 'ConfigMap kube-system/cilium-config', value: 'kube-proxy-replacement is inferred, not read' },
  ];
  return {
    component: 'kube-proxy',
    reasonCode: 'replaced-by-cni',
    implementation: 'cilium',
    why: "Replaced by Cilium's kube-proxy replacement: Cilium runs and there is no kube-proxy DaemonSet or Pod (inferred from these; the cilium-config ConfigMap is not read).",
    evidence,
  };
}

function absentComponents(
  controlPlane: ReturnType<typeof detectControlPlane>,
  input: AnatomyInput,
  pods: readonly ComponentPod[],
  readable: { pods: boolean },
): AbsentComponent[] {
  if (!readable.pods) return [];
  const present = new Set<string>(pods.map((p) => p.component));
  const absent: AbsentComponent[] = [];
  const hostedWhy = `Runs in the provider's control plane${controlPlane.provider ? ` (${controlPlane.provider})` : ''}; the API shows no Pod or node for it.`;
  const embeddedBy = controlPlane.embeddedBy;
  for (const component of ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager'] as const) {
    if (present.has(component)) continue;
    if (controlPlane.mode === 'hosted') absent.push({ component, reasonCode: 'hosted-control-plane', why: hostedWhy });
    else if (controlPlane.mode === 'embedded') {
      absent.push({ component, reasonCode: 'embedded', why: 'Runs inside the server binary (k3s/k0s embed the control plane in one process), not as a Pod.', ...(embeddedBy ? { implementation: embeddedBy.by, evidence: embeddedBy.evidence } : {}) });
    } else if (component === 'etcd' && controlPlane.externalEtcd) absent.push({ component, reasonCode: 'external-etcd', why: 'No etcd Pod: kube-apiserver uses an external etcd cluster outside Kubernetes.' });
    else absent.push({ component, reasonCode: 'not-found', why: 'No Pod of this component in kube-system: it may run as a system service on the control-plane machines.' });
  }
  // k3s runs kube-proxy, flannel and its cloud controller in-process: no Pods, yet they run.
  const embedded = embeddedBy?.by === 'k3s' ? k3sEmbeddedComponents(input.nodes, embeddedBy.evidence, present) : [];
  const decided = new Map(embedded.map((entry) => [entry.component, entry]));
  if (!present.has('cloud-controller-manager')) {
    absent.push(
      decided.get('cloud-controller-manager') ??
        (controlPlane.mode === 'hosted'
          ? { component: 'cloud-controller-manager', reasonCode: 'hosted-control-plane', why: hostedWhy }
          : { component: 'cloud-controller-manager', reasonCode: 'no-cloud-provider', why: 'No cloud provider integration: cloud-controller-manager runs only in clusters on a cloud (not in kind, on laptops or on-premises).' }),
    );
  }
  if (!present.has('kube-proxy')) {
    absent.push(
      // k3s --disable-kube-proxy beside Cilium is Cilium's replacement, not a cluster without Services.
      (decided.get('kube-proxy')?.reasonCode === 'embedded' ? decided.get('kube-proxy') : undefined) ??
        kubeProxyReplacement(input, pods) ??
        decided.get('kube-proxy') ?? { component: 'kube-proxy', reasonCode: 'not-found', why: 'No kube-proxy Pods: Services are implemented by the network plugin or a system service.' },
    );
  }
  if (!present.has('coredns')) absent.push({ component: 'coredns', reasonCode: 'no-cluster-dns', why: 'No cluster DNS Pods in kube-system; every cluster should have one.' });
  if (!present.has('cni')) absent.push(decided.get('cni') ?? { component: 'cni', reasonCode: 'not-found', why: 'No network plugin Pods in kube-system: it may run elsewhere or as a system service.' });
  return absent;
}

export interface AnatomyInput {
  readonly context: string;
  readonly server: string;
  readonly serverVersion: string | null;
  readonly nodes: readonly SlimNode[];
  /** kube-system Pods with their classification (cached by the model per resourceVersion). */
  readonly pods: readonly { pod: SlimPod; classification: PodClassification; componentPod?: ComponentPod }[];
  readonly daemonSets: readonly SlimWorkload[];
  readonly deployments: readonly SlimWorkload[];
  readonly services: readonly SlimService[];
  readonly leases: ReadonlyMap<string, SlimLease>;
  readonly unreadable: readonly { resource: string; reason: string }[];
  readonly now: number;
  /**
   * The addresses of the `default/kubernetes` Endpoints (one per kube-apiserver behind the Service), or
   * undefined when they were not read. Hosted providers show their API servers only here.
   */
  readonly apiServerAddresses?: readonly string[];
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
const byName = new Intl.Collator('en', { numeric: true }).compare;

/** Why nothing could be read, when neither Nodes nor kube-system Pods could: then nothing is classified. */
function nothingReadReason(unreadable: AnatomyInput['unreadable']): string | undefined {
  const nodes = unreadable.find((u) => u.resource === 'nodes');
  const pods = unreadable.find((u) => u.resource === 'pods');
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
      controlPlane: { mode: 'unknown', evidence: [{ kind: 'not-read', key: 'nodes and kube-system pods' }], highlyAvailable: false, externalEtcd: false },
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
  for (const entry of input.pods) {
    const { pod, classification } = entry;
    const componentPod = entry.componentPod ?? toComponentPod(pod, classification);
    allPods.push(componentPod);
    if (!pod.nodeName) continue;
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
  const nodes: NodeAnatomy[] = [];
  let controlPlaneNodes = 0;
  for (const node of input.nodes) {
    const name = node.metadata.name;
    const components = (podsByNode.get(name) ?? []).sort(
      (a, b) => componentOrder[a.component] - componentOrder[b.component] || byName(a.pod, b.pod),
    );
    const { role, evidence } = classifyNodeRole(node, components.some((p) => p.component === 'kube-apiserver'));
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
  nodes.sort((a, b) => (a.role === b.role ? byName(a.name, b.name) : a.role === 'control-plane' ? -1 : 1));
  const controlPlane = detectControlPlane(input.nodes, controlPlaneNodes, allPods, input.server, {
    nodes: !nodesUnreadable,
    ...(input.apiServerAddresses ? { apiServerAddresses: input.apiServerAddresses } : {}),
  });
  const { provider: _provider, embeddedBy: _embeddedBy, ...controlPlaneContract } = controlPlane;
  return {
    context: input.context,
    server: input.server,
    serverVersion: input.serverVersion,
    generatedAt: new Date(input.now).toISOString(),
    controlPlane: controlPlaneContract,
    nodes,
    addons: buildAddons(input, allPods, nodesByOwner),
    absent: absentComponents(controlPlane, input, allPods, { pods: !podsUnreadable }),
    unreadable: input.unreadable,
  };
}

function buildAddons(input: AnatomyInput, pods: readonly ComponentPod[], nodesByOwner: ReadonlyMap<string, ReadonlySet<string>>): AddonAnatomy[] {
  const addons: AddonAnatomy[] = [];
  const nodesOf = (owner: string) => [...(nodesByOwner.get(owner) ?? [])].sort();
  const componentOfOwner = (owner: string): ComponentId => pods.find((p) => p.owner === owner)?.component ?? componentFromName(owner.split('/')[1]);
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
    const selected = selector.length === 0 ? undefined : input.pods.find(({ pod }) => selector.every(([k, v]) => pod.metadata.labels[k] === v));
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

function componentFromName(name: string | undefined): ComponentId {
  if (!name) return 'other';
  if (name === 'kube-dns' || name === 'coredns') return 'coredns';
  if (name === 'kube-proxy') return 'kube-proxy';
  if (cniNameFrom(name)) return 'cni';
  return 'other';
}
