import { escapeMarkdown } from '../util/markdown';
import type { AbsentComponent, ClusterAnatomy, ComponentPod, NodeAnatomy, PodSource } from './types';

/** Plain-text and Markdown renderings of an anatomy, shared by the CLI and the tree's "Copy as Markdown". */

const sourceText: Readonly<Record<PodSource, string>> = {
  static: 'static Pod',
  daemonset: 'DaemonSet Pod',
  deployment: 'Deployment Pod',
  statefulset: 'StatefulSet Pod',
  job: 'Job Pod',
  replicaset: 'ReplicaSet Pod',
  bare: 'bare Pod',
};

const modeText: Readonly<Record<ClusterAnatomy['controlPlane']['mode'], string>> = {
  'static-pods': 'static Pods run by kubelet from /etc/kubernetes/manifests (kubeadm, kind, minikube)',
  hosted: 'managed by the provider: no control-plane nodes or Pods in the API',
  embedded: 'embedded in one server binary (k3s/k0s): no control-plane Pods',
  'self-hosted': 'self-hosted: control-plane components run as DaemonSets or Deployments',
  unknown: 'not recognised: control-plane nodes without control-plane Pods (system services?)',
};

export function describeEvidence(evidence: ComponentPod['evidence']): string {
  return evidence.map((e) => (e.value !== undefined && e.value !== '' ? `${e.kind} ${e.key}=${e.value}` : `${e.kind} ${e.key}`)).join('; ');
}

export function heartbeatText(node: NodeAnatomy): string {
  if (!node.lease) return 'no heartbeat Lease';
  return `heartbeat ${node.lease.ageSeconds}s ago`;
}

function podLine(pod: ComponentPod): string {
  const name = pod.component === 'cni' && pod.cniName ? `cni (${pod.cniName})` : pod.component;
  const health = `${pod.phase}${pod.ready ? ', ready' : ', not ready'}${pod.restarts ? `, ${pod.restarts} restarts` : ''}${pod.reason ? `, ${pod.reason}` : ''}`;
  return `${name}  ${sourceText[pod.source]} ${pod.pod}  (${health})`;
}

/** One line of text must not break the layout: control characters from cluster data are shown escaped. */
export function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function renderText(anatomy: ClusterAnatomy): string {
  const lines: string[] = [];
  lines.push(`${anatomy.context}  ${anatomy.server}  ${anatomy.serverVersion ?? 'version unknown'}`);
  lines.push(`Control plane: ${modeText[anatomy.controlPlane.mode]}${anatomy.controlPlane.highlyAvailable ? ' (highly available)' : ''}`);
  lines.push(`  evidence: ${describeEvidence(anatomy.controlPlane.evidence)}`);
  const section = (title: string, nodes: readonly NodeAnatomy[]) => {
    lines.push('', title);
    if (nodes.length === 0) lines.push('  (none)');
    for (const node of nodes) {
      lines.push(`  ${node.name}  ${node.ready === 'True' ? 'Ready' : node.ready === 'False' ? 'NotReady' : 'Unknown'}  ${heartbeatText(node)}`);
      lines.push(`    kubelet ${node.kubeletVersion ?? '?'} (system daemon, not a Pod)`);
      lines.push(`    container runtime ${node.containerRuntime ?? '?'} (system daemon, driven by kubelet over CRI)`);
      for (const pod of node.components) lines.push(`    ${podLine(pod)}`);
    }
  };
  section('Control plane', anatomy.nodes.filter((n) => n.role === 'control-plane'));
  section('Nodes', anatomy.nodes.filter((n) => n.role === 'worker'));
  lines.push('', 'Cluster addons');
  for (const addon of anatomy.addons) {
    const count = addon.desired !== null ? ` ${addon.readyCount ?? 0}/${addon.desired}` : addon.clusterIP ? ` ${addon.clusterIP}` : '';
    const where = addon.nodes.length > 0 ? ` on ${addon.nodes.join(', ')}` : '';
    lines.push(`  ${addon.kind} ${addon.name}${count}${where}`);
  }
  lines.push('', 'Not in this cluster');
  if (anatomy.absent.length === 0) lines.push('  (nothing missing)');
  for (const absent of anatomy.absent) lines.push(`  ${absent.component}: ${absent.why}`);
  if (anatomy.unreadable.length > 0) {
    lines.push('', 'Could not read');
    for (const entry of anatomy.unreadable) lines.push(`  ${entry.resource}: ${entry.reason}`);
  }
  return lines.map(plain).join('\n') + '\n';
}

interface SummaryRow {
  component: string;
  where: string;
  how: string;
  seen: string;
}

/** The article's summary table (component, how it runs, where you see it) for this live cluster. */
export function renderMarkdown(anatomy: ClusterAnatomy): string {
  const rows: SummaryRow[] = [];
  const controlPlaneNodes = anatomy.nodes.filter((n) => n.role === 'control-plane');
  const byComponent = new Map<string, { pods: ComponentPod[]; nodes: Set<string> }>();
  for (const node of anatomy.nodes) {
    for (const pod of node.components) {
      const key = pod.component === 'cni' ? `cni:${pod.cniName ?? ''}` : pod.component;
      let entry = byComponent.get(key);
      if (!entry) byComponent.set(key, (entry = { pods: [], nodes: new Set() }));
      entry.pods.push(pod);
      entry.nodes.add(node.name);
    }
  }
  const sample = (pods: ComponentPod[]) => (pods.length > 3 ? `${pods.slice(0, 3).map((p) => p.pod).join(', ')} and ${pods.length - 3} more` : pods.map((p) => p.pod).join(', '));
  const whereText = (nodes: Set<string>) =>
    nodes.size === anatomy.nodes.length && nodes.size > 1 ? `every node (${nodes.size})` : nodes.size > 3 ? `${nodes.size} nodes` : [...nodes].join(', ');
  for (const component of ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager']) {
    const entry = byComponent.get(component);
    if (entry) {
      const source = entry.pods[0].source;
      rows.push({ component, where: `control plane: ${whereText(entry.nodes)}`, how: sourceText[source], seen: `Pod ${sample(entry.pods)} in kube-system` });
    } else {
      const absent = anatomy.absent.find((a: AbsentComponent) => a.component === component);
      if (absent) rows.push({ component, where: 'control plane', how: `not seen: ${absent.why}`, seen: '—' });
    }
  }
  const kubeletVersions = [...new Set(anatomy.nodes.map((n) => n.kubeletVersion ?? '?'))].join(', ');
  const runtimes = [...new Set(anatomy.nodes.map((n) => n.containerRuntime ?? '?'))].join(', ');
  rows.push({ component: 'kubelet', where: `every node (${anatomy.nodes.length})`, how: 'system daemon (systemd), not a Pod', seen: `Node status.nodeInfo.kubeletVersion: ${kubeletVersions}` });
  rows.push({ component: 'container runtime', where: `every node (${anatomy.nodes.length})`, how: 'system daemon, driven by kubelet over CRI', seen: `Node status.nodeInfo.containerRuntimeVersion: ${runtimes}` });
  for (const [key, entry] of byComponent) {
    if (['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager', 'other'].includes(key)) continue;
    const pod = entry.pods[0];
    const name = pod.component === 'cni' ? `network plugin (${pod.cniName ?? 'unknown'})` : pod.component === 'coredns' ? 'CoreDNS (cluster DNS)' : pod.component;
    const service = pod.component === 'coredns' ? anatomy.addons.find((a) => a.kind === 'Service' && a.component === 'coredns') : undefined;
    rows.push({
      component: name,
      where: whereText(entry.nodes),
      how: pod.owner ? pod.owner.replace('/', ' ') : sourceText[pod.source],
      seen: `${entry.pods.length} Pod(s): ${sample(entry.pods)}${service ? `; Service ${service.name}` : ''}`,
    });
  }
  const header = [
    `## Anatomy of ${escapeMarkdown(anatomy.context)}`,
    '',
    `Server ${escapeMarkdown(anatomy.server)}, Kubernetes ${escapeMarkdown(anatomy.serverVersion ?? 'unknown')}. ` +
      `Control plane: ${escapeMarkdown(modeText[anatomy.controlPlane.mode])}` +
      `${controlPlaneNodes.length > 0 ? ` on ${escapeMarkdown(controlPlaneNodes.map((n) => n.name).join(', '))}` : ''}.`,
    '',
    '| Component | Where | How it runs | Where you see it |',
    '| --- | --- | --- | --- |',
  ];
  return [...header, ...rows.map((r) => `| ${escapeMarkdown(r.component)} | ${escapeMarkdown(r.where)} | ${escapeMarkdown(r.how)} | ${escapeMarkdown(r.seen)} |`)].join('\n') + '\n';
}
