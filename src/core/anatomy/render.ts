import { escapeMarkdown } from '../util/markdown';
import { formatDuration, type Health, heartbeatStopped, leaseAgeSeconds, podHealth } from './healthPolicy';
import { runtimeLink, type RuntimeInterface } from './runtime';
import type { AbsentComponent, ClusterAnatomy, ComponentPod, NodeAnatomy, PodSource } from './types';
import { escapeActingCharacters } from '../util/visibleText';
import { controlPlaneModeText, defaultAnatomyStrings, defaultStandpointStrings } from './strings';
import { hiddenById, hiddenLines, needsText, standpointLines } from './standpointRender';
import { format } from '../util/catalog';

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

export { evidenceSentence } from './strings';

export function describeEvidence(evidence: ComponentPod['evidence']): string {
  return evidence.map((e) => (e.value !== undefined && e.value !== '' ? `${e.kind} ${e.key}=${e.value}` : `${e.kind} ${e.key}`)).join('; ');
}

/** How kubelet drives the container runtime, in the words the CLI, the Markdown and the JSON consumers read. */
export const runtimeViaText: Readonly<Record<RuntimeInterface, string>> = {
  cri: 'driven by kubelet over CRI',
  dockershim: "driven by kubelet through its built-in dockershim (Docker Engine's own API), not over CRI: Kubernetes up to 1.23",
  'cri-dockerd': 'Docker Engine behind cri-dockerd, which kubelet drives over CRI (dockershim was removed in 1.24)',
  unknown: 'how kubelet drives it cannot be told (kubelet version unknown)',
};

/** What the API shows of the API servers' availability, or undefined when the anatomy predates it. */
export function apiServersText(controlPlane: ClusterAnatomy['controlPlane']): string | undefined {
  const seen = controlPlane.apiServers;
  if (!seen) return undefined;
  const addresses = seen.addresses ?? [];
  switch (seen.availability) {
    case 'highly-available':
      return addresses.length > 1
        ? `highly available: the default/kubernetes Endpoints list ${addresses.length} API server addresses (${addresses.join(', ')})`
        : 'highly available: several kube-apiserver Pods or control-plane nodes';
    case 'single-endpoint':
      return addresses.length === 1
        ? `one API server endpoint: the default/kubernetes Endpoints list one address (${addresses[0]}), which may be a load balancer in front of several API servers`
        : 'one API server: one kube-apiserver Pod';
    case 'unknown':
      return seen.addresses
        ? 'availability unknown: the default/kubernetes Endpoints list no address'
        : 'availability unknown: the default/kubernetes Endpoints were not read';
  }
}

/** An absent, embedded or replaced kube-proxy or network plugin, for the summary's "how it runs". */
function absentHow(absent: AbsentComponent): string {
  switch (absent.reasonCode) {
    case 'embedded':
      return `embedded, not a Pod: ${absent.why}`;
    case 'replaced-by-cni':
      return absent.implementation === 'cilium' ? defaultAnatomyStrings.replacedByCilium : `replaced by the network plugin: ${absent.why}`;
    default:
      return `not seen: ${absent.why}`;
  }
}

/** The heartbeat as of `now` (ms), judged by the one health policy. */
export function heartbeatText(node: NodeAnatomy, now: number): string {
  const age = leaseAgeSeconds(node.lease, now);
  if (age === null) return 'no heartbeat Lease';
  return format(
    heartbeatStopped(node.lease, now) ? defaultAnatomyStrings.heartbeatStopped : defaultAnatomyStrings.heartbeatAgo,
    formatDuration(age),
  );
}

/** The verdict words of the health policy, for plain text; a healthy Pod needs none. */
const healthWords: Readonly<Record<Health, string>> = {
  ok: '',
  warn: 'attention: ',
  error: 'failing: ',
  unknown: 'unknown: ',
  stale: 'stale: ',
  absent: 'absent: ',
  neutral: 'finished: ',
};

function podLine(pod: ComponentPod): string {
  const name = pod.component === 'cni' && pod.cniName ? `cni (${pod.cniName})` : pod.component;
  const facts = `${pod.phase}${pod.ready ? ', ready' : ', not ready'}${pod.restarts ? `, ${pod.restarts} restarts` : ''}${pod.reason ? `, ${pod.reason}` : ''}`;
  return `${name}  ${sourceText[pod.source]} ${pod.pod}  (${healthWords[podHealth(pod)]}${facts})`;
}

/** One line of the text: a line feed or a control character from the cluster shows as an escape. */
export function plain(text: string): string {
  return escapeActingCharacters(text);
}

/** How the control plane runs; when kube-system's Pods are hidden, that it cannot be seen (never a guess). */
function controlPlaneSentence(anatomy: ClusterAnatomy): string {
  const hidden = anatomy.controlPlane.mode === 'unknown' && hiddenById(anatomy, 'pods') !== undefined;
  return hidden ? defaultStandpointStrings.standpointControlPlaneHidden : controlPlaneModeText(anatomy.controlPlane.mode);
}

export function renderText(anatomy: ClusterAnatomy): string {
  const lines: string[] = [];
  lines.push(`${anatomy.context}  ${anatomy.server}  ${anatomy.serverVersion ?? 'version unknown'}`);
  if (anatomy.nothingRead) {
    // Nothing was read, so nothing is classified: an empty control plane or "0 workers" would be invented.
    lines.push(`Cannot read the cluster: ${anatomy.nothingRead.reason}`);
    return lines.map(plain).join('\n') + '\n';
  }
  if (anatomy.hidden?.length) {
    const counts = anatomy.access ? ` (${anatomy.access.allowed} of ${anatomy.access.total} reads allowed)` : '';
    lines.push(`Limited: RBAC hides part of this cluster from you${counts}.`);
  }
  if (anatomy.standpoint) lines.push('', ...standpointLines(anatomy.standpoint));
  /** "hidden from you — needs …" for a read the user may not do. */
  const hiddenNote = (id: string) => {
    const hidden = hiddenById(anatomy, id);
    return hidden ? `  ${format(defaultStandpointStrings.hiddenNeeds, needsText(hidden))}` : undefined;
  };
  if (anatomy.standpoint) lines.push('');
  lines.push(`Control plane: ${controlPlaneSentence(anatomy)}${anatomy.controlPlane.highlyAvailable ? ' (highly available)' : ''}`);
  lines.push(`  evidence: ${describeEvidence(anatomy.controlPlane.evidence)}`);
  const apiServers = apiServersText(anatomy.controlPlane);
  if (apiServers)
    lines.push(`  API servers: ${apiServers}; evidence: ${describeEvidence(anatomy.controlPlane.apiServers?.evidence ?? [])}`);
  const now = Date.parse(anatomy.generatedAt);
  const section = (title: string, nodes: readonly NodeAnatomy[]) => {
    lines.push('', title);
    const hidden = hiddenNote('nodes');
    if (hidden) lines.push(hidden);
    else if (nodes.length === 0) lines.push('  (none)');
    for (const node of nodes) {
      lines.push(
        `  ${node.name}  ${node.ready === 'True' ? 'Ready' : node.ready === 'False' ? 'NotReady' : 'Unknown'}  ${heartbeatText(node, now)}`,
      );
      lines.push(`    kubelet ${node.kubeletVersion ?? '?'} (system daemon, not a Pod)`);
      lines.push(`    container runtime ${node.containerRuntime ?? '?'} (system daemon, ${runtimeViaText[runtimeLink(node).via]})`);
      for (const pod of node.components) lines.push(`    ${podLine(pod)}`);
    }
  };
  section(
    'Control plane',
    anatomy.nodes.filter((n) => n.role === 'control-plane'),
  );
  section(
    'Nodes',
    anatomy.nodes.filter((n) => n.role === 'worker'),
  );
  lines.push('', 'Cluster addons');
  for (const id of ['deployments', 'daemonSets', 'services']) {
    const hidden = hiddenById(anatomy, id);
    if (hidden) lines.push(`  ${hidden.what}: ${format(defaultStandpointStrings.hiddenNeeds, needsText(hidden))}`);
  }
  for (const addon of anatomy.addons) {
    const count = addon.desired !== null ? ` ${addon.readyCount ?? 0}/${addon.desired}` : addon.clusterIP ? ` ${addon.clusterIP}` : '';
    const where = addon.nodes.length > 0 ? ` on ${addon.nodes.join(', ')}` : '';
    lines.push(`  ${addon.kind} ${addon.name}${count}${where}`);
  }
  lines.push('', 'Not in this cluster');
  const podsHidden = hiddenById(anatomy, 'pods');
  // What is absent cannot be told while kube-system's Pods are hidden: hidden is not absent.
  if (podsHidden) lines.push(`  ${format(defaultStandpointStrings.absentCannotBeTold, needsText(podsHidden))}`);
  else if (anatomy.absent.length === 0) lines.push('  (nothing missing)');
  for (const absent of anatomy.absent) {
    const evidence = absent.evidence?.length ? ` (evidence: ${describeEvidence(absent.evidence)})` : '';
    lines.push(`  ${absent.component}: ${absent.reasonCode === 'embedded' ? 'embedded: ' : ''}${absent.why}${evidence}`);
  }
  const failed = anatomy.unreadable.filter((entry) => entry.kind !== 'forbidden' || !anatomy.hidden);
  if (failed.length > 0) {
    lines.push('', 'Could not read');
    for (const entry of failed) lines.push(`  ${entry.resource}: ${entry.reason}`);
  }
  const hidden = hiddenLines(anatomy);
  if (hidden.length > 0) lines.push('', ...hidden);
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
  if (anatomy.nothingRead) {
    return (
      [
        `## Anatomy of ${escapeMarkdown(anatomy.context)}`,
        '',
        `Server ${escapeMarkdown(anatomy.server)}: cannot read the cluster (${escapeMarkdown(anatomy.nothingRead.reason)}). Nothing is classified.`,
      ].join('\n') + '\n'
    );
  }
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
  const sample = (pods: ComponentPod[]) =>
    pods.length > 3
      ? `${pods
          .slice(0, 3)
          .map((p) => p.pod)
          .join(', ')} and ${pods.length - 3} more`
      : pods.map((p) => p.pod).join(', ');
  const whereText = (nodes: Set<string>) =>
    nodes.size === anatomy.nodes.length && nodes.size > 1
      ? `every node (${nodes.size})`
      : nodes.size > 3
        ? `${nodes.size} nodes`
        : [...nodes].join(', ');
  for (const component of ['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager']) {
    const entry = byComponent.get(component);
    if (entry) {
      const source = entry.pods[0].source;
      rows.push({
        component,
        where: `control plane: ${whereText(entry.nodes)}`,
        how: sourceText[source],
        seen: `Pod ${sample(entry.pods)} in kube-system`,
      });
    } else {
      const absent = anatomy.absent.find((a: AbsentComponent) => a.component === component);
      if (absent) rows.push({ component, where: 'control plane', how: `not seen: ${absent.why}`, seen: '—' });
    }
  }
  const kubeletVersions = [...new Set(anatomy.nodes.map((n) => n.kubeletVersion ?? '?'))].join(', ');
  const nodesHidden = hiddenById(anatomy, 'nodes');
  rows.push({
    component: 'kubelet',
    where: nodesHidden ? 'every node' : `every node (${anatomy.nodes.length})`,
    how: 'system daemon (systemd), not a Pod',
    seen: nodesHidden
      ? `Node status.nodeInfo.kubeletVersion: ${format(defaultStandpointStrings.hiddenNeeds, needsText(nodesHidden))}`
      : `Node status.nodeInfo.kubeletVersion: ${kubeletVersions}`,
  });
  // One row per way kubelet drives its runtime: dockershim nodes (up to 1.23) are not over CRI.
  const runtimesByVia = new Map<RuntimeInterface, Set<string>>();
  for (const node of anatomy.nodes) {
    const via = runtimeLink(node).via;
    let runtimes = runtimesByVia.get(via);
    if (!runtimes) runtimesByVia.set(via, (runtimes = new Set()));
    runtimes.add(node.containerRuntime ?? '?');
  }
  for (const [via, runtimes] of runtimesByVia) {
    const count = anatomy.nodes.filter((n) => runtimeLink(n).via === via).length;
    rows.push({
      component: 'container runtime',
      where: count === anatomy.nodes.length ? `every node (${count})` : `${count} node(s)`,
      how: `system daemon, ${runtimeViaText[via]}`,
      seen: `Node status.nodeInfo.containerRuntimeVersion: ${[...runtimes].join(', ')}`,
    });
  }
  // kube-proxy and the network plugin keep their rows when no Pod shows them: absent, embedded or replaced.
  for (const component of ['kube-proxy', 'cni'] as const) {
    if ([...byComponent.keys()].some((key) => key === component || key.startsWith(`${component}:`))) continue;
    const absent = anatomy.absent.find((a) => a.component === component);
    if (!absent) continue;
    rows.push({
      component: component === 'cni' ? `network plugin${absent.implementation ? ` (${absent.implementation})` : ''}` : component,
      where: absent.reasonCode === 'embedded' ? `every node (${anatomy.nodes.length})` : '—',
      how: absentHow(absent),
      seen: absent.evidence?.length ? describeEvidence(absent.evidence) : '—',
    });
  }
  for (const [key, entry] of byComponent) {
    if (['kube-apiserver', 'etcd', 'kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager', 'other'].includes(key))
      continue;
    const pod = entry.pods[0];
    const name =
      pod.component === 'cni'
        ? `network plugin (${pod.cniName ?? 'unknown'})`
        : pod.component === 'coredns'
          ? 'CoreDNS (cluster DNS)'
          : pod.component;
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
      `Control plane: ${escapeMarkdown(controlPlaneSentence(anatomy))}` +
      `${controlPlaneNodes.length > 0 ? ` on ${escapeMarkdown(controlPlaneNodes.map((n) => n.name).join(', '))}` : ''}.` +
      `${apiServersText(anatomy.controlPlane) ? ` API servers: ${escapeMarkdown(apiServersText(anatomy.controlPlane) ?? '')}.` : ''}`,
    '',
    '| Component | Where | How it runs | Where you see it |',
    '| --- | --- | --- | --- |',
  ];
  return (
    [
      ...header,
      ...rows.map(
        (r) => `| ${escapeMarkdown(r.component)} | ${escapeMarkdown(r.where)} | ${escapeMarkdown(r.how)} | ${escapeMarkdown(r.seen)} |`,
      ),
      ...limitedMarkdown(anatomy),
    ].join('\n') + '\n'
  );
}

/** For a limited user: the view from where they stand and what is hidden, as nested lists of plain text. */
function limitedMarkdown(anatomy: ClusterAnatomy): string[] {
  const sections = [...(anatomy.standpoint ? [standpointLines(anatomy.standpoint)] : []), hiddenLines(anatomy)].filter(
    (lines) => lines.length > 0,
  );
  return sections.flatMap(([title, ...lines]) => [
    '',
    `### ${escapeMarkdown(title!)}`,
    '',
    ...lines.map((line) => {
      const depth = Math.floor((line.length - line.trimStart().length) / 2) - 1;
      return `${'  '.repeat(Math.max(0, depth))}- ${escapeMarkdown(plain(line.trim()))}`;
    }),
  ]);
}
