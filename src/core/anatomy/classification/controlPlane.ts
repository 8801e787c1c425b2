/** How the control plane runs (static Pods, self-hosted, hosted, embedded) and which components this cluster does without, with the evidence. */
import type { SlimLease, SlimNode, SlimPod, SlimService, SlimWorkload } from '../../kube/slim';
import type { AbsentComponent, ComponentPod, ControlPlaneAnatomy, Evidence, ApiServerEndpoints } from '../types';
import { MIRROR_ANNOTATION, type PodClassification, cniNameFrom } from './pods';

export const CONTROL_PLANE_ROLE_LABEL = 'node-role.kubernetes.io/control-plane';
export const LEGACY_MASTER_ROLE_LABEL = 'node-role.kubernetes.io/master';

/** What marks a node of an embedded distribution: k3s and k0s embed the control plane in one binary. */
export interface EmbeddedDistribution {
  readonly by: 'k3s' | 'k0s';
  readonly evidence: readonly Evidence[];
}

export const K3S_NODE_ARGS_ANNOTATION = 'k3s.io/node-args';
export const INSTANCE_TYPE_LABEL = 'node.kubernetes.io/instance-type';

/** The k3s marks one node carries: kubelet `+k3s`, containerd `-k3s`, and the instance type its cloud provider sets. */
export function k3sMarks(node: SlimNode): Evidence[] {
  const marks: Evidence[] = [];
  const kubelet = node.nodeInfo.kubeletVersion ?? '';
  const runtime = node.nodeInfo.containerRuntimeVersion ?? '';
  if (/\+k3s/.test(kubelet)) marks.push({ kind: 'field', key: 'status.nodeInfo.kubeletVersion', value: kubelet });
  if (/^containerd:\/\/.*-k3s/.test(runtime)) marks.push({ kind: 'field', key: 'status.nodeInfo.containerRuntimeVersion', value: runtime });
  if (node.metadata.labels[INSTANCE_TYPE_LABEL] === 'k3s') marks.push({ kind: 'label', key: INSTANCE_TYPE_LABEL, value: 'k3s' });
  return marks;
}

/** Distribution markers: k3s and k0s embed the control plane in one binary, hosted providers hide it. */
export function distributionOf(nodes: readonly SlimNode[], server: string): { embedded?: EmbeddedDistribution; hosted?: Evidence } {
  const result: { embedded?: EmbeddedDistribution; hosted?: Evidence } = {};
  for (const node of nodes) {
    const kubelet = node.nodeInfo.kubeletVersion ?? '';
    const labels = node.metadata.labels;
    if (!result.embedded) {
      const marks = k3sMarks(node);
      if (marks.length > 0) result.embedded = { by: 'k3s', evidence: marks };
      else if (/\+k0s/.test(kubelet))
        result.embedded = { by: 'k0s', evidence: [{ kind: 'field', key: 'status.nodeInfo.kubeletVersion', value: kubelet }] };
    }
    if (!result.hosted) {
      if (/-eks-/.test(kubelet) || 'eks.amazonaws.com/nodegroup' in labels)
        result.hosted = { kind: 'provider', key: 'EKS', value: kubelet };
      else if (/-gke\./.test(kubelet) || 'cloud.google.com/gke-nodepool' in labels)
        result.hosted = { kind: 'provider', key: 'GKE', value: kubelet };
      else if ('kubernetes.azure.com/cluster' in labels || 'kubernetes.azure.com/agentpool' in labels)
        result.hosted = { kind: 'provider', key: 'AKS', value: labels['kubernetes.azure.com/cluster'] ?? '' };
    }
  }
  if (!result.hosted) {
    if (/\.eks\.amazonaws\.com/i.test(server)) result.hosted = { kind: 'server', key: 'EKS', value: server };
    else if (/\.azmk8s\.io/i.test(server)) result.hosted = { kind: 'server', key: 'AKS', value: server };
  }
  return result;
}

/** How many API servers the API shows: several kube-apiserver Pods or Endpoints addresses, several control-plane nodes. */
export function apiServerEndpoints(
  apiServerPods: number,
  controlPlaneNodes: number,
  addresses: readonly string[] | undefined,
): ApiServerEndpoints {
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
  readable: { readonly nodes: boolean; readonly pods?: boolean; readonly apiServerAddresses?: readonly string[] } = { nodes: true },
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
  } else if (readable.pods === false) {
    // kube-system's Pods are hidden: whether the control plane runs there cannot be seen, only not guessed.
    mode = 'unknown';
    evidence.push({ kind: 'not-read', key: 'pods in kube-system' });
    if (!readable.nodes) evidence.push({ kind: 'not-read', key: 'nodes' });
  } else if (!readable.nodes) {
    // No Nodes read: "no control-plane node" would be a guess, not something seen.
    mode = 'unknown';
    evidence.push({ kind: 'not-read', key: 'nodes' }, { kind: 'absence', key: 'kube-apiserver Pod' });
  } else {
    // Control-plane nodes but no control-plane Pods: components run as system services (or are hidden).
    mode = 'unknown';
    evidence.push({
      kind: 'absence',
      key: 'kube-apiserver Pod',
      value: `${controlPlaneNodes} control-plane node(s) without control-plane Pods`,
    });
  }
  const apiServersSeen = apiServerEndpoints(apiServers.length, controlPlaneNodes, readable.apiServerAddresses);
  const highlyAvailable = apiServersSeen.availability === 'highly-available';
  if (highlyAvailable)
    evidence.push({
      kind: 'count',
      key: 'kube-apiserver',
      value: String(Math.max(apiServers.length, controlPlaneNodes, apiServersSeen.addresses?.length ?? 0)),
    });
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
export function k3sNodeArgs(nodes: readonly SlimNode[]): { args: string[]; evidence: Evidence | undefined } {
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
export function flagValue(args: readonly string[], flag: string): string | undefined {
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
export function k3sEmbeddedComponents(
  nodes: readonly SlimNode[],
  marks: readonly Evidence[],
  present: ReadonlySet<string>,
): AbsentComponent[] {
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
        ? {
            component: 'kube-proxy',
            reasonCode: 'disabled',
            why: 'k3s was started with --disable-kube-proxy: no kube-proxy runs, embedded or as Pods.',
            evidence: byFlag('--disable-kube-proxy'),
          }
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
        ? {
            component: 'cni',
            reasonCode: 'disabled',
            why: 'k3s was started with --flannel-backend=none and no network plugin Pods run in kube-system.',
            evidence: byFlag('--flannel-backend=none'),
          }
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
        evidence: [
          { kind: 'label', key: INSTANCE_TYPE_LABEL, value: `k3s on Node ${labelled.metadata.name}` },
          noPod('cloud-controller-manager Pod'),
        ],
      });
    } else if (disabled('--disable-cloud-controller', (v) => v !== 'false')) {
      absent.push({
        component: 'cloud-controller-manager',
        reasonCode: 'disabled',
        why: 'k3s was started with --disable-cloud-controller and no cloud-controller-manager Pod runs.',
        evidence: byFlag('--disable-cloud-controller'),
      });
    }
  }
  return absent;
}

/** kube-proxy missing where Cilium runs: Cilium's kube-proxy replacement, as far as what is watched can tell. */
export function kubeProxyReplacement(input: AnatomyInput, pods: readonly ComponentPod[]): AbsentComponent | undefined {
  const ciliumPod = pods.find((p) => p.component === 'cni' && p.cniName === 'cilium');
  const ciliumDaemonSet = input.daemonSets.find((d) => cniNameFrom(d.metadata.name) === 'cilium');
  if (!ciliumPod && !ciliumDaemonSet) return undefined;
  const daemonSetsRead = !input.unreadable.some((u) => u.resource === 'daemonsets');
  if (daemonSetsRead && input.daemonSets.some((d) => d.metadata.name === 'kube-proxy')) return undefined;
  const evidence: Evidence[] = [
    ciliumDaemonSet
      ? { kind: 'workload', key: `DaemonSet/${ciliumDaemonSet.metadata.name}` }
      : { kind: 'pod', key: ciliumPod?.pod ?? 'cilium' },
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

export function absentComponents(
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
      absent.push({
        component,
        reasonCode: 'embedded',
        why: 'Runs inside the server binary (k3s/k0s embed the control plane in one process), not as a Pod.',
        ...(embeddedBy ? { implementation: embeddedBy.by, evidence: embeddedBy.evidence } : {}),
      });
    } else if (component === 'etcd' && controlPlane.externalEtcd)
      absent.push({
        component,
        reasonCode: 'external-etcd',
        why: 'No etcd Pod: kube-apiserver uses an external etcd cluster outside Kubernetes.',
      });
    else
      absent.push({
        component,
        reasonCode: 'not-found',
        why: 'No Pod of this component in kube-system: it may run as a system service on the control-plane machines.',
      });
  }
  // k3s runs kube-proxy, flannel and its cloud controller in-process: no Pods, yet they run.
  const embedded = embeddedBy?.by === 'k3s' ? k3sEmbeddedComponents(input.nodes, embeddedBy.evidence, present) : [];
  const decided = new Map(embedded.map((entry) => [entry.component, entry]));
  if (!present.has('cloud-controller-manager')) {
    absent.push(
      decided.get('cloud-controller-manager') ??
        (controlPlane.mode === 'hosted'
          ? { component: 'cloud-controller-manager', reasonCode: 'hosted-control-plane', why: hostedWhy }
          : {
              component: 'cloud-controller-manager',
              reasonCode: 'no-cloud-provider',
              why: 'No cloud provider integration: cloud-controller-manager runs only in clusters on a cloud (not in kind, on laptops or on-premises).',
            }),
    );
  }
  if (!present.has('kube-proxy')) {
    absent.push(
      // k3s --disable-kube-proxy beside Cilium is Cilium's replacement, not a cluster without Services.
      (decided.get('kube-proxy')?.reasonCode === 'embedded' ? decided.get('kube-proxy') : undefined) ??
        kubeProxyReplacement(input, pods) ??
        decided.get('kube-proxy') ?? {
          component: 'kube-proxy',
          reasonCode: 'not-found',
          why: 'No kube-proxy Pods: Services are implemented by the network plugin or a system service.',
        },
    );
  }
  if (!present.has('coredns'))
    absent.push({
      component: 'coredns',
      reasonCode: 'no-cluster-dns',
      why: 'No cluster DNS Pods in kube-system; every cluster should have one.',
    });
  if (!present.has('cni'))
    absent.push(
      decided.get('cni') ?? {
        component: 'cni',
        reasonCode: 'not-found',
        why: 'No network plugin Pods in kube-system: it may run elsewhere or as a system service.',
      },
    );
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
  readonly unreadable: readonly { resource: string; reason: string; kind?: string }[];
  readonly now: number;
  /**
   * The addresses of the `default/kubernetes` Endpoints (one per kube-apiserver behind the Service), or
   * undefined when they were not read. Hosted providers show their API servers only here.
   */
  readonly apiServerAddresses?: readonly string[];
  /** kube-system's Leases (the leader-election locks), or undefined when they were not read. */
  readonly controlPlaneLeases?: readonly SlimLease[];
}
